"""Variant files: TOML whose keys are the fields of the proto ``Variant``, with ``extends``.

``extends = "other-id"`` takes every value of another variant first (tables merge key by key,
arrays and values are replaced). Loading fails with :class:`VariantFileError` naming the
file, the key and the reason.
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from oracle import pb
from oracle.errors import Violation

EXTRA_DIR_ENV = "SHENGJI_ORACLE_VARIANTS"
"""Environment variable naming a folder of extra variant files."""

Validator = Callable[[pb.Variant], list[Violation]]
"""What is wrong with a variant, field by field."""


class VariantFileError(ValueError):
    """A variant file that cannot be loaded: the file, the key and the reason."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        self.file, self.key, self.reason = file, key, reason
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class _RawVariant:
    file: str
    data: dict[str, Any]


def bundled_variant_dir() -> Path:
    """The folder of the shipped variant files."""
    source_tree = Path(__file__).resolve().parents[2] / "variants"
    if source_tree.is_dir():
        return source_tree
    return Path(str(resources.files("oracle") / "variant_files"))


def variant_dirs() -> list[Path]:
    """The shipped folder, then the folder named by ``SHENGJI_ORACLE_VARIANTS``."""
    dirs = [bundled_variant_dir()]
    extra = os.environ.get(EXTRA_DIR_ENV)
    if extra:
        dirs.append(Path(extra))
    return dirs


def _read(path: Path) -> _RawVariant:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantFileError(path.name, "", f"not valid TOML: {exc}") from exc
    return _RawVariant(path.name, data)


def _merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; arrays and values are replaced.

    >>> _merge({"a": {"x": 1, "y": 2}, "b": [1]}, {"a": {"y": 3}, "b": [2]})
    {'a': {'x': 1, 'y': 3}, 'b': [2]}
    """
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _check_keys(data: Mapping[str, Any], message: Any, path: str, file: str) -> None:
    """Report the first unknown key with its dotted path."""
    for key, value in data.items():
        where = f"{path}.{key}" if path else key
        field = message.fields_by_name.get(key)
        if field is None:
            known = ", ".join(sorted(message.fields_by_name))
            raise VariantFileError(file, where, f"unknown key (known keys here: {known})")
        if field.message_type is None:
            continue
        if field.is_repeated:
            if not isinstance(value, list):
                raise VariantFileError(file, where, "must be an array of tables")
            for i, item in enumerate(value):
                if not isinstance(item, Mapping):
                    raise VariantFileError(file, f"{where}[{i}]", "must be a table")
                _check_keys(item, field.message_type, f"{where}[{i}]", file)
        elif isinstance(value, Mapping):
            _check_keys(value, field.message_type, where, file)
        else:
            raise VariantFileError(file, where, "must be a table")


def _to_variant(data: Mapping[str, Any], file: str) -> pb.Variant:
    _check_keys(data, pb.Variant.DESCRIPTOR, "", file)
    variant = pb.Variant()
    try:
        json_format.ParseDict(dict(data), variant, ignore_unknown_fields=False)
    except json_format.ParseError as exc:
        raise VariantFileError(file, _key_of_parse_error(str(exc)), f"bad value: {exc}") from exc
    return variant


def _key_of_parse_error(message: str) -> str:
    marker = ' at "Variant.'
    if marker in message:
        return message.split(marker, 1)[1].split('"', 1)[0]
    return ""


def resolve(raws: Mapping[str, _RawVariant], validate: Validator) -> dict[str, pb.Variant]:
    """Resolve ``extends`` chains and validate every variant with ``validate``."""
    resolved: dict[str, dict[str, Any]] = {}

    def flat(variant_id: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if variant_id in resolved:
            return resolved[variant_id]
        raw = raws[variant_id]
        parent = raw.data.get("extends", "")
        if not parent:
            data = dict(raw.data)
        else:
            if not isinstance(parent, str) or parent not in raws:
                raise VariantFileError(raw.file, "extends", f"no variant has the id {parent!r}")
            if parent in chain:
                raise VariantFileError(raw.file, "extends", "variants extend each other in a loop")
            parent_data = {k: v for k, v in flat(parent, (*chain, variant_id)).items()
                           if k not in ("sources", "extends", "name", "description")}
            data = _merge(parent_data, raw.data)
            data["sources"] = list(flat(parent, (*chain, variant_id)).get("sources", [])) + list(
                raw.data.get("sources", [])
            )
        resolved[variant_id] = data
        return data

    catalogue: dict[str, pb.Variant] = {}
    for variant_id, raw in raws.items():
        variant = _to_variant(flat(variant_id, ()), raw.file)
        for problem in validate(variant):
            raise VariantFileError(raw.file, problem.field, problem.description)
        catalogue[variant_id] = variant
    return catalogue


def load_directory(directories: Iterable[Path], validate: Validator) -> dict[str, pb.Variant]:
    """Load and resolve every ``*.toml`` file in the folders, each checked by ``validate``."""
    raws: dict[str, _RawVariant] = {}
    for directory in directories:
        for path in sorted(directory.glob("*.toml")):
            raw = _read(path)
            variant_id = raw.data.get("id")
            if not isinstance(variant_id, str) or not variant_id:
                raise VariantFileError(raw.file, "id", "every variant file needs a string id")
            if path.stem != variant_id:
                raise VariantFileError(raw.file, "id", f"must match the file name ({path.stem!r})")
            if variant_id in raws:
                raise VariantFileError(raw.file, "id", f"{variant_id!r} is defined twice")
            raws[variant_id] = raw
    return resolve(raws, validate)
