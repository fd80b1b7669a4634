"""The README's and docs pages' fenced blocks, found by page and heading, and a
block of shell commands run as written, line by line."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
HEADING = re.compile(r"^(#{1,6}) ")


def section(page: str, heading: str) -> list[str]:
    """The lines of ``page`` (a path from the repository's root) under the whole
    heading line ``heading`` (``"## Positions both ways"``), up to the next heading
    of the same or a higher level. Lines inside fenced blocks are never headings."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    level = len(heading) - len(heading.lstrip("#"))
    inside: list[str] | None = None
    fenced = False
    for line in lines:
        opens = None if fenced else HEADING.match(line)
        if FENCE.match(line):
            fenced = not fenced
        elif opens:
            if inside is not None and len(opens.group(1)) <= level:
                return inside
            if line.rstrip() == heading:
                inside = []
                continue
        if inside is not None:
            inside.append(line)
    assert inside is not None, f"{page} has no heading {heading!r}"
    return inside


def doc_blocks(page: str, heading: str, lang: str = "sh") -> list[str]:
    """Every ``lang`` block of that section, in order, dedented (a block may sit
    inside a list item)."""
    blocks: list[str] = []
    current: list[str] | None = None
    indent = ""
    for line in section(page, heading):
        fence = FENCE.match(line)
        if current is None and fence and fence.group(2) == lang:
            current, indent = [], fence.group(1)
        elif current is not None and fence:
            blocks.append(textwrap.dedent("\n".join(current)) + "\n")
            current = None
        elif current is not None:
            current.append(line[len(indent) :] if line.startswith(indent) else line)
    assert blocks, f"no {lang} block under {heading!r} in {page}"
    return blocks


def doc_block(page: str, heading: str, lang: str = "sh") -> str:
    """The one ``lang`` block of that section."""
    blocks = doc_blocks(page, heading, lang)
    assert len(blocks) == 1, f"{len(blocks)} {lang} blocks under {heading!r} in {page}"
    return blocks[0]


def command_lines(page: str, heading: str) -> list[str]:
    """The non-empty lines of the section's one shell block."""
    return [line.strip() for line in doc_block(page, heading).splitlines() if line.strip()]


def run_as_written(
    lines: list[str], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Every line in one shell (variables carry over), from ``cwd``, where ``.venv``
    is this interpreter's; each line's exit status must be 0, or 2 where the line
    says ``refused (exit 2)``."""
    script = "".join(f'{line}\necho "__rc {i} $?"\n' for i, line in enumerate(lines))
    (cwd / ".venv").symlink_to(Path(sys.executable).parents[1])
    done = subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    codes = dict(re.findall(r"^__rc (\d+) (\d+)$", done.stdout, re.M))
    assert len(codes) == len(lines), done.stderr
    for i, line in enumerate(lines):
        expected = "2" if "refused (exit 2)" in line else "0"
        assert codes[str(i)] == expected, (line, done.stdout, done.stderr)
    return done
