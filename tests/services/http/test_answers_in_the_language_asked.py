"""An HTTP answer's words are in the language the request asks for: ``?lang=``,
else ``Accept-Language``; the data beside them (seats, codes) is the same."""

from __future__ import annotations

from fastapi.testclient import TestClient


def _table(client: TestClient) -> tuple[str, dict[int, dict[str, str]]]:
    made = client.post(
        "/tables", json={"game": "ultimate", "players": ["Ann", "Bob"], "seed": "fr"}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    return body["game_id"], {
        s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in body["seats"]
    }


def test_the_log_act_answers_and_refusals_speak_the_language_asked(client: TestClient) -> None:
    gid, auth = _table(client)
    first = client.get(f"/tables/{gid}/state").json()["pending"][0]["seat"]
    other = 1 - first
    names = ["Ann", "Bob"]
    french = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"}
    drawn = client.post(
        f"/tables/{gid}/act",
        json={"seat": first, "command": {"type": "Draw"}},
        headers={**auth[first], **french},
    )
    assert drawn.status_code == 200, drawn.text
    texts = [e["text"] for e in drawn.json()["entries"]]
    assert f"{names[first]} pioche une carte" in texts
    late = client.post(
        f"/tables/{gid}/act",
        json={"seat": other, "command": {"type": "Draw"}},
        headers={**auth[other], **french},
    )
    assert late.status_code == 409 and late.json()["code"] == "not_your_turn"
    assert late.json()["detail"] == (
        f"{names[other]} n'a rien à décider maintenant (on attend {names[first]})"
    )
    log = client.get(f"/tables/{gid}/log", headers=french).json()
    assert log[0]["text"].startswith("Sorcier ultime pour Ann et Bob ; ")
    # ?lang= wins over the header; no asking at all is English here.
    english = client.get(f"/tables/{gid}/log", params={"lang": "en"}, headers=french).json()
    assert english[0]["text"].startswith("Sorcier ultime for Ann and Bob; ")
    assert client.get(f"/tables/{gid}/log").json()[0]["text"] == english[0]["text"]
    assert [e["position"] for e in log] == [e["position"] for e in english]


def test_an_export_speaks_the_language_its_query_asks(client: TestClient) -> None:
    """``?lang=`` on an export: the Markdown story and the JSON document's texts
    in French, the same export without it in English; each cached apart."""
    gid, auth = _table(client)
    first = client.get(f"/tables/{gid}/state").json()["pending"][0]["seat"]
    drawn = client.post(
        f"/tables/{gid}/act", json={"seat": first, "command": {"type": "Draw"}}, headers=auth[first]
    )
    assert drawn.status_code == 200, drawn.text
    for fmt in ("md", "json"):
        path = f"/tables/{gid}/export"
        english = client.get(path, params={"format": fmt})
        french = client.get(path, params={"format": fmt, "lang": "fr"})
        assert english.status_code == 200 and french.status_code == 200, french.text
        assert "pioche une carte" in french.text and "draws a card" not in french.text
        assert "draws a card" in english.text and "pioche une carte" not in english.text


def test_a_problems_title_speaks_the_language_asked(client: TestClient) -> None:
    """The title of a problem is for people: in the language asked, like its
    detail; the code beside it stays as programs read it."""
    gid, auth = _table(client)
    first = client.get(f"/tables/{gid}/state").json()["pending"][0]["seat"]
    other = 1 - first
    late = {"seat": other, "command": {"type": "Draw"}}
    french = client.post(
        f"/tables/{gid}/act", json=late, headers={**auth[other], "Accept-Language": "fr"}
    ).json()
    english = client.post(f"/tables/{gid}/act", json=late, headers=auth[other]).json()
    assert french["code"] == english["code"] == "not_your_turn"
    assert (french["title"], english["title"]) == ("Pas votre tour", "Not your turn")
    unknown = client.get("/games/chess/rules", params={"lang": "fr"}).json()
    assert (unknown["code"], unknown["title"]) == ("unknown_game", "Jeu inconnu")


def test_verify_says_a_problem_in_the_language_asked(client: TestClient) -> None:
    """A hash kept from a log line that the stream no longer holds: the report's
    message in French for a French reader, in English otherwise; the rest the same.
    ``wizards verify --json``, for programs, keeps English (tests/tools)."""
    gid, _ = _table(client)
    kept = {"expect": "1:" + "0" * 64}
    french = client.get(f"/tables/{gid}/verify", params={**kept, "lang": "fr"}).json()
    english = client.get(f"/tables/{gid}/verify", params=kept).json()
    assert [p["message"] for p in french["problems"]] == [
        "l'événement à cette position diffère du hachage gardé"
    ]
    assert [p["message"] for p in english["problems"]] == [
        "the event here differs from the hash that was kept"
    ]
    assert french["first_bad_event"] == english["first_bad_event"] == 1
    # What the checks cannot see, without a kept hash: said in the same language.
    unseen = client.get(f"/tables/{gid}/verify", params={"lang": "fr"}).json()["unseen"]
    assert unseen and unseen[0].startswith("sans --expect, un flux coupé"), unseen


def test_an_error_is_said_in_the_language_asked(client: TestClient) -> None:
    """A game that does not exist, a dispute of the opening, a seat's read without
    its token: the problem's detail in French where French is asked, else English."""
    gid, _ = _table(client)
    missing = "/tables/00000000-0000-0000-0000-000000000000/log"
    opening = f"/tables/{gid}/dispute?at=1"
    unsigned = f"/tables/{gid}/legal?seat=0"
    said = {
        lang: [
            client.get(url, headers={"Accept-Language": lang}).json()["detail"]
            for url in (missing, opening, unsigned)
        ]
        for lang in ("fr", "en")
    }
    assert said["fr"] == [
        "aucune partie 00000000-0000-0000-0000-000000000000",
        "la position 1 fait partie de la mise en place de la partie ; "
        "aucune action n'a encore été jouée",
        "il faut le jeton de la place : Authorization: Bearer <jeton>",
    ]
    assert said["en"] == [
        "no game 00000000-0000-0000-0000-000000000000",
        "position 1 is part of the game's opening; no action was taken yet",
        "this needs the seat's token: Authorization: Bearer <token>",
    ]
