"""Every refusal a player meets reads as the table speaks: a game made with
names, in each of the four games, played by the random bot; at each position
the commands the simulation's checks send out of turn or too late
(``tests/simulation_checks.py``) are sent through the CLI (``wizards act``) and
over HTTP (``POST /tables/{id}/act``), in English and in French. No text says
"seat N", no text names a card by its id where the table has a name for it,
and the French is French (each refusal a phrase the French catalogue says)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from domain.games import get_game
from domain.kernel import Dice, Game, IllegalCommand, act
from services.http.app import create_app
from services.ledger import WizardLedger
from services.words.sentences import Words
from services.words.telling import catalogue
from tests.tools.wizards_cli import Wizards
from tools.served import ProjectedReadModels

# Each game at its smallest table and at a larger one.
TABLES = [
    ("ultimate", "Ann,Bob"),
    ("ultimate", "Ann,Bob,Cleo"),
    ("spellwars", "Ann,Bob"),
    ("spellwars", "Ann,Bob,Cleo,Dan"),
    ("orctower", "Ann,Bob"),
    ("orctower", "Ann,Bob,Cleo"),
    ("elfenwizards", "Ann,Bob,Cleo"),
    ("elfenwizards", "Ann,Bob,Cleo,Dan"),
]
# Positions walked in each game: every kind of refusal met by then is sent.
STEPS = 160
SEAT_NUMBER = re.compile(r"\b(seat|place|siège) \d", re.IGNORECASE)


@pytest.mark.parametrize(
    ("game_id", "names"), TABLES, ids=[f"{g}-{n.count(',') + 1}" for g, n in TABLES]
)
def test_every_refusal_names_the_players_and_cards_in_the_language_asked(
    tmp_path: Path, game_id: str, names: str
) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    ledger = WizardLedger(url)
    wizards = Wizards(url)
    game = get_game(game_id)
    players = names.split(",")
    app = create_app(ledger, read_models=ProjectedReadModels, redis="off", poll_interval=0.1)
    with TestClient(app) as client:
        made = client.post("/tables", json={"game": game_id, "players": players, "seed": "w27"})
        assert made.status_code == 201, made.text
        gid = made.json()["game_id"]
        tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
        words = Words.table(game, ledger.load(gid).fold.started, "en")
        told = _Told(game, words, client, wizards, gid, tokens)
        rng = random.Random(f"refusals:{game_id}")
        earlier: list[tuple[int, Any]] = []
        for _ in range(STEPS):
            table = ledger.load(gid).fold
            if game.outcome(table.state) is not None:
                break
            seat = game.pending(table.state)[0].seat
            legal = game.legal_commands(table.state, seat)
            for s, command in _refused_candidates(game, table, legal, earlier):
                told.check(table, s, command)
            command = rng.choice(legal)
            earlier = [*earlier[-8:], (seat, command)]
            ledger.act(gid, seat, msgspec.to_builtins(command))
    ledger.close()
    assert told.kinds, "no refusal was met"


def _refused_candidates(
    game: Game[Any], table: Any, legal: list[Any], earlier: list[tuple[int, Any]]
) -> list[tuple[int, Any]]:
    """As the simulation's checks: a seat not asked sends the asked one's first
    legal command; a command legal earlier is sent again once it is not."""
    pending = {p.seat for p in table.state.pending}
    out = [(s, legal[0]) for s in range(len(table.started.players)) if s not in pending]
    return out + [(s, c) for s, c in earlier if c not in game.legal_commands(table.state, s)]


class _Told:
    """Sends each kind of refusal once through both doors, in both languages."""

    def __init__(
        self,
        game: Game[Any],
        words: Words,
        client: TestClient,
        wizards: Wizards,
        gid: str,
        tokens: dict[int, str],
    ) -> None:
        self.game, self.words, self.client, self.wizards = game, words, client, wizards
        self.gid, self.tokens = gid, tokens
        self.kinds: set[str] = set()

    def check(self, table: Any, seat: int, command: Any) -> None:
        try:
            act(self.game, table, seat, command, Dice.seeded("w27", table.counter))
        except IllegalCommand as refused:
            said = refused.said
            kind = said.msgid if said is not None else refused.message
            if kind in self.kinds:
                return
            self.kinds.add(kind)
            assert said is not None, f"a refusal worded as text: {refused.message!r}"
            assert catalogue("fr").gettext(said.msgid) != said.msgid, said.msgid
        else:
            raise AssertionError(f"{command!r} was not refused")
        sent = msgspec.to_builtins(command)
        texts = {lang: self._told(seat, sent, lang) for lang in ("en", "fr")}
        for lang, said_texts in texts.items():
            for text in said_texts:
                assert not SEAT_NUMBER.search(text), (lang, text)
                for card in _cards(sent):
                    self._named(card, text)
        assert not set(texts["fr"]) & set(texts["en"]), texts

    def _told(self, seat: int, command: dict[str, Any], lang: str) -> list[str]:
        """The refusal's words over HTTP and through the CLI: one text each door."""
        answer = self.client.post(
            f"/tables/{self.gid}/act",
            params={"lang": lang},
            json={"seat": seat, "command": command},
            headers={"Authorization": f"Bearer {self.tokens[seat]}"},
        )
        assert 400 <= answer.status_code < 500, answer.text
        http = answer.json()
        assert http["detail"] == http["message"]
        cli = self.wizards(
            "--lang", lang, "act", self.gid, "--seat", str(seat),
            "--command", json.dumps(command), code=2,
        )  # fmt: skip
        refused = json.loads(cli.stderr)
        assert refused["code"] == http["code"]
        assert refused["detail"] == http["detail"], (refused, http)
        return [http["detail"]]

    def _named(self, card: str, text: str) -> None:
        """A card the command names is said by the table's name: its id only
        beside that name, where the game tells copies apart by id."""
        unnamed = card.split("#", 1)[0].replace("_", " ").replace("-", " ")
        if self.words.card(card) in (card, unnamed) or card not in text:
            return
        beside = text.replace(f"({card})", "")
        assert not re.search(rf"(?<![\w#.\-]){re.escape(card)}(?![\w#.\-])", beside), (card, text)


