"""The rules of the seed documents (docs/seeds/): the strategies an unset or seed-valued enum
chooses, and the questions every variant answers alike. docs/rules.md says how each decides."""
