"""Elfenwizards' commands said as the rulebook's actions read, with players by
name (a wizard by its guild's player) and levels and titles by their printed
names: in the story, the log and the act's answer (``domain/elfenwizards/words.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import msgspec
import pytest

from domain.elfenwizards.commands import ElfenCommand
from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.reads.views import log_json
from services.review.story import StoryLines, walk
from services.words.sentences import Words
from tools.simulation import play_stored

GAME = get_game("elfenwizards")
WORDS = Words(GAME, ("Ann", "Bob", "Cy"))
# The fallback's form: "Ann: cast spell — wizard blue 2, die 5".
FALLBACK = re.compile(r"^[^:]+: [a-z ]+( — |$)")


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            {"type": "RetireGrandDruide", "source": "reserve", "space": "M2"},
            "Ann puts a minor spell from the reserve on the round counter, and retires "
            "the Grand Druide to the Magicien space M2",
        ),
        (
            {"type": "RetireGrandDruide", "source": "space", "space": "M4"},
            "Ann puts a minor spell from the minor-spell space on the round counter, and "
            "retires the Grand Druide to the Magicien space M4",
        ),
        (
            {"type": "RetireGrandDruide", "source": "none", "space": "M1"},
            "Ann has no minor spell for the round counter, and retires the Grand Druide "
            "to the Magicien space M1",
        ),
        ({"type": "RollSpells"}, "Ann rolls their major spells"),
        (
            {"type": "PlaceDie", "die": 4, "space": "necromancien"},
            "Ann places a 4 on the Nécromancien major-spell space",
        ),
        (
            {"type": "PlaceDie", "die": 1, "space": "minor"},
            "Ann places a 1 on the minor-spell space",
        ),
        ({"type": "PlaceDie", "die": 6, "space": "grey"}, "Ann places a 6 on the grey space"),
        ({"type": "EndPlacement"}, "Ann keeps the dice not yet placed for phase 3"),
        ({"type": "Reroll"}, "Ann pays a minor spell to roll the remaining major spells once more"),
        ({"type": "SpendDie", "die": 3}, "Ann spends a die showing 3"),
        (
            {"type": "StopSpending"},
            "Ann stops recovering minor spells; the unspent dice stay on the minor-spell space",
        ),
        ({"type": "LeaveDice"}, "Ann leaves the unspent dice on the space for the next round"),
        ({"type": "TakeBackDice"}, "Ann takes the unspent dice back, unused"),
        (
            {"type": "CastSpell", "wizard": "blue-2", "die": 5},
            "Ann casts a major 5 beside Cy's blue wizard 2",
        ),
        (
            {"type": "CastSpell", "wizard": "green-4"},
            "Ann casts a minor spell beside Bob's green wizard 4",
        ),
        ({"type": "Pass"}, "Ann passes and places no more spells this round"),
        (
            {"type": "FillVacancy", "wizard": "red-3", "title": "S2"},
            "Ann moves the defeated Ann's red wizard 3 to the vacant Sorcier title S2",
        ),
        (
            {"type": "Demote", "wizard": "red-5", "space": "M3"},
            "Ann demotes Ann's red wizard 5 to the Magicien space M3",
        ),
        (
            {"type": "RemoveGreyToken", "wizard": "red-1"},
            "Ann removes a grey magic token from Ann's red wizard 1",
        ),
        (
            {"type": "DesignateWinner", "wizard": "red-2"},
            "Ann designates Ann's red wizard 2 to take the title their tied candidates contest",
        ),
    ],
)
def test_a_command_reads_as_the_rulebooks_action(command: dict[str, Any], said: str) -> None:
    assert WORDS.command(0, command) == said
    assert WORDS.event(ActionTaken(seat=0, command=command)) == said


def test_every_command_of_the_game_has_its_sentence() -> None:
    """No command of the union falls back to "Ann: cast spell — wizard …",
    whatever its optional fields hold."""
    values = {int: 4, str: "red-1"}
    for kind in get_args(ElfenCommand):
        fields = msgspec.structs.fields(kind)
        full = {"type": kind.__name__} | {f.encode_name: values.get(f.type, 2) for f in fields}
        required = {"type": kind.__name__} | {
            f.encode_name: full[f.encode_name] for f in fields if f.required
        }
        for command in (required, full):
            said = WORDS.command(1, command)
            assert said.startswith("Bob ") and not FALLBACK.match(said), (command, said)


def test_a_tables_own_level_names_are_said(tmp_path: Path) -> None:
    """A table whose data file renames a level reads its name in the commands."""
    template = msgspec.json.decode(msgspec.json.encode(GAME.data_template()))
    for level in template["layout"]["level"]:
        if level["id"] == "druide":
            level["name"] = "Druid"
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = ledger.create_game("elfenwizards", ["Ann", "Bob", "Cy"], seed="w", data=template).game_id
    words = Words.table(GAME, ledger.entries(gid)[0].event)  # type: ignore[arg-type]
    said = words.command(1, {"type": "PlaceDie", "die": 2, "space": "druide"})
    assert said == "Bob places a 2 on the Druid major-spell space"


def test_a_played_game_says_every_action_in_sentences(tmp_path: Path) -> None:
    """A bot game: the story and the log say each action as a sentence; none in
    the fallback's field-by-field form."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = play_stored(ledger, GAME, 3, "elfen-words", names=["Ann", "Bob", "Cy"])
    entries = ledger.entries(gid)
    story = walk(GAME, entries, GAME.outcome(ledger.load(gid).fold.state), StoryLines())
    kinds = {e.event.command["type"] for e in entries if isinstance(e.event, ActionTaken)}
    assert {"RollSpells", "PlaceDie", "CastSpell", "Pass"} <= kinds
    assert not [line for line in story.splitlines() if re.match(r"^#\d+ +(Ann|Bob|Cy): ", line)]
    assert re.search(r"^#\d+ +(Ann|Bob|Cy) casts a (minor spell|major \d) beside "
                     r"(Ann|Bob|Cy)'s (red|green|blue) wizard \d$", story, re.M)  # fmt: skip
    words = Words.table(GAME, ledger.load(gid, 1).fold.started)
    for e in entries:
        if isinstance(e.event, ActionTaken):
            # The log says each action by its player's name, as the story does.
            logged = log_line(ledger, gid, e.position)
            assert logged == words.event(e.event) and logged.startswith(("Ann ", "Bob ", "Cy ")), (
                logged
            )
            assert not FALLBACK.match(logged), logged


def log_line(ledger: WizardLedger, gid: object, position: int) -> str:
    """The text of one line of the game's log, as ``GET /tables/{id}/log`` gives it."""
    (line,) = [e for e in log_json(ledger, str(gid), full=True) if e["position"] == position]
    text: str = line["text"]
    return text


def test_a_phase_nobody_plays_says_so() -> None:
    from domain.elfenwizards.events import PhaseBegan

    nobody = PhaseBegan(rule="elfenwizards.round.order", phase="retire", number=1, order=())
    some = PhaseBegan(rule="elfenwizards.round.order", phase="retire", number=1, order=(1, 0))
    french = Words(GAME, ("Ann", "Bob", "Cy"), lang="fr")
    assert french.event(nobody).endswith(" : personne ne joue"), french.event(nobody)
    assert WORDS.event(nobody).endswith(": nobody acts"), WORDS.event(nobody)
    assert WORDS.event(some).endswith(": to act in turn Bob and Ann"), WORDS.event(some)
