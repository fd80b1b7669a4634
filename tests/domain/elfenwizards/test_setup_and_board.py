"""Setup (colours, spells, placement, dragon), the board layout and setup positions."""

from __future__ import annotations

import tomllib

import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, parse_layout
from domain.elfenwizards.placement import PAWNS_IN_BOX, PLACEMENT
from domain.elfenwizards.state import NOBODY
from domain.kernel import Dice, DiceRolled, SetupError, replay
from tests.domain.elfenwizards.positions import opened
from tests.domain.elfenwizards.scenario import Scenario, of

P = "elfenwizards."


@pytest.mark.parametrize(
    ("players", "colours", "pawns"),
    [
        (3, ("red", "green", "blue"), 8),
        (4, ("red", "green", "blue", "yellow"), 8),
        (5, ("red", "green", "blue", "yellow", "black"), 7),
    ],
)
def test_colours_spells_and_pawns_by_player_count(
    players: int, colours: tuple[str, ...], pawns: int
) -> None:
    game = Scenario(players, values=[2])
    state = game.state
    assert tuple(g.colour for g in state.guilds) == colours
    for seat, guild in enumerate(state.guilds):
        in_front = guild.dice + len(guild.hand)
        assert in_front == 7 and guild.minors == 7  # nobody has placed anything yet
        assert sum(1 for w in state.wizards if w.seat == seat) == pawns
    (placed,) = of(game.events, ev.WizardsPlaced)
    assert placed.rule == P + "setup.placement"
    (formed,) = of(game.events, ev.GuildsFormed)
    assert (formed.colours, formed.rule) == (colours, P + "setup.colours")
    (spells,) = of(game.events, ev.SpellsHandedOut)
    assert (spells.majors, spells.minors, spells.rule) == (7, 7, P + "setup.spells")
    (grey,) = of(game.events, ev.GreySupplyFilled)
    assert (grey.tokens, grey.rule) == (12, P + "setup.grey")
    (board,) = of(game.events, ev.BoardLaidOut)
    assert board.rule == P + "assume.layout" and len(board.spaces) == 19
    (draw,) = [e for e in of(game.events, DiceRolled) if e.rule == P + "setup.dragon"]
    assert draw.sides == players and draw.values == (2,)
    (dragon,) = of(game.events, ev.DragonGiven)
    assert (dragon.seat, dragon.rule) == (1, P + "setup.dragon")
    assert state.dragon == 1 and game.seat == 1  # the dragon plays first


def test_the_box_holds_39_pawns_and_every_table_fits_it() -> None:
    assert sum(PAWNS_IN_BOX.values()) == 39
    for players, table in PLACEMENT.items():
        assert len(table) == players
        for colour, spaces in table.items():
            assert len(spaces) <= PAWNS_IN_BOX[colour]
        GAME.validate_setup({"placement": table}, players)


def test_every_starting_contest_opposes_two_guilds() -> None:
    for players in (3, 4, 5):
        state = Scenario(players, values=[1]).state
        assert not state.on(BOARD.top)
        for contest in BOARD.contests:
            owners = {w.seat for w in state.wizards if w.space in contest.sources}
            assert len(owners) >= 2, (players, contest.titles)


def test_layout_is_a_pyramid_with_shared_magician_spaces() -> None:
    by_level = [sum(1 for s in BOARD.spaces if s.level == lv.id) for lv in BOARD.levels]
    assert by_level == [1, 2, 4, 8, 4]
    assert BOARD.titles()[:3] == ("GD", "D1", "D2")
    # Every title is contested exactly once; only the shared level has 2 titles per contest.
    titles = [t for c in BOARD.contests for t in c.titles]
    assert len(titles) == len(set(titles)) == len(BOARD.titles())
    for contest in BOARD.contests:
        shared = BOARD.level(contest.level).shared
        assert len(contest.titles) == (2 if shared else 1)
        assert len(contest.sources) == (1 if shared else 2)
    assert BOARD.defeat_levels() == ("druide", "sorcier", "necromancien")
    assert BOARD.major_levels() == ("druide", "sorcier", "necromancien", "magicien")


def test_a_broken_layout_fails_when_parsed() -> None:
    with pytest.raises(ValueError, match="one level above"):
        parse_layout(
            """
            [[level]]
            id = "a"
            name = "A"
            points = 2
            [[level]]
            id = "b"
            name = "B"
            points = 1
            major = true
            [[level]]
            id = "c"
            name = "C"
            points = 0
            major = true
            shared = true
            [[space]]
            id = "A"
            level = "a"
            [[space]]
            id = "B"
            level = "b"
            contests = ["A"]
            [[space]]
            id = "C"
            level = "c"
            contests = ["A"]
            """
        )


