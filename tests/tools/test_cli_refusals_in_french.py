"""What the CLI refuses is said in the reader's language (``--lang fr``): a new
game whose --players and --names disagree, an option that is not NAME=VALUE, an
empty seed, a seed too long, a seed at a table-mode game, chance_by unknown or
without --table, a die that shows 0; a Sorcier ultime setup file's full position
(a turn 0, an effect on an eliminated wizard) or a file that is not TOML; a
command that is not JSON; a shell line inside a shell (said in the shell's
language, which WIZARDS_LANG, English in the tests, used to say again for each
line), a line that does not read, a shell stopped at its first failure; a store
binding asked of a SQLite file; a port another server holds. In English the same
refusals say what they said before and none of the French; the code and the exit
status are the same in both."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.told import assert_in_language
from tools.cli import app

runner = CliRunner()

# A full position of three wizards, the third out, whose turn and effects are given.
FULL = """
hands = [[], [], []]
health = [5, 5, 0]
eliminated = [false, false, true]
round = 1
active = 0
stage = "action"
"""


@dataclass(frozen=True)
class Refusal:
    args: tuple[str, ...]  # after ``wizards``; {game}: a game made first, {port}: one held
    code: str
    exit: int
    french: str
    english: str
    setup: str | None = None  # a setup file given with --setup
    lines: str | None = None  # what a shell reads on stdin
    game: tuple[str, ...] = ("ultimate", "--names", "Ann,Bob")  # {game}, as made by new


NEW = ("new", "ultimate", "--players", "2")
# A Guerre des sorts deal that gives Ann one Brikébix and both Groclonars.
COPIES = ("spellwars", "--names", "Ann,Bob", "--seed", "cli-copies")
GROCLONARS = '{"type": "PlaceCards", "cards": ["groclonar"]}'


def _full(more: str, french: str, english: str) -> Refusal:
    """A Sorcier ultime game of three opened from ``FULL`` and ``more``."""
    three = ("new", "ultimate", "--names", "Ann,Bob,Cy")
    return Refusal(three, "bad_setup", 2, french, english, setup=f"{FULL}{more}\n")


REFUSALS = {
    "players and names": Refusal(
        ("new", "ultimate", "--players", "3", "--names", "Ann,Bob"),
        "bad_setup",
        2,
        "--players 3 mais 2 noms dans --names",
        "--players 3 but 2 names in --names",
    ),
    "option": Refusal(
        (*NEW, "--option", "nope"),
        "bad_setup",
        2,
        "l'option 'nope' n'est pas de la forme NOM=VALEUR",
        "option 'nope' is not NAME=VALUE",
    ),
    "empty seed": Refusal(
        (*NEW, "--seed", " "),
        "bad_setup",
        2,
        "une graine vide n'a rien de secret",
        "an empty seed is no secret",
    ),
    "long seed": Refusal(
        (*NEW, "--seed", "s" * 300),
        "bad_setup",
        2,
        "graine de 300 caractères : 256 au plus",
        "seed of 300 characters: at most 256",
    ),
    "seed at a table": Refusal(
        (*NEW, "--table", "--seed", "s"),
        "bad_setup",
        2,
        "une partie en mode table n'a pas de graine : ses dés viennent de la table",
        "a table-mode game has no seed: its dice come from the table",
    ),
    "chance by nobody": Refusal(
        (*NEW, "--chance-by", "nobody"),
        "bad_setup",
        2,
        "chance_by vaut 'table' (une personne saisit le hasard de la table) ou 'seats'",
        "chance_by is 'table' (one person enters the table's chance) or 'seats'",
    ),
    "seats without a table": Refusal(
        (*NEW, "--chance-by", "seats"),
        "bad_setup",
        2,
        "les places ne saisissent leurs propres tirages que dans une partie en mode table",
        "seats enter their own draws only at a table-mode game",
    ),
    "die of 0": Refusal(
        (*NEW, "--table", "--dice", "0"),
        "bad_setup",
        2,
        "valeur de dé 0 : un dé montre un nombre entier à partir de 1",
        "dice value 0: a die shows a whole number from 1",
    ),
    "turn 0": _full(
        "turn = 0",
        "mise en place de Sorcier ultime : turn doit valoir 1 ou plus, pas 0",
        "ultimate setup: turn must be 1 or more, not 0",
    ),
    "effect on the eliminated": _full(
        'turn = 3\neffects = [{kind = "poison", seat = 2}]',
        "effects[0].seat : le sorcier de Cy est éliminé et ne porte aucun effet",
        "effects[0].seat: Cy is eliminated and carries no effect",
    ),
    "not TOML": Refusal(
        NEW,
        "bad_setup",
        2,
        ": ce n'est pas du TOML valide (",
        ": not valid TOML (",
        setup="first = ",
    ),
    "command not JSON": Refusal(
        ("act", "{game}", "--seat", "0", "--command", "{"),
        "malformed_command",
        2,
        "--command n'est pas du JSON : ",
        "--command is not JSON: ",
    ),
    "copy of a card": Refusal(
        ("act", "{game}", "--seat", "0", "--command", GROCLONARS),
        "ambiguous_command",
        2,
        "peut être l'une de 2 commandes permises, qui ne diffèrent que par l'exemplaire d'une",
        "could be any of 2 legal commands, which differ only in the copy of a card",
        game=COPIES,
    ),
    "shell in a shell": Refusal(
        ("shell",),
        "commands_failed",
        1,
        "une ligne de wizards shell ne peut pas lancer un autre shell",
        "a line of wizards shell cannot start another shell",
        lines="shell\n",
    ),
    "line that does not read": Refusal(
        ("shell",),
        "commands_failed",
        1,
        "la ligne 1 ne se lit pas comme une commande : ",
        "line 1 cannot be read as a command: ",
        lines='games "\ngames\n',
    ),
    "commands failed": Refusal(
        ("shell",),
        "commands_failed",
        1,
        "2 commandes sur 3 ont échoué (lignes 1, 3) ; les autres ont été exécutées",
        "2 of 3 commands failed (lines 1, 3); the others ran",
        lines="shell\ngames\nshell\n",
    ),
    "shell stopped": Refusal(
        ("shell", "--stop-on-error"),
        "command_failed",
        2,
        "la ligne 2 a échoué (code de sortie 2) ; le shell s'est arrêté là",
        "line 2 failed (exit 2); the shell stopped there",
        lines="games\nshell\ngames\n",
    ),
    "binding of a SQLite file": Refusal(
        ("store", "binding"),
        "not_postgres",
        2,
        "une liaison ne concerne qu'un stockage PostgreSQL ; un fichier SQLite garde ses compteurs",
        "a binding is for a PostgreSQL store; a SQLite file keeps its counters",
    ),
    "bind without a counters file": Refusal(
        ("store", "bind"),
        "no_counters_file",
        2,
        "nommez le fichier de compteurs de cet hôte : ?counters=CHEMIN dans l'URL du stockage",
        "name this host's counters file: ?counters=PATH in the store URL",
    ),
    "port held": Refusal(
        ("serve", "--host", "127.0.0.1", "--port", "{port}"),
        "port_in_use",
        2,
        ") : un autre serveur y tourne peut-être ; arrêtez-le, ou choisissez un autre port",
        "): another server may be running there; stop it, or choose another port",
    ),
    "a note with no text": Refusal(
        ("annotate", "{game}", "--at", "3", "--text", " "),
        "bad_input",
        2,
        "une note a besoin d'un texte",
        "an annotation needs some text",
    ),
    "position 0": Refusal(
        ("state", "{game}", "--at", "0"),
        "bad_input",
        2,
        "les positions commencent à 1 (GameStarted)",
        "positions start at 1 (GameStarted)",
    ),
    "a position past the end": Refusal(
        ("state", "{game}", "--at", "999"),
        "bad_input",
        2,
        "événements, pas de position 999",
        "events, no position 999",
    ),
    "verify with no game": Refusal(
        ("verify",),
        "bad_input",
        2,
        "nommez un ou plusieurs identifiants de partie, ou --all",
        "name one or more game ids, or --all",
    ),
    "dice not numbers": Refusal(
        ("new", "ultimate", "--names", "Ann,Bob", "--table", "--dice", "1,x"),
        "bad_input",
        2,
        "dés '1,x' : des nombres entiers séparés par des virgules sont attendus",
        "dice '1,x': expected comma-separated integers",
    ),
    "replay until nothing": Refusal(
        ("replay", "{game}", "--until", "Nope"),
        "bad_input",
        2,
        "aucun événement de type ou de règle 'Nope' dans cette partie",
        "no event of type or rule 'Nope' in this game",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refusal_is_said_in_the_readers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, lang: str
) -> None:
    monkeypatch.delenv("WIZARDS_STORE", raising=False)  # serve sets it: undone after
    refusal = REFUSALS[case]
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang, "--errors", "text"]
    args = list(refusal.args)
    if refusal.setup is not None:
        (tmp_path / "setup.toml").write_text(refusal.setup, encoding="utf-8")
        args += ["--setup", str(tmp_path / "setup.toml")]
    if "{game}" in args:
        made = runner.invoke(app, [*base, "new", *refusal.game])
        args = [made.stdout.strip() if a == "{game}" else a for a in args]
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        args = [str(held.getsockname()[1]) if a == "{port}" else a for a in args]
        run = runner.invoke(app, [*base, *args], input=refusal.lines)
    said = run.stderr
    assert run.exit_code == refusal.exit, said
    assert_in_language(lang, said, refusal.french, refusal.english)
    assert ("  code : " if lang == "fr" else "  code: ") + refusal.code in said, said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "compris comme {command}"), ("en", "taken as {command}")],
)
def test_a_card_named_by_its_kind_is_said_taken_as_its_copy(
    tmp_path: Path, lang: str, said: str
) -> None:
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang]
    game = runner.invoke(app, [*base, "new", *COPIES]).stdout.strip()
    brikebix = '{"type": "PlaceCards", "cards": ["brikebix"]}'
    run = runner.invoke(app, [*base, "act", game, "--seat", "0", "--command", brikebix])
    assert run.exit_code == 0, run.stderr
    taken = '{"type": "PlaceCards", "cards": ["brikebix#1"]}'
    assert run.stderr.strip() == said.format(command=taken)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "URL de stockage non prise en charge 'foo://x' : utilisez sqlite:///FICHIER"),
        ("en", "unsupported store URL 'foo://x': use sqlite:///FILE"),
    ],
)
def test_a_store_url_no_store_answers_is_said_in_the_readers_language(lang: str, said: str) -> None:
    run = runner.invoke(app, ["--store", "foo://x", "--lang", lang, "--errors", "text", "list"])
    assert run.exit_code == 2 and said in run.stderr, run.stderr
