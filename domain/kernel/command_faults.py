"""What is wrong with a command's JSON form, said from the command types' own
structure (``msgspec.inspect``): the type it names, its fields and what each
holds. msgspec refuses such a command with a sentence of its own, in English and
in its own terms (`$.target`, `int | null`); a person reads this instead, in their
language, when the decoder has refused a command (the refusal's cold path only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec import inspect as mi

from domain.kernel.phrases import Phrase, either, phrase


def command_fault(command_type: Any, data: object) -> Phrase | None:
    """What is wrong with ``data`` as a command of ``command_type`` (a tagged
    struct or a union of them); None where this reading finds nothing (msgspec's
    own account is then all there is)."""
    if isinstance(data, bytes | str):
        try:
            data = msgspec.json.decode(data)
        except msgspec.DecodeError:
            return phrase("the command is not JSON")
    kinds = _struct_types(mi.type_info(command_type))
    names = [k.tag for k in kinds if isinstance(k.tag, str)]
    if not isinstance(data, Mapping):
        return phrase(
            'a command is a JSON object that names its type, as {{"type": "{example}"}}',
            example=names[0] if names else "…",
        )
    tag_field = kinds[0].tag_field if kinds else "type"
    named = data.get(tag_field)
    if named is None:
        return phrase("the command names no type: it is one of {types}", types=_codes(names))
    chosen = next((k for k in kinds if k.tag == named), None)
    if chosen is None:
        return phrase(
            "{type} is no command of this game: it is one of {types}",
            type=_shown(named),
            types=_codes(names),
        )
    return _field_fault(chosen, data)


def _field_fault(kind: mi.StructType, data: Mapping[str, Any]) -> Phrase | None:
    fields = {f.encode_name: f for f in kind.fields}
    tag = str(kind.tag)
    for key in data:
        if key != kind.tag_field and key not in fields:
            if not fields:
                return phrase("{type} takes no field; {field} was given", type=tag, field=key)
            return phrase(
                "{type} has no field {field}: its fields are {fields}",
                type=tag,
                field=key,
                fields=_codes(list(fields)),
            )
    for name, field in fields.items():
        if field.required and name not in data:
            return phrase("{type} needs its field {field}", type=tag, field=name)
    for name, field in fields.items():
        if name in data and not _holds(field.type, data[name]):
            said = _kind(field.type)
            if said is None:
                return None
            return phrase(
                "{type}: {field} must be {kind}, not {value}",
                type=tag,
                field=name,
                kind=said,
                value=_shown(data[name]),
            )
    return None


def _struct_types(info: mi.Type) -> list[mi.StructType]:
    if isinstance(info, mi.StructType):
        return [info]
    if isinstance(info, mi.UnionType):
        return [t for t in info.types if isinstance(t, mi.StructType)]
    return []


def _holds(kind: mi.Type, value: object) -> bool:
    """Whether ``value`` is of ``kind`` (a kind this reading does not know holds
    anything: it blames only what it can say)."""
    if isinstance(kind, mi.IntType):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(kind, mi.FloatType):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(kind, mi.StrType):
        return isinstance(value, str)
    if isinstance(kind, mi.BoolType):
        return isinstance(value, bool)
    if isinstance(kind, mi.NoneType):
        return value is None
    if isinstance(kind, mi.LiteralType):
        return any(value == v and type(value) is type(v) for v in kind.values)
    if isinstance(kind, mi.UnionType):
        return any(_holds(t, value) for t in kind.types)
    if isinstance(kind, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        return isinstance(value, list) and all(_holds(kind.item_type, v) for v in value)
    if isinstance(kind, mi.TupleType):
        return (
            isinstance(value, list)
            and len(value) == len(kind.item_types)
            and all(_holds(t, v) for t, v in zip(kind.item_types, value, strict=True))
        )
    return True


def _kind(kind: mi.Type) -> Phrase | None:
    """What a field holds, as a person says it; None for a kind not said here."""
    if isinstance(kind, mi.IntType):
        return phrase("a whole number")
    if isinstance(kind, mi.FloatType):
        return phrase("a number")
    if isinstance(kind, mi.StrType):
        return phrase("a text")
    if isinstance(kind, mi.BoolType):
        return phrase("true or false")
    if isinstance(kind, mi.NoneType):
        return phrase("null")
    if isinstance(kind, mi.LiteralType):
        return phrase("one of {values}", values=_codes([_shown(v) for v in kind.values]))
    if isinstance(kind, mi.UnionType):
        said = [_kind(t) for t in kind.types]
        if any(s is None for s in said):
            return None
        return phrase("{kinds}", kinds=either(s for s in said if s is not None))
    if isinstance(kind, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        item = _kind(kind.item_type)
        return phrase("a list ({item} each)", item=item) if item is not None else None
    return None


def _codes(items: Sequence[str]) -> str:
    # Codes a person types, as typed: never translated, never renamed.
    return ", ".join(items)


def _shown(value: object) -> str:
    """A value as the command's JSON wrote it."""
    return msgspec.json.encode(value).decode()
