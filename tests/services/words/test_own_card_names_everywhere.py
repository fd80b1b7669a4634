"""A table whose data file renames every card (and title, and board level) it can never
reads a built-in name of one, nor a seat by its number ("seat 1") where a player has
a name, anywhere, from the first event to the end: the story (``wizards replay`` and
HTTP), the log (``wizards log`` and HTTP), the act answers and the state, the
Markdown, JSON and HTML exports, and the dispute desk (text and data, CLI and HTTP;
``diff`` and ``readjudicate``). Each game is played to its end by seeded bots.

What may still say a built-in word is what is not the game's words: the
rulebook's passages and section titles (quotations, ``« … »`` and a citation's
``[rule — section]``), identifiers (rule ids, card ids such as ``ice_storm.02``
or ``goblin-03``, option names and values as typed), and the stored record
itself (an event's or command's data).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from domain.kernel import ActionTaken
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.review.html_export import embedded_document
from services.words.dispute import dispute_text
from tests.services.words.own_names import built_in_forms, built_in_names_said, renaming_file
from tools.cli import app
from tools.simulation import game_bot, random_bot

runner = CliRunner()
PLAYERS = ["Ann", "Bob", "Cyd"]
# Each game with enough seats and options that most of its cards come up: the
# orc tower with every module (its three reinforcements among them).
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "ultimate": (3, {"rounds_to_win": 2, "round_health": 5}),
    "spellwars": (3, {}),
    "orctower": (
        2,
        {
            "missions": True,
            "bonus_actions": True,
            "new_destiny": True,
            "terrain": True,
            "crocodile": "orc",
            "toad": "rider",
            "bombardier": "chief",
        },
    ),
    "elfenwizards": (3, {}),
}
# Readings under which a recorded action may be refused, which the refusal says.
OTHER_READINGS = {"ultimate": ["malediction_discard=target"]}


# Keys whose values are the stored record or identifiers, not words: an
# event's or a command's data, a setup file, a difference between two events'
# fields, a game's view as the game gives it (``view``, the dispute's
# ``views``: ids for clients to draw), the renamed ids themselves, the command
# types a decision accepts (orctower's Replenish), an option's
# name and value, the rulebook's passage and section.
_DATA_KEYS = frozenset(
    {"event", "command", "setup", "difference", "view", "views", "card_names", "type", "accepts"}
    # An export's boards are views too (and the values they refer to, from
    # version 5); its faces are the face endpoint's, read as that is (their
    # glosses: ``Reader.export``).
    | {"boards", "board_values", "faces"}
    | {"name", "value", "option", "recorded_value", "passage", "section", "hash", "at"}
)


def _words(data: Any) -> Iterator[str]:
    """Every text of a JSON document that is said in the game's words (its keys too:
    a flattened view's labels)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in _DATA_KEYS:
                continue
            yield str(k)
            yield from _words(v)
    elif isinstance(data, list):
        for v in data:
            yield from _words(v)
    elif isinstance(data, str):
        yield data


_SEAT_NUMBER = re.compile(r"(?<!--)\bseat \d+\b")


def _prompts(view: Any) -> Iterator[str]:
    """The questions a game's view asks (a page shows them as they are)."""
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "prompt" and isinstance(v, str):
                yield v
            else:
                yield from _prompts(v)
    elif isinstance(view, list):
        for v in view:
            yield from _prompts(v)


class Reader:
    """Everything a reader of one finished game can read, by where it was read."""

    def __init__(self, forms: dict[str, re.Pattern[str]]) -> None:
        self.forms = forms
        self.found: dict[str, list[str]] = {}
        self.said: set[str] = set()  # the file's names read anywhere

    def text(self, where: str, text: str) -> None:
        self.said |= set(re.findall(r"\bQz[a-z]{2}\b", text))
        misses = built_in_names_said(text, self.forms)
        # A seat by number where every player has a name (the CLI's ``--seat 0``
        # hint names the option, which is not a seat said in words). The rules'
        # glosses speak of seats at any table ("seat 0 is the youngest").
        if not where.startswith("rules"):
            misses += _SEAT_NUMBER.findall(text)
        if misses:
            self.found.setdefault(where, []).extend(misses)

    def json(self, where: str, data: Any) -> None:
        self.text(where, "\n".join(_words(data)))

    def export(self, where: str, fmt: str, text: str) -> Any:
        """An export: Markdown as it reads, JSON by its words, HTML by its
        embedded document's words and the page around it (returned: the document)."""
        if fmt == "md":
            self.text(where, text)
            return None
        found = re.search(r'<script [^>]*id="ledger-data"[^>]*>(.*?)</script>', text, re.S)
        if fmt == "html":
            assert found is not None
            page = text[: found.start()] + text[found.end() :]
            # The page's drawing code is not read; what it draws is (tests/web).
            page = re.sub(r"<(script|style)\b[^>]*>.*?</\1>", "", page, flags=re.S)
            self.text(where, page)
        doc = embedded_document(text) if fmt == "html" else json.loads(text)
        self.json(where, doc)
        faces = doc.get("faces") or {}
        self.json(where, [c["gloss"] for c in faces.get("cards", [])])
        self.json(where, [faces.get("labels", {}), list(faces.get("names", {}).values())])
        return doc

    def report(self) -> str:
        return "\n".join(
            f"{where} ({len(m)}): " + " | ".join(sorted(set(m))[:8])
            for where, m in self.found.items()
        )


