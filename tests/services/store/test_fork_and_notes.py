"""What-if branches and referees' notes."""

from __future__ import annotations

import msgspec
import pytest
from fastapi.testclient import TestClient

from domain.kernel import ActionTaken, GameForked, GameStarted, SeedRevealed, commitment
from services.ledger import WizardLedger
from services.reads.views import legal_json, log_json, notes_by_position, state_json
from services.review.exports import export_text
from services.review.story import StoryLines, walk
from services.review.verify import verify_game
from tests.services.api_tables import new_table
from tests.services.playing import play, play_until
from tests.services.setups import TABLE_POSITION


def _action_positions(ledger: WizardLedger, gid: object) -> list[int]:
    return [e.position for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)]  # type: ignore[arg-type]


def test_a_fork_copies_the_game_up_to_a_position_and_then_plays_on_its_own(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="what-if").game_id
    play_until(ledger, gid, actions=8)
    at = _action_positions(ledger, gid)[4] - 1
    branch = ledger.fork(gid, at).game_id
    copied = ledger.entries(branch)
    assert [msgspec.to_builtins(e.event) for e in copied[:at]] == [
        msgspec.to_builtins(e.event) for e in ledger.entries(gid, lte=at)
    ]
    mark = copied[at].event
    assert isinstance(mark, GameForked)
    assert (mark.from_game, mark.at) == (str(gid), at)
    assert state_json(ledger, branch)["view"] == state_json(ledger, gid, at=at)["view"]
    original_version = ledger.load(gid).version
    play_until(ledger, branch, actions=3, seed=99)
    assert ledger.load(gid).version == original_version  # the original is untouched
    assert verify_game(ledger, branch).ok
    assert verify_game(ledger, gid).ok


def test_the_same_choice_in_a_branch_of_a_finished_game_meets_the_same_dice(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 3, seed="same-dice").game_id
    play_until(ledger, gid, seed=1)
    actions = _action_positions(ledger, gid)
    at = actions[10] - 1
    branch = ledger.fork(gid, at).game_id
    mark = ledger.entries(branch)[at].event
    assert isinstance(mark, GameForked) and mark.seed_commitment == ""
    for position in actions[10:]:
        action = ledger.entries(gid, gt=position - 1, lte=position)[0].event
        assert isinstance(action, ActionTaken)
        ledger.act(branch, action.seat, action.command)
    mine = [msgspec.to_builtins(e.event) for e in ledger.entries(branch)[at + 1 :]]
    theirs = [msgspec.to_builtins(e.event) for e in ledger.entries(gid, gt=at)]
    assert mine == theirs  # every roll and shuffle, and the revealed seed, are the same
    assert verify_game(ledger, branch).ok


