"""Tables whose opening waits for seats' cards are listed, as dealing.

Nothing is in such a game's stream until every seat has named its cards, so
the lists of games (``GET /tables``, ``wizards list``, the lobby) found it
nowhere; each opening held is now listed in a record of its own, written with
the opening's hold."""

from __future__ import annotations

import threading
from pathlib import Path
from uuid import UUID

from fastapi.testclient import TestClient

from services.ledger import WizardLedger
from services.reads.lobby import listed_games
from tests.tools.wizards_cli import Wizards


def _dealing(ledger: WizardLedger, names: list[str]) -> str:
    created = ledger.create_game("ultimate", names, table=True, chance_by="seats", dice=[1])
    return str(created.game_id)


def test_a_table_being_dealt_is_listed_with_whom_it_waits_for(
    client: TestClient, ledger: WizardLedger
) -> None:
    seeded = str(ledger.create_game("ultimate", ["Dee", "Eve"], seed="s").game_id)
    gid = _dealing(ledger, ["Ann", "Bob", "Cy"])
    ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"])
    listed = client.get("/tables?order=newest")
    assert listed.headers["X-Total-Count"] == "2"
    first, second = listed.json()
    assert (first["game_id"], second["game_id"]) == (gid, seeded)
    assert first["status"] == "dealing" and first["events"] == 0
    assert first["status_text"] == "dealing — waiting for Bob's and Cy's cards"
    assert first["waiting_names"] == ["Bob", "Cy"] and first["started_at"]
    assert client.get(f"/tables/{gid}").json()["status_text"] == first["status_text"]
    # The table's own state says so too (its list and its page agree).
    assert client.get(f"/tables/{gid}/state").json()["status"] == "dealing"
    assert second["status"] == "running" and second["status_text"] == "running"
    # Dealt: running, among the stored games, listed once.
    ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"])
    ledger.act(gid, 2, None, drew=["Éclair", "Malédiction"])
    again = client.get("/tables?order=newest").json()
    assert [t["game_id"] for t in again] == [gid, seeded]
    assert again[0]["status"] == "running" and again[0]["events"] > 0
    assert client.get(f"/tables/{gid}/state").json()["status"] == "running"


def test_wizards_list_shows_a_table_being_dealt(tmp_path: Path) -> None:
    wizards = Wizards(f"sqlite:///{tmp_path / 'cli.db'}")
    gid = _dealing(WizardLedger(wizards.store), ["Ann", "Bob"])
    line = next(line for line in wizards("list").stdout.splitlines() if line.startswith(gid))
    assert "Ann, Bob" in line and "dealing — waiting for Ann's and Bob's cards" in line
    assert "0 events" in line
    [row] = wizards.json("list", "--json")
    assert row["status"] == "dealing" and row["waiting_names"] == ["Ann", "Bob"]


def test_tables_opened_at_once_are_each_listed_once(store_url: str) -> None:
    first, second = WizardLedger(store_url), WizardLedger(store_url)
    # The second reads the list before the first writes: it loses the race for
    # the list's next row, and is written again after it.
    stale = first.holds._openings_listed()
    one = _dealing(first, ["Ann", "Bob"])
    real = type(second.holds)._openings_listed
    reads: list[int] = []

    def read_once_stale() -> int:
        reads.append(real(second.holds))
        return stale if len(reads) == 1 else reads[-1]

    second.holds._openings_listed = read_once_stale  # type: ignore[method-assign]
    created = second.create_game("ultimate", ["Cy", "Dee"], table=True, chance_by="seats", dice=[1])
    two = str(created.game_id)
    assert reads == [1, 1]  # refused once at the stale row, then written after the first
    assert listed_games(first) == [UUID(one), UUID(two)]
    # Its secrets were written once, with the list's row: its tokens work.
    for seat, token in created.seats:
        first.check_token(created.game_id, seat, token)
    assert second.holds.hold_of(two) is not None
    ledgers = [WizardLedger(store_url) for _ in range(4)]
    start = threading.Barrier(len(ledgers))
    made: list[str] = []

    def open_one(ledger: WizardLedger) -> None:
        start.wait()
        made.append(_dealing(ledger, ["Eve", "Fay"]))

    threads = [threading.Thread(target=open_one, args=(led,)) for led in ledgers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    listed = [str(g) for g in listed_games(first)]
    assert len(made) == 4 and sorted(listed[2:]) == sorted(made) and len(listed) == 6


def test_a_table_being_dealt_is_said_in_the_language_asked(
    client: TestClient, ledger: WizardLedger, tmp_path: Path
) -> None:
    """The lobby's words for a table being dealt, and ``wizards --lang fr list``."""
    gid = _dealing(ledger, ["Ann", "Bob", "Cy"])
    ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"])
    french = client.get(f"/tables/{gid}", headers={"Accept-Language": "fr"}).json()
    assert french["status_text"] == "distribution — on attend les cartes de Bob et de Cy"
    assert french["status"] == "dealing"  # the data a program reads stays
    wizards = Wizards(f"sqlite:///{tmp_path / 'cli.db'}")
    dealt = _dealing(WizardLedger(wizards.store), ["Ann", "Bob"])
    line = next(
        line
        for line in wizards("--lang", "fr", "list").stdout.splitlines()
        if line.startswith(dealt)
    )
    assert "distribution — on attend les cartes d'Ann et de Bob" in line and "0 événement" in line
