"""A command whose JSON form does not fit its type is refused with what is wrong,
read from the command types' structure, in the reader's language: the type it
names or leaves out, a field it does not take or leaves out, a field's value of
the wrong kind. msgspec's own English (`$.target`, `int | null`) is not shown."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games import all_games, get_game
from domain.kernel import IllegalCommand
from domain.kernel.fold import decode_command
from services.words.sentences import Words

NAMES = ("Ann", "Bob", "Cy")


def _refused(game: str, data: object, lang: str) -> str:
    with pytest.raises(IllegalCommand) as refused:
        decode_command(get_game(game), data)
    assert refused.value.code == "malformed_command" and refused.value.rule == "kernel.malformed"
    assert refused.value.said is not None
    return Words(get_game(game), NAMES, lang=lang).say(refused.value.said)


@pytest.mark.parametrize(
    ("sent", "english", "french"),
    [
        ({"type": "PlayCard"}, "PlayCard needs its field card",
         "PlayCard a besoin de son champ card"),
        ({"type": "PlayCard", "card": 3}, "PlayCard: card must be a text, not 3",
         "PlayCard : card doit être un texte, pas 3"),
        ({"type": "PlayCard", "card": "fireball", "target": "Bob"},
         'PlayCard: target must be a whole number or null, not "Bob"',
         'PlayCard : target doit être un nombre entier ou null, pas "Bob"'),
        ({"type": "PlayCard", "card": "fireball", "foe": 1},
         "PlayCard has no field foe: its fields are card, target, discard",
         "PlayCard n'a pas de champ foe : ses champs sont card, target, discard"),
        ({"type": "Draw", "card": "fireball"}, "Draw takes no field; card was given",
         "Draw ne prend aucun champ ; card a été donné"),
        ({"type": "Teleport"}, '"Teleport" is no command of this game: it is one of Draw, PlayCard',
         "\"Teleport\" n'est pas une commande de ce jeu : c'est l'un de Draw, PlayCard"),
        ({"card": "fireball"}, "the command names no type: it is one of Draw, PlayCard",
         "la commande ne nomme pas son type : c'est l'un de Draw, PlayCard"),
        ("Draw", "the command is not JSON", "la commande n'est pas du JSON"),
        (["Draw"], 'a command is a JSON object that names its type, as {"type": "Draw"}',
         'une commande est un objet JSON qui nomme son type, comme {"type": "Draw"}'),
    ],
)  # fmt: skip
def test_a_malformed_command_says_what_is_wrong(sent: object, english: str, french: str) -> None:
    said_en, said_fr = _refused("ultimate", sent, "en"), _refused("ultimate", sent, "fr")
    assert said_en.startswith("not a valid Sorcier ultime command: ") and english in said_en
    assert said_fr.startswith("commande de Sorcier ultime invalide : ") and french in said_fr
    assert "`" not in said_en + said_fr  # msgspec's own account is not what is said


def _fields(game: str) -> list[tuple[str, msgspec.inspect.Field]]:
    union = msgspec.inspect.type_info(get_game(game).command_type)
    kinds = union.types if isinstance(union, msgspec.inspect.UnionType) else (union,)
    return [
        (k.tag, f) for k in kinds if isinstance(k, msgspec.inspect.StructType) for f in k.fields
    ]


@pytest.mark.parametrize("game", [g.spec.id for g in all_games()])
def test_every_field_of_every_game_is_refused_by_name_when_it_holds_the_wrong_kind(
    game: str,
) -> None:
    for tag, field in _fields(game):
        # A value of no kind any command field takes.
        sent: dict[str, Any] = {"type": tag, field.encode_name: {"wrong": True}}
        said = _refused(game, sent, "fr")
        assert "`" not in said, said
        assert (
            f"{tag} : {field.encode_name} doit être " in said or " a besoin de son champ " in said
        ), said
