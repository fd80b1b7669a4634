"""A request the service refuses is answered in the request's language
(``Accept-Language: fr``): a query parameter given twice or out of its bounds, a
``Last-Event-ID`` that is no position or beyond the log, a fork of a game still
running, a TOML file that does not read, an empty seed, an act's body missing or
not JSON, two different tokens, an engine version the game does not know (a
costly read's, made by a worker), an idempotency key too long. In English the same
refusals say what they said before and none of the French; the status and the
code are the same in both."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import httpx
import pytest
from fastapi.testclient import TestClient

from domain.kernel import SetupError
from domain.kernel.phrases import phrase
from services.http.errors import APIError
from services.http.read_pool import _opened as opened
from services.http.read_pool import outcome
from services.ledger import WizardLedger
from services.words.telling import speaking
from tests.services.api_tables import Table, new_table
from tests.told import assert_in_language

Send = Callable[[TestClient, Table, dict[str, str]], httpx.Response]


@dataclass(frozen=True)
class Refusal:
    send: Send
    status: int
    code: str
    french: str
    english: str


def _get(path: str, headers: dict[str, str] | None = None) -> Send:
    def send(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
        return client.get(path.format(g=t.game_id), headers={**lang, **(headers or {})})

    return send


def _act(content: bytes, **headers: str) -> Send:
    def send(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
        return client.post(
            f"/tables/{t.game_id}/act",
            content=content,
            headers={**lang, **t.auth(0), "Content-Type": "application/json", **headers},
        )

    return send


def _fork(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
    return client.post(f"/tables/{t.game_id}/fork", params={"at": 2}, headers={**lang, **t.auth(0)})


def _dispute(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
    """The dispute of the game's first action, under an engine version that never was."""
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    command = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()[0]
    acted = client.post(
        f"/tables/{t.game_id}/act", json={"seat": seat, "command": command}, headers=t.auth(seat)
    )
    at = acted.json()["entries"][0]["position"]
    return client.get(
        f"/tables/{t.game_id}/dispute", params={"at": at, "engine": "9.9"}, headers=lang
    )


def _toml(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
    return client.post("/toml", content="first = ", headers={**lang, "Content-Type": "text/plain"})


def _empty_seed(client: TestClient, t: Table, lang: dict[str, str]) -> httpx.Response:
    return client.post(
        "/tables", json={"game": "ultimate", "players": 2, "seed": " "}, headers=lang
    )


REFUSALS = {
    "parameter twice": Refusal(
        _get("/tables/{g}/events?after=0&after=1"),
        400,
        "duplicate_parameter",
        "la requête porte after plus d'une fois : envoyez-le une seule fois",
        "the query carries after more than once: send it once",
    ),
    "parameter out of bounds": Refusal(
        _get("/tables/{g}/state?seat=x"),
        422,
        "malformed_request",
        "query.seat : un nombre entier de 0 à ",
        "query.seat: a whole number from 0 to ",
    ),
    "no position": Refusal(
        _get("/tables/{g}/events", headers={"Last-Event-ID": "x"}),
        422,
        "bad_position",
        "Last-Event-ID doit être une position (0, 1, 2… jusqu'à ",
        "Last-Event-ID must be a position (0, 1, 2, ... up to ",
    ),
    "beyond the log": Refusal(
        _get("/tables/{g}/events?after=99999"),
        422,
        "bad_position",
        "impossible de reprendre après la position 99999 : le journal de cette partie s'arrête à",
        "cannot resume after position 99999: this game's log ends at",
    ),
    "fork of a running game": Refusal(
        _fork,
        409,
        "game_running",
        "seule une partie finie peut être dérivée en branche par HTTP",
        "only a finished game can be forked over HTTP",
    ),
    "TOML that does not read": Refusal(
        _toml,
        422,
        "bad_toml",
        "le fichier : ce n'est pas du TOML valide (",
        "the file: not valid TOML (",
    ),
    "empty seed": Refusal(
        _empty_seed,
        422,
        "bad_setup",
        "une graine vide n'a rien de secret : ne donnez pas de graine, ou donnez-en une vraie",
        "an empty seed is no secret: leave the seed out, or give a real one",
    ),
    "no body": Refusal(
        _act(b""),
        422,
        "malformed_request",
        "le corps manque : une action est un objet JSON",
        "the body is missing: an act is a JSON object",
    ),
    "body not JSON": Refusal(
        _act(b"{"),
        400,
        "unparseable_body",
        "le corps n'est pas du JSON : ",
        "the body is not JSON: ",
    ),
    "two tokens": Refusal(
        _get("/tables/{g}/events?token=other", headers={"Authorization": "Bearer one"}),
        422,
        "conflicting_tokens",
        "envoyez le jeton une seule fois : Authorization: Bearer ou ?token=",
        "send the token once: Authorization: Bearer or ?token=",
    ),
    "engine unknown": Refusal(
        _dispute,
        422,
        "unknown_engine",
        "version du moteur '9.9' inconnue pour ultimate ; les versions sont : ",
        "unknown engine version '9.9' for ultimate; known: ",
    ),
    "key too long": Refusal(
        _act(b'{"seat": 0, "command": {"type": "Draw"}}', **{"Idempotency-Key": "k" * 201}),
        422,
        "bad_idempotency_key",
        "une clé a de 1 à 200 caractères",
        "keys are 1–200 characters",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("refusal", REFUSALS.values(), ids=REFUSALS.keys())
def test_a_refused_request_is_answered_in_its_language(
    client: TestClient, refusal: Refusal, lang: str
) -> None:
    r = refusal.send(client, new_table(client), {"Accept-Language": lang})
    body = r.json()
    assert (r.status_code, body["code"]) == (refusal.status, refusal.code), body
    assert_in_language(lang, body["detail"], refusal.french, refusal.english)


def test_a_refusal_made_by_a_read_worker_is_told_in_the_language_of_the_request(
    ledger: WizardLedger,
) -> None:
    """A worker's read refused with a phrase (an ``APIError``'s, a ``SaidError``'s)
    gives the phrase back, not its text: the worker's language, set for the read
    only, is gone when the refusal is raised again for the request that waits."""
    empty = phrase("an empty seed is no secret: leave the seed out, or give a real one")

    def said(ledger: WizardLedger, error: Exception) -> bytes:
        with speaking("en"):
            raise error

    for error in (SetupError(empty), APIError(422, "bad_setup", empty)):
        done = outcome(said, ledger, (error,))
        with pytest.raises(APIError) as raised:
            opened(done)
        with speaking("fr"):
            assert raised.value.detail.startswith("une graine vide n'a rien de secret"), done
