"""Shengji rules oracle: a stateless adjudicator for 升级 / 拖拉机.

The package is flat; each module holds one concept:

- :mod:`oracle.cards`: cards and their notation
- :mod:`oracle.variants`: variant files and the catalogue
- :mod:`oracle.engine.ruleset`: trump, card order and tractor adjacency in one deal
- :mod:`oracle.engine.units`: singles, tuples and tractors of a set of cards
- :mod:`oracle.seed_rules.follow`, :mod:`oracle.seed_rules.trick`, :mod:`oracle.seed_rules.throw`: the play
- :mod:`oracle.seed_rules.bottom`, :mod:`oracle.seed_rules.levels`, :mod:`oracle.seed_rules.declarations`
- :mod:`oracle.rules`: the catalogue of rule ids and their sources
- :mod:`oracle.service.servicer`, :mod:`oracle.service.server`: the gRPC service
"""

__version__ = "1.0.0"
