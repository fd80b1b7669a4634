"""No oracle at a held table: a seat naming cards one by one to find another's
hand is stopped after its tries, and the referee sees each of them.

At a table whose seats enter their own draws, a seat may send its cards again
while a command is held; each answer (taken, or refused as "not there") says
whether the cards named are in the pile, which holds what others drew. So a seat
has ``ENTRY_TRIES`` tries at a position (its cards sent again, its entries
refused for naming a card that is not there); then every entry of it there is
refused with the same words, whatever it names, and the way on is the referee's.
"""

from __future__ import annotations

import threading

import pytest

from domain.kernel import IllegalCommand
from domain.kernel.rules import ENTRY_TRIES, KERNEL_RULES
from services.ledger import WizardLedger
from services.reads.hold_record import holds_json
from services.reads.views import state_json

# Every card of the ultimate deck (one copy of each), by id, Ann's first.
DECK = [
    "lightning",
    "deflection",
    "thorns",
    "explosion",
    "absorption",
    "arcane_barrier",
    "curse",
    "fireball",
    "healing_light",
    "mana_focus",
    "mind_control",
    "poison_cloud",
    "shadow_hand",
    "shadow_veil",
    "shield",
    "mirror",
]


def _dealing(ledger: WizardLedger, ann: list[str]) -> str:
    """A three-seat table's opening: Ann names the cards dealt to her (hidden
    from Bob), Bob his; the deal waits for Cleo."""
    gid = str(
        ledger.create_game(
            "ultimate", ["Ann", "Bob", "Cleo"], table=True, chance_by="seats", dice=[1]
        ).game_id
    )
    assert ledger.act(gid, 0, None, drew=ann) == []
    assert ledger.act(gid, 1, None, drew=["shield", "mirror"]) == []
    return gid


def _probe(ledger: WizardLedger, gid: str) -> list[str]:
    """Bob sends his cards again with each card of the deck first, one by one:
    the answer to each, as he reads it."""
    answers = []
    for card in DECK:
        try:
            ledger.act(gid, 1, None, drew=[card, "mirror"])
            answers.append("taken")
        except IllegalCommand as e:
            answers.append(f"{e.code}: {e.message}")
    return answers


