"""An error a person meets at the command line is said in their language (``--lang
fr``): a game that does not exist, a seat it does not have, a position of its
opening or inside an action's consequences, an unknown option, a new game with no
players or too many, an option's value of the wrong kind or not among its values, a
setup file that does not open or is a directory, a player's name; the frame of the error too
(« règle : », « code : »). The same errors in English say none of the French; a
program's JSON keeps its codes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


def _errors(tmp_path: Path, lang: str) -> list[str]:
    store = f"sqlite:///{tmp_path / 'w.db'}"
    base = ["--store", store, "--lang", lang, "--errors", "text"]
    gid = runner.invoke(app, [*base, "new", "ultimate", "--names", "Ann,Bob,Cid", "--seed", "s"])
    game = gid.stdout.strip()
    for seat in ("1", "2", "0"):  # the first player is not known here: one of them acts
        acted = runner.invoke(
            app, [*base, "act", game, "--seat", seat, "--command", '{"type": "Draw"}']
        )
        if acted.exit_code == 0:
            break
    asked = [
        ["state", "00000000-0000-0000-0000-000000000000"],
        ["log", game, "--seat", "7"],
        ["dispute", game, "--at", "2"],
        ["position", game, "--at", "3"],
        ["readjudicate", game, "--option", "nope=1"],
        ["new", "ultimate"],
        ["new", "ultimate", "--players", "7"],
        ["new", "ultimate", "--players", "2", "--option", "rounds_to_win=x"],
        ["new", "ultimate", "--players", "2", "--option", "pass_with_cards=maybe"],
        ["new", "ultimate", "--players", "2", "--option", "reshuffle=never"],
        ["new", "ultimate", "--players", "2", "--setup", str(tmp_path / "none.toml")],
        ["new", "ultimate", "--players", "2", "--setup", str(tmp_path)],
        ["new", "ultimate", "--names", "Ann,B\tob"],
    ]
    return [runner.invoke(app, [*base, *args]).stderr for args in asked]


FRENCH = [
    "aucune partie 00000000-0000-0000-0000-000000000000",
    "cette partie n'a pas de place 7 : ses places vont de 0 à 2 (Ann, Bob, Cid)",
    "la position 2 fait partie de la mise en place de la partie ; la première action est à",
    "la position 3 est au milieu des conséquences d'une action",
    "ultimate : option(s) inconnue(s) nope ; les options sont absorb_empty, ",
    "dites combien de joueurs (--players N) ou nommez-les (--names Ann,Bob)",
    "Sorcier ultime se joue de 2 à 4 joueurs, pas 7",
    "option rounds_to_win : 'x' n'est pas un nombre entier",
    "option pass_with_cards : 'maybe' n'est ni un oui ni un non",
    "option reshuffle : 'never' n'est pas l'une des valeurs on_draw, ",
    "none.toml : impossible de l'ouvrir (ce fichier n'existe pas)",
    ": un dossier, pas un fichier ; donnez un fichier TOML",
    "nom de joueur 'B\\tob' : un nom ne contient aucun caractère de contrôle (sauts de ligne",
]
ENGLISH = [
    "no game 00000000-0000-0000-0000-000000000000",
    "this game has no seat 7: its seats are 0–2 (Ann, Bob, Cid)",
    "position 2 is part of the game's opening; the first action is at",
    "position 3 is inside an action's consequences",
    "ultimate: unknown option(s) nope; known: absorb_empty, ",
    "say how many players (--players N) or name them (--names Ann,Bob)",
    "Sorcier ultime is for 2–4 players, not 7",
    "option rounds_to_win: 'x' is not a whole number",
    "option pass_with_cards: 'maybe' is not a yes or a no",
    "option reshuffle: 'never' is not one of on_draw, ",
    "none.toml: cannot open it (there is no such file)",
    ": a directory, not a file; give a TOML file",
    "player name 'B\\tob': a name holds no control characters (line breaks",
]


def test_errors_are_said_in_french(tmp_path: Path) -> None:
    said = _errors(tmp_path, "fr")
    for text, french, english in zip(said, FRENCH, ENGLISH, strict=True):
        assert french in text and english not in text, text
        assert "\n  code : " in text and "code: " not in text, text


def test_errors_are_said_in_english(tmp_path: Path) -> None:
    said = _errors(tmp_path, "en")
    for text, french, english in zip(said, FRENCH, ENGLISH, strict=True):
        assert english in text and french not in text, text
        assert "\n  code: " in text, text


def test_a_table_mode_refusals_hint_is_said_in_french(tmp_path: Path) -> None:
    # What the table gives with which flag: the flags as typed, their words in French.
    store = f"sqlite:///{tmp_path / 't.db'}"
    new = ["new", "ultimate", "--names", "Ann,Bob", "--table"]
    said = {
        lang: runner.invoke(
            app, ["--store", store, "--lang", lang, "--errors", "text", *new]
        ).stderr
        for lang in ("fr", "en")
    }
    assert "  conseil : donnez-les avec la commande : --drew CARTE,CARTE (les cartes" in said["fr"]
    assert "--dice 4,2 (les faces des dés, dans l'ordre)" in said["fr"]
    assert "hint:" not in said["fr"] and "give them" not in said["fr"]
    assert "  hint: give them with the command: --drew CARD,CARD (cards drawn" in said["en"]
