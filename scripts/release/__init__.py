"""The conformance suite's release archive, and the drift check of the locked test environment."""
