"""The hold desk's own refusals (an entry while another's cards are awaited, an
entry for no held command, a seat's tries spent, a read of a table whose opening
still waits) are said in the reader's language, each player by name."""

from __future__ import annotations

import pytest

from domain.kernel import IllegalCommand
from services.ledger import WizardLedger
from services.words.telling import speaking


def _dealing(ledger: WizardLedger) -> str:
    """A three-seat table whose opening waits for each seat's cards."""
    created = ledger.create_game(
        "ultimate", ["Ann", "Bob", "Cleo"], table=True, chance_by="seats", dice=[1]
    )
    return str(created.game_id)


def _refused(act: object) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as refused:
        act()  # type: ignore[operator]
    return refused.value


def test_the_desks_refusals_speak_french(tmp_path: object) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path}/w.db")
    gid = _dealing(ledger)
    with speaking("fr"):
        # A command while the opening waits for the seats' cards.
        waiting = _refused(lambda: ledger.act(gid, 0, {"type": "Draw"}))
        assert waiting.code == "chance_awaited"
        assert waiting.message == (
            "l'ouverture attend les cartes distribuées à Ann, Bob et Cleo : envoyez les "
            "vôtres sans commande"
        )
        # A read of the record while there is none yet.
        none_yet = _refused(lambda: ledger.entries(gid))
        assert none_yet.code == "opening_held"
        assert "son ouverture attend les cartes distribuées à Ann, Bob et Cleo" in (
            none_yet.message
        )
        # A seat the game does not have.
        nobody = _refused(lambda: ledger.act(gid, 7, None, drew=["shield"]))
        assert (nobody.code, nobody.message) == (
            "no_such_seat",
            "la place 7 n'existe pas (places 0–2)",
        )
    with speaking("en"):
        waiting = _refused(lambda: ledger.act(gid, 0, {"type": "Draw"}))
        assert waiting.message == (
            "the opening waits for Ann, Bob and Cleo to name the cards dealt to them: "
            "send yours with no command"
        )
    ledger.close()
