"""``GET /tables/{id}/holds`` over real HTTP: the hold record as each caller may read it.

While the game runs, the cards a seat named are its hidden hand: a seat reads
the values of its own entries, and of the others' only who, when and how
many; a spectator (a referee at the table) reads who, when and how many of
everyone's. Once the game is over, everything is public, as the log is."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from services.http.app import create_app
from services.http.schemas import HoldsOut
from services.ledger import WizardLedger
from services.reads.views import legal_json
from tests.services.live_server import LiveServer
from tests.services.seat_draws import enter_as_a_table, sends

# Bob at one life point with one round won: Ann's fireball wins her the round,
# and the next (at five life each) decides the match.
POSITION = {
    "hands": [["fireball", "lightning"], ["shield", "mirror"]],
    "health": [5, 1],
    "round_wins": [0, 1],
    "first": 0,
}
OPTIONS = {"rounds_to_win": 2, "round_health": "5"}
# Ann's cards and Bob's, every way they may be written.
ANNS = ("lightning", "Éclair", "explosion", "Explosion")
BOBS = ("shield", "Bouclier", "mirror", "Miroir")


@pytest.fixture
def http(ledger: WizardLedger) -> Iterator[httpx.Client]:
    with LiveServer(create_app(ledger, redis="off")) as server, server.client() as client:
        yield client


def _holds(http: httpx.Client, gid: str, token: str | None = None) -> tuple[dict[str, Any], str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = http.get(f"/tables/{gid}/holds", headers=headers)
    assert answer.status_code == 200, answer.text
    TypeAdapter(HoldsOut).validate_python(answer.json())
    return answer.json(), answer.text


def _open(http: httpx.Client) -> tuple[str, dict[int, str]]:
    """Ann's fireball, Bob's Decline held for Ann's new cards, and Ann's probe
    (she names Bob's Bouclier): refused."""
    body = {
        "game": "ultimate",
        "players": ["Ann", "Bob"],
        "table": True,
        "chance_by": "seats",
        "setup": POSITION,
        "options": OPTIONS,
    }
    table = http.post("/tables", json=body).json()
    gid, tokens = table["game_id"], {s["seat"]: s["token"] for s in table["seats"]}

    def act(seat: int, **body: Any) -> httpx.Response:
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        return http.post(f"/tables/{gid}/act", json={"seat": seat, **body}, headers=auth)

    fireball = {"type": "PlayCard", "card": "fireball", "target": 1}
    assert act(0, command=fireball).status_code == 200
    held = act(1, command={"type": "Decline"}, drew=["shield", "mirror"], dice=[1])
    assert held.json()["held"]["waiting"] == [0]
    probe = act(0, drew=["shield", "explosion"])
    assert probe.status_code == 409 and "'Bouclier'" in probe.json()["message"]
    return gid, tokens


def test_while_the_game_runs_each_caller_reads_only_what_it_may(http: httpx.Client) -> None:
    gid, tokens = _open(http)
    spectator, text = _holds(http, gid)
    assert spectator["status"] == "running" and not spectator["whole"]
    assert spectator["seat"] is None and spectator["refused"] == [1, 0]
    # Who, when and how many: no value of anyone's, not even the refusal's words.
    assert not any(card in text for card in ANNS + BOBS)
    fireball, decline, probe = spectator["rows"]
    assert decline["entered_by"] == "Bob" and decline["waiting"] == [0]
    assert decline["counts"] == {"dice": 1, "orders": 0, "drew": 2} and "named" not in decline
    assert probe["refused"] and probe["after_row"] == 2 and probe["counts"]["drew"] == 2
    assert probe["when"] and "code" not in probe and "message" not in probe
    assert fireball["command"]["card"] == "fireball"  # played face up: public
    # Bob reads his own cards and die, by their printed names; of Ann's probe,
    # when and how many.
    bob, text = _holds(http, gid, tokens[1])
    assert bob["seat"] == 1 and bob["rows"][1]["named"]["drew"] == ["Bouclier", "Miroir"]
    assert bob["rows"][1]["named"]["dice"] == [1] and "named" not in bob["rows"][2]
    assert not any(card in text for card in ANNS)
    # Ann reads her own probe as she typed it, and what she was told; not Bob's cards.
    ann, text = _holds(http, gid, tokens[0])
    assert ann["rows"][2]["named"]["drew"] == ["shield", "explosion"]
    assert (
        ann["rows"][2]["code"] == "drawn_card_refused" and "'Bouclier'" in ann["rows"][2]["message"]
    )
    assert "named" not in ann["rows"][1] and not any(c in text for c in ("mirror", "Miroir"))
    # Her cards complete Bob's command: the row has both seats' cards, each reads its own.
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    done = http.post(
        f"/tables/{gid}/act", json={"seat": 0, "drew": ["éclair", "explosion"]}, headers=auth
    )
    assert done.status_code == 200, done.text
    ann, text = _holds(http, gid, tokens[0])
    assert ann["rows"][-1]["done"] and ann["rows"][-1]["named"]["drew"] == ["Éclair", "Explosion"]
    assert not any(c in text for c in ("mirror", "Miroir"))
    bob, text = _holds(http, gid, tokens[1])
    assert "named" not in bob["rows"][-1] and not any(card in text for card in ANNS)
    # A token is its seat's: another seat asked for with it is refused, as for the log.
    wrong = http.get(
        f"/tables/{gid}/holds?seat=0", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert wrong.status_code == 403 and wrong.headers["content-type"] == "application/problem+json"
    assert wrong.json()["code"] == "not_authorized"
    missing = http.get("/tables/00000000-0000-0000-0000-000000000000/holds")
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"


def _play_out(ledger: WizardLedger, gid: str) -> None:
    """Play to the match's end, each seat naming its own draws as asked."""
    rng = random.Random("holds")

    for _ in range(1000):
        while (hold := ledger.holds.hold_of(gid)) is not None:
            enter_as_a_table(rng, sends(ledger, gid, hold.waiting[0], None), "a seat's cards")
        loaded = ledger.load(gid)
        if loaded.game.outcome(loaded.fold.state) is not None:
            return
        seat = loaded.fold.state.pending[0].seat
        command = rng.choice(legal_json(ledger, gid, seat))
        enter_as_a_table(rng, sends(ledger, gid, seat, command), str(command))
    raise AssertionError("the match did not end")


def test_once_the_game_is_over_everyone_reads_everything(
    http: httpx.Client, ledger: WizardLedger
) -> None:
    gid, tokens = _open(http)
    ledger.act(gid, 0, None, drew=["éclair", "explosion"])
    _play_out(ledger, gid)
    for token in (None, tokens[0], tokens[1]):
        holds, text = _holds(http, gid, token)
        assert holds["status"] == "finished" and holds["whole"]
        assert all("named" in row for row in holds["rows"])
        assert all(card in text for card in ("Bouclier", "Miroir", "Éclair", "Explosion"))
        probe = next(row for row in holds["rows"] if row["refused"])
        assert (
            probe["named"]["drew"] == ["shield", "explosion"] and "'Bouclier'" in probe["message"]
        )


def test_a_game_whose_seats_enter_no_draws_has_an_empty_record(http: httpx.Client) -> None:
    table = http.post("/tables", json={"game": "ultimate", "players": 2}).json()
    holds, _ = _holds(http, table["game_id"])
    assert holds["rows"] == [] and holds["refused"] == [0, 0] and holds["status"] == "running"
