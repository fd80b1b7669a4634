"""The cards a seat is offered to name a draw leave out those it sees elsewhere.

A card in the seat's own hand, or lying face up (a discard pile, a card in
play, a revealed spell), cannot be the one drawn from a face-down pile: offering
it invites a slip. What only other seats see stays on the list, or the list
would tell their cards. A card named anyway is still refused, as before."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import CardsShuffled, DiceRequired
from domain.kernel.chance_needs import ChanceNeed, card_kind
from services.ledger import WizardLedger
from services.reads.views import state_json
from services.store.chance import unrevealing
from tests.services.seat_draws import at_first_refill, cards_of, opening_deck, owners, seen_by


def _shuffled(pile: str, *cards: str) -> CardsShuffled:
    return CardsShuffled(rule="r", pile=pile, order=cards, permutation=(), counter=0, unknown=True)


def test_a_kind_is_left_out_only_once_the_seat_sees_every_copy_of_it() -> None:
    deck = _shuffled("main", "zap#1", "zap#2", "heal#1", "heal#2", "bolt#1")
    # Left in the deck: the bolt. The seat holds both zaps and one heal; the
    # other heal went into a hand it cannot see, so it may still be in the deck.
    drawn = ChanceNeed(kind="card", what="the deck", cards=("bolt",))
    hidden = {"heal#2", "bolt#1"}
    (asked,) = unrevealing([drawn], [deck], hidden)
    assert asked.cards == ("bolt", "heal")
    # Without a seat's view, the pile as it went face down.
    (whole,) = unrevealing([drawn], [deck])
    assert whole.cards == ("bolt", "heal", "zap")


def test_a_card_seen_face_up_before_the_command_stays_once_it_went_back_into_the_pile() -> None:
    """The discard shuffled into the deck during the command (it ran out): the
    cards the seat saw there could now be drawn."""
    deck = _shuffled("main", "zap#1", "heal#1", "bolt#1")
    drawn = ChanceNeed(kind="card", what="the deck", cards=("zap",))  # the old discard
    (asked,) = unrevealing([drawn], [deck], hidden={"bolt#1"})
    assert asked.cards == ("bolt", "zap")


def test_a_card_taken_from_a_hand_leaves_out_what_the_asker_sees_but_not_that_hand() -> None:
    piles = [_shuffled("deck.1", "zap.01", "zap.02", "heal.01", "shield.01")]
    theirs = ChanceNeed(kind="card", what="card taken from seat 1", cards=("zap",), hand=True)
    # The asker holds heal.01 and shield.01: the other's hand holds neither.
    (asked,) = unrevealing([theirs], piles, hidden={"zap.01", "zap.02"})
    assert asked.cards == ("zap",)
    # A card discarded blind from the asker's own hand: its own cards are the answer.
    mine = ChanceNeed(kind="card", what="card discarded by seat 0", cards=("heal",), hand=True)
    (own,) = unrevealing([mine], piles, hidden={"zap.01", "zap.02"})
    assert own.cards == ("heal", "zap")


def test_spell_wars_seats_are_offered_no_card_they_see_elsewhere(
    client: Any, ledger: WizardLedger
) -> None:
    """At the first refill of Ann, Bob and Cleo's game, held for each seat's
    cards: each is offered the deck as it went face down without the kinds
    whose every copy it sees, over the ledger and over HTTP alike."""
    gid, line, tokens = at_first_refill(ledger)
    actor = line["seat"]
    state = ledger.load(gid).fold.state
    deck = opening_deck(ledger, gid)
    ledger.act(gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor))
    left_out = kept_hidden = 0
    for seat in sorted(set(owners(line)) - {actor}):
        seen = seen_by(state, seat)
        copies: dict[str, set[str]] = {}
        for c in deck:
            copies.setdefault(card_kind(c), set()).add(c)
        all_seen = {k for k, ids in copies.items() if ids <= seen}
        # Every copy elsewhere, but where this seat cannot see it (others' hands).
        others = set().union(*(set(w.hand) for i, w in enumerate(state.wizards) if i != seat))
        all_hidden = {k for k, ids in copies.items() if ids <= others}
        held = state_json(ledger, gid, seat=seat)["held"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        over_http = client.get(f"/tables/{gid}/state?seat={seat}", headers=auth).json()["held"]
        # The page reads the same lists as the ledger's state.
        assert [list(n["cards"]) for n in over_http["needs"]] == [
            list(n["cards"]) for n in held["needs"]
        ]
        for need in held["needs"]:
            offered = set(need["cards"])
            assert offered == set(copies) - all_seen
            assert all_hidden <= offered
        left_out += len(all_seen)
        kept_hidden += len(all_hidden)
        # Named anyway, a card it sees is refused, as a table would find it.
        if all_seen:
            name = sorted(all_seen)[0]
            with pytest.raises(DiceRequired, match="it is not there"):
                ledger.act(gid, seat, None, drew=[name, *cards_of(line, seat)[1:]])
    assert left_out and kept_hidden  # the position shows both cases


def _ultimate_table(client: Any) -> tuple[str, dict[int, dict[str, str]]]:
    """Ann and Bob at a table whose seats enter their own draws, dealt by HTTP:
    Ann holds Bouclier and Miroir, Bob Boule de feu and Explosion."""
    body = {"game": "ultimate", "players": ["Ann", "Bob"], "table": True, "chance_by": "seats"}
    table = client.post("/tables", json={**body, "dice": [1]}).json()
    gid = table["game_id"]
    auth = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in table["seats"]}
    for seat, cards in ((0, ["Bouclier", "Miroir"]), (1, ["Boule de feu", "Explosion"])):
        dealt = client.post(
            f"/tables/{gid}/act", json={"seat": seat, "drew": cards}, headers=auth[seat]
        )
        assert dealt.status_code == 200, dealt.text
    return gid, auth


def test_an_ultimate_seat_is_offered_neither_its_hand_nor_the_discard(
    client: Any, ledger: WizardLedger
) -> None:
    gid, auth = _ultimate_table(client)
    draw = {"type": "Draw"}
    ann = client.post(f"/tables/{gid}/act", json={"seat": 0, "command": draw}, headers=auth[0])
    assert ann.status_code == 409 and ann.json()["code"] == "dice_required"
    offered = set(ann.json()["needs"][0]["cards"])
    # Not her own hand; Bob's hand, hidden from her, stays.
    assert len(offered) == 14 and {"shield", "mirror"}.isdisjoint(offered)
    assert {"fireball", "explosion"} <= offered
    assert "Bouclier" not in ann.json()["message"] and "Boule de feu" in ann.json()["message"]
    ledger.act(gid, 0, draw, drew=["Éclair"])
    ledger.act(gid, 0, {"type": "Discard", "card": "shield"})  # face up: Bob sees it
    with pytest.raises(DiceRequired) as bob:
        ledger.act(gid, 1, draw)
    offered = set(bob.value.needs[0].cards)
    assert {"fireball", "explosion", "shield"}.isdisjoint(offered)
    assert {"mirror", "lightning"} <= offered and len(offered) == 13
    # Named anyway, a card in the discard or his own hand is refused, nothing stored.
    before = ledger.load(gid).version
    for wrong in ("Bouclier", "Explosion"):
        refused = client.post(
            f"/tables/{gid}/act",
            json={"seat": 1, "command": draw, "drew": [wrong]},
            headers=auth[1],
        )
        assert refused.status_code == 409
        assert f"'{wrong}' cannot have come from the draw pile" in refused.json()["message"]
    assert ledger.load(gid).version == before