SETUP_TOML = """
round = 2
dragon = 1
scores = [20, 18, 25]
grand_druide_titles = [1, 0, 0]
rounds_without_grand_druide = 0
minor_spells_on_space = [2, 0, 1]
minor_dice = { red = [4, 1] }
grey_dice = { blue = [5] }
grey = { "green-2" = 1 }
dice = [3]

[placement]
red = ["GD", "S1", "M1"]
green = ["D1", "D2", "M2"]
blue = ["S2", "S3", "N1", "M1", "M3"]
"""


def test_setup_file_example_from_the_docs() -> None:
    data = tomllib.loads(SETUP_TOML)
    normal = GAME.validate_setup({k: v for k, v in data.items() if k != "dice"}, 3)
    assert normal["placement"]["blue"] == ["S2", "S3", "N1", "M1", "M3"]
    game = Scenario(3, setup=normal)
    state = game.state
    assert (state.round, state.dragon, state.phase) == (2, 1, "retire")
    assert game.seat == 0  # red's Grand Druide retires first
    assert [g.score for g in state.guilds] == [20, 18, 25]
    assert state.guild(0).minor_dice == (1, 4) and state.guild(0).dice == 5
    assert state.wizard("green-2").grey == 1  # type: ignore[union-attr]
    (placed,) = of(game.events, ev.WizardsPlaced)
    assert placed.rule == P + "setup.position"
    assert not of(game.events, DiceRolled)  # the dragon came from the file


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"colour": 1}, "unknown setup key"),
        ({"round": 5}, "round must be"),
        ({"dragon": 3}, "dragon must be"),
        ({"scores": [1, 2]}, "scores must be a list of 3"),
        ({"placement": {"red": ["D1"], "green": ["M1"]}}, "exactly these colours"),
        ({"placement": {"red": ["D1"], "green": ["D1"], "blue": ["M1"]}}, "holds red and green"),
        ({"placement": {"red": ["X9"], "green": ["M1"], "blue": ["M1"]}}, "unknown space"),
        ({"placement": {"red": ["M1"] * 9, "green": ["M1"], "blue": ["M1"]}}, "1 to 8 pawns"),
        ({"placement": {"red": ["GD"], "green": ["M1"], "blue": ["M1"]}}, "Grand Druide"),
        ({"grey": {"red-99": 1}}, "no wizard"),
        ({"minor_dice": {"red": [7]}}, "from 1 to 6"),
        ({"minor_dice": {"red": [1] * 5}, "grey_dice": {"red": [1] * 3}}, "7 major spells"),
    ],
)
def test_bad_setup_positions_are_refused_with_the_reason(
    setup: dict[str, object], words: str
) -> None:
    # What needs the board is checked when the game opens on it (the table's data
    # may bring another board); the game never starts.
    with pytest.raises(SetupError, match=words):
        Scenario(3, setup=setup)


def test_player_counts_outside_three_to_five_are_refused() -> None:
    with pytest.raises(SetupError, match="3–5"):
        GAME.validate_setup({}, 2)
    with pytest.raises(SetupError):
        GAME.spec.check_players(6)


def test_tokens_of_a_setup_position_come_out_of_the_supply() -> None:
    game = Scenario(3, setup={"dragon": 0, "grey": {"red-1": 2, "blue-3": 1}})
    assert game.state.grey_supply == 9
    unlimited = Scenario(3, setup={"dragon": 0, "grey": {"red-1": 2}}, options={"grey_supply": 0})
    assert unlimited.state.grey_supply == 0 and unlimited.state.options.grey_supply == 0


def test_a_position_cannot_hold_more_grey_tokens_than_the_supply() -> None:
    # setup.grey / ruling.grey-supply: the 12 tokens of the box are the limit.
    crowded = {"dragon": 0, "grey": {"red-6": 12, "green-6": 5}}
    with pytest.raises(SetupError, match=r"17 grey magic tokens .* supply holds 12"):
        Scenario(3, setup=crowded)
    full = Scenario(3, setup={"dragon": 0, "grey": {"red-6": 7, "green-6": 5}})
    assert full.state.grey_supply == 0
    # With an unlimited supply (grey_supply=0) nothing is counted.
    unlimited = Scenario(3, setup=crowded, options={"grey_supply": 0})
    assert sum(w.grey for w in unlimited.state.wizards) == 17