def test_a_branch_of_a_running_game_rolls_fresh_secret_dice(sqlite_url: str) -> None:
    """It must neither preview the running original's dice nor reveal its seed."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="still-running").game_id
    play_until(ledger, gid, actions=6)
    at = _action_positions(ledger, gid)[3] - 1
    branch = ledger.fork(gid, at).game_id
    mark = ledger.entries(branch)[at].event
    started = ledger.entries(gid, lte=1)[0].event
    assert isinstance(mark, GameForked) and isinstance(started, GameStarted)
    assert mark.seed_commitment not in ("", started.seed_commitment)
    play_until(ledger, branch, seed=4)
    last = ledger.entries(branch)[-1].event
    assert isinstance(last, SeedRevealed)
    assert last.seed != "still-running"
    assert commitment(last.seed) == mark.seed_commitment
    assert verify_game(ledger, branch).ok
    twig = ledger.fork(branch, _action_positions(ledger, branch)[6] - 1).game_id
    play_until(ledger, twig, seed=5)  # a branch of a branch: three stretches of dice
    assert verify_game(ledger, twig).ok


def test_a_branch_starts_with_no_idempotency_keys(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="keys").game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    ledger.act(gid, seat, legal_json(ledger, gid, seat)[0], key="k")
    branch = ledger.fork(gid, ledger.load(gid).version).game_id
    for reader in (ledger, WizardLedger(sqlite_url)):
        assert reader.load(branch).keys == {}
    seat = state_json(ledger, branch)["pending"][0]["seat"]
    entries = WizardLedger(sqlite_url).act(
        branch, seat, legal_json(ledger, branch, seat)[0], key="k"
    )
    assert entries[0].position == ledger.load(gid).version + 2  # appended, not the copy


def test_a_finished_position_cannot_be_forked(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="over", options={"rounds_to_win": 1}).game_id
    play_until(ledger, gid)
    with pytest.raises(ValueError, match="already over"):
        ledger.fork(gid, ledger.load(gid).version)


def test_a_fork_inside_an_actions_consequences_is_refused(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="inside").game_id
    play_until(ledger, gid, actions=3)
    inside = _action_positions(ledger, gid)[1]  # the ActionTaken itself: its consequences follow
    with pytest.raises(ValueError, match="inside an action"):
        ledger.fork(gid, inside)


def test_notes_are_kept_apart_and_appear_in_the_story(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="notes").game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    ledger.act(gid, seat, legal_json(ledger, gid, seat)[0])
    before = [e.hash for e in ledger.entries(gid)]
    assert ledger.annotate(gid, 8, "was this draw legal?", author="Ana") == 1
    assert ledger.annotate(gid, 8, "yes: hand below 3", author="Ben") == 2
    assert [e.hash for e in ledger.entries(gid)] == before  # the game's stream is untouched
    assert verify_game(ledger, gid).ok
    loaded = ledger.load(gid)
    notes = notes_by_position(ledger, gid)
    story = walk(loaded.game, ledger.entries(gid), None, StoryLines(), notes=notes)
    assert "✎ Ana: was this draw legal?" in story
    md = export_text(ledger, gid, "md")
    assert "yes: hand below 3" in md
    with pytest.raises(ValueError, match="no position"):
        ledger.annotate(gid, 999, "too far")
    with pytest.raises(ValueError, match="text"):
        ledger.annotate(gid, 2, "   ")


def test_over_http_only_a_finished_game_can_be_forked_and_notes_are_readable(
    ledger: WizardLedger, client: TestClient
) -> None:
    table = new_table(client, 2, seed="http-fork", options={"rounds_to_win": 1})
    anonymous = client.post(f"/tables/{table.game_id}/fork", params={"at": 2})
    assert anonymous.status_code == 401
    refused = client.post(f"/tables/{table.game_id}/fork", params={"at": 2}, headers=table.auth(0))
    assert refused.status_code == 409
    assert refused.json()["code"] == "game_running"
    play(ledger, table.game_id)
    branch = client.post(f"/tables/{table.game_id}/fork", params={"at": 7}, headers=table.auth(1))
    assert branch.status_code == 201, branch.text
    new_id = branch.json()["game_id"]
    assert client.get(f"/tables/{new_id}/state").json()["status"] == "running"
    ledger.annotate(table.game_id, 7, "the branch point")
    notes = client.get(f"/tables/{table.game_id}/annotations").json()
    assert notes[0]["at"] == 7 and notes[0]["text"] == "the branch point"
    story = client.get(f"/tables/{table.game_id}/replay").text
    assert "the branch point" in story


def test_a_branch_of_a_branch_never_reuses_a_seed_that_is_still_secret(sqlite_url: str) -> None:
    """G runs; B branches from G (fresh dice) and ends; C branches from B at a point
    before B's own branch mark, where the dice are still G's secret ones."""
    ledger = WizardLedger(sqlite_url)
    g = ledger.create_game("ultimate", 2, seed="secret-g", options={"rounds_to_win": 1}).game_id
    play_until(ledger, g, actions=6)
    b = ledger.fork(g, _action_positions(ledger, g)[4] - 1).game_id
    play_until(ledger, b, seed=2)
    assert state_json(ledger, b)["status"] == "finished"
    c = ledger.fork(b, _action_positions(ledger, b)[2] - 1).game_id
    marks = [e.event for e in ledger.entries(c) if isinstance(e.event, GameForked)]
    assert marks[-1].seed_commitment  # fresh dice, not G's
    play_until(ledger, c, seed=3)
    revealed = ledger.entries(c)[-1].event
    assert isinstance(revealed, SeedRevealed) and revealed.seed != "secret-g"
    assert verify_game(ledger, c).ok


def test_an_edited_note_is_found_by_verify(sqlite_url: str) -> None:
    import sqlite3
    from uuid import uuid5

    from services.store.side_streams import NOTES_NS

    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="note-chain").game_id
    ledger.annotate(gid, 2, "first")
    ledger.annotate(gid, 3, "second")
    assert "annotations" in verify_game(ledger, gid).checks
    path = sqlite_url.removeprefix("sqlite:///")
    nid = uuid5(NOTES_NS, gid.hex).hex
    with sqlite3.connect(path) as db:
        state = db.execute(
            "SELECT state FROM stored_annotations WHERE originator_id=? AND originator_version=1",
            (nid,),
        ).fetchone()[0]
        note = msgspec.msgpack.decode(state)
        note["text"] = "rewritten"
        db.execute(
            "UPDATE stored_annotations SET state=? WHERE originator_id=? AND originator_version=1",
            (msgspec.msgpack.encode(note), nid),
        )
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert (report.first().check, report.first().position) == ("annotation", 2)  # type: ignore[union-attr]


def _fork_line(ledger: WizardLedger, branch: object) -> tuple[str, str]:
    """The branch's mark as the story and as the log say it."""
    loaded = ledger.load(branch)  # type: ignore[arg-type]
    entries = ledger.entries(branch)  # type: ignore[arg-type]
    story = walk(loaded.game, entries, None, StoryLines())
    told = next(line for line in story.splitlines() if "forked from game" in line)
    logged = next(e["text"] for e in log_json(ledger, branch) if e["type"] == "GameForked")  # type: ignore[arg-type]
    return told, logged


def test_a_branch_of_a_table_mode_game_says_its_chance_still_comes_from_the_table(
    sqlite_url: str,
) -> None:
    """A table-mode game has no seed: its branch neither keeps the original's
    dice nor rolls fresh ones, and its story and log say what is true."""

    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", ["Ann", "Bob"], setup=TABLE_POSITION, table=True).game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    ledger.act(gid, seat, legal_json(ledger, gid, seat)[0])
    at = ledger.load(gid).version
    branch = ledger.fork(gid, at).game_id
    for said in _fork_line(ledger, branch):
        assert f"forked from game {gid} at position {at}" in said
        assert "its chance still comes from the table" in said
        assert "dice" not in said and "seed" not in said


def test_a_branch_of_a_finished_seeded_game_says_it_keeps_the_originals_dice(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="kept", options={"rounds_to_win": 1}).game_id
    play_until(ledger, gid, seed=2)
    at = _action_positions(ledger, gid)[3] - 1
    branch = ledger.fork(gid, at).game_id
    for said in _fork_line(ledger, branch):
        assert f"forked from game {gid} at position {at}, with the original's dice" in said
