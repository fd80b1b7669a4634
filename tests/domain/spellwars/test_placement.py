"""Placing any set of cards: the take-back of more than 3, the trimming of an incorrect spell,
the wild magic's missing type, and the initiative of an incorrect spell — with citations."""

from __future__ import annotations

import itertools
import json

import msgspec
import pytest

from domain.kernel import ActionTaken, IllegalCommand, decode_command, replay
from domain.spellwars import GAME
from domain.spellwars import events as ev
from domain.spellwars.commands import Choose, PlaceCards, TakeBack
from domain.spellwars.legal import Placements
from domain.spellwars.state import initiative
from tests.domain.spellwars.scenario import FILLERS, Game, cast, of, upto_spell_end


def refused(g: Game, seat: int, command: dict[str, object]) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        g.send(seat, command)
    return info.value


def no_leaks(g: Game) -> None:
    for seat in (None, *range(g.state.players)):
        text = json.dumps(GAME.view(g.state, seat))
        for fact in GAME.hidden_from(g.state, seat):
            assert fact not in text, f"seat {seat} sees {fact}"


def same_as_replay(g: Game) -> None:
    assert msgspec.to_builtins(replay(GAME, g.log)) == msgspec.to_builtins(g.fold)


FIVE = ["taleboulas#1", "flaminus#1", "oulacecho#1", "cubengelus#1", "magie-feroce#1"]


def five_placed() -> Game:
    """Seat 0 places five cards; seats 1 and 2 place correct three-card spells."""
    g = Game(3, {"hands": [FIVE, FILLERS[0], FILLERS[1]]})
    g.send(1, {"type": "PlaceCards", "cards": FILLERS[0]})
    g.send(2, {"type": "PlaceCards", "cards": FILLERS[1]})
    g.send(0, {"type": "PlaceCards", "cards": FIVE})
    return g


def test_more_than_3_cards_are_taken_back_one_by_one_before_the_sizes() -> None:
    g = five_placed()
    # the rulebook: "reprendre en main les cartes en excès avant d'annoncer la taille"
    assert not of(g.log, ev.SizesAnnounced)
    assert [(p.seat, p.accepts) for p in g.state.pending] == [(0, ("TakeBack",))]
    assert GAME.legal_commands(g.state, 0) == [TakeBack(card=c) for c in sorted(FIVE)]
    no_leaks(g)
    # how many cards went face down stays hidden until the announcement
    assert GAME.view(g.state, 1)["wizards"][0]["hand_size"] is None
    assert "spell" not in GAME.view(g.state, 1)["wizards"][0]
    assert len(GAME.view(g.state, 0)["wizards"][0]["spell"]) == 5
    events = g.send(0, {"type": "TakeBack", "card": "flaminus#1"})
    assert isinstance(events[0], ActionTaken) and events[0].secret
    back = of(events, ev.CardTakenBack)
    assert [(b.seat, b.card, b.rule) for b in back] == [(0, "flaminus#1", "sw.spell.excess")]
    assert back[0].visibility().seats == (0,)
    assert not of(events, ev.SizesAnnounced)  # 4 cards are still too many
    assert "flaminus#1" in g.state.wizards[0].hand
    no_leaks(g)
    events = g.send(0, {"type": "TakeBack", "card": "magie-feroce#1"})
    assert of(events, ev.CardTakenBack)[0].card == "magie-feroce#1"
    sizes = of(events, ev.SizesAnnounced)[0]
    assert sizes.sizes == (3, 3, 3)
    log = g.log
    assert max(i for i, e in enumerate(log) if isinstance(e, ev.CardTakenBack)) < log.index(sizes)
    assert {"flaminus#1", "magie-feroce#1"} <= set(g.state.wizards[0].hand)
    spell = sorted(c.card for c in g.state.wizards[0].spell)
    assert spell == ["cubengelus#1", "oulacecho#1", "taleboulas#1"]
    same_as_replay(g)


