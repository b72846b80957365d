"""The dispatch: the registries that turn a variant's enums into rules
(:mod:`oracle.dispatch.strategies`), the compiler of a ruleset (:mod:`oracle.dispatch.compile`),
the level tables, and each question's entry point (:mod:`oracle.dispatch.questions`). It imports
every rule; no rule imports it. docs/architecture.md maps it."""
