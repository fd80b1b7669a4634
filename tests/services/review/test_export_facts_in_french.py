"""A French export's frames label the facts of each view in French: the view's
keys by the game's words or the kernel's (``domain.kernel.fact_labels``), in the
rulebooks' terms; the English export keeps its English labels, and both validate
against the same schema (labels follow the export's language, its shape does not).
The enumerated values a fact holds (a stage, a phase, a variant, a colour) are said
in the export's language too (``GameWords.fact_values``), not by the engine's ids."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import all_games, get_game
from services.ledger import WizardLedger
from services.review.exports import export_text
from services.words.telling import speaking
from tests.services.review.exports_read_back import validate
from tools.simulation import play_stored

NAMES = ["Ann", "Bob", "Cy"]
# For each game, labels its French frames hold, and the English they replace.
LABELS = {
    "ultimate": [
        ("manche", "round"),
        ("pioche", "draw pile"),
        ("Ann — points de vie", "Ann — life"),
    ],
    "spellwars": [("manche", "round"), ("Donjon", "dungeon"), ("Ann — Sang", "Ann — blood")],
    "orctower": [
        ("numéro du round", "round number"),
        ("étape", "stage"),
        ("Ann — couleur", "Ann — colour"),
    ],
    "elfenwizards": [
        ("tour (sur 4)", "round (of 4)"),
        ("à jouer", "to act"),
        ("Ann — couleur", "Ann — colour"),
        ("Ann — dés lancés", "Ann — dice rolled"),
    ],
}
# For each game, facts its French frames hold (label, value), and the English ones
# (the elfe wizards say their whole view themselves: ``test_elfenwizards_words``).
VALUES = {
    "ultimate": [
        (("étape", "phase de tirage ou d'action"), ("stage", "draw or action phase")),
        (("étape", "phase de défausse"), ("stage", "discard phase")),
    ],
    "spellwars": [
        (("phase", "pose des sorts"), ("phase", "placing spells")),
        (("phase", "résolution des sorts"), ("phase", "resolving spells")),
        (("variante", "jetons Dernier Survivant"), ("variant", "Last Survivor tokens")),
    ],
    "orctower": [
        (("étape", "retourner des marqueurs Créature"), ("stage", "turning over creature markers")),
        (("étape", "lancer un sort"), ("stage", "casting a spell")),
        (("Ann — couleur", "bleu"), ("Ann — colour", "blue")),
    ],
    "elfenwizards": [],
}
# The engine's ids of those values, which no French fact holds.
IDS = {
    "ultimate": {"action", "discard", "resolving", "ending", "new", "arrived", "answered"},
    "spellwars": {"place", "cast", "setup", "tokens", "trim", "wild", "component", "pay"},
    "orctower": {"reveal", "casting", "blue", "green"},
    "elfenwizards": set(),
}
# Words French and English share: a label part that is one of them says nothing.
SHARED = {
    *("phase", "score", "scores", "dragon", "options", "mission", "palette", "bonus"),
    *("sections", "actions", "piles", "terrain", "points", "type"),
}


def _labels(doc: dict[str, Any]) -> set[str]:
    """Every fact's label the frames set, in every view."""
    out: set[str] = set()
    for frame in doc["frames"]:
        for facts in frame.get("set", {}).values():
            out |= set(facts)
    return out


def _facts(doc: dict[str, Any]) -> set[tuple[str, Any]]:
    """Every (label, value) the frames set, in every view (a list's value as a tuple)."""
    out: set[tuple[str, Any]] = set()
    for frame in doc["frames"]:
        for facts in frame.get("set", {}).values():
            out |= {(k, tuple(v) if isinstance(v, list) else v) for k, v in facts.items()}
    return out


def _keys(value: Any, out: set[str]) -> set[str]:
    """A view's keys (spaced, as an unlabelled key would read), at any depth."""
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k.replace("_", " "))
            _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


@pytest.mark.parametrize("game_id", [g.spec.id for g in all_games()])
def test_a_french_export_labels_its_facts_in_french(sqlite_url: str, game_id: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    players = max(game.spec.min_players, 2)
    gid = play_stored(ledger, game, players, "facts-fr", stop_after=30, names=NAMES[:players])
    with speaking("fr"):
        french = validate(export_text(ledger, gid, "json"))
    english = validate(export_text(ledger, gid, "json"))
    fr, en = _labels(french), _labels(english)
    for said_fr, said_en in LABELS[game_id]:
        assert said_fr in fr and said_fr not in en, (said_fr, sorted(fr)[:40])
        assert said_en in en and said_en not in fr, (said_en, sorted(en)[:40])
    # No part of a French label is a view's key left in English.
    state = ledger.load(gid).fold.state
    keys = set().union(*(_keys(game.view(state, s), set()) for s in [None, *range(players)]))
    left = {part for label in fr for part in label.split(" — ")} & (keys - SHARED)
    assert not left, sorted(left)
    # The Markdown export says the same facts in the same words.
    with speaking("fr"):
        markdown = export_text(ledger, gid, "md")
    assert LABELS[game_id][0][0] in markdown


@pytest.mark.parametrize("game_id", [g.spec.id for g in all_games()])
def test_a_french_export_says_its_enumerated_values_in_french(
    sqlite_url: str, game_id: str
) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    players = max(game.spec.min_players, 2)
    gid = play_stored(ledger, game, players, "facts-fr", stop_after=30, names=NAMES[:players])
    with speaking("fr"):
        fr = _facts(validate(export_text(ledger, gid, "json")))
    en = _facts(validate(export_text(ledger, gid, "json")))
    for said_fr, said_en in VALUES[game_id]:
        assert said_fr in fr and said_fr not in en, (
            said_fr,
            sorted(f for f in fr if f[0] == said_fr[0]),
        )
        assert said_en in en and said_en not in fr, (
            said_en,
            sorted(f for f in en if f[0] == said_en[0]),
        )
    ids = {(label, value) for label, value in fr if value in IDS[game_id]}
    assert not ids, sorted(ids)
