"""The package as a whole: its layers, the contract's hygiene, the lock, the installed wheel."""
