"""The referee's tools speak the reader's language: ``wizards --lang fr`` on the
README's disputed game says the dispute desk's frame, ``readjudicate``'s switched
reading and ``verify``'s report in French, and the same commands in English
never say the French."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.services.review.forgery import heads_made_good, rewrite_stream
from tools.cli import app

runner = CliRunner()
CURSE = '{"type": "PlayCard", "card": "curse", "target": 1, "discard": "shadow_veil"}'


def _game(tmp_path: Path) -> tuple[str, str]:
    store = f"sqlite:///{tmp_path / 'referee.db'}"
    made = runner.invoke(
        app, ["--store", store, "new", "ultimate", "--names", "Ann,Bob", "--seed", "demo"]
    )
    gid = made.stdout.strip()
    for seat, command in (("0", CURSE), ("1", '{"type": "Decline"}')):
        acted = runner.invoke(
            app, ["--store", store, "act", gid, "--seat", seat, "--command", command]
        )
        assert acted.exit_code == 0, acted.output
    return store, gid


def _say(store: str, lang: str, *args: str) -> str:
    return runner.invoke(app, ["--store", store, "--lang", lang, *args]).stdout


def test_the_referees_tools_speak_french(tmp_path: Path) -> None:
    store, gid = _game(tmp_path)
    dispute = ("dispute", gid, "--at", "8")
    switched = ("readjudicate", gid, "--option", "malediction_discard=target")
    for args, french, english in (
        (
            dispute,
            [
                "Contestation de l'action n° 8",
                "Envoyée par Ann (--seat 0)",
                "Choix permis (",
                "Conséquences telles qu'enregistrées :",
                "Autres lectures des décisions d'arbitrage appliquées :",
                "— résultat DIFFÉRENT",
                " ; règles]",
            ],
            [
                "Dispute of action #8",
                "Sent by Ann (--seat 0)",
                "Legal choices (",
                "Consequences as recorded:",
                "Other readings of the rulings that applied:",
                "— DIFFERENT outcome",
                "; rulebook]",
            ],
        ),
        # The rulings an event relied on besides its rule: « also » was English.
        (("replay", gid), ["[voir aussi ultimate.ruling."], ["[also ultimate.ruling."]),
        (
            switched,
            [
                "Lecture changée : ",
                "ici : La cible se défausse",
                "refusée selon cette lecture [ultimate.card.curse] : Malédiction ne demande",
                "aucun changement du journal des versions",
            ],
            [
                "Reading switched: ",
                "here: The target discards",
                "refused under this reading [ultimate.card.curse]: Malédiction takes no card",
                "no changelog entry explains",
            ],
        ),
        (
            ("verify", gid),
            ["correcte (", "chaîne de hachage", "non vu : sans --expect"],
            [": ok (", "hash chain", "not seen: without --expect"],
        ),
    ):
        said_fr, said_en = _say(store, "fr", *args), _say(store, "en", *args)
        for fr, en in zip(french, english, strict=True):
            assert fr in said_fr and en not in said_fr, (fr, said_fr)
            assert en in said_en and fr not in said_en, (en, said_en)


def test_a_tampered_games_problem_is_said_in_the_readers_language(tmp_path: Path) -> None:
    # An event edited and the chain recomputed, the recorded head left as it was:
    # the referee reads why the record fails in their language; programs keep English.
    store, gid = _game(tmp_path)
    rewrite_stream(
        tmp_path / "referee.db",
        gid,
        lambda position, body: body | {"forged": True} if position == 2 else None,
    )
    said_fr, said_en = _say(store, "fr", "verify", gid), _say(store, "en", "verify", gid)
    french = "le dernier événement diffère de la tête enregistrée par le stockage"
    english = "the last event differs from the head the store recorded"
    assert "ÉCHEC à l'événement n° " in said_fr, said_fr
    assert french in said_fr and english not in said_fr, said_fr
    assert english in said_en and french not in said_en, said_en
    as_data = json.loads(_say(store, "fr", "verify", gid, "--json"))
    assert as_data[0]["problems"][0]["message"] == english


def test_an_action_this_engine_refuses_is_said_with_the_players_names(tmp_path: Path) -> None:
    # Ann's Malédiction rewritten as Bob's, the chain and heads made good: only the rules
    # can tell, and the referee reads their refusal as the table says it, by name.
    store, gid = _game(tmp_path)
    forged: list[int] = []

    def as_bobs(position: int, body: dict[str, Any]) -> dict[str, Any] | None:
        if not forged and isinstance(body.get("command"), dict) and body.get("seat") == 0:
            forged.append(position)
            return body | {"seat": 1}
        return None

    rewrite_stream(tmp_path / "referee.db", gid, as_bobs)
    heads_made_good(tmp_path / "referee.db", gid, every=True)
    assert forged
    said_fr, said_en = _say(store, "fr", "verify", gid), _say(store, "en", "verify", gid)
    assert "ce moteur refuse l'action" in said_fr and "Bob" in said_fr, said_fr
    assert "this engine refuses the action" in said_en and "Bob" in said_en, said_en
    for said in (said_fr, said_en):
        assert not re.search(r"\b(seat|siège) \d", said), said


def test_the_dispute_desks_position_and_dice_are_said_in_french(tmp_path: Path) -> None:
    # The position before the action, fact by fact: a yes or no in the reader's language.
    store, gid = _game(tmp_path)
    french = _say(store, "fr", "dispute", gid, "--at", "8")
    english = _say(store, "en", "dispute", gid, "--at", "8")
    assert "Ann — hors jeu : non" in french, french  # no agreement with a name
    assert not re.search(r": (yes|no|none)$", french, re.M), french
    assert re.search(r"Ann — eliminated: no$", english, re.M), english
