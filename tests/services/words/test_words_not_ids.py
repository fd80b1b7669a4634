"""The engine's lines and views in the words a player reads: no selector ids, no
level ids, no event type names, no seat numbers where players are meant."""

from __future__ import annotations

from fastapi.testclient import TestClient

from domain.elfenwizards.events import DiePlaced, PhaseBegan, WizardDefeated
from domain.games import get_game
from domain.spellwars import GAME as SPELLWARS
from domain.spellwars.events import TargetChosen
from domain.spellwars.language import SELECTORS
from domain.spellwars.selector_words import SELECTOR_WORDS
from services.words.card_names import card_names
from services.words.sentences import Words
from services.words.views import facts
from tests.domain.spellwars.scenario import cast
from tests.services.api_tables import new_table

NAMES = ("Ann", "Bob", "Cy")


def test_a_spectator_reads_what_is_hidden_from_it_in_words(client: TestClient) -> None:
    table = new_table(client, players=2)
    log = client.get(f"/tables/{table.game_id}/log").json()
    hidden = [e["text"] for e in log if "redacted" in e]
    assert "cards dealt — hidden from you" in hidden
    assert all(t.endswith(" — hidden from you") and t == t.lower() for t in hidden), hidden


def test_the_log_lists_the_seats_to_act_each_whole_and_in_turn() -> None:
    """The page names every "seat N" of a line: the order is said seat by seat."""
    phase = PhaseBegan(rule="elfenwizards.round.order", phase="roll", number=2, order=(2, 0, 1))
    game = get_game("elfenwizards")
    assert (
        Words(game, NAMES).event(phase)
        == "phase 2, Rolling and allocating the major spells: to act in turn Cy, Ann and Bob"
    )


def test_dice_lie_on_spaces_named_by_their_levels() -> None:
    game = get_game("elfenwizards")
    words = Words(game, NAMES)
    placed = [
        DiePlaced(rule="elfenwizards.alloc.spaces", seat=1, die=6, space=space)
        for space in ("druide", "grand_druide", "minor", "grey")
    ]
    assert [words.event(e) for e in placed] == [
        "Bob places a 6 on the Druide major-spell space",
        "Bob places a 6 on the Grand Druide major-spell space",
        "Bob places a 6 on the minor-spell space",
        "Bob places a 6 on the grey space",
    ]
    beaten = WizardDefeated(
        rule="elfenwizards.award.duel", wizard="red-1", seat=0, space="defeat-necromancien",
        points=3,
    )  # fmt: skip
    assert (
        words.event(beaten) == "Ann's red wizard 1 (3 points) goes to the Nécromancien defeat space"
    )
    # A table that renames a level reads its own name there.
    renamed = Words(game, NAMES, card_names("elfenwizards", {"druide": "Archidruide"}))
    assert renamed.event(placed[0]) == "Bob places a 6 on the Archidruide major-spell space"


def test_every_target_selector_is_said_in_words() -> None:
    assert set(SELECTOR_WORDS) == set(SELECTORS)
    chosen = TargetChosen(
        rule="sw.card.momidisis", seat=0, card="momidisis#1", targets=(1, 2), how="played-all"
    )
    line = Words(SPELLWARS, NAMES).event(chosen)
    assert line == "Momidisis targets Bob and Cy — every opponent who has cast"


def test_a_target_choice_names_its_candidates_in_the_viewers_state() -> None:
    g, _ = cast({"delivery": "canibalocircus#1"})
    view = SPELLWARS.view(g.state, None)
    said = facts(view, Words(SPELLWARS, NAMES))
    assert "choice — seat: Ann" in said
    assert "choice — targets: Bob, Cy" in said
    assert (
        "choice — prompt: Canibalocircus: pick a target: the opponent with the most creatures"
        in said
    )


def test_a_block_with_no_creature_is_said_as_taking_the_damage() -> None:
    words = Words(SPELLWARS, NAMES)
    assert words.command(1, {"type": "Block", "creature": None}) == (
        "Bob blocks with no creature and takes the damage"
    )
    assert words.command(1, {"type": "Block", "creature": "gracula#1"}) == (
        "Bob blocks with Gracula"
    )


def test_a_choice_prompt_names_its_seat_in_the_viewers_state() -> None:
    g, _ = cast({"source": "taleboulas#1"}, setup={"creatures": [[], ["gracula#1"], []]})
    said = facts(SPELLWARS.view(g.state, None), Words(SPELLWARS, NAMES))
    assert "choice — prompt: Taléboulas: 3 damage to Bob: sacrifice a creature?" in said
