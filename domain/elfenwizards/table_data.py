"""A table's own data: what the rulebook does not print, as one replaceable file.

The board layout (``assume.layout``), the placement table (``assume.placement``)
and the pawns in the box (``assume.pawns``) are our assumptions. A table that
owns the box gives its own in a data file (``wizards new ... --data FILE``);
``validate_data`` checks it and returns the normal form stored in
``GameStarted.data``, and ``initial`` plays with it. A setup file's own
``layout``, ``placement`` or ``wizards`` still win over the data: a position is
self-contained.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.elfenwizards.board import BOARD, Board, LayoutError, board_from_table, parse_layout
from domain.elfenwizards.data_bounds import BOUNDS
from domain.elfenwizards.placement import COLOURS, PAWNS_IN_BOX, PLACEMENT
from domain.kernel import GameStarted, SetupError
from domain.kernel.data_bounds import check_bounds
from domain.kernel.phrases import phrase
from domain.kernel.toml_text import read_toml

DATA_KEYS = ("layout", "placement", "pawns")
PLAYER_COUNTS = (3, 4, 5)


class TableData(msgspec.Struct, frozen=True, kw_only=True):
    """The data a game is played with (the table's, or ours)."""

    board: Board = BOARD
    placement: dict[int, dict[str, list[str]]] = msgspec.field(default_factory=lambda: PLACEMENT)
    pawns: dict[str, int] = msgspec.field(default_factory=lambda: dict(PAWNS_IN_BOX))


def data_template() -> dict[str, Any]:
    """Our assumed data as a TOML-ready mapping (``wizards data elfenwizards --export``)."""
    return {
        "pawns": dict(PAWNS_IN_BOX),
        "placement": {str(n): {c: list(s) for c, s in PLACEMENT[n].items()} for n in PLACEMENT},
        "layout": BOARD.as_table(),
    }


def parse_board(given: Any) -> Board:
    """A layout given as TOML text or as a table, checked against the rulebook
    (a refusal says the ``layout`` key it is about, once)."""
    try:
        return parse_layout(given) if isinstance(given, str) else board_from_table(given)
    except LayoutError as error:
        raise SetupError(error.said or str(error)) from None


def check_placement(
    placement: Any, colours: tuple[str, ...], board: Board, pawns: Mapping[str, int], key: str
) -> dict[str, list[str]]:
    """One colour → spaces list per colour of ``colours``, on ``board``: at most the
    pawns of the box, one pawn per title space, nobody on the Grand Druide (the
    opening of a game). Returns the normal form."""
    if not isinstance(placement, Mapping) or set(placement) != set(colours):
        raise SetupError(
            phrase(
                "{key} must list the spaces of exactly these colours: {colours}",
                key=key,
                colours=str(list(colours)),
            )
        )
    occupied: dict[str, str] = {}
    normal: dict[str, list[str]] = {}
    for colour in colours:
        spaces = placement[colour]
        if not isinstance(spaces, list) or not all(isinstance(p, str) for p in spaces):
            raise SetupError(
                phrase("{key}.{colour} must be a list of space ids", key=key, colour=colour)
            )
        if not 1 <= len(spaces) <= pawns[colour]:
            raise SetupError(
                phrase(
                    "{key}.{colour}: 1 to {most} pawns, not {count}",
                    key=key,
                    colour=colour,
                    most=pawns[colour],
                    count=len(spaces),
                )
            )
        for space in spaces:
            if not board.has_space(space):
                said = dict(key=key, colour=colour, space=repr(space))
                if board == BOARD:
                    raise SetupError(phrase("{key}.{colour}: unknown space {space}", **said))
                raise SetupError(
                    phrase(
                        "{key}.{colour}: unknown space {space} "
                        "(a layout of your own needs a placement of its own)",
                        **said,
                    )
                )
            if not board.level(board.level_of(space)).shared:
                if space in occupied:
                    raise SetupError(
                        phrase(
                            "{key}: space {space} holds {held} and {colour}",
                            key=key,
                            space=space,
                            held=occupied[space],
                            colour=colour,
                        )
                    )
                occupied[space] = colour
        normal[colour] = list(spaces)
    return normal


def _pawns(given: Any) -> dict[str, int]:
    if not isinstance(given, Mapping) or set(given) != set(COLOURS):
        raise SetupError(
            phrase(
                "pawns must give the pawns of every colour: {colours}", colours=str(list(COLOURS))
            )
        )
    out = {}
    for colour in COLOURS:
        count = given[colour]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 20:
            raise SetupError(
                phrase(
                    "pawns.{colour} must be an integer from 1 to 20, not {count}",
                    colour=colour,
                    count=repr(count),
                )
            )
        out[colour] = count
    return out


def validate_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """Check a table's data file; every key is optional (ours fills the rest)."""
    if not isinstance(data, Mapping):
        raise SetupError(phrase("the data file must be a table of keys"))
    unknown = sorted(set(data) - set(DATA_KEYS))
    if unknown:
        raise SetupError(
            phrase(
                "unknown data key(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(DATA_KEYS)),
            )
        )
    data = dict(data)
    if isinstance(data.get("layout"), str):  # its numbers are bounded as a table's
        data["layout"] = read_toml(data["layout"], "layout")
    check_bounds(data, BOUNDS)
    out: dict[str, Any] = {}
    board = BOARD
    if "layout" in data:
        board = parse_board(data["layout"])
        out["layout"] = board.as_table()
    pawns = dict(PAWNS_IN_BOX)
    if "pawns" in data:
        pawns = out["pawns"] = _pawns(data["pawns"])
    if "placement" in data:
        given = data["placement"]
        counts = [str(n) for n in PLAYER_COUNTS]
        if not isinstance(given, Mapping) or set(given) != set(counts):
            raise SetupError(
                phrase(
                    "placement must give one table per player count: {counts}", counts=str(counts)
                )
            )
        out["placement"] = {
            n: check_placement(given[n], COLOURS[: int(n)], board, pawns, f"placement.{n}")
            for n in counts
        }
    else:
        # Our table must still fit the table's board and pawns.
        for n in PLAYER_COUNTS:
            check_placement(PLACEMENT[n], COLOURS[:n], board, pawns, f"placement.{n}")
    for n, table in out.get("placement", {}).items():
        if any(board.top in spaces for spaces in table.values()):
            raise SetupError(
                phrase(
                    "placement.{n}: nobody starts on the Grand Druide space {top}",
                    n=n,
                    top=board.top,
                )
            )
    return out


def table_data(started: GameStarted) -> TableData:
    """The data a game plays with: its table's file, or ours."""
    data = started.data or {}
    placement = PLACEMENT
    if "placement" in data:
        placement = {int(n): table for n, table in data["placement"].items()}
    return TableData(
        board=board_from_table(data["layout"]) if "layout" in data else BOARD,
        placement=placement,
        pawns=dict(data.get("pawns", PAWNS_IN_BOX)),
    )