def _cards(command: dict[str, Any]) -> list[str]:
    """The strings a command sends (cards, combos, pawns...)."""
    out: list[str] = []
    for key, value in command.items():
        if key == "type":
            continue
        values = value if isinstance(value, list | tuple) else [value]
        out += [v for v in values if isinstance(v, str)]
    return out


PLAYERS = {
    "ultimate": "Ann,Bob",
    "spellwars": "Ann,Bob",
    "orctower": "Ann,Bob",
    "elfenwizards": "Ann,Bob,Cleo",
}


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_table_opening_refused_for_its_chance_names_the_players(
    tmp_path: Path, game_id: str
) -> None:
    """A table-mode opening with no chance given is refused with everything it
    needs: each seat's cards by the player's name, in the language asked."""
    url = f"sqlite:///{tmp_path / 'w.db'}"
    wizards = Wizards(url)
    names = PLAYERS[game_id]
    ledger = WizardLedger(url)
    app = create_app(ledger, read_models=ProjectedReadModels, redis="off", poll_interval=0.1)
    said: dict[str, str] = {}
    with TestClient(app) as client:
        for lang in ("en", "fr"):
            answer = client.post(
                "/tables",
                params={"lang": lang},
                json={"game": game_id, "players": names.split(","), "table": True},
            )
            assert answer.status_code == 422 and answer.json()["code"] == "dice_required"
            cli = wizards("--lang", lang, "new", game_id, "--names", names, "--table", code=2)
            refused = json.loads(cli.stderr)
            assert refused["code"] == "dice_required"
            assert refused["detail"] == answer.json()["detail"]
            said[lang] = refused["detail"]
            needs = answer.json()["needs"]
    ledger.close()
    # Each seat a need is for (a deal's, a die's) by its player's name.
    named = {names.split(",")[n["seat"]] for n in needs if n.get("seat") is not None}
    for text in said.values():
        assert not SEAT_NUMBER.search(text), text
        assert all(name in text for name in named), (named, text)
    assert said["fr"].startswith("mode table : la mise en place demande "), said["fr"]
    assert said["en"].startswith("table mode: the opening needs "), said["en"]


def test_a_table_whose_seats_enter_their_draws_refuses_in_the_players_words(
    tmp_path: Path,
) -> None:
    """The walkthrough of docs/table-mode.md, in both languages through both
    doors: a seat that leaves out its own cards, and a card that is not there."""
    url = f"sqlite:///{tmp_path / 'w.db'}"
    wizards = Wizards(url)
    setup = tmp_path / "last-point.toml"
    setup.write_text(
        'hands = [["fireball", "lightning"], ["shield", "mirror"]]\nhealth = [9, 1]\nfirst = 0\n'
    )
    said: dict[str, list[str]] = {"en": [], "fr": []}
    for lang in ("en", "fr"):
        gid = wizards(
            "new", "ultimate", "--names", "Ann,Bob", "--table", "--chance-by", "seats",
            "--setup", str(setup),
        ).stdout.strip()  # fmt: skip
        fire = '{"type": "PlayCard", "card": "fireball", "target": 1}'
        wizards("act", gid, "--seat", "0", "--command", fire)
        decline = '{"type": "Decline"}'
        left_out = wizards("--lang", lang, "act", gid, "--seat", "1", "--command", decline, code=2)
        said[lang].append(json.loads(left_out.stderr)["detail"])
        wizards("act", gid, "--seat", "1", "--command", decline, "--drew", "Bouclier,Miroir",
                "--dice", "1")  # fmt: skip
        wrong = wizards("--lang", lang, "act", gid, "--seat", "0", "--drew", "Bouclier,Explosion",
                        code=2)  # fmt: skip
        said[lang].append(json.loads(wrong.stderr)["detail"])
    for text in said["en"] + said["fr"]:
        assert not SEAT_NUMBER.search(text), text
    assert "Bob" in said["en"][0] and "Bob" in said["fr"][0]
    assert said["fr"][0].startswith("mode table : cette commande demande "), said["fr"][0]
    assert "Bouclier" in said["fr"][1] and "n'a pas pu être piochée" in said["fr"][1], said["fr"][1]
    assert not set(said["fr"]) & set(said["en"])
