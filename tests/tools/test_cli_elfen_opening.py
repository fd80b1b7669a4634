"""Time travel through an Elfenwizards opening, as a referee does it from the CLI:
each position shows the table as the events up to it have set it, no further.
The set-up's events are #2 board, #3 guilds, #4 spells, #5 grey supply, #6 the
wizards, #7 the dragon roll and #8 the dragon; before #6 no pawn stands on the
board, and before #8 nobody holds the dragon."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


def wizards(store: str, *args: str) -> str:
    run = runner.invoke(app, ["--store", store, *args])
    assert run.exit_code == 0, run.output
    return run.stdout


def view_at(store: str, gid: str, at: int) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(wizards(store, "state", gid, "--at", str(at)))["view"]
    return view


def pawns(view: dict[str, Any]) -> list[str]:
    return [w["wizard"] for space in view["board"] for w in space["wizards"]]


def test_time_travel_through_the_opening_shows_each_piece_once_its_event_puts_it(
    tmp_path: Path,
) -> None:
    store = f"sqlite:///{tmp_path / 'opening.db'}"
    gid = wizards(
        store, "new", "elfenwizards", "--players", "3", "--names", "Ann,Bob,Cy", "--seed", "x"
    ).strip()
    log = json.loads(wizards(store, "log", gid))
    kinds = [e["type"] for e in log[:8]]
    assert kinds == [
        "GameStarted",
        "BoardLaidOut",
        "GuildsFormed",
        "SpellsHandedOut",
        "GreySupplyFilled",
        "WizardsPlaced",
        "DiceRolled",
        "DragonGiven",
    ]
    placed = [w["id"] for w in log[5]["event"]["wizards"]]
    rolled_seat = log[6]["event"]["values"][0] - 1

    # #1: the players sit at an empty table; nobody holds the dragon, nobody acts.
    first = view_at(store, gid, 1)
    assert pawns(first) == [] and first["dragon"] is None and first["to_act"] is None
    assert [g["dice_in_front"] for g in first["guilds"]] == [0, 0, 0]
    assert [g["minor_spells"] for g in first["guilds"]] == [0, 0, 0]
    assert first["grey_supply"] == 0

    # #4 hands out the spells, #5 fills the grey supply; still no pawn.
    spells = view_at(store, gid, 4)
    assert [(g["dice_in_front"], g["minor_spells"]) for g in spells["guilds"]] == [(7, 7)] * 3
    assert spells["grey_supply"] == 0 and pawns(spells) == []
    supply = view_at(store, gid, 5)
    assert supply["grey_supply"] == 12 and pawns(supply) == []

    # #6 puts every wizard on the pyramid; the dragon is still to be rolled for.
    six = view_at(store, gid, 6)
    assert sorted(pawns(six)) == sorted(placed) and len(placed) == 24
    assert view_at(store, gid, 7)["dragon"] is None

    # #8: the seat the roll at #7 named holds the dragon.
    assert view_at(store, gid, 8)["dragon"] == rolled_seat
    name = ["Ann", "Bob", "Cy"][rolled_seat]
    assert f"dragon: — → {name}" in wizards(store, "diff", gid, "6", "8")
    said = wizards(store, "diff", gid, "5", "6")
    assert f"{name} — " in said and "→" in said
