"""Positions and a table's own data through the store, the CLI and the HTTP API."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from domain.kernel import ActionTaken, GameStarted, SetupError
from domain.kernel.data import data_hash
from services.ledger import WizardLedger
from services.reads import toml_out
from services.review.verify import _check_data, verify_game
from tests.services.api_tables import new_table
from tests.services.playing import QUICK, play
from tools.cli import app

runner = CliRunner()


def cli(store: str, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--store", store, *args])
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def action_boundaries(ledger: WizardLedger, gid: Any) -> list[int]:
    """Positions just before an action: where a position may be written."""
    entries = ledger.entries(gid)
    return [e.position - 1 for e in entries if isinstance(e.event, ActionTaken)]


def test_the_toml_writer_reads_back_exactly() -> None:
    document = {
        "round": 2,
        "flag": True,
        "name": 'quote " and back\\slash, tab\t, é',
        "hands": [["a", "b"], []],
        "long": [f"card_{i}" for i in range(30)],
        "attack": {"attacker": 0, "hits": [{"target": 1, "damage": 2}]},
        "effects": [{"kind": "poison", "seat": 1}, {"kind": "veiled", "seat": 0}],
        "cards": {"fireball": {"name": "Boule de feu"}, "odd key": {"name": "x"}},
        "empty": [],
    }
    text = toml_out.dumps(document)
    assert tomllib.loads(text) == document
    assert 'hands = [["a", "b"], []]' in text  # a hand stays on one line


def test_a_position_from_the_cli_opens_the_same_state_and_plays_on(
    sqlite_url: str, tmp_path: Path
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 3, seed="positions", options=QUICK).game_id
    play(ledger, gid, actions=25, seed=3)
    at = action_boundaries(ledger, gid)[-4]
    text = cli(sqlite_url, "position", str(gid), "--at", str(at)).stdout
    assert text.startswith(f"# ultimate position {at} of game {gid}")
    assert "-o round_health=5 -o rounds_to_win=1" in text.splitlines()[1]
    file = tmp_path / "pos.toml"
    file.write_text(text)
    options = ["-o", "round_health=5", "-o", "rounds_to_win=1"]
    new = cli(
        sqlite_url, "new", "ultimate", "--players", "3", "--setup", str(file), *options
    ).stdout.strip()
    fresh = WizardLedger(sqlite_url)
    then = fresh.load(gid, at).fold.state
    opened = fresh.load(new).fold.state
    assert msgspec.to_builtins(opened) == msgspec.to_builtins(then)
    assert verify_game(fresh, new).ok


def test_a_position_inside_an_action_is_refused(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="inside").game_id
    play(ledger, gid, actions=2)
    inside = action_boundaries(ledger, gid)[0] - 1  # within the opening's events
    result = cli(sqlite_url, "position", str(gid), "--at", str(inside), code=2)
    assert "inside an action's consequences" in json.loads(result.stderr)["message"]


def test_a_running_games_position_is_redacted_over_http(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client, seed="redact")
    state = ledger.load(t.game_id).fold.state
    mine, theirs = state.wizards[0].hand, state.wizards[1].hand
    spectator = client.get(f"/tables/{t.game_id}/position").json()
    assert spectator["redacted"] is True
    assert spectator["setup"]["hands"] == [["?"] * len(mine), ["?"] * len(theirs)]
    assert set(spectator["setup"]["draw_pile"]) == {"?"}
    seat0 = client.get(f"/tables/{t.game_id}/position", headers=t.auth(0)).json()
    assert seat0["setup"]["hands"] == [list(mine), ["?"] * len(theirs)]
    toml = client.get(f"/tables/{t.game_id}/position", params={"format": "toml"}).text
    assert "# redacted" in toml and not any(card in toml for card in (*mine, *theirs))
    assert client.get(f"/tables/{t.game_id}/position", params={"at": 2}).status_code == 422
    play(ledger, t.game_id)  # to the end: now everyone sees it whole
    whole = client.get(f"/tables/{t.game_id}/position").json()
    assert whole["redacted"] is False and "?" not in json.dumps(whole["setup"])


def test_a_tables_own_data_is_validated_stored_bound_and_verified(
    sqlite_url: str, tmp_path: Path
) -> None:
    template = cli(sqlite_url, "data", "ultimate", "--export").stdout
    data = tomllib.loads(template)
    assert data["cards"]["fireball"] == {"name": "Boule de feu"}
    data["cards"]["fireball"]["name"] = "Fireball"
    file = tmp_path / "cards.toml"
    file.write_text(toml_out.dumps(data))
    gid = cli(
        sqlite_url, "new", "ultimate", "--players", "2", "--seed", "d", "--data", str(file)
    ).stdout.strip()
    ledger = WizardLedger(sqlite_url)
    started = ledger.entries(gid, lte=1)[0].event
    assert isinstance(started, GameStarted)
    assert started.data == data and started.data_hash == data_hash(data)
    assert ledger.load(gid).game.view(ledger.load(gid).fold.state, None)["card_names"][0] == (
        "Fireball"
    )
    play(ledger, gid, actions=6)
    branch = ledger.fork(gid, action_boundaries(ledger, gid)[-1])
    assert ledger.entries(branch.game_id, lte=1)[0].event.data == data  # type: ignore[attr-defined]
    report = verify_game(ledger, gid)
    assert report.ok and report.checks
    # An edited data file no longer matches its hash; verify says so.
    edited = msgspec.structs.replace(started, data={"cards": {"fireball": {"name": "X"}}})
    problem = _check_data(ledger.load(gid).game, edited)
    assert problem is not None and "does not match its hash" in str(problem)
    bad = tmp_path / "bad.toml"
    bad.write_text('[cards.banana]\nname = "Banane"\n')
    result = cli(sqlite_url, "new", "ultimate", "--players", "2", "--data", str(bad), code=2)
    assert "cards.banana: no such card" in json.loads(result.stderr)["message"]


def test_data_orders_and_drew_over_http(client: TestClient, ledger: WizardLedger) -> None:
    template = client.get("/games/ultimate/data").json()
    assert len(template["cards"]) == 16
    r = client.post(
        "/tables",
        json={
            "game": "ultimate",
            "players": 2,
            "table": True,
            "data": template,
            "drew": ["fireball", "explosion", "shield", "mirror"],
            "dice": [2],
        },
    )
    assert r.status_code == 201, r.text
    body = r.json()
    gid, token = body["game_id"], body["seats"][1]["token"]
    state = ledger.load(gid).fold.state
    assert state.wizards[0].hand == ("fireball", "explosion") and state.active == 1
    # The draw pile is face down in unknown order: the draw names its card.
    refused = client.post(
        f"/tables/{gid}/act",
        json={"seat": 1, "command": {"type": "Draw"}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert refused.status_code == 409 and refused.json()["code"] == "dice_required"
    assert "the card drawn from the draw pile" in refused.json()["message"]
    drawn = client.post(
        f"/tables/{gid}/act",
        json={"seat": 1, "command": {"type": "Draw"}, "drew": ["lightning"]},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert drawn.status_code == 200, drawn.text
    assert ledger.load(gid).fold.state.wizards[1].hand[-1] == "lightning"
    ordered = client.post(
        "/tables",
        json={"game": "ultimate", "players": 2, "table": True, "orders": [list(range(16))]},
    )
    assert ordered.status_code == 422 and "first player" in ordered.json()["message"]
    ok = client.post(
        "/tables",
        json={
            "game": "ultimate",
            "players": 2,
            "table": True,
            "orders": [list(range(15, -1, -1))],
            "dice": [1],
        },
    )
    assert ok.status_code == 201
    hand = ledger.load(ok.json()["game_id"]).fold.state.wizards[0].hand
    assert hand == ("mind_control", "absorption")  # the reversed deck's first two


@pytest.mark.parametrize(
    ("drew", "why"),
    [
        (
            ["fireball", "Boule de feu", "shield", "mirror"],
            r"card 2 .* it is not there \(already named as card 1\)",
        ),
        (["banana"], r"no card is called 'banana' \(card 1 of those named as drawn\)"),
        (["fireball", "explosion", "shield", "Bananë"], r"no card is called 'Bananë' \(card 4 "),
    ],
)
def test_a_card_that_cannot_be_there_is_refused_at_creation(
    ledger: WizardLedger, drew: list[str], why: str
) -> None:
    from domain.kernel import IllegalCommand

    with pytest.raises(IllegalCommand, match=why):
        ledger.create_game("ultimate", 2, table=True, drew=drew, dice=[1])
    assert ledger.game_ids() == []


def test_a_finished_games_position_opens_a_table_over_http(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client, seed="http-position")
    play(ledger, t.game_id, actions=9, seed=5)
    at = action_boundaries(ledger, t.game_id)[-1]
    play(ledger, t.game_id)  # to the end: the position is no longer secret
    shown = client.get(f"/tables/{t.game_id}/position", params={"at": at}).json()
    assert shown["redacted"] is False and shown["position"] == at
    r = client.post(
        "/tables",
        json={"game": "ultimate", "players": 2, "options": QUICK, "setup": shown["setup"]},
    )
    assert r.status_code == 201, r.text
    opened = ledger.load(r.json()["game_id"]).fold.state
    then = ledger.load(t.game_id, at).fold.state
    assert msgspec.to_builtins(opened) == msgspec.to_builtins(then)
    broken = {**shown["setup"], "effects": [{"kind": "haste", "seat": 0}]}
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "setup": broken})
    assert r.status_code == 422 and "effects[0].kind" in r.json()["message"]


def test_a_setup_file_may_name_what_the_tables_own_data_defines(sqlite_url: str) -> None:
    """orctower: a table that renamed Smash to Crush enters a position naming Crush."""
    from domain.games import get_game

    game = get_game("orctower")
    template = game.data_template()
    spells = [
        dict(s, id="crush", name="Crush") if s["id"] == "smash" else s for s in template["spells"]
    ]
    data = {**template, "spells": spells}
    setup = {"seats": [{"hand": ["crush", "zap"]}, {}]}
    ledger = WizardLedger(sqlite_url)
    created = ledger.create_game("orctower", 2, seed="crush", setup=setup, data=data)
    state = ledger.load(created.game_id).fold.state
    assert state.seats[0].hand[:2] == ("crush.01", "zap.01")
    assert verify_game(ledger, created.game_id).ok
    # Without the table's data, the same file names a card the game does not have.
    with pytest.raises(SetupError, match="crush"):
        ledger.create_game("orctower", 2, seed="crush2", setup=setup)


def test_a_table_games_position_says_how_to_open_it_at_the_table(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Its players by name and --table, so the face-down cards it leaves out lie
    face down again; a seat's redacted file says it opens only once filled in."""
    ledger = WizardLedger(sqlite_url)
    drew = ["fireball", "explosion", "shield", "mirror"]
    gid = ledger.create_game("ultimate", ["Ann", "Bob"], table=True, drew=drew, dice=[1]).game_id
    ledger.act(gid, 0, {"type": "Draw"}, drew=["Éclair"])
    text = cli(sqlite_url, "position", str(gid)).stdout
    opening = text.splitlines()[1]
    assert opening == "# open it with: wizards new ultimate --names 'Ann,Bob' --table --setup FILE"
    assert "# table mode: cards face down in unknown order are not listed" in text
    file = tmp_path / "pos.toml"
    file.write_text(text)
    opened = cli(
        sqlite_url, "new", "ultimate", "--names", "Ann,Bob", "--table", "--setup", str(file)
    )
    again = WizardLedger(sqlite_url).load(opened.stdout.strip()).fold
    assert again.started.players == ("Ann", "Bob") and again.started.mode == "table"
    assert again.state.draw_unknown == 11  # face down again, not shuffled by a seed
    redacted = cli(sqlite_url, "position", str(gid), "--seat", "1").stdout.splitlines()
    assert redacted[1].startswith("# redacted: '?' marks what this seat may not see")
    assert redacted[2].startswith("# it opens only once each '?' is replaced, with: wizards new")
