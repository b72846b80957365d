"""The engine's values: a ruleset for one deal, the card order, units, pools, answers, budgets
and the legal-play counting every rule shares. They import no rule (docs/architecture.md)."""
