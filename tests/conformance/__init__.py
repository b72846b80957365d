"""The conformance suite: its files, its runner, its release, and the mutants it must catch."""
