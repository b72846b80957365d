"""Server reflection, as ``grpc.reflection.v1`` and ``grpc.reflection.v1alpha``, serving the
contract's proto files with their comments, so ``grpcurl describe`` shows what each field means.

The generated Python code keeps no comments; ``scripts/generate/generate_proto.py`` also writes the
files as a descriptor set with their source info (``oracle/_gen/descriptors.binpb``), and the
answers carry those files instead. The two versions of the protocol have the same messages.

>>> from google.protobuf import descriptor_pb2
>>> proto = descriptor_pb2.FileDescriptorProto.FromString(
...     COMMENTED["shengji/oracle/v1/oracle_service.proto"])
>>> any("Is this follow legal?" in place.leading_comments
...     for place in proto.source_code_info.location)
True
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from importlib.resources import files
from typing import Any

import grpc
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection, reflection_pb2
from grpc_reflection.v1alpha._async import ReflectionServicer

V1_SERVICE_NAME = "grpc.reflection.v1.ServerReflection"
V1ALPHA_SERVICE_NAME: str = reflection.SERVICE_NAME

COMMENTED: dict[str, bytes] = {
    file.name: file.SerializeToString()
    for file in descriptor_pb2.FileDescriptorSet.FromString(
        (files("oracle._gen") / "descriptors.binpb").read_bytes()
    ).file
}
"""The contract's files by name, serialized with their comments."""


class _CommentedReflection(ReflectionServicer):  # type: ignore[misc]
    """grpcio-reflection's servicer, its file answers swapped for the commented files."""

    async def ServerReflectionInfo(
        self, request_iterator: Any, context: Any
    ) -> AsyncIterator[Any]:
        async for response in super().ServerReflectionInfo(request_iterator, context):
            if response.HasField("file_descriptor_response"):
                protos = response.file_descriptor_response.file_descriptor_proto
                for i, raw in enumerate(protos):
                    name = descriptor_pb2.FileDescriptorProto.FromString(raw).name
                    protos[i] = COMMENTED.get(name, raw)
            yield response


def enable_reflection(server: Any, service_names: Iterable[str]) -> None:
    """Serve reflection, both versions, on a ``grpc.aio.Server`` for ``service_names`` (and
    reflection itself)."""
    servicer = _CommentedReflection(
        (*service_names, V1_SERVICE_NAME, V1ALPHA_SERVICE_NAME)
    )
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    for name in (V1_SERVICE_NAME, V1ALPHA_SERVICE_NAME):
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(name, {"ServerReflectionInfo": handler}),)
        )
