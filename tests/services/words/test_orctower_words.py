"""The orc tower's commands said as the rulebook's actions read, with players by
name and spells and creatures by their printed names: in the story, the log
and the dispute's legal choices (``domain/orctower/words.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import ActionTaken
from domain.orctower.commands import OrcCommand
from services.ledger import WizardLedger
from services.reads.views import log_json
from services.review.story import StoryLines, walk
from services.words.sentences import Words
from tools.simulation import play_stored

GAME = get_game("orctower")
# The fallback's form: "Ann: cast — card Zap (zap.02)".
FALLBACK = re.compile(r"^[^:]+: [a-z ]+( — |$)")


@pytest.fixture(scope="module")
def words(tmp_path_factory: pytest.TempPathFactory) -> Words:
    """A stored table's words: its cards by the printed names its texts use."""
    ledger = WizardLedger(f"sqlite:///{tmp_path_factory.mktemp('orcs') / 'w.db'}")
    gid = ledger.create_game("orctower", ["Ann", "Bob", "Cy"], seed="words").game_id
    return Words.table(GAME, ledger.entries(gid)[0].event)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ({"type": "RevealMarker", "quarter": 5}, "Ann reveals a creature marker on quarter 5"),
        ({"type": "Teleport", "space": 4}, "Ann teleports to tower space 4"),
        ({"type": "Cast", "card": "zap.02"}, "Ann casts Zap (zap.02)"),
        (
            {"type": "Upgrade", "card": "spell_book_el.02", "energy": "lightning"},
            "Ann adds Grimoire Terre/Foudre (spell_book_el.02) to the spell as an upgrade, "
            "for 1 lightning energy",
        ),
        (
            {"type": "UpgradeTeleport", "space": 3},
            "Ann uses an upgrade's teleport to tower space 3",
        ),
        (
            {"type": "UpgradeDraw", "card": "cold_snap.01"},
            "Ann uses an upgrade's draw to take Cold Snap (cold_snap.01) from the discard",
        ),
        (
            {"type": "Attack", "level": 2, "creature": "orc-07"},
            "Ann strikes Orque (orc-07) with the spell's second effect",
        ),
        (
            {"type": "Blast", "level": 2, "section": 1, "side": -1},
            "Ann strikes the middle section of Ann's quarter with the spell's second effect, "
            "and the section « voisine » on side -1",
        ),
        (
            {"type": "Learn", "slot": 4},
            "Ann learns the spell in palette slot 4 (knowledge pile) into the discard",
        ),
        (
            {"type": "Replenish", "level": 2, "cards": ["zap.01", "smash.01"]},
            "Ann takes Zap (zap.01) and Smash (smash.01) from the discard and gains an action "
            "with the spell's second effect",
        ),
        (
            {"type": "Swap", "first": "orc-07", "second": "chief-02"},
            "Ann swaps Orque (orc-07) and Chef (chief-02)",
        ),
        (
            {"type": "Place", "creature": "golem-03", "section": 2},
            "Ann moves Golem de lave (golem-03) to the inner section of Ann's quarter",
        ),
        (
            {"type": "Advance", "level": 2, "creature": "shaman-04"},
            "Ann advances Shaman gobelin (shaman-04) 2 sections toward the tower",
        ),
        ({"type": "Hex", "level": 1, "seat": 2}, "Ann makes Cy discard a card"),
        ({"type": "Fizzle"}, "Ann resolves the spell for no effect"),
        ({"type": "Pass"}, "Ann passes"),
        ({"type": "GivePoison", "seat": 1}, "Ann puts a Poison card into Bob's discard"),
        ({"type": "DiscardCard", "card": "smash.01"}, "Ann discards Smash (smash.01)"),
        (
            {"type": "TakeBonus", "creature": "goblin-04"},
            "Ann takes the bonus action of Gobelin (goblin-04)",
        ),
    ],
)
def test_a_command_reads_as_the_rulebooks_action(
    words: Words, command: dict[str, Any], said: str
) -> None:
    assert words.command(0, command) == said
    assert words.event(ActionTaken(seat=0, command=command)) == said


def test_every_command_of_the_game_has_its_sentence(words: Words) -> None:
    """No command of the union falls back to "Ann: cast — card …", whatever its
    optional fields hold."""
    for kind in get_args(OrcCommand):
        fields = {
            f.encode_name: (
                1 if f.type is int else ["zap.01"] if "tuple" in str(f.type) else "zap.01"
            )
            for f in msgspec.structs.fields(kind)
        }
        for command in ({"type": kind.__name__}, {"type": kind.__name__, **fields}):
            if any(
                f.required and f.encode_name not in command for f in msgspec.structs.fields(kind)
            ):
                continue
            said = words.command(1, command)
            assert said.startswith("Bob ") and not FALLBACK.match(said), (command, said)


def test_a_played_game_says_every_action_in_sentences(tmp_path: Path) -> None:
    """A bot game with the modules on: the story and the log say each action as a
    sentence; none in the fallback's field-by-field form."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    options = {"missions": True, "bonus_actions": True, "crocodile": "goblin", "toad": "shaman"}
    gid = play_stored(ledger, GAME, 2, "orc-words", options=options, names=["Ann", "Bob"])
    entries = ledger.entries(gid)
    story = walk(GAME, entries, GAME.outcome(ledger.load(gid).fold.state), StoryLines())
    actions = [line for line in story.splitlines() if re.match(r"^#\d+ +(Ann|Bob) ", line)]
    kinds = {e.event.command["type"] for e in entries if isinstance(e.event, ActionTaken)}
    assert {"Cast", "Pass", "KeepMission"} <= kinds and len(actions) > 20
    assert not [line for line in story.splitlines() if re.match(r"^#\d+ +(Ann|Bob): ", line)]
    assert re.search(r"^#\d+ +(Ann|Bob) casts [A-ZÉ][^(]+ \([a-z_]+\.\d\d\)$", story, re.M)
    words = Words.table(GAME, ledger.load(gid, 1).fold.started)
    for e in entries:
        if isinstance(e.event, ActionTaken):
            # The log says each action by its player's name, as the story does.
            logged = log_line(ledger, gid, e.position)
            assert logged == words.event(e.event) and logged.startswith(("Ann ", "Bob ")), logged
            assert not FALLBACK.match(logged), logged


def log_line(ledger: WizardLedger, gid: object, position: int) -> str:
    """The text of one line of the game's log, as ``GET /tables/{id}/log`` gives it."""
    (line,) = [e for e in log_json(ledger, str(gid), full=True) if e["position"] == position]
    text: str = line["text"]
    return text


def test_a_destiny_cards_face_says_what_it_shows_in_french() -> None:
    from services.words.faces import table_face

    for lang, said in (
        ("fr", "les créatures faibles avancent ; aucune règle spéciale"),
        ("en", "the weak creatures move; no rule change"),
    ):
        first = next(c for c in table_face("orctower", lang)["cards"] if c["kind"] == "destiny")
        assert first["text"] == said
        assert first["extra"]["says"] == first["text"]
