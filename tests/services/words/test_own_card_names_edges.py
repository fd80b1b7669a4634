"""The edges of a table's own card names (``services.words.card_names``): names that
are also players' names, files that swap two names, names full of regex
characters, the orc tower's copy ids, and what each seat may see. Real games on
a real SQLite store.
"""

from __future__ import annotations

import random
import re
from typing import Any

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import IllegalCommand, SetupError
from services.ledger import WizardLedger
from services.reads.views import log_json
from services.review.exports import export_text
from services.review.story import StoryLines, walk
from services.words.card_names import card_names
from services.words.sentences import Words
from tests.services.words.own_names import rename_entry


def _data(game: str, names: dict[str, str]) -> dict[str, Any]:
    """The game's built-in data file with ``names`` ({entry id: name}) renamed."""
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(get_game(game).data_template()))
    for ident, name in names.items():
        rename_entry(data, ident, name)
    return data


def _play_out(ledger: WizardLedger, gid: str, seed: int = 1, limit: int = 3000) -> None:
    """Random legal commands until the game is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        loaded = ledger.load(gid)
        if loaded.game.outcome(loaded.fold.state) is not None:
            return
        seat = loaded.fold.state.pending[0].seat
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        ledger.act(gid, seat, msgspec.to_builtins(rng.choice(legal)))
    raise AssertionError(f"{gid}: not over after {limit} commands")


def _story(ledger: WizardLedger, gid: str) -> str:
    return walk(ledger.load(gid).game, ledger.entries(gid), None, StoryLines())


def test_a_player_named_like_a_renamed_card_keeps_their_name(sqlite_url: str) -> None:
    """Players "Éclair" and "Boule de feu" at a table whose file renames the cards
    Éclair and Boule de feu: the players keep their names in every line (only the
    game's own words name cards)."""
    ledger = WizardLedger(sqlite_url)
    data = _data("ultimate", {"lightning": "Foudre", "fireball": "Brasier"})
    created = ledger.create_game(
        "ultimate",
        ["Éclair", "Boule de feu"],
        seed="players",
        options={"rounds_to_win": 1},
        data=data,
    )
    gid = str(created.game_id)
    _play_out(ledger, gid)
    story = _story(ledger, gid)
    assert "for Éclair and Boule de feu" in story
    assert "Foudre, Brasier" not in story and "Foudre attacks" not in story
    assert re.search(r"^#\d+\s+(Éclair|Boule de feu) (attacks|wins)", story, re.M), story
    md = export_text(ledger, gid, "md")
    result = next(line for line in md.splitlines() if line.startswith("**Result:**"))
    assert result.startswith(("**Result:** won by Éclair;", "**Result:** won by Boule de feu;"))
    # The log's first line names the players as they sat down.
    opened = log_json(ledger, gid)[0]["text"]
    assert "for Éclair and Boule de feu;" in opened, opened
    ledger.close()


def test_a_file_that_swaps_two_titles_reads_its_own_board(sqlite_url: str) -> None:
    """Elfenwizards with a file that calls the Druide level "Sorcier" and the
    Sorcier level "Druide": the board line says the file's names of the levels
    (2 spaces of the file's Sorcier, 4 of its Druide) in the story, the export
    and the log, not the built-in names swapped back."""
    ledger = WizardLedger(sqlite_url)
    data = _data("elfenwizards", {"druide": "Sorcier", "sorcier": "Druide"})
    gid = str(ledger.create_game("elfenwizards", 3, seed="swap", data=data).game_id)
    want = "Grand Druide 1, Sorcier 2, Druide 4, Nécromancien 8 and Magicien 4"
    story = _story(ledger, gid)
    assert want in story, story
    md = export_text(ledger, gid, "md")
    assert want in md
    log = [e["text"] for e in log_json(ledger, gid, seat=0)]
    assert any(want in text for text in log), log
    ledger.close()


def test_a_title_renamed_to_another_titles_built_in_name(sqlite_url: str) -> None:
    """A file that calls the Druide level "Grand Druide" and the Grand Druide
    "Archidruide": the board line says each level once by the file's name."""
    ledger = WizardLedger(sqlite_url)
    data = _data("elfenwizards", {"druide": "Grand Druide", "grand_druide": "Archidruide"})
    gid = str(ledger.create_game("elfenwizards", 3, seed="onto", data=data).game_id)
    assert "Archidruide 1, Grand Druide 2, Sorcier 4" in _story(ledger, gid)
    ledger.close()


# A file that swaps Éclair and Explosion, gives Boule de feu a name full of
# regex syntax (and a replacement template's), and Bouclier the longest name allowed.
_ODD = {
    "lightning": "Explosion",
    "explosion": "Éclair",
    "fireball": r"Boule (.*)+ \1 \g<0> $& [^a]? |",
    "shield": "Bouclier (très) " + "+" * 24,  # the longest a file may give (40)
}


def _oracle(line: str) -> str:
    """A built-in line in _ODD's names, by plain string replacement through
    placeholders (the combo "Explosion des flammes" is kept whole first)."""
    keep = {"Explosion des flammes": "\x00combo\x00"}
    said = {"Explosion": "Éclair", "Éclair": "Explosion"}
    said |= {"Boule de feu": _ODD["fireball"], "Bouclier": _ODD["shield"]}
    for name, mark in keep.items():
        line = line.replace(name, mark)
    for n, name in enumerate(said):
        line = line.replace(name, f"\x00{n}\x00")
    for n, name in enumerate(said):
        line = line.replace(f"\x00{n}\x00", said[name])
    for name, mark in keep.items():
        line = line.replace(mark, name)
    return line


def test_swapped_odd_and_long_names_read_as_the_file_says(sqlite_url: str) -> None:
    """The same commands on the built-in data and on _ODD's file: every line of
    the own game is the built-in line with _ODD's names, once each."""
    ledger = WizardLedger(sqlite_url)
    games = [
        str(
            ledger.create_game(
                "ultimate", 2, seed="odd", options={"rounds_to_win": 1}, data=data
            ).game_id
        )
        for data in (None, _data("ultimate", _ODD))
    ]
    plain, own = games
    rng = random.Random(3)
    while (loaded := ledger.load(plain)).game.outcome(loaded.fold.state) is None:
        seat = loaded.fold.state.pending[0].seat
        command = msgspec.to_builtins(
            rng.choice(loaded.game.legal_commands(loaded.fold.state, seat))
        )
        for gid in games:
            ledger.act(gid, seat, command)
    lines = []
    for gid in games:
        loaded = ledger.load(gid)
        words = Words.table(loaded.game, loaded.fold.started)
        lines.append([words.event(e.event) for e in ledger.entries(gid)[1:]])
    said = " ".join(lines[0])
    assert all(n in said for n in ("Éclair", "Explosion ", "Boule de feu", "Bouclier"))
    assert lines[1] == [_oracle(line) for line in lines[0]]
    log = {e["position"]: e["text"] for e in log_json(ledger, own, full=True)}
    plain_log = {e["position"]: e["text"] for e in log_json(ledger, plain, full=True)}
    kept = [p for p in plain_log if "(" not in plain_log[p]]  # not a command's repr
    assert [log[p] for p in kept] == [_oracle(plain_log[p]) for p in kept]
    ledger.close()


def test_a_card_the_file_names_like_a_seat_stays_a_card(sqlite_url: str) -> None:
    """A file that calls Éclair "seat 1": the lines say the card "seat 1", and
    the players (seat 0 and seat 1 of the game's lines) by their names."""
    ledger = WizardLedger(sqlite_url)
    data = _data("ultimate", {"lightning": "seat 1"})
    created = ledger.create_game(
        "ultimate", ["Ann", "Bob"], seed="players", options={"rounds_to_win": 1}, data=data
    )
    gid = str(created.game_id)
    _play_out(ledger, gid)
    story = _story(ledger, gid)
    assert re.search(r"^#\d+\s+(Ann|Bob) attacks (Ann|Bob) with seat 1  ", story, re.M), story
    ledger.close()


@pytest.mark.parametrize(
    ("game", "ident", "key"),
    [
        ("orctower", "ice_storm", "spells.ice_storm.name"),
        ("orctower", "goblin", "creatures.goblin.name"),
        ("elfenwizards", "druide", "level druide"),
        ("ultimate", "lightning", "cards.lightning.name"),
        ("spellwars", "tresormodix", "card 'tresormodix'"),
    ],
)
@pytest.mark.parametrize("name", ["", "   ", "Foudre\nÉclair", "Foudre\tÉclair", "F" * 41])
def test_a_blank_name_is_refused(
    sqlite_url: str, game: str, ident: str, key: str, name: str
) -> None:
    """A card or title the file names "" would vanish from every line that
    names it ("seat 0 draws  (ice_storm.04)"), one with a line break would split
    the story's line, and a long one would crowd every line and card face: the
    file is refused, naming the entry (the same rule in every game)."""
    ledger = WizardLedger(sqlite_url)
    with pytest.raises(SetupError, match=re.escape(key)):
        ledger.create_game(game, 3, seed="blank", data=_data(game, {ident: name}))
    ledger.close()


def test_a_quotation_of_the_rulebook_in_our_words_stays_as_printed() -> None:
    """Our glosses may quote the rulebook (« … »): the quotation keeps the
    built-in name, the words around it say the table's."""
    names = card_names("ultimate", {"lightning": "Foudre"})
    said = names.rename("Éclair hits everyone (« Éclair - Inflige 1 point ») but Éclair's caster")
    assert said == "Foudre hits everyone (« Éclair - Inflige 1 point ») but Foudre's caster"
    assert names.rename("« Éclair »« Éclair » Éclair") == "« Éclair »« Éclair » Foudre"


def test_an_option_set_to_a_renamed_card_says_the_tables_name(sqlite_url: str) -> None:
    """The orc tower's reinforcement options name the creature type they replace
    by its id ("orc"): a table that renames the Orque reads its own name there,
    and the other options' values are said by the readings they select."""
    ledger = WizardLedger(sqlite_url)
    data = _data("orctower", {"orc": "Brute", "croc": "Lézard volant"})
    options = {"crocodile": "orc", "end_check": "sticky"}
    gid = str(ledger.create_game("orctower", 2, seed="opt", options=options, data=data).game_id)
    story = _story(ledger, gid)
    assert (
        "option: Lézard volant replaces: Brute — "
        "Module « renforts »: the weak type the Lézard volant replaces"
    ) in story
    end = "option: When the four empty quarters end the game: Announced once, at the first moment"
    assert f"{end} (default) — " in story
    ledger.close()


def test_a_refused_command_says_the_tables_names(sqlite_url: str) -> None:
    """A seat that plays a card it does not hold is refused in the table's
    words: the card by the file's name (and its id, as the engine says it)."""
    ledger = WizardLedger(sqlite_url)
    data = _data("ultimate", {"lightning": "Foudre"})
    setup = {
        "hands": [["fireball", "explosion"], ["shield", "mirror"]],
        "draw_pile": ["lightning", "curse", "thorns", "healing_light"],
        "health": [9, 9],
        "first": 0,
    }
    gid = str(ledger.create_game("ultimate", 2, setup=setup, data=data).game_id)
    with pytest.raises(IllegalCommand) as refused:
        ledger.act(gid, 0, {"type": "PlayCard", "card": "lightning", "target": 1})
    assert refused.value.code == "not_in_hand"
    assert refused.value.message == "seat 0 does not hold Foudre"
    assert str(refused.value) == refused.value.message
    ledger.close()
