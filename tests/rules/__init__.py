"""The seeds' rules (docs/rules.md): each seed example, the rule catalogue, the properties."""
