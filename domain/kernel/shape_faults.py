"""What is wrong with a value msgspec refused, said from the type's own structure
(``msgspec.inspect``): a command's JSON form (the type it names, its fields and
what each holds), a setup or data file's table (its keys, nested tables and
lists, what each holds). msgspec refuses such a value with a sentence of its own,
in English and in its own terms (`$.target`, `int | null`); a person reads this
instead, in their language. Read only once msgspec has refused (the refusal's
cold path).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec import inspect as mi

from domain.kernel.phrases import Phrase, either, phrase, plural


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
        # A field's value is read as any value is (its place, what goes there).
        found = _fault(field.type, data[name], name) if name in data else None
        if found is not None:
            return phrase("{type}: {fault}", type=tag, fault=found)
    return None


def value_fault(kind: Any, value: object) -> Phrase | None:
    """What is wrong with ``value`` (a setup's or a data file's table) as a
    ``kind`` (a Struct class), its place said as a path of keys and list
    indexes (``seats[0].hand``); None where this reading finds nothing."""
    return _fault(mi.type_info(kind), value, "")


def _fault(kind: mi.Type, value: object, where: str) -> Phrase | None:
    if isinstance(kind, mi.StructType):
        return _table_fault(kind, value, where)
    if isinstance(kind, mi.DictType):
        if not isinstance(value, Mapping):
            return _wrong(where, kind, value)
        for key, held in value.items():
            found = _fault(kind.value_type, held, _joined(where, str(key)))
            if found is not None:
                return found
        return None
    if isinstance(kind, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        if not isinstance(value, list):
            return _wrong(where, kind, value)
        for i, held in enumerate(value):
            found = _fault(kind.item_type, held, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if isinstance(kind, mi.TupleType):
        if not isinstance(value, list) or len(value) != len(kind.item_types):
            return _wrong(where, kind, value)
        for i, (item, held) in enumerate(zip(kind.item_types, value, strict=True)):
            found = _fault(item, held, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if isinstance(kind, mi.UnionType):
        # The member whose shape the value has says what is wrong inside it.
        for member in kind.types:
            if _shaped(member, value):
                return _fault(member, value, where)
        return _wrong(where, kind, value)
    if not _holds(kind, value):
        return _wrong(where, kind, value)
    if isinstance(kind, mi.IntType) and isinstance(value, int):
        return _bound_fault(kind, value, where)
    return None


def _table_fault(kind: mi.StructType, value: object, where: str) -> Phrase | None:
    if not isinstance(value, Mapping):
        return _wrong(where, kind, value)
    fields = {f.encode_name: f for f in kind.fields}
    if kind.forbid_unknown_fields:
        for key in value:
            if key != kind.tag_field and key not in fields:
                keys = _codes(list(fields))
                if not where:
                    return phrase("no key {key}: the keys are {keys}", key=key, keys=keys)
                return phrase(
                    "{where} has no key {key}: its keys are {keys}", where=where, key=key, keys=keys
                )
    for name, field in fields.items():
        if field.required and name not in value:
            if not where:
                return phrase("the key {key} is needed", key=name)
            return phrase("{where} needs its key {key}", where=where, key=name)
    for name, field in fields.items():
        if name in value:
            found = _fault(field.type, value[name], _joined(where, name))
            if found is not None:
                return found
    return None


def _bound_fault(kind: mi.IntType, value: int, where: str) -> Phrase | None:
    low = kind.ge if kind.ge is not None else (kind.gt + 1 if kind.gt is not None else None)
    high = kind.le if kind.le is not None else (kind.lt - 1 if kind.lt is not None else None)
    if low is not None and value < low:
        return phrase(
            "{where} must be at least {low}, not {value}", where=where, low=low, value=value
        )
    if high is not None and value > high:
        return phrase(
            "{where} must be at most {high}, not {value}", where=where, high=high, value=value
        )
    return None


def _wrong(where: str, kind: mi.Type, value: object) -> Phrase | None:
    said = _kind(kind)
    if said is None or not where:
        return None
    return phrase(
        "{where} must be {kind}, not {value}", where=where, kind=said, value=_shown(value)
    )


def _shaped(kind: mi.Type, value: object) -> bool:
    """Whether ``value`` has ``kind``'s outer shape (a table, a list, a scalar of it)."""
    if isinstance(kind, mi.StructType | mi.DictType):
        return isinstance(value, Mapping)
    if isinstance(
        kind, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType | mi.TupleType
    ):
        return isinstance(value, list)
    return _holds(kind, value)


def _joined(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


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
    if isinstance(kind, mi.StructType | mi.DictType):
        return phrase("a table")
    if isinstance(kind, mi.TupleType):
        return plural("a list of {n} value", "a list of {n} values", len(kind.item_types))
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
