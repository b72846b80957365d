"""The generated protobuf modules, under short names.

>>> from oracle import pb
>>> pb.Variant().deal.decks
0
"""

from oracle._gen.shengji.oracle.v1 import (
    cards_pb2,
    legal_plays_pb2,
    oracle_service_pb2,
    records_pb2,
    variant_pb2,
)
from oracle._gen.shengji.oracle.v1.cards_pb2 import *
from oracle._gen.shengji.oracle.v1.legal_plays_pb2 import *
from oracle._gen.shengji.oracle.v1.oracle_service_pb2 import *
from oracle._gen.shengji.oracle.v1.records_pb2 import *
from oracle._gen.shengji.oracle.v1.variant_pb2 import *

__all__ = ["cards_pb2", "legal_plays_pb2", "oracle_service_pb2", "records_pb2", "variant_pb2"]
