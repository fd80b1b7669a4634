"""A table that plays with its own data file reads its own card names everywhere:
the story, the Markdown, JSON and HTML exports, the dispute desk, the log and
the live lines. A twin game on the built-in data, with the same seed and the
same commands, reads the built-in names at the same places (so the checks
below look where a name is actually said).

The rulebook's passages and section titles are quotations and stay as printed.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import Consequence
from domain.ultimate.cards import CARDS
from services.ledger import WizardLedger
from services.reads.views import log_json
from services.review.dispute import dispute
from services.review.exports import export_text
from services.review.story import StoryLines, walk
from services.words.dispute import dispute_text
from services.words.faces import built_in_entries
from services.words.sentences import Words

# The entry each game's file renames, and its new name. Spell Wars renames the
# first card its game names (its 94 cards come up at random).
RENAMED = {
    "ultimate": ("lightning", "Foudre"),
    "spellwars": ("", "Sortilège maison"),
    "orctower": ("ice_storm", "Tempête de glace"),
    "elfenwizards": ("grand_druide", "Archidruide"),
}
OPTIONS: dict[str, dict[str, Any]] = {"ultimate": {"rounds_to_win": 1}}


def built_in_names(game: str, ident: str) -> list[str]:
    """What the built-in data calls the entry (and ultimate's English gloss,
    which no line says either: a renamed card must not surface by it)."""
    names = [built_in_entries(game)[ident]["name"]]
    if game == "ultimate":
        names.append(CARDS[ident].title)
    return names


def said_on_built_in(game: str, ident: str) -> list[str]:
    """How the built-in game's lines mention the entry: by name, or (the orc
    tower's cards) by instance id."""
    return [f"{ident}."] if game == "orctower" else built_in_names(game, ident)


@dataclass
class Twins:
    ledger: WizardLedger
    game: str
    ident: str
    name: str
    own: str  # the game played with the renaming file
    plain: str  # the same game on the built-in data
    at: int  # a consequence (after the first action) that names the entry
    sent: list[tuple[int, dict[str, Any]]]  # the commands both games were sent
    tokens: dict[int, str]  # the own game's seat tokens

    def play_own(self) -> None:
        for seat, command in self.sent:
            self.ledger.act(self.own, seat, command)


def _texts(ledger: WizardLedger, gid: str, entries: list[Any]) -> list[tuple[int, str]]:
    loaded = ledger.load(gid, 1)
    words = Words.table(loaded.game, loaded.fold.started)
    return [(e.position, words.event(e.event)) for e in entries if isinstance(e.event, Consequence)]


def _first_named(game: str, texts: list[tuple[int, str]]) -> tuple[str, int] | None:
    for position, text in texts:
        for ident, entry in built_in_entries(game).items():
            if re.search(rf"(?<!\w){re.escape(entry['name'])}(?!\w)", text):
                return ident, position
    return None


def play_twins(
    ledger: WizardLedger, game: str, seed: str = "names", *, own_too: bool = True
) -> Twins:
    """Both games played with the same commands until the renamed entry is named
    in a consequence of an action (the built-in twin first: Spell Wars's entry
    is the first card it names). ``own_too=False``: the own game is only opened."""
    ident, name = RENAMED[game]
    spec = get_game(game).spec
    template = msgspec.json.decode(msgspec.json.encode(get_game(game).data_template()))
    rng = random.Random(seed)
    plain = str(
        ledger.create_game(game, spec.min_players, seed=seed, options=OPTIONS.get(game)).game_id
    )
    sent: list[tuple[int, dict[str, Any]]] = []
    at = None
    while at is None:
        assert len(sent) < 2000, f"{game}: the entry was never named"
        loaded = ledger.load(plain)
        assert loaded.game.outcome(loaded.fold.state) is None, f"{game}: over, {ident} unnamed"
        seat = loaded.fold.state.pending[0].seat
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        command = msgspec.to_builtins(rng.choice(legal))
        sent.append((seat, command))
        texts = _texts(ledger, plain, ledger.act(plain, seat, command))
        if not ident:
            found = _first_named(game, texts)
            if found is not None:
                ident, at = found
        else:
            said = said_on_built_in(game, ident)
            at = next((p for p, t in texts if any(s in t for s in said)), None)
    _rename(template, ident, name)
    created = ledger.create_game(
        game, spec.min_players, seed=seed, options=OPTIONS.get(game), data=template
    )
    twins = Twins(
        ledger, game, ident, name, str(created.game_id), plain, at, sent, dict(created.seats)
    )
    if own_too:
        twins.play_own()
    return twins


def _rename(data: Any, ident: str, name: str) -> None:
    """Rename the entry ``ident`` of a data file in place (wherever it sits)."""
    if isinstance(data, dict):
        if isinstance(data.get("name"), str) and ident in (data.get("id"), data.get("slug")):
            data["name"] = name
        for key, value in data.items():
            if key == ident and isinstance(value, dict) and "name" in value:
                value["name"] = name
            else:
                _rename(value, ident, name)
    elif isinstance(data, list):
        for item in data:
            _rename(item, ident, name)


def _said(text: str, names: list[str]) -> list[str]:
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)]


