"""Importers: other engines' game logs turned into deal records (docs/records.md)."""
