"""``wizards replay`` of a sorcier ultime game calls every card and combo by its
printed name, in the command lines and in the consequence lines alike: the
players hold the printed French cards, and the English glosses (``title``) are
said in no line, so the two never mix in one story again."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

from typer.testing import CliRunner

from domain.kernel import ActionTaken, Consequence
from domain.ultimate import events as ev
from domain.ultimate.cards import CARDS, COMBOS, EFFECT_NAMES
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from tools.cli import app

runner = CliRunner()
# Each card's and combo's English gloss, where it differs from the printed name
# ("Explosion" and "Absorption" are both).
GLOSSES = {x.title: x.id for x in (*CARDS.values(), *COMBOS.values()) if x.title != x.name}
# The first of these a seat may send is sent: combos and cards, so that the story
# names many cards, combos and lasting effects (one random pick otherwise).
EAGER = ("PlayCombo", "PlayCard", "Defend")


def _said(name: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _play_eagerly(ledger: WizardLedger, gid: str, seed: int) -> None:
    rng = random.Random(seed)
    while (state := state_json(ledger, gid))["status"] != "finished":
        seat = state["pending"][0]["seat"]
        legal = legal_json(ledger, gid, seat)
        eager = [c for kind in EAGER for c in legal if c["type"] == kind][:1]
        ledger.act(gid, seat, rng.choice([*eager, *legal]) if eager else rng.choice(legal))


def _names_in(event: object) -> set[str]:
    """The card, combo and effect ids a consequence event names."""
    out: set[str] = set()
    for field in ("card", "combo", "source", "by", "kind"):
        value = getattr(event, field, None)
        if isinstance(value, str):
            out.add(value)
    cards = getattr(event, "cards", ())  # a tuple of ids (a count in a reshuffle)
    out.update(cards if isinstance(cards, tuple) else ())
    return out


def test_the_story_says_the_printed_names_and_never_the_english_glosses(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'names.db'}"
    new = ("new", "ultimate", "--players", "3", "--seed", "printed", "--option", "rounds_to_win=2")
    created = runner.invoke(app, ["--store", store, *new])
    assert created.exit_code == 0, created.stderr
    gid = created.stdout.strip()
    ledger = WizardLedger(store)
    _play_eagerly(ledger, gid, seed=1)
    replayed = runner.invoke(app, ["--store", store, "replay", gid])
    assert replayed.exit_code == 0, replayed.stderr
    story = replayed.stdout
    lines = {int(m.group(1)): m.group(2) for m in re.finditer(r"^#(\d+) +(.*)$", story, re.M)}
    # No line says an English gloss (rule ids such as "ultimate.card.shadow-hand"
    # are lower-case and never match a capitalised gloss).
    glossed = {n: [g for g in GLOSSES if _said(g, t)] for n, t in lines.items()}
    assert not {n: g for n, g in glossed.items() if g}, "English glosses in the story"

    entries = ledger.entries(gid)
    named: set[str] = set()
    for entry in entries:
        if isinstance(entry.event, Consequence):
            named |= _names_in(entry.event)
    # Every card, combo and lasting effect the game's events name is said by its
    # printed name (an effect by the name of the card or combo that lays it).
    printed = {i: CARDS[i].name for i in named if i in CARDS}
    printed |= {i: COMBOS[i].name for i in named if i in COMBOS}
    assert len([i for i in printed if i in CARDS]) == len(CARDS)
    assert {i for i in printed if i in COMBOS}, "no combo was played"
    assert {i for i in named if i in EFFECT_NAMES} >= {"poison", "veiled"}
    assert EFFECT_NAMES["veiled"] == CARDS["shadow_veil"].name
    for ident, name in printed.items():
        assert _said(name, story), f"{ident}: {name!r} is not said"
    # A card a seat plays is called alike in its command line and in the
    # consequence line that follows (the bug: "plays Lumière de guérison", then
    # "plays Healing Light").
    played = 0
    for before, entry in itertools.pairwise(entries):
        if isinstance(entry.event, ev.CardPlayed | ev.DefencePlayed):
            assert isinstance(before.event, ActionTaken)
            name = CARDS[entry.event.card].name
            assert _said(name, lines[before.position]), lines[before.position]
            assert _said(name, lines[entry.position]), lines[entry.position]
            played += 1
    assert played > 10
    ledger.close()
