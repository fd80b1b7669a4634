"""In Chromium: the table says things in words a player reads, not the engine's
ids — a choice of "no creature" rather than "null", players' names rather than
seat numbers, the card kinds the spell slots use, hidden events said plainly."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.elfenwizards.events import PhaseBegan
from domain.games import get_game
from domain.spellwars import GAME as SPELLWARS
from services.ledger import WizardLedger
from services.words.sentences import Words
from tests.domain.spellwars.scenario import cast
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import (
    TIMEOUT,
    open_seat,
    screenshot,
    seat_link,
    wait_position,
    whole_story,
)

NAMES = ["Ann", "Bob", "Cy"]
# What the engine says that a player should never read on the table.
RAW = re.compile(
    r"\bseat \d+\b|\bnull\b|\bNone\b|\bundefined\b|not visible|\(\w+: "
    r"|quarter quarter|space space|\((?:played|unplayed|most|has|token)-|seats to act"
    r"|: choice |[Pp]hase \d+ \(|\b(?:true|false)\b|\w_\w+ \w"
)


def words_on(page: Any) -> str:
    """The table's own words: banner, public area and story (the header says the seat)."""
    return "\n".join(page.inner_text(sel) for sel in ("#turn", "#public", "#story"))


def sent(page: Any) -> str:
    """Send the command composed on ``page``; the story once it is stored."""
    head = int(page.get_attribute("body", "data-position") or 0)
    page.click("#send")
    wait_position(page, head + 1)
    # The state answers before the live stream brings the entry to the story.
    page.wait_for_selector(f"#story .line[data-position='{head + 1}']", timeout=TIMEOUT)
    return str(page.inner_text("#story"))


def block_position() -> dict[str, Any]:
    """Bob (seat 1) holds a creature and is hit for 3: he may sacrifice it, or not."""
    g, _ = cast({"source": "taleboulas#1"}, setup={"creatures": [[], ["gracula#1"], []]})
    return SPELLWARS.position(g.state)


def test_a_block_with_no_creature_is_offered_and_told_in_words(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("spellwars", NAMES, seed="block", setup=block_position())
    gid, token = str(created.game_id), dict(created.seats)[1]
    page = open_seat(browser, seat_link(server, gid, 1, token))
    # The choice is Bob's, said with his name where the engine says "seat 1".
    assert "Bob decides: Taléboulas: 3 damage to Bob: sacrifice a creature?" in page.inner_text(
        "#public"
    )
    page.click("#actions button[data-type='Block']")
    offered = page.locator("#actions .choices button[data-field='creature']").all_inner_texts()
    assert offered == ["Gracula", "no creature (take the damage)"]
    page.click("#actions button[data-value='null']")
    assert page.inner_text("#summary") == "Block with a creature: no creature (take the damage)"
    screenshot(page, "spellwars-block-no-creature")
    story = sent(page)
    assert "Bob blocks with no creature and takes the damage" in story
    assert not RAW.search(words_on(page)), words_on(page)
    # Card bands name the kinds as the slots do, in the rulebook's words.
    bands = set(page.locator(".card .band span:first-child").all_text_contents())
    assert bands and bands <= {"Source", "Qualité", "Destination", "Magie féroce", "Trésor"}, bands
    # And the kinds of magic as printed: "Ténèbres", not the id "tenebres".
    glyphs = set(page.locator(".card .band span:last-child").all_text_contents()) - {""}
    printed = {"Arcane", "Ténèbres", "Élémentaire", "Illusion", "Primaire"}
    assert glyphs and all(g in printed or g.startswith("⚡") for g in glyphs), glyphs
    assert page.errors == []
    page.context.close()


def test_a_target_is_asked_for_in_words_and_offered_by_name(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    g, _ = cast({"delivery": "canibalocircus#1"})  # ties: Ann picks Bob or Cy
    setup = SPELLWARS.position(g.state)
    created = web_ledger.create_game("spellwars", NAMES, seed="target", setup=setup)
    gid, token = str(created.game_id), dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, gid, 0, token))
    asked = "Canibalocircus: pick a target: the opponent with the most creatures"
    assert page.inner_text("#turn") == f"Your turn — {asked}"
    assert f"Ann decides: {asked}" in page.inner_text("#public")
    assert f"waiting for Ann: {asked}" in page.inner_text("#story")
    page.click("#actions button[data-type='PickTarget']")
    offered = page.locator("#actions .choices button[data-field='seat']").all_inner_texts()
    assert offered == ["Bob", "Cy"]
    assert not RAW.search(words_on(page)), words_on(page)
    screenshot(page, "spellwars-target-in-words")
    assert page.errors == []
    page.context.close()