def _play(client: TestClient, ledger: WizardLedger, game: str, reader: Reader) -> str:
    """A table opened and played to its end over HTTP by seeded bots (each
    move the game's greedy bot's or a random one's); every act answer is read."""
    players, options = TABLES[game]
    data, _ = renaming_file(game)
    body = {"game": game, "players": PLAYERS[:players], "seed": f"every-{game}"}
    r = client.post("/tables", json={**body, "options": options, "data": data})
    assert r.status_code == 201, r.text
    created = r.json()
    gid = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    rng = random.Random(f"names:{game}")
    greedy = game_bot("greedy")
    for _ in range(5000):
        loaded = ledger.load(gid)
        state = loaded.fold.state
        if loaded.game.outcome(state) is not None:
            return str(gid)
        seat = state.pending[0].seat
        legal = loaded.game.legal_commands(state, seat)
        bot = greedy if rng.random() < 0.6 else random_bot
        command = msgspec.to_builtins(bot(loaded.game, state, seat, legal, rng))
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        answer = client.post(
            f"/tables/{gid}/act", json={"seat": seat, "command": command}, headers=auth
        )
        assert answer.status_code == 200, answer.text
        said = answer.json()
        if len(said["entries"]) % 7 == 0:  # now and then, a seat acting out of turn
            other = next(s for s in tokens if s != seat)
            theirs = {"Authorization": f"Bearer {tokens[other]}"}
            refused = client.post(
                f"/tables/{gid}/act", json={"seat": other, "command": command}, headers=theirs
            )
            assert refused.status_code in (409, 422), refused.text
            reader.json("refusals (HTTP)", refused.json())
        reader.json("act answers", [said["entries"], said["pending"]])
        if len(said["entries"]) % 3 == 0:  # now and then, the state the page draws
            state = client.get(f"/tables/{gid}/state", params={"seat": seat}, headers=auth)
            reader.json("state (HTTP)", [state.json(), list(_prompts(state.json()["view"]))])
    raise AssertionError(f"{game}: not over after 5000 commands")


@pytest.fixture
def store(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'names.db'}"


def _cli(store: str, *args: str) -> str:
    result = runner.invoke(app, ["--store", store, *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("game", list(TABLES))
def test_a_table_that_renames_every_card_never_reads_a_built_in_name(store: str, game: str) -> None:
    reader = Reader(built_in_forms(game))
    ledger = WizardLedger(store)
    with TestClient(create_app(ledger, redis="off", poll_interval=0.1)) as client:
        gid = _play(client, ledger, game, reader)
        actions = [e.position for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)]
        middle = str(actions[len(actions) // 2])
        reader.text("story (HTTP)", client.get(f"/tables/{gid}/replay").text)
        log = client.get(f"/tables/{gid}/log").json()
        reader.json("log (HTTP)", log)
        # An action is said in words, not as its command's data (card ids).
        said = [e["text"] for e in log if e["type"] == "ActionTaken"]
        assert said and not [t for t in said if re.search(r"\w=", t)], said[:3]
        reader.json("state (HTTP)", client.get(f"/tables/{gid}/state").json())
        # What the web table shows besides: the rules' glosses, the cards' glosses.
        reader.json("rules (HTTP)", client.get(f"/tables/{gid}/rules").json())
        face = client.get(f"/tables/{gid}/face").json()
        reader.json("face (HTTP)", [c["gloss"] for c in face["cards"]])
        # The words a page draws by id: command labels, and titles named by the data.
        reader.json("face (HTTP)", [face["labels"], list(face["names"].values())])
        got = client.get(f"/tables/{gid}/export", params={"format": "json"})
        doc = reader.export("export json (HTTP)", "json", got.text)
        got = client.get(f"/tables/{gid}/dispute", params={"at": middle, "format": "text"})
        reader.text("dispute (HTTP)", got.text)
    reader.text("story (CLI)", _cli(store, "replay", gid))
    reader.json("log (CLI)", json.loads(_cli(store, "log", gid)))
    reader.json("log --full (CLI)", json.loads(_cli(store, "log", gid, "--full")))
    reader.export("export md (CLI)", "md", _cli(store, "export", gid, "--format", "md"))
    # The HTML export is the viewer of the JSON document (the same in both).
    html = _cli(store, "export", gid, "--format", "html")
    assert reader.export("export html (CLI)", "html", html) == doc
    reader.text("dispute (CLI)", _cli(store, "dispute", gid, "--at", middle))
    reader.text("diff (CLI)", _cli(store, "diff", gid, "1", str(actions[-1])))
    reader.text("readjudicate (CLI)", _cli(store, "readjudicate", gid))
    for reading in OTHER_READINGS.get(game, ()):
        # Decided again under another reading: a difference (exit 1) is said too.
        again = runner.invoke(app, ["--store", store, "readjudicate", gid, "--option", reading])
        assert again.exit_code in (0, 1), again.stderr
        reader.text(f"readjudicate --option {reading} (CLI)", again.stdout)
    # The dispute desk, as text and as data, for every fifth action of the game
    # (the JSON export above holds every action's dispute as data).
    for position in actions[::5]:
        report = dispute(ledger, gid, position)
        reader.text("dispute", dispute_text(report))
        reader.json("dispute --json", report)
    ledger.close()
    _, names = renaming_file(game)
    assert len(reader.said) >= len(names) // 3, f"{game}: few came up: {sorted(reader.said)}"
    assert not reader.found, f"{game} still says built-in names:\n{reader.report()}"
