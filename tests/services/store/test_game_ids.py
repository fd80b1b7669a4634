"""A game's id as a request names it: parsed from its text, surrounding spaces
dropped; any other text is no game. Ids of the games being played are parsed
once and kept, however many games a process has seen."""

from __future__ import annotations

import uuid

import pytest

from services.store import values
from services.store.values import GameNotFound, parse_game_id


def test_an_id_named_again_is_the_same_game() -> None:
    gid = uuid.uuid4()
    first = parse_game_id(str(gid))
    assert first == gid
    assert parse_game_id(str(gid)) is first
    assert parse_game_id(f"  {gid}\n") == gid
    assert parse_game_id(gid) is gid


# A UUID one digit short, fixed: pytest-xdist's workers must collect the same tests.
SHORT = "990be380-6d76-4a57-aeb6-f59d7a0ba7a"


@pytest.mark.parametrize("raw", ["", "not-a-game", "1234", SHORT, None])
def test_a_text_that_is_no_uuid_is_no_game(raw: object) -> None:
    with pytest.raises(GameNotFound):
        parse_game_id(raw)  # type: ignore[arg-type]  # what a caller may pass by mistake
    with pytest.raises(GameNotFound):  # refused alike the second time: nothing was kept
        parse_game_id(raw)  # type: ignore[arg-type]  # what a caller may pass by mistake


def test_ids_past_the_kept_number_are_still_parsed_right() -> None:
    ids = [uuid.uuid4() for _ in range(values._PARSED_KEPT + 10)]
    assert [parse_game_id(str(g)) for g in ids] == ids
    assert [parse_game_id(str(g)) for g in reversed(ids)] == ids[::-1]
    assert len(values._parsed) <= values._PARSED_KEPT


def test_a_game_made_here_is_named_back_by_its_own_id() -> None:
    from services.ledger import WizardLedger

    ledger = WizardLedger("memory://")
    gid = ledger.create_game("ultimate", 2, seed="named").game_id
    assert parse_game_id(str(gid)) is gid  # the caches' keys, matched by identity
    assert ledger.load(str(gid)).version == ledger.load(gid).version
