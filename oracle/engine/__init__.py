"""The engine: a variant compiled into a ruleset for one deal (:mod:`oracle.engine.compile`), the
registries of its strategies, the values every rule shares, and each question's entry point
(:mod:`oracle.engine.questions`). docs/architecture.md maps it."""
