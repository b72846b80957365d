"""Research scripts, one folder per upstream engine."""