def test_take_back_refusals() -> None:
    g = Game(3, {"hands": [FIVE, FILLERS[0], FILLERS[1]]})
    g.send(0, {"type": "PlaceCards", "cards": FIVE})
    e = refused(g, 0, {"type": "TakeBack", "card": "spiralex#1"})  # not among the placed cards
    assert (e.code, e.rule) == ("not_placed", "sw.spell.excess")
    e = refused(g, 0, {"type": "PlaceCards", "cards": ["taleboulas#1"]})  # already placed
    assert (e.code, e.rule) == ("wrong_decision", "kernel.turn")
    e = refused(g, 1, {"type": "TakeBack", "card": FILLERS[0][0]})  # seat 1 has not placed
    assert (e.code, e.rule) == ("wrong_decision", "kernel.turn")
    g.send(1, {"type": "PlaceCards", "cards": FILLERS[0]})
    e = refused(g, 1, {"type": "TakeBack", "card": FILLERS[0][0]})  # 3 cards are fine
    assert (e.code, e.rule) == ("not_your_turn", "kernel.turn")


def test_placements_are_every_set_of_cards_once_in_any_json_order() -> None:
    g = Game(3, {})
    hand = g.state.wizards[0].hand
    legal = GAME.legal_commands(g.state, 0)
    assert len(hand) == 8 and len(legal) == 2**8 - 1
    assert len({c.cards for c in legal}) == len(legal)  # type: ignore[attr-defined]
    assert all(list(c.cards) == sorted(c.cards) for c in legal)  # type: ignore[attr-defined]
    backwards = decode_command(GAME, {"type": "PlaceCards", "cards": sorted(hand, reverse=True)})
    assert backwards == PlaceCards(cards=tuple(sorted(hand))) and backwards in legal
    e = refused(g, 0, {"type": "PlaceCards", "cards": [hand[0], hand[1], hand[0]]})
    assert (e.code, e.rule) == ("duplicate_card", "sw.spell.place")
    e = refused(g, 0, {"type": "PlaceCards", "cards": [hand[0], "not-a-card#1"]})
    assert (e.code, e.rule) == ("not_in_hand", "sw.spell.place")
    other = g.state.wizards[1].hand[0]
    e = refused(g, 0, {"type": "PlaceCards", "cards": [other]})
    assert (e.code, e.rule) == ("not_in_hand", "sw.spell.place")
    events = g.send(0, backwards)
    assert isinstance(events[0], ActionTaken) and events[0].secret
    assert of(events, ev.SpellPlaced)[0].visibility().seats == (0,)
    no_leaks(g)


