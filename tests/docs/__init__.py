"""The documentation: the pages read from the code, and the README's examples run as written."""
