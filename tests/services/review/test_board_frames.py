"""An export's boards are each view as the table page is given it, at every position:
rebuilt from the export's whole frames and patches, they equal the view the
ledger gives that seat there (so a seat's export holds no more than its view)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games import all_games, get_game
from services.ledger import WizardLedger
from services.review.board_frames import (
    EVERY,
    BoardFrames,
    apply_ops,
    ops_between,
    shared_ops,
    unshared,
)
from services.review.exports import Interned, document
from services.words.faces import table_face
from tests.services.review.exports_read_back import rebuilt, seat_view
from tools.simulation import play_stored

GAMES = [g.spec.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_of_an_export_is_the_seats_view_there(sqlite_url: str, game_id: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    gid = play_stored(ledger, game, game.spec.min_players, "boards", stop_after=40)
    for viewer, labels in ((0, {"bot 1": 0}), (None, {"spectator": None})):
        doc = document(ledger, gid, viewer=viewer, disputes="none")
        assert doc["seats"] == labels
        boards = rebuilt(doc)
        assert len(boards) == len(doc["events"]) == ledger.load(gid).version
        # Whole frames are kept now and then; the rest are patches.
        assert sum(1 for f in doc["boards"] if f.get("full")) < len(boards) / 20 + 2
        for at, views in enumerate(boards, start=1):
            for label, seat in labels.items():
                assert views[label] == seat_view(ledger, gid, at, seat), (label, at)


def test_a_finished_games_export_has_a_board_for_every_seat(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 3, "boards-end", options={"rounds_to_win": 1})
    doc = document(ledger, gid, viewer=None, disputes="none")
    assert doc["finished"] and doc["seats"] == {"bot 1": 0, "bot 2": 1, "bot 3": 2}
    last = rebuilt(doc)[-1]
    assert {label: last[label] for label in doc["seats"]} == {
        label: seat_view(ledger, gid, len(doc["events"]), seat)
        for label, seat in doc["seats"].items()
    }
    # The faces carried are those of the cards the boards show, looked up as the page does.
    said = set(msgspec.json.encode(doc["boards"]).decode().split('"'))
    every = {c["id"] for c in table_face("ultimate")["cards"]}
    assert {c["id"] for c in doc["faces"]["cards"]} == every & said != set()


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2, 3]}),
        ({"seats": [{"life": 3}, {"life": 4}]}, {"seats": [{"life": 2}, {"life": 4}]}),
        ({"a": 1, "gone": True}, {"a": 2, "new": {"x": [1]}}),
        ({"a": 1}, [1, 2]),
        ([{"x": 1}, [1]], [{"x": 2}, [1, 2]]),
        ({"hand": ["a", "b"]}, {"hand": ["b", "a"]}),
        # The last cards of a pile: taken from its front, come to its end.
        ({"d": [{"c": 1}, {"c": 2}, {"c": 3}]}, {"d": [{"c": 2}, {"c": 3}, {"c": 4}]}),
        ({"d": ["a", "b", "c"]}, {"d": ["c", "x", "y"]}),
        ({"d": ["a", "b"]}, {"d": ["x"]}),
        ({"d": []}, {"d": ["x"]}),
    ],
)
def test_patches_turn_one_view_into_the_next(before: Any, after: Any) -> None:
    ops = ops_between(before, after)
    assert apply_ops(before, ops) == after
    assert apply_ops(before, []) == before
    # Applying leaves the value it was given as it was.
    kept = msgspec.json.decode(msgspec.json.encode(before))
    apply_ops(before, ops)
    assert before == kept


def test_frames_keep_a_whole_view_every_so_often() -> None:
    boards = BoardFrames(keyframe_every=3, intern=Interned().index)
    frames = [boards.add(position, {"Ann": {"life": position}}) for position in range(1, 8)]
    assert [f.get("full", False) for f in frames] == [
        True, False, False, True, False, False, True,
    ]  # fmt: skip
    assert frames[1] == {"ops": {"Ann": [[["life"], 2]]}}


def test_two_players_of_one_name_keep_a_view_each(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 2, "twins", options={"rounds_to_win": 1}, names=["A", "A"])
    doc = document(ledger, gid, disputes="none")
    assert doc["views"] == ["A (seat 0)", "A (seat 1)"]
    assert doc["seats"] == {"A (seat 0)": 0, "A (seat 1)": 1}
    last = rebuilt(doc)[-1]
    for label, seat in doc["seats"].items():
        assert last[label] == seat_view(ledger, gid, len(doc["events"]), seat)
    assert set(unshared(doc["frames"][0]["set"], doc["views"])) == {"A (seat 0)", "A (seat 1)"}


def test_what_every_seat_sees_alike_is_written_once_and_read_back_for_each(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 3, "boards-shared", options={"rounds_to_win": 1})
    doc = document(ledger, gid, viewer=None, disputes="none")
    # The board all seats see once per whole frame; a change they all see, once.
    assert all("round" in f["views"]["*"] for f in doc["boards"] if f.get("full"))
    assert any(list(f.get("ops", {})) == ["*"] for f in doc["boards"])
    for at, views in enumerate(rebuilt(doc), start=1):
        for label, seat in doc["seats"].items():
            assert views[label] == seat_view(ledger, gid, at, seat), (label, at)


def test_a_pile_shown_as_its_last_cards_moves_by_its_ends() -> None:
    """A discard pile shown as its last three cards, one card come: its first
    taken and the new one added, not every card's fields set again."""
    before = {"d": [{"id": "a", "n": 1}, {"id": "b", "n": 2}, {"id": "c", "n": 3}]}
    after = {"d": [{"id": "b", "n": 2}, {"id": "c", "n": 3}, {"id": "x", "n": 9}]}
    assert ops_between(before, after) == [[["d", 0]], [["d", 2], {"id": "x", "n": 9}]]


def test_a_change_that_ends_every_view_alike_is_written_once() -> None:
    """A spell turned face up for every seat but its caster, whose view showed it
    already (or showed it otherwise, and changes otherwise): the operations go under
    "*" once, and give each view what it becomes; a view they would not give what
    it becomes keeps its own, and the others keep theirs."""
    spell = ["fireball", "shield"]
    hidden = {"spell": None, "size": 2}
    before = {"Ann": {"w": {"spell": spell}}, "Bob": {"w": hidden}, "Cy": {"w": hidden}}
    after = {label: {"w": {"spell": spell}} for label in before}
    ops = {"Ann": [], "Bob": ops_between(before["Bob"], after["Bob"])}
    ops["Cy"] = ops["Bob"]
    for ann in ({"w": {"spell": spell}}, {"w": {"spell": ["waiting"]}}):
        before["Ann"] = ann
        ops["Ann"] = ops_between(ann, after["Ann"])
        shared = shared_ops(ops, before, after, lambda v: v)
        assert list(shared) == [EVERY] and shared[EVERY] == ops["Bob"]
        for label, view in before.items():
            assert apply_ops(view, unshared(shared, list(before))[label]) == after[label]
    # Ann's view holding another spell, and keeping it.
    before["Ann"] = after["Ann"] = {"w": {"spell": ["mirror"]}}
    ops["Ann"] = []
    assert shared_ops(ops, before, after, lambda v: v) == {"Bob": ops["Bob"], "Cy": ops["Bob"]}
