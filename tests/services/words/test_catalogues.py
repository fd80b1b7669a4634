"""The catalogues of what is said (``services/words/locale``, gettext): every
message the code says (``phrase``, ``plural``, ``Words.text``, the pages'
``t()`` and ``plural()``, the CLI's ``--help``) is in the English
and the French catalogue, the French one translates it with the same values,
and no catalogue keeps a message no code says. ``make messages`` brings them
up to date."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]
LOCALE = ROOT / "services" / "words" / "locale"
_VALUE = re.compile(r"\{(\w+)\}")


def _said() -> set[str | tuple[str, ...]]:
    """Every message ``make messages`` extracts, by the same babel.cfg: the Python
    code's and the pages' keywords, and the rules' and options' own words
    (``services.words.rule_words.extract``)."""
    with open(LOCALE / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    said: set[str | tuple[str, ...]] = set()
    for package in ("domain", "services", "tools/cli"):
        for _, _, message, _, _ in extract_from_dir(
            ROOT / package,
            method_map=method_map,
            options_map=options_map,
            keywords={},
            comment_tags=(),
        ):
            said.add(message if isinstance(message, str) else tuple(message))
    return said


def _catalogue(lang: str) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    with open(LOCALE / lang / "LC_MESSAGES" / "wizards.po", "rb") as f:
        books = read_po(f, locale=lang)
    return {
        (m.id if isinstance(m.id, str) else tuple(m.id)): (
            m.string if isinstance(m.string, str) else tuple(m.string)
        )
        for m in books
        if m.id
    }


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_is_in_the_catalogue_and_every_entry_is_said(lang: str) -> None:
    said, kept = _said(), set(_catalogue(lang))
    assert said, "no message found in the code"
    assert not said - kept, f"{lang}: missing (make messages): {sorted(map(str, said - kept))}"
    assert not kept - said, f"{lang}: said by no code: {sorted(map(str, kept - said))}"


def test_every_help_text_of_the_cli_is_translated() -> None:
    """What ``wizards … --help`` shows, read from the built command tree as the
    help is told (``tools/cli/help_words.py``), has its French: a help text left
    out of the catalogue would show in English to a French reader."""
    import typer

    from tools.cli import app
    from tools.cli.help_words import english_words

    french = _catalogue("fr")
    shown = list(english_words(typer.main.get_command(app)))
    assert "Show this message and exit." in shown
    assert [text for text in shown if not french.get(text)] == []


def test_the_french_says_every_message_with_its_values() -> None:
    for message, french in _catalogue("fr").items():
        forms = (message,) if isinstance(message, str) else message
        translated = (french,) if isinstance(french, str) else french
        assert all(translated), f"untranslated: {message!r}"
        values = set(_VALUE.findall(forms[0]))
        for form in translated:
            assert set(_VALUE.findall(form)) == values, (message, form)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_entry_is_left_fuzzy(lang: str) -> None:
    """``make messages`` marks an entry fuzzy when its message changes shape (a
    plural said singular): compiled, a fuzzy entry is left out, and the French
    reader gets the English without any test reading the catalogue noticing."""
    with open(LOCALE / lang / "LC_MESSAGES" / "wizards.po", "rb") as f:
        books = read_po(f, locale=lang)
    fuzzy = [m.id for m in books if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy, so left out when compiled: {fuzzy}"


def test_no_page_says_a_message_inside_a_template() -> None:
    """A ``t()`` inside a template literal (``${t("…")}``) is not read by the
    extraction: it would stay English in every language."""
    inside = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "services" / "web").rglob("*.js")
        if "${t(" in path.read_text(encoding="utf-8")
    ]
    assert not inside, inside


def _literal_messages(path: Path) -> list[tuple[int, str]]:
    """The messages a Python module gives ``phrase``, ``plural`` or ``text`` as a
    literal, wherever the call stands."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        first = node.args[0]
        literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
        if name in ("phrase", "plural", "text") and literal:
            found.append((node.lineno, first.value))
    return found


def test_no_message_is_said_inside_another_call_the_extraction_skips() -> None:
    """Babel's extractor does not read a ``phrase()`` given as a value inside
    another ``phrase()`` call (``scores=listed(phrase("{seat} scored {points}", …))``):
    ``make messages`` leaves it out, and French readers got it in English."""
    kept = {
        m
        for message in _catalogue("fr")
        for m in ((message,) if isinstance(message, str) else message)
    }
    unread = [
        f"{path.relative_to(ROOT)}:{line}: {message!r}"
        for package in ("domain", "services")
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, message in _literal_messages(path)
        if message not in kept
    ]
    assert not unread, unread