def test_bob_naming_cards_one_by_one_is_stopped_and_learns_nothing_more(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    # Two tables alike but for the cards Ann was dealt, which Bob does not see.
    first = _dealing(ledger, ["lightning", "deflection"])
    second = _dealing(ledger, ["thorns", "explosion"])
    assert state_json(ledger, first, seat=1)["view"] == state_json(ledger, second, seat=1)["view"]
    answers = [_probe(ledger, first), _probe(ledger, second)]
    # His first tries are answered (that is what a try is), and differ where
    # Ann's cards differ; every later one is the same refusal at both tables,
    # whatever he names: from those, nothing is learnt of Ann's hand.
    tries = [a[:ENTRY_TRIES] for a in answers]
    assert tries[0] != tries[1]
    later = {answer for a in answers for answer in a[ENTRY_TRIES:]}
    [spent] = later
    assert spent.startswith("tries_spent: Bob has spent the 3 tries a seat has at this position")
    assert "open the table again" in spent
    # Before the limit, the 16 entries told him all of Ann's hand; now at most
    # ENTRY_TRIES answers, for 13 of the 16 cards nothing.
    assert sum(answer == spent for answer in answers[0]) == len(DECK) - ENTRY_TRIES
    # His page says so; Ann's and Cleo's are untouched by his tries.
    assert state_json(ledger, first, seat=1)["held"]["tries_left"] == 0
    assert state_json(ledger, first, seat=2)["held"]["tries_left"] == ENTRY_TRIES


def test_the_referee_sees_each_try_and_each_refusal_after(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _dealing(ledger, ["lightning", "deflection"])
    _probe(ledger, gid)
    record = holds_json(ledger, gid, None)  # a spectator: the referee at the table
    assert record["entry_tries"] == ENTRY_TRIES and record["tries"] == [0, ENTRY_TRIES, 0]
    bob = [row for row in record["rows"] if row["seat"] == 1]
    assert sum(bool(row.get("again") or row.get("tried")) for row in bob) == ENTRY_TRIES
    # Éclair and Déviation, in Ann's hand, were refused as not there: tries, kept.
    assert [row["refused"] and row["tried"] for row in bob[1:3]] == [True, True]
    # Every entry after is kept too, refused with no try spent: his probing shows.
    assert record["refused"][1] == len(DECK) - 1
    codes = [r.code for _, r in ledger.holds.hold_refusals(gid)]
    assert codes == ["drawn_card_refused"] * 2 + ["tries_spent"] * (len(DECK) - ENTRY_TRIES)
    # The rule cited is ours, and says so.
    rule = KERNEL_RULES["kernel.entry-tries"]
    assert rule.source == "assumption" and str(ENTRY_TRIES) in rule.summary


def test_a_seat_out_of_tries_still_lets_the_others_finish(sqlite_url: str) -> None:
    """Bob's last cards taken stand (the referee sees them); Cleo names hers and
    the deal is stored, then play goes on with fresh tries."""
    ledger = WizardLedger(sqlite_url)
    gid = _dealing(ledger, ["lightning", "deflection"])
    _probe(ledger, gid)
    entries = ledger.act(gid, 2, None, drew=["curse", "fireball"])
    assert entries and entries[0].position == 1 and ledger.holds.hold_of(gid) is None
    assert ledger.holds.tries(gid, 1) == 0


def test_a_card_not_there_is_refused_in_the_same_words_whoever_named_it(
    sqlite_url: str,
) -> None:
    """Four seats: Ann's card and Cleo's, both hidden from Bob, are refused in the
    same words, naming the pile only (neither whose it is nor that it is in a
    hand); a name no card has is refused from what everyone sees, and spends
    no try."""
    ledger = WizardLedger(sqlite_url)
    gid = str(
        ledger.create_game(
            "ultimate", ["Ann", "Bob", "Cleo", "Dan"], table=True, chance_by="seats", dice=[1]
        ).game_id
    )
    for seat, cards in enumerate((["lightning", "deflection"], ["shield", "mirror"])):
        ledger.act(gid, seat, None, drew=cards)
    ledger.act(gid, 2, None, drew=["thorns", "explosion"])
    said = []
    for card, name in (("lightning", "Éclair"), ("thorns", "Épines")):
        with pytest.raises(IllegalCommand) as refused:
            ledger.act(gid, 1, None, drew=[card, "mirror"])
        said.append(refused.value.message.replace(repr(name), "'CARD'"))
    assert said[0] == said[1]
    assert said[0].startswith(
        "table mode: 'CARD' cannot have come from the draw pile: it is not there"
    )
    assert not {"Ann", "Cleo", "seat 0", "seat 2"} & set(said[0].replace(";", " ; ").split())
    with pytest.raises(IllegalCommand, match="no card is called 'Dragon'"):
        ledger.act(gid, 1, None, drew=["Dragon", "mirror"])
    assert [r.tried for _, r in ledger.holds.hold_refusals(gid)] == [True, True, False]
    assert ledger.holds.tries(gid, 1) == 2


def test_probes_sent_at_once_get_no_more_answers_than_the_tries(store_url: str) -> None:
    """Bob's entries sent together from several devices: each is checked before
    the others are kept, yet no more than ``ENTRY_TRIES`` are answered."""
    ledgers = [WizardLedger(store_url) for _ in range(2 * ENTRY_TRIES)]
    gid = _dealing(ledgers[0], ["lightning", "deflection"])
    start = threading.Barrier(len(ledgers))
    answers: list[str] = []

    def probe(ledger: WizardLedger, card: str) -> None:
        start.wait()
        try:
            ledger.act(gid, 1, None, drew=[card, "mirror"])
            answers.append("taken")
        except IllegalCommand as e:
            answers.append(e.code)

    threads = [
        threading.Thread(target=probe, args=(led, ("lightning", "deflection")[k % 2]))
        for k, led in enumerate(ledgers)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(answers) == len(ledgers)
    assert answers.count("drawn_card_refused") <= ENTRY_TRIES
    assert answers.count("tries_spent") >= len(ledgers) - ENTRY_TRIES
    kept = ledgers[0].holds.hold_refusals(gid)
    assert sum(r.tried for _, r in kept) == answers.count("drawn_card_refused")
    for ledger in ledgers:
        ledger.close()