def _story(t: Twins, gid: str) -> str:
    loaded = t.ledger.load(gid)
    story = walk(loaded.game, t.ledger.entries(gid), None, StoryLines())
    # Each consequence cites "[rule id — the rulebook's section]": a quotation.
    return re.sub(r"\[[^\[\]]*\]$", "", story, flags=re.M)


def _unquoted(data: Any) -> Any:
    """An export or dispute without the rulebook's quotations (passages, section
    titles) and the raw stored data (ids): what is said in the table's words."""
    if isinstance(data, dict):
        drop = {"passage", "section", "event", "command", "difference", "card_names", "boards"}
        # An export's faces: ids, the printed texts and a title no line says are data;
        # the words a page shows of them are its glosses, labels and names.
        if "cards" in data and "labels" in data:
            return [[c["gloss"] for c in data["cards"]], data["labels"], data.get("names", {})]
        return {k: _unquoted(v) for k, v in data.items() if k not in drop}
    if isinstance(data, list):
        return [_unquoted(v) for v in data]
    return data


def _check(t: Twins, where: str, own_text: str, plain_text: str | None = None) -> None:
    gone = built_in_names(t.game, t.ident)
    assert t.name in own_text, f"{t.game} {where}: {t.name!r} is not said"
    assert not _said(own_text, gone), f"{t.game} {where} still says {_said(own_text, gone)}"
    if plain_text is not None:
        assert t.name not in plain_text
        assert any(s in plain_text for s in said_on_built_in(t.game, t.ident)), where


@pytest.mark.parametrize("game", list(RENAMED))
def test_a_table_reads_its_own_card_names_in_every_text(sqlite_url: str, game: str) -> None:
    ledger = WizardLedger(sqlite_url)
    t = play_twins(ledger, game)
    # The story (wizards replay), and the named line itself.
    _check(t, "story", _story(t, t.own), _story(t, t.plain))
    own_line = dict(_texts(ledger, t.own, ledger.entries(t.own)))[t.at]
    plain_line = dict(_texts(ledger, t.plain, ledger.entries(t.plain)))[t.at]
    _check(t, f"line #{t.at}", own_line, plain_line)
    # The exports: Markdown without its quoted passages and rule headings.
    md = export_text(ledger, t.own, "md")
    plain_md = export_text(ledger, t.plain, "md")
    keep = lambda text: "\n".join(  # noqa: E731  (Markdown escapes: "ice\_storm")
        line.replace("\\", "") for line in text.splitlines() if not line.startswith(("> ", "### "))
    )
    _check(t, "markdown", keep(md), keep(plain_md))
    doc = json.loads(export_text(ledger, t.own, "json"))
    plain_doc = json.loads(export_text(ledger, t.plain, "json"))
    said = json.dumps(_unquoted(doc), ensure_ascii=False)
    _check(t, "json", said, json.dumps(_unquoted(plain_doc), ensure_ascii=False))
    assert next(e for e in doc["events"] if e["position"] == t.at)["text"] == own_line
    html = export_text(ledger, t.own, "html")
    embedded = re.search(
        r'<script type="application/json" id="ledger-data">(.*?)</script>', html, re.S
    )
    assert embedded is not None
    viewer_doc = json.loads(embedded.group(1).replace("<\\/", "</"))
    assert viewer_doc == doc
    _check(t, "html", json.dumps(_unquoted(viewer_doc), ensure_ascii=False))
    # The dispute desk, as text, for the action whose consequence names the card.
    report = dispute(ledger, t.own, t.at)
    assert report["card_names"] == {t.ident: t.name}
    plain_report = dispute(ledger, t.plain, t.at)
    assert plain_report["card_names"] == {}
    own_dispute = dispute_text(_unquoted_rules(report))
    _check(t, "dispute", own_dispute, dispute_text(_unquoted_rules(plain_report)))
    # The log (the web story's lines, also over SSE) says the line the same way.
    log = {e["position"]: e["text"] for e in log_json(ledger, t.own, full=True)}
    assert t.name in log[t.at]
    assert not _said(log[t.at], built_in_names(game, t.ident))
    ledger.close()


def _unquoted_rules(report: dict[str, Any]) -> dict[str, Any]:
    """The dispute with its rules' passages and sections left out (quotations)."""

    def strip(data: Any) -> Any:
        if isinstance(data, dict):
            if "passage" in data:
                data = {k: v for k, v in data.items() if k not in ("passage", "section")}
            return {k: strip(v) for k, v in data.items()}
        if isinstance(data, list):
            return [strip(v) for v in data]
        return data

    return strip(report)  # type: ignore[no-any-return]


def test_the_rulebook_is_quoted_as_printed_and_our_gloss_renames(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    t = play_twins(ledger, "ultimate")
    doc = json.loads(export_text(ledger, t.own, "json"))
    rule = doc["rules"]["ultimate.ruling.lightning-caster"]
    assert rule["passage"] == get_game("ultimate").catalogue[rule["id"]].passage
    assert "Foudre" in rule["gloss"] and "Éclair" not in rule["gloss"]
    option = next(o for o in doc["options"] if o["name"] == "eclair_hits_caster")
    assert option["text"].startswith(
        "eclair hits caster: yes (default) — Whether Foudre also deals"
    )
    ledger.close()
