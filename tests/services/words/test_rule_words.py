"""Our words about the rules (a rule's gloss, readings, default and why, an
option's description) exist in French for every rule and option of every game,
are said in the reader's language at the edge, and name the cards as the table
does; the rulebook's passage and section stay as printed."""

from __future__ import annotations

import pytest

from domain.games import all_games, get_game
from domain.kernel import KERNEL_RULES, Rule
from services.words.card_names import card_names
from services.words.faces import table_face
from services.words.rule_words import option_doc, rule_texts, spec_json, told_rule
from services.words.telling import messages, speaking

GAMES = [g.spec.id for g in all_games()]


def _rules(game: str) -> list[Rule]:
    return [*get_game(game).catalogue, *KERNEL_RULES]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_says_its_gloss_readings_and_why_in_french(game: str) -> None:
    # In the compiled French catalogue, translated ("3 actions." reads alike).
    french = messages("fr")
    missing = [
        f"{rule.id}: {text}"
        for rule in _rules(game)
        for text in rule_texts(rule)
        if text and not french.get(text)
    ]
    assert not missing, missing


@pytest.mark.parametrize("game", GAMES)
def test_every_option_says_what_it_decides_in_french(game: str) -> None:
    spec = get_game(game).spec
    french = messages("fr")
    missing = [o.name for o in spec.options if o.doc and not french.get(o.doc)]
    assert not missing, missing
    with speaking("fr"):
        listed = spec_json(spec)
    assert [o["doc"] for o in listed["options"]] == [option_doc(o, lang="fr") for o in spec.options]
    # The names and values an --option takes stay as typed.
    assert [o["name"] for o in listed["options"]] == [o.name for o in spec.options]


def test_a_ruling_is_told_in_french_with_its_passage_as_printed() -> None:
    rule = get_game("ultimate").catalogue["ultimate.ruling.discard-phase"]
    told = told_rule(rule, lang="fr")
    assert told.summary.startswith("La phase de défausse permet une défausse")
    assert [r.summary for r in told.readings] == [
        "Une défausse, plus les défausses obligées jusqu'à 3 cartes ; puis le tour finit.",
        "Les défausses obligées jusqu'à 3 cartes, puis une défausse facultative de plus.",
    ]
    assert [r.option for r in told.readings] == [r.option for r in rule.readings]
    assert told.default == told.readings[0].summary
    assert told.why.startswith("Le texte accorde une seule carte")
    assert (told.id, told.section, told.passage) == (rule.id, rule.section, rule.passage)
    assert told_rule(rule, lang="en") == rule


def test_a_default_naming_an_option_stays_as_typed() -> None:
    rule = get_game("ultimate").catalogue["ultimate.ruling.pass-with-cards"]
    assert rule.default == "pass_with_cards=false"
    assert told_rule(rule, lang="fr").default == "pass_with_cards=false"


def test_a_french_gloss_names_a_card_by_the_tables_name() -> None:
    game = get_game("ultimate")
    rule = next(r for r in game.catalogue if r.summary.startswith("By default Éclair"))
    renamed = card_names("ultimate", {"lightning": "Foudre"})
    told = told_rule(rule, renamed, lang="fr")
    assert told.summary.startswith("Par défaut, Foudre inflige aussi 1 dégât")
    assert "Éclair" not in told.summary
    assert told.passage == rule.passage  # the rulebook's words, as printed


def test_a_card_face_says_its_gloss_in_the_readers_language() -> None:
    french = {c["id"]: c["gloss"] for c in table_face("ultimate", "fr")["cards"]}
    english = {c["id"]: c["gloss"] for c in table_face("ultimate", "en")["cards"]}
    assert english["fireball"] == "1 damage to one opponent."
    assert french["fireball"] == "1 dégât à un adversaire."


def test_a_passage_of_ours_is_said_in_french_a_printed_one_as_printed() -> None:
    ultimate = get_game("ultimate").catalogue
    ours = told_rule(ultimate["ultimate.setup.position"], lang="fr")
    assert ours.passage == (
        "(pas de texte dans les règles : une position de table enregistrée remplace le "
        "mélange et la distribution)"
    )
    printed = ultimate["ultimate.setup.deal"]
    assert told_rule(printed, lang="fr").passage == printed.passage
    # The kernel has no rulebook: its sections and passages are ours.
    turn = told_rule(KERNEL_RULES["kernel.turn"], lang="fr")
    assert (turn.section, turn.passage) == (
        "Décisions en attente",
        "Seule une place à qui l'état demande de décider peut envoyer une commande.",
    )