def test_a_grand_druide_on_the_board_means_its_owner_won_the_title_once() -> None:
    # end.second-gd counts titles: a pawn on GD in round 2+ won it last round.
    placement = {"red": ["GD", "M1"], "green": ["D1", "M1"], "blue": ["D2", "M2"]}
    with pytest.raises(SetupError, match=r"grand_druide_titles\[0\] must be 1"):
        Scenario(3, setup={"round": 2, "placement": placement})
    with pytest.raises(SetupError, match=r"grand_druide_titles\[0\] must be 1"):
        Scenario(3, setup={"round": 3, "placement": placement, "grand_druide_titles": [0, 1, 0]})
    ok = GAME.validate_setup(
        {"round": 2, "placement": placement, "grand_druide_titles": [1, 0, 0]}, 3
    )
    assert ok["grand_druide_titles"] == [1, 0, 0]


def test_the_opening_puts_each_piece_on_the_table_at_the_event_that_announces_it() -> None:
    game = Scenario(4, values=[3])  # the dragon roll gives the 3rd player, seat 2
    at = [replay(GAME, game.events[:n]).state for n in range(1, 9)]
    # #1: four guilds at an empty table: no pawn, no dragon, no spells, no supply.
    first = at[0]
    assert first.wizards == () and first.dragon == NOBODY and first.pending == ()
    assert [(g.dice, g.minors) for g in first.guilds] == [(0, 0)] * 4
    assert first.grey_supply == 0 and first.phase == "setup"
    view = GAME.view(first, None)
    assert view["dragon"] is None and view["to_act"] is None
    assert not [w for space in view["board"] for w in space["wizards"]]
    # #4 the spells, #5 the grey supply, #6 the pawns, #8 the dragon.
    assert [(g.dice, g.minors) for g in at[3].guilds] == [(7, 7)] * 4
    assert (at[3].grey_supply, at[4].grey_supply) == (0, 12)
    assert at[4].wizards == () and len(at[5].wizards) == 32
    (placed,) = of(game.events, ev.WizardsPlaced)
    assert at[5].wizards == placed.wizards
    assert at[6].dragon == NOBODY and at[7].dragon == 2
    assert at[7].opening is None and game.state.dragon == 2 and game.seat == 2


def test_a_position_inside_a_round_is_set_up_by_its_events_too() -> None:
    """The set-up of a position puts its pawns, dragon and turn back where the
    file has them, each with its event; what the file says beside them (scores,
    dice on the spaces) is the table's from the start."""
    position = {
        "round": 3,
        "phase": "compete",
        "dragon": 1,
        "queue": [1, 2, 0],
        "scores": [4, 5, 6],
        "major_dice": {"green": {"druide": [6, 5]}},
        "wizards": {"red-1": "D1", "green-1": "D2", "blue-1": "M2", "blue-2": "M2"},
        "grey": {"blue-1": 2},
    }
    table, events = opened(3, position, Dice.scripted([]))
    first = replay(GAME, events[:1]).state
    assert first.wizards == () and first.dragon == NOBODY and first.phase == "setup"
    assert first.pending == () and first.queue == () and first.grey_supply == 0
    assert [g.score for g in first.guilds] == [4, 5, 6]
    assert first.guilds[1].majors[0] == (5, 6) and first.guilds[1].dice == 0
    kinds = [type(e).__name__ for e in events[1:]]
    assert kinds[-3:] == ["WizardsPlaced", "DragonGiven", "PlayResumed"]
    before_resume = replay(GAME, events[:-1]).state
    assert before_resume.dragon == 1 and before_resume.phase == "setup"
    state = table.state
    assert {w.id: w.space for w in state.wizards} == position["wizards"]
    assert (state.dragon, state.phase, state.queue, state.round) == (1, "compete", (1, 2, 0), 3)
    assert state.guilds[1].dice == 5 and state.grey_supply == 10 and state.opening is None
    assert state.pending[0].seat == 1


def test_a_state_inside_the_set_up_is_written_as_the_opening_it_announces() -> None:
    """Written at any position of the set-up, the file opens a game whose set-up
    ends where this one's does (the pawns and the dragon once placed or given
    are named; before that the file leaves them to the table and the roll)."""
    game = Scenario(3, values=[2])
    after = game.state
    for n in range(1, 10):
        written = GAME.position(replay(GAME, game.events[:n]).state)
        assert ("wizards" in written) == (n >= 6) and ("dragon" in written) == (n >= 8)
        again, _ = opened(3, written, Dice.scripted([2]))
        assert again.state == after, f"the set-up written at #{n} does not reopen it"
