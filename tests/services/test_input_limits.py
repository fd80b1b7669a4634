"""Input beyond the bounds of ``services/limits.py`` is refused by name, each case
against a real SQLite store: sizes checked before allocating, integers beyond 64
bits, setup orders that are not permutations, deeply nested input (a 4xx problem
over HTTP, a problem on the CLI, never a 500).

A store damaged under the ledger (snapshots, heads): ``store/test_damaged_store.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from services.ledger import WizardLedger
from services.limits import MAX_BODY_BYTES, MAX_DEPTH, MAX_SEED
from tests.services.api_tables import new_table

HUGE = "9223372036854775808"  # 2**63: one past SQLite's and PostgreSQL's bigint


def _problem(r: object) -> dict[str, object]:
    body: dict[str, object] = r.json()  # type: ignore[attr-defined]
    return body


# ------------------------------------------------------------ request sizes


def test_a_huge_player_count_is_refused_before_any_seat_is_built(client: TestClient) -> None:
    r = client.post("/tables", json={"game": "ultimate", "players": 5_000_000})
    assert r.status_code == 422
    assert "players" in _problem(r)["detail"]  # type: ignore[operator]


def test_the_ledger_checks_the_player_count_before_naming_seats(ledger: WizardLedger) -> None:
    # A count that would need gigabytes of names fails at once in the ledger too.
    with pytest.raises(ValueError, match="2–4 players"):
        ledger.create_game("ultimate", 10**12)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", "s" * (MAX_SEED + 1)),
        ("players", ["p"] * 1000),
        ("dice", [1] * 20_000),
        ("options", {f"o{i}": 1 for i in range(1000)}),
    ],
)
def test_every_field_of_a_new_table_is_bounded(
    client: TestClient, field: str, value: object
) -> None:
    body = {"game": "ultimate", "players": 2, field: value}
    r = client.post("/tables", json=body)
    assert r.status_code == 422, r.text
    assert field in _problem(r)["detail"]  # type: ignore[operator]


def test_the_ledger_refuses_a_long_seed(ledger: WizardLedger) -> None:
    # A 10 MB seed would be stored, then published in SeedRevealed at the end.
    with pytest.raises(ValueError, match="seed"):
        ledger.create_game("ultimate", 2, seed="x" * (MAX_SEED + 1))


def test_an_oversized_body_is_refused_before_it_is_read(client: TestClient) -> None:
    big = json.dumps({"game": "ultimate", "players": 2, "setup": {"x": "a" * MAX_BODY_BYTES}})
    r = client.post("/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert _problem(r)["code"] == "body_too_large"


def test_act_fields_are_bounded(client: TestClient) -> None:
    t = new_table(client)
    url = f"/tables/{t.game_id}/act"
    for extra in ({"dice": [1] * 20_000}, {"orders": [[0]] * 2000}, {"seat": 10**30}):
        body = {"seat": 0, "command": {"type": "Draw"}, **extra}
        r = client.post(url, json=body, headers=t.auth(0))
        assert r.status_code == 422, (extra.keys(), r.text)


def test_a_deeply_nested_command_is_a_clear_error(client: TestClient) -> None:
    t = new_table(client)
    command: dict[str, object] = {"type": "Draw"}
    inner = command
    for _ in range(MAX_DEPTH + 5):
        inner["x"] = {}
        inner = inner["x"]  # type: ignore[assignment]
    r = client.post(
        f"/tables/{t.game_id}/act", json={"seat": 0, "command": command}, headers=t.auth(0)
    )
    assert r.status_code == 422
    assert "nested" in _problem(r)["detail"]  # type: ignore[operator]


# --------------------------------------------------- integers beyond 64 bits


def test_integers_beyond_64_bits_are_422_not_500(client: TestClient) -> None:
    t = new_table(client)
    for method, url in (
        ("GET", f"/tables/{t.game_id}/state?at={HUGE}"),
        ("GET", f"/tables/{t.game_id}/replay?to={HUGE}"),
        ("POST", f"/tables/{t.game_id}/fork?at={HUGE}"),
        ("GET", f"/tables/{t.game_id}/events?after={HUGE}"),
        ("GET", f"/tables?offset={HUGE}"),
        ("GET", f"/tables/{t.game_id}/state?seat={HUGE}"),
    ):
        r = client.request(method, url, headers=t.auth(0))
        assert r.status_code == 422, (url, r.status_code, r.text)


def test_a_last_event_id_of_thousands_of_digits_is_422(client: TestClient) -> None:
    t = new_table(client)
    for value in ("9" * 5000, HUGE):
        r = client.get(f"/tables/{t.game_id}/events", headers={"Last-Event-ID": value})
        assert r.status_code == 422, r.text
        assert _problem(r)["code"] == "bad_position"


# ------------------------------------------------------------ setup files


def test_setup_orders_must_be_permutations(ledger: WizardLedger, client: TestClient) -> None:
    with pytest.raises(ValueError, match="permutation"):
        ledger.create_game("spellwars", 2, setup={"orders": [[0, 0, 0]]})
    r = client.post(
        "/tables", json={"game": "spellwars", "players": 2, "setup": {"orders": [[0, 0, 0]]}}
    )
    assert r.status_code == 422
    assert "permutation" in _problem(r)["detail"]  # type: ignore[operator]
    assert ledger.game_ids() == []


def test_a_deeply_nested_setup_file_is_a_json_error(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tools.cli import app

    setup = tmp_path / "deep.toml"
    setup.write_text("a = " + "[" * 2000 + "]" * 2000 + "\n")
    result = CliRunner().invoke(
        app,
        [
            "--store",
            f"sqlite:///{tmp_path / 'w.db'}",
            "new",
            "ultimate",
            "-p",
            "2",
            "--setup",
            str(setup),
        ],
    )
    assert result.exit_code == 2
    error = json.loads(result.stderr)
    assert error["code"] == "bad_setup"
    assert "nested" in error["detail"]


def test_a_deeply_nested_setup_over_http_is_a_clear_error(client: TestClient) -> None:
    setup: dict[str, object] = {}
    inner = setup
    for _ in range(MAX_DEPTH + 5):
        inner["x"] = {}
        inner = inner["x"]  # type: ignore[assignment]
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "setup": setup})
    assert r.status_code == 422
    assert "nested" in _problem(r)["detail"]  # type: ignore[operator]


def test_the_cli_answers_integers_beyond_64_bits_with_a_problem(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tools.cli import app

    runner = CliRunner()
    store = ["--store", f"sqlite:///{tmp_path / 'w.db'}"]
    gid = runner.invoke(app, [*store, "new", "ultimate", "-p", "2"]).stdout.strip()
    for args in (
        ["state", gid, "--at", HUGE],
        ["replay", gid, "--to", HUGE],
        ["fork", gid, "--at", HUGE],
    ):
        result = runner.invoke(app, [*store, *args])
        assert result.exit_code == 2, (args, result.output)
        assert "no position" in json.loads(result.stderr)["detail"]
