"""The card numbers: the decks and docs/spellwars.md follow the deck manifest, and every
number the printed extraction gives otherwise is listed in the docs with the manifest's."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from domain.spellwars.cards import all_cards

ROOT = Path(__file__).resolve().parents[3]
RULES = next(
    (p / "shared" / "rules" for p in Path(__file__).resolve().parents if (p / "shared").is_dir()),
    ROOT / "shared" / "rules",
)
DOCS = ROOT / "docs" / "spellwars.md"
GLYPHS = {"Arcane": "arcane", "Ténèbres": "tenebres", "Élémentaire": "elementaire"}
GLYPHS |= {"Illusion": "illusion", "Primaire": "primaire", "": ""}
pytestmark = pytest.mark.skipif(not RULES.exists(), reason=f"the rulebooks are not at {RULES}")


def key(name: str) -> str:
    return unicodedata.normalize("NFC", name).lower()


def manifest() -> dict[str, dict[str, str]]:
    out = {}
    for line in (RULES / "spellwars-deck.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "deck\t")) or not line.strip():
            continue
        _, number, name, glyph, initiative, copies = line.split("\t")
        out[key(name)] = {
            "number": number,
            "glyph": GLYPHS[glyph],
            "initiative": initiative,
            "copies": copies,
        }
    return out


def docs_cards() -> list[list[str]]:
    rows = []
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and re.fullmatch(r"EP2-\d{3}", cells[2]):
            rows.append(cells)
    return rows


def printed_numbers() -> set[tuple[str, str]]:
    """(name, number) pairs the extraction prints: a card's name (doubled by the bold
    extraction) just above its number."""
    lines = (RULES / "spellwars-cards.txt").read_text(encoding="utf-8").splitlines()
    names = manifest()
    out = set()
    for i, line in enumerate(lines):
        if not re.fullmatch(r"EP2-\d{3}", line.strip()):
            continue
        above = [x.strip() for x in lines[max(0, i - 4) : i] if x.strip()]
        if not above:
            continue
        m = re.fullmatch(r"(.+?)\1(?: \1)?", above[-1], re.IGNORECASE)
        name = m.group(1) if m else (above[-1] if above[-2:-1] == above[-1:] else "")
        if key(name) in names:
            out.add((key(name), line.strip()))
    return out


def test_the_decks_follow_the_manifest() -> None:
    names = manifest()
    assert len(all_cards()) == len(names)
    for c in all_cards().values():
        m = names[key(c.name)]
        assert (c.number, c.glyph, str(c.copies)) == (m["number"], m["glyph"], m["copies"]), c.name
        assert str(c.initiative or "") == m["initiative"], c.name


def test_the_docs_card_table_follows_the_manifest() -> None:
    names = manifest()
    rows = docs_cards()
    assert sorted(key(r[1]) for r in rows) == sorted(names)
    for _, name, number, glyph, initiative, copies, _ in rows:
        m = names[key(name)]
        assert (number, glyph, initiative, copies) == (
            m["number"],
            m["glyph"],
            m["initiative"],
            m["copies"],
        ), name


def test_every_printed_number_that_differs_is_listed_in_the_docs() -> None:
    names = manifest()
    differs = {(n, num) for n, num in printed_numbers() if names[n]["number"] != num}
    assert len(differs) > 10  # the extraction does print other numbers
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("Card numbers:") : text.index("## Cards")]
    listed = set()
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.match(r"EP2-\d{3}", cells[1]):
            assert names[key(cells[0])]["number"] == cells[1], cells[0]
            for num in re.findall(r"EP2-\d{3}", cells[2]):
                listed.add((key(cells[0]), num))
    missing = sorted(differs - listed)
    assert not missing, f"printed numbers not in the docs' table: {missing}"
