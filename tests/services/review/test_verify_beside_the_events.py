"""``verify`` over the records kept beside a game's events, each tampered with in
a real SQLite store as someone with write access to the file would: the hold
record and its refused entries, a table's data file with its hash recomputed,
an action's key changed with the chain recomputed; and what verify cannot see,
said rather than passed over."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import IllegalCommand
from domain.kernel.data import data_hash
from services.ledger import WizardLedger
from services.review.verify import Report, verify_game
from services.seats.hold import Hold, Refused
from services.store.codec import GENESIS
from services.store.values import Secrets
from tests.services.review.forgery import heads_made_good, rewrite_stream


@contextmanager
def _db(path: Path) -> Iterator[sqlite3.Connection]:
    with sqlite3.connect(path) as db:
        yield db


def _path(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))


def _first(report: Report) -> Any:
    first = report.first()
    assert first is not None, "verify passed"
    return first


# ------------------------------------------------------------ the hold record


def _held_table(url: str) -> str:
    """Ann casts her fireball at Bob (a row of the hold record, done); Bob declines
    and names his new cards (held for Ann's); Ann slips (refused, kept), then
    names hers: the command is stored, its row bound into its action."""
    ledger = WizardLedger(url)
    position = {"hands": [["fireball", "lightning"], ["shield", "mirror"]], "health": [9, 1]}
    gid = str(
        ledger.create_game(
            "ultimate",
            ["Ann", "Bob"],
            table=True,
            chance_by="seats",
            setup={**position, "first": 0},
        ).game_id
    )
    ledger.act(gid, 0, {"type": "PlayCard", "card": "fireball", "target": 1})
    ledger.act(gid, 1, {"type": "Decline"}, drew=["Bouclier", "Miroir"], dice=[1])
    with pytest.raises(IllegalCommand):
        ledger.act(gid, 0, None, drew=["Bouclier", "Explosion"])  # Bob's: not there
    assert ledger.act(gid, 0, None, drew=["Éclair", "Explosion"])
    report = verify_game(WizardLedger(url), gid)
    assert report.ok and "hold record" in report.checks, report.first()
    return gid


_UPDATE_HOLD = "UPDATE stored_holds SET state=? WHERE originator_id=? AND originator_version=?"


def _side_rows(path: Path, topic: str) -> list[tuple[str, int, bytes]]:
    with _db(path) as db:
        return db.execute(
            "SELECT originator_id, originator_version, state FROM stored_holds "
            "WHERE topic=? ORDER BY originator_version",
            (topic,),
        ).fetchall()


def _edit_side(path: Path, topic: str, number: int, change: Callable[[Any], Any]) -> None:
    kind = Hold if topic == "wizards:hold" else Refused
    for stream, version, state in _side_rows(path, topic):
        if version == number:
            row = change(msgspec.msgpack.decode(state, type=kind))
            with _db(path) as db:
                db.execute(
                    _UPDATE_HOLD,
                    (msgspec.msgpack.encode(row), stream, version),
                )
            return
    raise AssertionError(f"no {topic} row {number}")


def _delete_side(path: Path, topic: str, numbers: Callable[[int], bool]) -> None:
    for stream, version, _ in _side_rows(path, topic):
        if numbers(version):
            with _db(path) as db:
                db.execute(
                    "DELETE FROM stored_holds WHERE originator_id=? AND originator_version=?",
                    (stream, version),
                )


@pytest.fixture
def held(sqlite_url: str) -> tuple[str, Path, str]:
    return sqlite_url, _path(sqlite_url), _held_table(sqlite_url)


def _verify(url: str, gid: str) -> Report:
    return verify_game(WizardLedger(url), gid)


def test_a_hold_row_edited_is_found(held: tuple[str, Path, str]) -> None:
    url, path, gid = held
    # Bob's entry made to name other cards.
    _edit_side(path, "wizards:hold", 2, lambda row: msgspec.structs.replace(row, drew=("x", "y")))
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "row 2 was edited" in str(first)


def test_a_hold_row_removed_is_found(held: tuple[str, Path, str]) -> None:
    url, path, gid = held
    _delete_side(path, "wizards:hold", lambda n: n == 2)
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "row 2 is missing" in str(first)


def test_a_hold_row_edited_with_its_chain_recomputed_is_found_at_its_action(
    held: tuple[str, Path, str],
) -> None:
    """Rows rewritten with their links made good: the row that completed the
    command is no longer the one its action carries."""
    from services.seats.hold import sealed

    url, path, gid = held
    rows = _side_rows(path, "wizards:hold")
    prev = GENESIS
    for stream, version, state in rows:
        row = msgspec.msgpack.decode(state, type=Hold)
        if version == 2:
            row = msgspec.structs.replace(row, drew=("shadow_veil", "thorns"))
        row = sealed(row, UUID(gid), version, prev)
        prev = row.hash
        with _db(path) as db:
            db.execute(
                _UPDATE_HOLD,
                (msgspec.msgpack.encode(row), stream, version),
            )
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "is not the one stored with the action" in str(first)


def test_the_last_rows_removed_with_the_row_of_the_last_action_are_found(
    held: tuple[str, Path, str],
) -> None:
    url, path, gid = held
    last = _side_rows(path, "wizards:hold")[-1][1]
    _delete_side(path, "wizards:hold", lambda n: n >= last)
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "missing from the hold record" in str(first)


def test_a_refused_entry_edited_is_found(held: tuple[str, Path, str]) -> None:
    """Ann's refusal unmarked as a try (to give her one more): the chain breaks."""
    url, path, gid = held
    _edit_side(path, "wizards:refused", 1, lambda no: msgspec.structs.replace(no, tried=False))
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "refused entries: row 1 was edited" in str(first)


def test_a_refused_entry_removed_is_found_by_the_row_after_it(
    held: tuple[str, Path, str],
) -> None:
    url, path, gid = held
    _delete_side(path, "wizards:refused", lambda n: True)
    first = _first(_verify(url, gid))
    assert first.check == "hold record" and "refused entries kept before" in str(first)


# ------------------------------------------------ the stream rewritten whole


def _table_with_data(url: str) -> str:
    """A Spell Wars table playing with its own data file, a few actions in."""
    ledger = WizardLedger(url)
    data = get_game("spellwars").data_template()
    gid = str(ledger.create_game("spellwars", 2, seed="own-data", data=data).game_id)
    for _ in range(3):
        loaded = ledger.load(gid)
        seat = int(loaded.fold.state.pending[0].seat)
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        ledger.act(gid, seat, msgspec.to_builtins(legal[0]))
    assert len(ledger.entries(gid)) < 100  # no snapshot to find it through
    return gid


def _renamed(position: int, body: dict[str, Any]) -> dict[str, Any] | None:
    """The table's data file edited (a card renamed) and its hash recomputed."""
    if position != 1:
        return None
    body["data"]["source"][0]["name"] = "Forgery"
    body["data_hash"] = data_hash(body["data"])
    return body


@pytest.mark.parametrize("every_head", [False, True])
def test_a_data_file_edited_with_its_hash_and_chain_recomputed_is_found_in_a_short_game(
    sqlite_url: str, every_head: bool
) -> None:
    gid = _table_with_data(sqlite_url)
    path = _path(sqlite_url)
    rewrite_stream(path, gid, _renamed)
    heads_made_good(path, gid, every=every_head)
    report = _verify(sqlite_url, gid)
    # The opening's hash kept at creation does not match; and unless every head
    # was made good, the earlier heads no longer reach the stream either.
    assert (_first(report).check, _first(report).position) == ("opening", 1)
    found = {p.check for p in report.problems}
    assert found == ({"opening"} if every_head else {"opening", "head"})


def test_an_actions_key_changed_with_the_chain_recomputed_is_found(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = str(ledger.create_game("ultimate", 2, seed="keys").game_id)
    for turn in range(3):
        loaded = ledger.load(gid)
        seat = int(loaded.fold.state.pending[0].seat)
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        ledger.act(gid, seat, msgspec.to_builtins(legal[0]), key=f"key-{turn}")
    first_action = next(
        e.position for e in ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"
    )

    def rekeyed(position: int, body: dict[str, Any]) -> dict[str, Any] | None:
        if position != first_action:
            return None
        return {**body, "key": "forged"}

    path = _path(sqlite_url)
    rewrite_stream(path, gid, rekeyed)
    heads_made_good(path, gid, every=False)
    first = _first(_verify(sqlite_url, gid))
    assert first.check == "head" and "rewritten after it" in str(first)
    assert first.position < len(ledger.entries(gid))


# ------------------------------------------------------ what it cannot see


def test_verify_says_what_it_cannot_see(held: tuple[str, Path, str]) -> None:
    url, _, gid = held
    ledger = WizardLedger(url)
    report = verify_game(ledger, gid)
    assert report.ok
    said = " ".join(report.as_json()["unseen"])
    assert "a stream cut at the end of an action together with its head rows" in said
    assert "after the last stored action are chained but bound to no event" in said
    last = ledger.entries(gid)[-1]
    kept = verify_game(ledger, gid, expect=f"{last.position}:{last.hash}")
    assert kept.ok and not any("--expect" in u for u in kept.as_json()["unseen"])


def test_a_record_from_before_the_chains_verifies_and_says_so(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The earlier release wrote hold rows with no links and kept no opening hash:
    such a game still verifies, and the report says what went unchecked."""
    import services.seats.desk as desk

    def unsealed(row: Any, gid: Any, number: int, prev: str) -> Any:
        return row

    monkeypatch.setattr(desk, "sealed", unsealed)
    gid = _held_table(sqlite_url)
    monkeypatch.undo()
    path = _path(sqlite_url)
    with _db(path) as db:
        for stream, version, state in db.execute(
            "SELECT originator_id, originator_version, state FROM stored_secrets"
        ).fetchall():
            secret = msgspec.structs.replace(
                msgspec.msgpack.decode(state, type=Secrets), opening=""
            )
            db.execute(
                "UPDATE stored_secrets SET state=? WHERE originator_id=? AND originator_version=?",
                (msgspec.msgpack.encode(secret), stream, version),
            )
    report = _verify(sqlite_url, gid)
    assert report.ok, report.first()
    said = " ".join(report.as_json()["unseen"])
    assert "rows of the hold record were kept before it had a chain" in said
    assert "the opening's hash was not kept" not in said  # a table of seats: its record binds it
    # A later entry there links on from the old rows, and the game still verifies.
    ledger = WizardLedger(sqlite_url)
    loaded = ledger.load(gid)
    assert verify_game(ledger, gid).ok and loaded.version > 1
