"""Seeded bot games give the same events, byte for byte, from one revision to the
next: work on the engine's speed must not change what a game records.

Each case plays one seeded game in memory (``tools.simulation.play``) and chains its
events as the store's record does (``link_hash`` over each event's topic, schema and
encoded body), with the game id, time and salt fixed, since those are the store's and
not the rules'. The head of that chain is pinned: an event added, dropped, reordered
or changed in a single field moves it. A change that is meant to alter outcomes moves
ENGINE_VERSION, with a changelog entry, and the pins with it; so does a new option
(every game records its options whole), or a new field of an event, said in the
commit that moves them (Spell Wars' three readings of 29 November: its pins moved;
its option chance_script, recorded by every game, moved them again with nothing else;
and again when its prompts were recorded as phrases, its games' decisions unchanged).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_game
from services.store.codec import encode_body, link_hash, topic_of
from tests.simulation_checks import option_variant
from tools.simulation import play

GAME_ID = "0" * 32

# (game, players, seed, options variant): the fewest and most players, the default
# options and the first variant of the others. Head hash and commands played.
PINNED: list[tuple[str, int, str, int, str, int]] = [
    (
        "elfenwizards",
        3,
        "pin-1",
        0,
        "583c8681ebfceb0f16c01a437120f69d81f78a252c1c161d2a7eb02340e2effd",
        234,
    ),
    (
        "elfenwizards",
        3,
        "pin-2",
        0,
        "1dbada288deb27711f9f7a7d6bdced3ddfb67a980d0c3869a52cb2a876157f77",
        117,
    ),
    (
        "elfenwizards",
        5,
        "pin-1",
        1,
        "74905bd94fa986aac1c622f2d092e6c0b3159d11c33281411485417a255f0eab",
        364,
    ),
    (
        "elfenwizards",
        5,
        "pin-2",
        1,
        "f884d260ac5871ade1b7b6feaf0c5ae816128946499a93279db1ec9bc28070e9",
        361,
    ),
    (
        "orctower",
        2,
        "pin-1",
        0,
        "4358399b43cd415b6504e2cbc2661773481fa38ec754610d90183136a99dce8c",
        179,
    ),
    (
        "orctower",
        2,
        "pin-2",
        0,
        "17a6909f7da21f1997766bacc1f2f1e0df3a388afeb377678a1608e2009f24a2",
        159,
    ),
    (
        "orctower",
        4,
        "pin-1",
        1,
        "e5426381825c7878cb989541ae1eff88d9c2a59bfbef5aca9e68d27b27a43351",
        345,
    ),
    (
        "orctower",
        4,
        "pin-2",
        1,
        "476a7a927b052efdc0d470f25ff9947c274307c3abed62917ad9933785560759",
        338,
    ),
    (
        "spellwars",
        2,
        "pin-1",
        0,
        "e8e9d57166253fec2e4ca6998f53a14cf60c95a6c1a6f3559b44d67b6fec5cbf",
        98,
    ),
    (
        "spellwars",
        2,
        "pin-2",
        0,
        "ae7d7781ceb58e5df7fc71c7f809b2c6b2376be0f418566a69e4aa2468ff6be6",
        82,
    ),
    (
        "spellwars",
        6,
        "pin-1",
        1,
        "20248b8788dc3871901049bac7a541e4dcf7780f9124894d3f604836e1bc4972",
        421,
    ),
    (
        "spellwars",
        6,
        "pin-2",
        1,
        "da85fc40517c2f65a40b0f7dc2ca3bfaae82dd4a5afb635edbdece20db3fcb73",
        1008,
    ),
    (
        "ultimate",
        2,
        "pin-1",
        0,
        "c9ed7f4ec895101f24f9eb84024cd74471034dc93df8b7abf90c6fd2c50263d9",
        1902,
    ),
    (
        "ultimate",
        2,
        "pin-2",
        0,
        "4ae962e9e2c01773d680436af1ce1ae1bcd70e99961456a16ff2ec428805a186",
        2059,
    ),
    (
        "ultimate",
        4,
        "pin-1",
        1,
        "117f3f8fae767038ebeccf3563f6e949f1449201c36199d481ce0817b873988d",
        723,
    ),
    (
        "ultimate",
        4,
        "pin-2",
        1,
        "f38aa0d31892b37eed468c4863bdd2020d8f12decb1df0a85fbe155bcbc58212",
        521,
    ),
]


def chain_head(game_id: str, players: int, seed: str, variant: int) -> tuple[str, int]:
    game = get_game(game_id)
    options: dict[str, Any] = option_variant(game, variant)
    finished = play(game, players, seed, options=options)
    head = ""
    for position, event in enumerate(finished.events, start=1):
        cls = type(event)
        head = link_hash(
            head, GAME_ID, position, topic_of(cls), cls.version, "", encode_body(event)
        )
    return head, finished.steps


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "variant", "head", "commands"),
    [pytest.param(*case, id=f"{case[0]}-{case[1]}p-{case[2]}-v{case[3]}") for case in PINNED],
)
def test_a_seeded_game_records_the_same_events(
    game_id: str, players: int, seed: str, variant: int, head: str, commands: int
) -> None:
    assert chain_head(game_id, players, seed, variant) == (head, commands)