def test_a_spell_is_composed_into_the_slots_the_cards_are_named_by(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("spellwars", NAMES[:2], seed="slots")
    gid, token = str(created.game_id), dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, gid, 0, token))
    page.click("#actions button[data-type='PlaceCards']")
    question = page.inner_text("#actions .step .q")
    assert question == "Compose your spell: pick up to one Source, one Qualité and one Destination"
    slots = page.locator("#slots .slot-name").all_text_contents()
    hand = page.locator("#hand .card .band span:first-child").all_text_contents()
    assert slots == ["Source", "Qualité", "Destination"]
    assert set(hand) <= {*slots, "Magie féroce"}, hand
    for card in page.locator("#hand .card").all()[:3]:
        card.click()
    checks = page.inner_text("#checks")
    assert not re.search(r"quality|delivery|wild magic|Effect\b", checks, re.I), checks
    screenshot(page, "spellwars-slots-in-french")
    page.context.close()


@pytest.mark.parametrize("game", ["spellwars", "elfenwizards", "orctower", "ultimate"])
def test_the_table_says_players_and_words_not_the_engines_ids(
    game: str, browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game(game, NAMES, seed=f"words-{game}")
    gid = str(created.game_id)
    play(web_ledger, gid, actions=60, seed=3)
    head = web_ledger.load(gid).version
    pages = {
        "spectator": open_seat(browser, f"{server.url}/play/{gid}"),
        "seat 0": open_seat(browser, seat_link(server, gid, 0, dict(created.seats)[0])),
    }
    for who, page in pages.items():
        wait_position(page, head)
        whole_story(page)
        said = words_on(page)
        assert not RAW.search(said), f"{who}: {RAW.search(said)} in {said}"
        screenshot(page, f"words-{game}-{who.replace(' ', '')}")
        assert page.errors == []
    story = pages["spectator"].inner_text("#story")
    if game == "elfenwizards":
        # Each phase names the players in the order they act.
        phases = [e.event for e in web_ledger.entries(gid) if isinstance(e.event, PhaseBegan)]
        assert phases
        words = Words(get_game("elfenwizards"), NAMES)
        for phase in phases:
            assert words.event(phase) in story
    if game == "spellwars":
        assert "waiting for spells (or cards taken back) from Ann, Bob and Cy" in story
    if game == "ultimate":
        assert "cards dealt — hidden from you" in story
    for page in pages.values():
        page.context.close()


@pytest.mark.parametrize(
    ("locale", "asked", "waiting"),
    [("en-GB", "attacks you", "Waiting for Bob"), ("fr-FR", "vous attaque", "On attend Bob")],
)
def test_a_prompt_that_speaks_to_the_defender_is_not_shown_to_the_attacker(
    browser: Any,
    server: LiveServer,
    web_ledger: WizardLedger,
    locale: str,
    asked: str,
    waiting: str,
) -> None:
    """A walk-through read "Waiting for Bob — Ann attacks you with …" on Ann's own
    page, and in French another seat's prompt in the second person (« On attend Cy —
    … lancez votre deuxième sort »): the others are told only whom the table waits for."""
    created = web_ledger.create_game(
        "ultimate",
        ["Ann", "Bob"],
        seed="prompt",
        setup={
            "hands": [["fireball", "lightning"], ["shield", "mirror"]],
            "health": [9, 9],
            "first": 0,
        },
    )
    gid = str(created.game_id)
    web_ledger.act(gid, 0, {"type": "PlayCard", "card": "fireball", "target": 1})
    tokens = dict(created.seats)
    ann = open_seat(browser, f"{server.url}/play/{gid}#seat=0&token={tokens[0]}", locale=locale)
    bob = open_seat(browser, f"{server.url}/play/{gid}#seat=1&token={tokens[1]}", locale=locale)
    assert asked in bob.inner_text("#turn")  # said to Bob, as it is
    assert ann.inner_text("#turn") == waiting
    for page in (ann, bob):
        assert page.errors == []
        page.context.close()


def test_a_cost_paid_by_discarding_reads_as_the_senders_discard_not_the_targets(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """Malédiction on Bob, paid with Éclair: the page once said "Malédiction →
    Bob discard Éclair", as if Bob discarded. Ann discards it, and the page says so."""
    setup = {"hands": [["curse", "lightning", "thorns"], ["shield", "mirror"]], "health": [9, 9]}
    created = web_ledger.create_game(
        "ultimate", NAMES[:2], seed="cost", setup={**setup, "first": 0}
    )
    gid, token = str(created.game_id), dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, gid, 0, token))
    page.click("#actions button[data-type='PlayCard']")
    page.click("#actions button[data-field='card'][data-value='\"curse\"']")
    page.click("#actions button[data-field='discard'][data-value='\"lightning\"']")
    summary = page.inner_text("#summary")
    assert summary == "Play a card: Malédiction → Bob; you discard Éclair as its cost"
    screenshot(page, "ultimate-cost-in-words")
    story = sent(page)
    assert "Ann plays Malédiction on Bob, discarding Éclair" in story
    assert "Bob discard" not in story
    screenshot(page, "ultimate-cost-in-the-story")
    assert page.errors == []
    page.context.close()
