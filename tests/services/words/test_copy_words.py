"""Legal choices that read alike are told apart by the copy they name."""

from __future__ import annotations

from services.words.copies import copy_number, told_apart

NAMES = {"slug": "Magie Féroce", "pig": "Bébéfédex", "smash": "Smash"}


def card(card_id: str) -> str:
    return NAMES[card_id.split("#")[0].split(".")[0]]


def test_two_copies_of_one_card_read_apart_by_their_copy_numbers() -> None:
    texts = ["Ann takes Magie Féroce back", "Ann takes Magie Féroce back", "Ann passes"]
    commands = [
        {"type": "TakeBack", "card": "slug#1"},
        {"type": "TakeBack", "card": "slug#2"},
        {"type": "Pass"},
    ]
    assert told_apart(texts, commands, card) == [
        "Ann takes Magie Féroce back (copy 1)",
        "Ann takes Magie Féroce back (copy 2)",
        "Ann passes",
    ]
    smash = [{"type": "Cast", "card": "smash.01"}, {"type": "Cast", "card": "smash.02"}]
    assert told_apart(["Ann casts Smash"] * 2, smash, card) == [
        "Ann casts Smash (copy 1)",
        "Ann casts Smash (copy 2)",
    ]


def test_a_choice_of_several_cards_names_the_card_whose_copy_differs() -> None:
    commands = [
        {"type": "PlaceCards", "cards": ["pig#1", "slug#3"]},
        {"type": "PlaceCards", "cards": ["pig#1", "slug#4"]},
    ]
    said = told_apart(["Ann places Bébéfédex and Magie Féroce"] * 2, commands, card)
    assert said == [
        "Ann places Bébéfédex and Magie Féroce (Magie Féroce copy 3)",
        "Ann places Bébéfédex and Magie Féroce (Magie Féroce copy 4)",
    ]


def test_choices_alike_in_words_but_not_by_a_copy_are_numbered_in_order() -> None:
    commands = [{"type": "Teleport", "space": 1}, {"type": "Teleport", "space": 2}]
    assert told_apart(["Ann teleports"] * 2, commands, card) == [
        "Ann teleports (choice 1 of 2)",
        "Ann teleports (choice 2 of 2)",
    ]


def test_copy_numbers_are_read_from_the_ids_the_games_use() -> None:
    assert [copy_number(x) for x in ("slug#2", "smash.01", "orc-04", "fireball")] == [2, 1, 4, None]
