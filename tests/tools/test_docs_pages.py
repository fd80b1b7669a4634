"""The README is a front door and the docs pages hold the rest, each subject once:
the README's length, no heading twice, every relative link resolves (anchors
included), and every shell block of the pages is one a test runs."""

from __future__ import annotations

import re
from collections import Counter

from tests.tools.doc_blocks import FENCE, HEADING, ROOT

PAGES = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def prose(page: str) -> list[str]:
    """The page's lines outside fenced blocks."""
    lines, fenced = [], False
    for line in (ROOT / page).read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def headings(page: str) -> list[str]:
    return [line for line in prose(page) if HEADING.match(line)]


def anchor(heading: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    text = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def game_pages() -> set[str]:
    """The games' own pages, linked from the README's table of games: each has the
    same sections as the others, for its own game."""
    text = "\n".join(prose("README.md"))
    games = text.split("## The games\n", 1)[1].split("\n## ", 1)[0]
    return {target for target in LINK.findall(games) if target.startswith("docs/")}


def test_the_readme_is_a_front_door() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300
    seen = Counter(headings("README.md"))
    assert [h for h, n in seen.items() if n > 1] == []
    assert len(game_pages()) == 4


def test_no_heading_is_used_twice_across_the_readme_and_the_docs() -> None:
    """A game's page has the sections every game's page has; any other subject has
    one heading in one page."""
    pages = [p for p in PAGES if p not in game_pages()]
    seen = Counter(h.lstrip("#").strip().lower() for p in pages for h in headings(p))
    assert [h for h, n in seen.items() if n > 1] == []


def test_every_relative_link_resolves() -> None:
    broken = []
    for page in PAGES:
        for target in LINK.findall(CODE_SPAN.sub("", "\n".join(prose(page)))):
            if re.match(r"[a-z]+:", target):
                continue  # another site: not checked here
            path, _, fragment = target.partition("#")
            file = (ROOT / page).parent / path if path else ROOT / page
            if not file.exists():
                broken.append((page, target))
            elif fragment and file.suffix == ".md":
                ids = {anchor(h) for h in headings(str(file.resolve().relative_to(ROOT)))}
                if fragment not in ids:
                    broken.append((page, target))
    assert broken == []


def test_every_shell_block_is_run_by_a_test() -> None:
    """Each ``sh`` block is named by its page and heading in a test that runs it
    (through ``tests.tools.doc_blocks``), so a command added to a page without a
    test fails here."""
    blocks = []
    for page in PAGES:
        heading, fenced = None, False
        for line in (ROOT / page).read_text(encoding="utf-8").splitlines():
            fence = FENCE.match(line)
            if fence:
                if not fenced and fence.group(2) == "sh":
                    blocks.append((page, heading))
                fenced = not fenced
            elif not fenced and HEADING.match(line):
                heading = line.rstrip()
    sources = [p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")]
    unrun = [
        (page, heading)
        for page, heading in blocks
        if heading is None
        or not any(
            f'"{page}"' in source and f'"{heading}"' in source and "doc_block" in source
            for source in sources
        )
    ]
    assert blocks and unrun == []
