"""Reading the TOML a person gives (a setup file, a data file, a layout in one),
its nesting bounded before it is parsed.

``tomllib`` descends one Python call (several, in fact) per level of an array or
inline table, so ``x = [[[…]]]`` a few hundred levels deep ends in a
``RecursionError`` somewhere inside it, with a traceback of thousands of
frames. The text is scanned first, linearly and without recursion: strings and
comments are skipped, and a bracket or brace deeper than ``MAX_DEPTH`` refuses
the text, naming the line. What is parsed afterwards can therefore never go
deep.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from domain.kernel.errors import SetupError
from domain.kernel.phrases import Phrase, phrase

# Nesting of any value a person gives, TOML or JSON (setup, options, data,
# command); far above any real file, far below the interpreter's own limit.
MAX_DEPTH = 32

_INTERESTING = re.compile(r"[\"'#\[\]{}]")
# The rest of a basic string (after its opening quote), up to its closing one.
_BASIC = re.compile(r'(?:[^"\\\n]|\\.)*"')
# The rest of a multi-line basic string, up to its closing quotes (which may be
# followed by up to two quotes of its own content).
_MULTI_BASIC = re.compile(r'(?s)(?:[^"\\]|\\.|"(?!""))*"""')


# What a text is called when it has no name (a file a page uploaded).
THE_FILE = phrase("the file")


class TomlError(SetupError):
    """A TOML text that cannot be read: its syntax, or nesting too deep."""


def nesting_problem(text: str, limit: int = MAX_DEPTH) -> Phrase | None:
    """Where ``text`` nests arrays or inline tables deeper than ``limit``, or None.

    A scan that tells strings and comments apart and nothing else: what it
    cannot make sense of (a string that never closes) it leaves to the parser,
    which says what is wrong."""
    depth, pos = 0, 0
    while True:
        found = _INTERESTING.search(text, pos)
        if found is None:
            return None
        ch, at = found.group(), found.start()
        pos = at + 1
        if ch == "#":
            end = text.find("\n", pos)
            if end < 0:
                return None
            pos = end + 1
        elif ch == '"':
            if text.startswith('"""', at):
                closed = _MULTI_BASIC.match(text, at + 3)
            else:
                closed = _BASIC.match(text, pos)
            if closed is None:
                return None
            pos = _past_quotes(text, closed.end(), '"', text.startswith('"""', at))
        elif ch == "'":
            quotes = "'''" if text.startswith("'''", at) else "'"
            end = text.find(quotes, at + len(quotes))
            if end < 0:
                return None
            pos = _past_quotes(text, end + len(quotes), "'", len(quotes) == 3)
        elif ch in "[{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, at) + 1
                return phrase(
                    "line {line}: nested more than {most} levels deep", line=line, most=limit
                )
        else:
            depth = max(0, depth - 1)


def _past_quotes(text: str, pos: int, quote: str, multi_line: bool) -> int:
    """After a multi-line string's closing quotes, the one or two quotes that end
    its content (four quotes at the end: the content's last is a quote)."""
    extra = 0
    while multi_line and extra < 2 and text.startswith(quote, pos):
        pos, extra = pos + 1, extra + 1
    return pos


def read_toml(text: str, what: str | Phrase = THE_FILE) -> dict[str, Any]:
    """The mapping a TOML text holds; ``TomlError`` naming ``what`` and the fault
    (the parser's own account of a syntax error stays as it wrote it)."""
    problem = nesting_problem(text)
    if problem is not None:
        raise TomlError(phrase("{what}: {problem}", what=what, problem=problem))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TomlError(phrase("{what}: not valid TOML ({why})", what=what, why=str(e))) from None
    except RecursionError:  # a text the scan misread: refused all the same
        raise TomlError(
            phrase("{what}: nested more than {most} levels deep", what=what, most=MAX_DEPTH)
        ) from None
