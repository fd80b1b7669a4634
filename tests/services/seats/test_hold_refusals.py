"""Refused entries at a table whose seats enter their own draws are kept.

A seat that names a card another seat named is refused ("it is not there"),
which tells it something about that seat's hand. Each such refusal is kept
beside the hold record (who, when, what it named, what it was told), so a
referee sees a seat probing; keeping it changes nothing else: not the hold,
not the game's events, not a valid entry sent at the same moment."""

from __future__ import annotations

import threading
from typing import Any

import msgspec
import pytest

from domain.kernel import IllegalCommand
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.seat_draws import fireball_played


def _held_decline(ledger: WizardLedger) -> str:
    """Ann's fireball, then Bob's Decline held for the two cards Ann draws."""
    gid = fireball_played(ledger)
    assert ledger.act(gid, 1, {"type": "Decline"}, drew=["Bouclier", "Miroir"], dice=[1]) == []
    return gid


def _events(ledger: WizardLedger, gid: str) -> list[Any]:
    """The game's events as data (no times, hashes or salts)."""
    return [msgspec.to_builtins(e.event) for e in ledger.entries(gid)]


def test_a_refused_entry_is_kept_and_changes_nothing_else(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, twin = _held_decline(ledger), _held_decline(ledger)
    rows = ledger.holds.hold_rows(gid)
    # Ann names Bouclier, which Bob named: refused, without saying who has it.
    with pytest.raises(IllegalCommand) as refused:
        ledger.act(gid, 0, None, drew=["Bouclier", "Explosion"])
    assert "'Bouclier' cannot have come from the draw pile" in refused.value.message
    [(number, kept)] = ledger.holds.hold_refusals(gid)
    assert number == 1 and kept.seat == 0 and kept.drew == ("Bouclier", "Explosion")
    assert kept.code == refused.value.code and kept.message == refused.value.message
    assert kept.after == rows and kept.command is None and kept.when
    # The hold is as it was: still waiting for Ann, no row added.
    assert ledger.holds.hold_rows(gid) == rows and ledger.holds.hold_of(gid).waiting == (0,)  # type: ignore[union-attr]
    # Her real cards complete Bob's command, as at the twin table with no slip.
    done = ledger.act(gid, 0, None, drew=["Éclair", "Explosion"])
    ledger.act(twin, 0, None, drew=["Éclair", "Explosion"])
    assert done and ledger.holds.hold_of(gid) is None
    assert _events(ledger, gid) == _events(ledger, twin)
    assert verify_game(ledger, gid).ok and ledger.holds.hold_refusals(twin) == []


def test_only_what_names_values_or_is_an_entry_is_kept(sqlite_url: str) -> None:
    """A plain command refused (not its turn, nothing named) is no entry."""
    ledger = WizardLedger(sqlite_url)
    gid = _held_decline(ledger)
    with pytest.raises(IllegalCommand):
        ledger.act(gid, 1, {"type": "Draw"})
    with pytest.raises(IllegalCommand):
        ledger.act(gid, 1, None)  # Bob's values again, with none: an entry all the same
    with pytest.raises(IllegalCommand):
        ledger.act(gid, 1, {"type": "Draw"}, drew=["Éclair"])
    kept = [(r.seat, r.command, r.drew) for _, r in ledger.holds.hold_refusals(gid)]
    assert kept == [(1, None, ()), (1, {"type": "Draw"}, ("Éclair",))]


def test_a_refusal_and_a_valid_entry_at_the_same_moment_both_stand(store_url: str) -> None:
    """The refusal's write lands between the valid entry's read and write of
    the hold record: both are stored, the entry completes the opening."""
    first, second = WizardLedger(store_url), WizardLedger(store_url)
    gid = str(
        first.create_game(
            "ultimate", ["Ann", "Bob"], table=True, chance_by="seats", dice=[1]
        ).game_id
    )
    first.act(gid, 0, None, drew=["Bouclier", "Miroir"])
    real = type(second.holds)._write_held
    refused: list[IllegalCommand] = []

    def refusal_meanwhile(*args: Any, **kwargs: Any) -> Any:
        # Ann, at another device, sends her cards again with a slip.
        try:
            first.act(gid, 0, None, drew=["Bouclier", "Bouclier"])
        except IllegalCommand as e:
            refused.append(e)
        return real(second.holds, *args, **kwargs)

    second.holds._write_held = refusal_meanwhile  # type: ignore[method-assign]
    entries = second.act(gid, 1, None, drew=["Éclair", "Explosion"])
    assert refused and entries[0].position == 1  # GameStarted: the deal is complete
    assert second.counters.conflicts == 0  # the refusal took no row of the hold record
    assert [r.seat for _, r in first.holds.hold_refusals(gid)] == [0]
    assert verify_game(first, gid).ok


def test_refusals_sent_at_once_are_each_kept(store_url: str) -> None:
    ledgers = [WizardLedger(store_url) for _ in range(4)]
    gid = _held_decline(ledgers[0])
    start = threading.Barrier(len(ledgers))
    codes: list[str] = []

    def probe(ledger: WizardLedger) -> None:
        start.wait()
        try:
            ledger.act(gid, 0, None, drew=["Miroir", "Explosion"])
        except IllegalCommand as e:
            codes.append(e.code)

    threads = [threading.Thread(target=probe, args=(led,)) for led in ledgers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(codes) == len(ledgers)
    kept = ledgers[0].holds.hold_refusals(gid)
    assert [n for n, _ in kept] == [1, 2, 3, 4] and {r.seat for _, r in kept} == {0}
    assert ledgers[0].holds.hold_of(gid) is not None
