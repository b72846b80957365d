"""Shengji rules oracle: a stateless adjudicator for 升级 / 拖拉机.

The package is flat; each module holds one concept:

- :mod:`oracle.cards`: cards and their notation
- :mod:`oracle.variants`: variant files and the catalogue
- :mod:`oracle.context`: trump, card order and tractor adjacency in one deal
- :mod:`oracle.units`: singles, tuples and tractors of a set of cards
- :mod:`oracle.follow`, :mod:`oracle.trick`, :mod:`oracle.throw`: the play
- :mod:`oracle.bottom`, :mod:`oracle.levels`, :mod:`oracle.declarations`
- :mod:`oracle.rules`: the catalogue of rule ids and their sources
- :mod:`oracle.service`, :mod:`oracle.server`: the gRPC service
"""

__version__ = "1.0.0"