@pytest.mark.parametrize("size", range(1, 9))
def test_a_placement_read_by_its_index_is_the_one_the_whole_list_has_there(size: int) -> None:
    # A bot reads one index (``rng.choice``); a client reads them all: the same list.
    hand = tuple(sorted(f"card-{i}#1" for i in range(size)))
    whole = [
        PlaceCards(cards=cards)
        for n in range(1, size + 1)
        for cards in itertools.combinations(hand, n)
    ]
    lazy = Placements(hand)
    assert len(lazy) == len(whole) == 2**size - 1
    assert list(lazy) == whole
    assert [lazy[i] for i in range(len(lazy))] == whole
    assert lazy[-1] == whole[-1] and list(lazy[1:4]) == whole[1:4]
    assert whole[len(whole) // 2] in lazy and PlaceCards(cards=("card-9#1",)) not in lazy
    with pytest.raises(IndexError):
        lazy[len(whole)]


def test_an_incorrect_spell_is_trimmed_on_reveal_by_the_caster() -> None:
    # two sources: announced as 2 components, trimmed to one when revealed
    g, events = cast(
        ["fukushimax#1", "flaminus#1"],
        answers=[{"type": "Choose", "choice": "flaminus#1"}],
    )
    assert of(events, ev.SizesAnnounced)[0].sizes == (2, 3, 3)
    upto = upto_spell_end(events)
    assert of(upto, ev.SpellRevealed)[0].cards == ("flaminus#1", "fukushimax#1")
    trimmed = of(upto, ev.CardTrimmed)
    assert [(t.seat, t.card, t.rule) for t in trimmed] == [(0, "flaminus#1", "sw.spell.incorrect")]
    assert "flaminus#1" in g.state.discard
    assert [c.card for c in of(upto, ev.ComponentStarted) if c.seat == 0] == ["fukushimax#1"]
    assert [(d.target, d.amount) for d in of(upto, ev.DamageDealt)] == [(2, 2)]  # right: seat 2
    same_as_replay(g)


def test_trimming_offers_the_cards_of_the_repeated_type_and_refuses_others() -> None:
    # Ouististyx (initiative 17) makes seat 0 the first of the three-card spells
    g, _ = cast(["fukushimax#1", "flaminus#1", "ouististyx#1"])
    choice = g.state.flow.choice
    assert choice is not None and (choice.seat, choice.kind, choice.rule) == (
        0,
        "trim",
        "sw.spell.incorrect",
    )
    assert GAME.legal_commands(g.state, 0) == [
        Choose(choice="flaminus#1"),
        Choose(choice="fukushimax#1"),
    ]
    e = refused(g, 0, {"type": "Choose", "choice": "ouististyx#1"})
    assert (e.code, e.rule) == ("not_offered", "sw.spell.incorrect")
    events = g.send(0, {"type": "Choose", "choice": "fukushimax#1"})
    assert [t.card for t in of(events, ev.CardTrimmed)] == ["fukushimax#1"]
    started = [c.card for c in of(upto_spell_end(events), ev.ComponentStarted) if c.seat == 0]
    assert started == ["flaminus#1", "ouististyx#1"]


def test_trimming_goes_on_until_the_spell_is_correct_and_the_any_reading() -> None:
    # trim=any: a card of another type may go, but the spell is still incorrect after it
    _, events = cast(
        ["fukushimax#1", "flaminus#1", "ouististyx#1"],
        options={"trim": "any"},
        answers=[
            {"type": "Choose", "choice": "ouististyx#1"},
            {"type": "Choose", "choice": "flaminus#1"},
        ],
    )
    upto = upto_spell_end(events)
    assert [(t.card, t.rule) for t in of(upto, ev.CardTrimmed)] == [
        ("ouististyx#1", "sw.spell.incorrect"),
        ("flaminus#1", "sw.spell.incorrect"),
    ]
    assert [c.card for c in of(upto, ev.ComponentStarted) if c.seat == 0] == ["fukushimax#1"]
    assert GAME.catalogue["sw.spell.trim"].source == "ruling"


def test_three_of_a_type_lose_two_cards() -> None:
    _, events = cast(
        ["fukushimax#1", "flaminus#1", "taleboulas#1"],
        players=2,
        spells={1: ["hydraponix#1"]},  # a one-card spell first, with no decision in it
        answers=[
            {"type": "Choose", "choice": "flaminus#1"},
            {"type": "Choose", "choice": "taleboulas#1"},
        ],
    )
    upto = upto_spell_end(events)
    assert [t.card for t in of(upto, ev.CardTrimmed)] == ["flaminus#1", "taleboulas#1"]
    assert [c.card for c in of(upto, ev.ComponentStarted) if c.seat == 0] == ["fukushimax#1"]


def test_wild_magic_never_makes_a_spell_incorrect_and_is_replaced_after_trimming() -> None:
    g, events = cast(
        ["fukushimax#1", "flaminus#1", "magie-feroce#1"],
        players=2,
        spells={1: ["hydraponix#1"]},
        full_hands=True,
        setup={"deck": ["cubengelus#2", "peutidardus#1"]},
        answers=[
            {"type": "Choose", "choice": "flaminus#1"},
            {"type": "Choose", "choice": "quality"},
        ],
    )
    upto = upto_spell_end(events)
    trim = of(upto, ev.CardTrimmed)
    assert [t.card for t in trim] == ["flaminus#1"]  # the wild magic was not offered
    typed = of(upto, ev.WildTypesChosen)[0]
    assert (typed.wilds, typed.slots, typed.rule) == (
        ("magie-feroce#1",),
        ("quality",),
        "sw.wild.type",
    )
    wild = of(upto, ev.WildMagicReplaced)[0]
    assert (wild.turned, wild.found, wild.rule) == (
        ("cubengelus#2", "peutidardus#1"),
        "peutidardus#1",
        "sw.wild.replace",
    )
    assert upto.index(trim[0]) < upto.index(typed) < upto.index(wild)
    assert [c.card for c in of(upto, ev.ComponentStarted) if c.seat == 0] == [
        "fukushimax#1",
        "peutidardus#1",
    ]
    same_as_replay(g)


def test_the_wild_type_choice_offers_the_missing_types_only() -> None:
    g, _ = cast(["fukushimax#1", "magie-feroce#1"], full_hands=True)
    choice = g.state.flow.choice
    assert choice is not None and (choice.kind, choice.rule) == ("wild", "sw.wild.type")
    assert GAME.legal_commands(g.state, 0) == [
        Choose(choice="quality"),
        Choose(choice="delivery"),
    ]
    e = refused(g, 0, {"type": "Choose", "choice": "source"})
    assert (e.code, e.rule) == ("not_offered", "sw.wild.type")


def test_as_many_wild_cards_as_missing_types_need_no_choice() -> None:
    wilds = ["magie-feroce#1", "magie-feroce#2", "magie-feroce#3"]
    _, events = cast(
        wilds,
        players=2,
        spells={1: ["hydraponix#1"]},
        full_hands=True,
        setup={"deck": ["peutidardus#2", "fukushimax#1", "peutidardus#1", "cubengelus#2"]},
        values=[1],
    )
    typed = of(events, ev.WildTypesChosen)[0]
    assert typed.slots == ("source", "quality", "delivery")
    found = [w.found for w in of(events, ev.WildMagicReplaced)]
    # each wild turns cards in reading order: the quality on top is passed over for the source
    assert found == ["fukushimax#1", "peutidardus#1", "cubengelus#2"]


def test_an_incorrect_spell_with_two_deliveries_counts_the_lowest_initiative() -> None:
    # Écrabouillax (1) and Tentaculax (16) against a filler with Tropintimus (8)
    g, events = cast(
        ["peutidardus#1", "ecrabouillax#1", "tentaculax#1"],
        players=2,
    )
    assert initiative(g.state, g.state.wizards[0]) == 1  # the lowest of 1 and 16
    chosen = of(events, ev.CasterChosen)[0]
    assert (chosen.seat, chosen.initiative, chosen.rule) == (1, 8, "sw.order.incorrect")
    assert GAME.catalogue["sw.order.incorrect"].source == "ruling"
    # The other reading, by its option: the highest of the two goes first.
    g, events = cast(
        ["peutidardus#1", "ecrabouillax#1", "tentaculax#1"],
        players=2,
        options={"incorrect_initiative": "highest"},
    )
    assert initiative(g.state, g.state.wizards[0]) == 16
    chosen = of(events, ev.CasterChosen)[0]
    assert (chosen.seat, chosen.initiative, chosen.rule) == (0, 16, "sw.order.incorrect")


INCORRECT = ["peutidardus#1", "ecrabouillax#1", "tentaculax#1"]  # deliveries 1 and 16


def test_a_declared_delivery_gives_the_initiative_and_trimming_keeps_it() -> None:
    """incorrect_initiative=declared: with the placement the caster declares the delivery
    it will keep; its initiative counts (16, where the lowest counts 1 and the filler's
    Tropintimus, 8, would go first) and trimming never offers it (the highest offers
    both deliveries)."""
    declared = {"incorrect_initiative": "declared"}
    g = Game(2, {"hands": [INCORRECT, FILLERS[0]]}, values=[1] * 10, options=declared)
    assert {getattr(c, "declared", "") for c in GAME.legal_commands(g.state, 0)} >= {
        "ecrabouillax#1",
        "tentaculax#1",
    }
    e = refused(g, 0, {"type": "PlaceCards", "cards": INCORRECT})
    assert (e.code, e.rule) == ("not_offered", "sw.order.incorrect")
    e = refused(g, 0, {"type": "PlaceCards", "cards": INCORRECT, "declared": "peutidardus#1"})
    assert (e.code, e.rule) == ("not_offered", "sw.order.incorrect")
    g.send(1, {"type": "PlaceCards", "cards": FILLERS[0]})
    events = g.send(0, {"type": "PlaceCards", "cards": INCORRECT, "declared": "tentaculax#1"})
    placed = of(events, ev.SpellPlaced)[0]
    assert (placed.declared, placed.also) == ("tentaculax#1", ("sw.order.incorrect",))
    assert placed.visibility().seats == (0,)
    chosen = of(events, ev.CasterChosen)[0]
    assert (chosen.seat, chosen.initiative, chosen.rule) == (0, 16, "sw.order.incorrect")
    choice = g.state.flow.choice
    assert choice is not None and (choice.kind, choice.labels) == ("trim", ("ecrabouillax#1",))
    no_leaks(g)
    same_as_replay(g)
    # The same placement under the highest: both deliveries may go.
    g, events = cast(INCORRECT, players=2, options={"incorrect_initiative": "highest"})
    assert g.state.flow.choice is not None
    assert g.state.flow.choice.labels == ("ecrabouillax#1", "tentaculax#1")
    # Declaring the lower one gives its initiative: the filler's 8 goes first.
    g, events = cast(INCORRECT, players=2, options=declared, asked={"declared": "ecrabouillax#1"})
    assert initiative(g.state, g.state.wizards[0]) == 1
    assert of(events, ev.CasterChosen)[0].seat == 1


def test_a_wild_card_placed_in_the_row_stands_for_its_place() -> None:
    """wild_type=row: each wild magic card's place in the row is given with the placement.
    Fukushimax with a wild magic in the delivery's place turns cards for a delivery at once
    (on reveal the caster would choose between the quality and the delivery); in the
    source's place beside Fukushimax it makes the spell incorrect, and either card may go."""
    row = {"wild_type": "row"}
    spell = ["fukushimax#1", "magie-feroce#1"]
    g, events = cast(spell, full_hands=True, options=row, asked={"wilds": ["delivery"]})
    placed = of(events, ev.SpellPlaced)[-1]
    assert (placed.seat, placed.slots, placed.also) == (
        0,
        ("source", "delivery"),
        ("sw.wild.type",),
    )
    typed = of(events, ev.WildTypesChosen)[0]
    assert (typed.wilds, typed.slots, typed.rule) == (
        ("magie-feroce#1",),
        ("delivery",),
        "sw.wild.type",
    )
    assert of(events, ev.WildMagicReplaced)[0].slot == "delivery"
    assert not any(isinstance(e, ActionTaken) and isinstance(e.command, Choose) for e in events)
    same_as_replay(g)
    # in the source's place: two sources, an incorrect spell, the wild magic may be trimmed
    g, events = cast(spell, full_hands=True, options=row, asked={"wilds": ["source"]})
    choice = g.state.flow.choice
    assert choice is not None and (choice.kind, choice.rule) == ("trim", "sw.spell.incorrect")
    assert choice.labels == ("fukushimax#1", "magie-feroce#1")
    # the placement must give the place of every wild magic card, and only then
    g = Game(2, {"hands": [[*spell, "gracula#1"], FILLERS[0]]}, options=row)
    e = refused(g, 0, {"type": "PlaceCards", "cards": spell})
    assert (e.code, e.rule) == ("not_offered", "sw.wild.type")
    legal = [c for c in GAME.legal_commands(g.state, 0) if c.cards == tuple(spell)]  # type: ignore[attr-defined]
    assert [c.wilds for c in legal] == [("source",), ("quality",), ("delivery",)]  # type: ignore[attr-defined]
    g = Game(2, {"hands": [spell, FILLERS[0]]})
    e = refused(g, 0, {"type": "PlaceCards", "cards": spell, "wilds": ["quality"]})
    assert (e.code, e.rule) == ("not_offered", "sw.wild.type")
