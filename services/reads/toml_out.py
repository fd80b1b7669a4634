"""A small TOML writer for setup and data files: short lists stay on one line.

It writes what positions and data files hold (strings, integers, booleans,
lists and tables, nested), so that a referee can read and edit a position: a
hand is one line, not one card per line. ``tomllib`` reads back exactly what
went in (tested).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
WIDTH = 96


def dumps(document: Mapping[str, Any]) -> str:
    lines: list[str] = []
    _table(document, (), lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _key(name: str) -> str:
    return name if _BARE.match(name) else json.dumps(name, ensure_ascii=False)


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _table(table: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    nested = []
    for name, value in table.items():
        if isinstance(value, Mapping) or _is_tables(value):
            nested.append((name, value))
        else:
            lines.append(f"{_key(name)} = {_value(value)}")
    for name, value in nested:
        where = ".".join(_key(p) for p in (*path, name))
        if isinstance(value, Mapping):
            if any(not (isinstance(v, Mapping) or _is_tables(v)) for v in value.values()):
                lines += ["", f"[{where}]"]  # a table of tables only needs no header
            _table(value, (*path, name), lines)
        else:
            for item in value:
                lines += ["", f"[[{where}]]"]
                _table(item, (*path, name), lines)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's escapes (\\", \\\\, \\n, \\uXXXX...) are all valid in TOML basic strings.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple):
        items = [_value(v) for v in value]
        one_line = "[" + ", ".join(items) + "]"
        if len(one_line) <= WIDTH:
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise TypeError(f"a {type(value).__name__} has no TOML form: {value!r}")
