"""Positions and a table's own data, as the CLI and the HTTP API serve them.

A position is written only between two commands (after a whole action, or after
the opening): inside an action's consequences the state is a passing moment that
no setup file could reproduce. While a game runs, a position shown to a seat or
a spectator has every fact hidden from them replaced by ``"?"`` (other hands,
the draw pile's order...), like the state; the operator and everyone after the
end see it whole, and a whole position opens a game with ``new --setup``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games import get_game
from domain.kernel import ActionTaken, Game, SaidError
from domain.kernel.phrases import phrase
from services.ledger import WizardLedger
from services.reads import toml_out
from services.store.values import parse_game_id

HIDDEN_MARK = "?"


def position_of(
    ledger: WizardLedger, game_id: str | UUID, *, at: int | None = None
) -> tuple[Game[Any], Any, dict[str, Any]]:
    """(game, fold, position mapping) at ``at`` (default: now)."""
    gid = parse_game_id(game_id)
    loaded = ledger.load(gid, at)
    following = ledger.entries(gid, gt=loaded.version, lte=loaded.version + 1)
    if following and not isinstance(following[0].event, ActionTaken):
        raise SaidError(
            phrase(
                "position {at} is inside an action's consequences: a position is written "
                "between two commands (see the log for where an action starts)",
                at=loaded.version,
            )
        )
    game = loaded.game
    return game, loaded.fold, game.position(loaded.fold.state)


def redacted(value: Any, hidden: set[str]) -> Any:
    """``value`` with every string in ``hidden`` replaced by ``"?"``."""
    if isinstance(value, str):
        return HIDDEN_MARK if value in hidden else value
    if isinstance(value, list):
        return [redacted(v, hidden) for v in value]
    if isinstance(value, dict):
        return {k: redacted(v, hidden) for k, v in value.items()}
    return value


def position_json(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    at: int | None = None,
    seat: int | None = None,
    whole: bool = False,
) -> dict[str, Any]:
    """The position at ``at`` as ``seat`` (None: a spectator) may see it.

    ``whole``: the operator's view. After the end everyone sees it whole."""
    gid = parse_game_id(game_id)
    game, table, setup = position_of(ledger, gid, at=at)
    finished = game.outcome(ledger.load(gid).fold.state) is not None
    hide = not (whole or finished)
    if hide:
        setup = redacted(setup, set(game.hidden_from(table.state, seat)))
    return {
        "game_id": str(gid),
        "game": game.spec.id,
        "position": table.position,
        "players": len(table.started.players),
        "names": list(table.started.players),
        "mode": table.started.mode,
        "options": dict(table.started.options),
        "redacted": hide,
        "setup": setup,
    }


def as_toml(position: dict[str, Any]) -> str:
    """A setup file: a comment naming where it comes from, then the position."""
    defaults = {o.name: o.default for o in get_game(position["game"]).spec.options}
    chosen = {k: v for k, v in sorted(position["options"].items()) if defaults.get(k) != v}
    names = position.get("names") or []
    # Names with a comma or a quote cannot go on a --names list: the count then.
    plain = names and all(n and not set(n) & set(",'\"\\") for n in names)
    who = f"--names '{','.join(names)}'" if plain else f"--players {position['players']}"
    # A table-mode game opens again at the table: its face-down cards, which the
    # file leaves out, lie face down again rather than being shuffled by a seed.
    table = " --table" if position.get("mode") == "table" else ""
    opening = f"# open it with: wizards new {position['game']} {who}{table} --setup FILE" + "".join(
        f" -o {k}={_option(v)}" for k, v in chosen.items()
    )
    if position["redacted"]:
        # A '?' is no card: such a file is for reading, not opening as it is.
        opening = (
            "# redacted: '?' marks what this seat may not see while the game runs;\n"
            "# it opens only once each '?' is replaced, with: "
            + opening.removeprefix("# open it with: ")
        )
    head = (
        f"# {position['game']} position {position['position']} of game {position['game_id']}\n"
        f"{opening}\n"
    )
    if position.get("mode") == "table":
        head += "# table mode: cards face down in unknown order are not listed; opened with\n"
        head += "# --table they lie face down again, each named as it is drawn\n"
    return head + toml_out.dumps(position["setup"])


def _option(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def data_template(game_id: str) -> dict[str, Any]:
    return get_game(game_id).data_template()


def data_toml(game_id: str) -> str:
    head = (
        f"# {game_id}: the game's built-in data; edit it and play with "
        f"wizards new {game_id} --data FILE\n"
    )
    return head + toml_out.dumps(data_template(game_id))
