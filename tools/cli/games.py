"""``wizards games``, ``simulate`` and ``rules``: the registered games, bot games
and each game's rule catalogue."""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tools.cli.common import app, guarded, ledger, out, parse_options

if TYPE_CHECKING:
    from domain.kernel import Game

# Where ``wizards --help`` lists these commands.
PANEL = "Games and rules"


@app.command(rich_help_panel=PANEL)
@guarded
def games(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The registered games, their player counts and options."""
    from domain.games import all_games
    from services.words.game_list import game_line
    from services.words.rule_words import spec_json

    specs = [spec_json(g.spec, g.catalogue) for g in all_games()]
    if as_json:
        out(specs)
        return
    for s in specs:
        typer.echo(game_line(s))


@app.command(rich_help_panel=PANEL)
@guarded
def simulate(
    game: str,
    games_: Annotated[int, typer.Option("--games", "-n")] = 100,
    seed: Annotated[str, typer.Option()] = "sim",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    bot: Annotated[str, typer.Option(help="random, or the game's greedy bot")] = "random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    keep: Annotated[
        bool,
        typer.Option(
            "--keep", help="store every game (slower), to replay, dispute and verify it later"
        ),
    ] = False,
) -> None:
    """Play seeded bot games and print a summary.

    They are played in memory, or in the store with --keep."""
    from domain.games import get_game
    from tools.simulation import game_bot, play, play_stored

    g = get_game(game)
    options = g.spec.resolve_options(parse_options(option or []))
    wins: Counter[int] = Counter()
    counts: Counter[int] = Counter()
    total_steps = 0
    kept: list[str] = []
    t0 = time.perf_counter()
    with typer.progressbar(range(games_), label=f"{game}", file=sys.stderr) as bar:
        for i in bar:
            n = players or g.spec.min_players + i % (g.spec.max_players - g.spec.min_players + 1)
            if keep:
                gid = play_stored(ledger(), g, n, f"{seed}:{i}", game_bot(bot), options)
                kept.append(str(gid))
                table = ledger().load(gid).fold
                steps = table.actions
            else:
                result = play(g, n, f"{seed}:{i}", game_bot(bot), options)
                table, steps = result.fold, result.steps
            outcome = g.outcome(table.state)
            assert outcome is not None
            counts[n] += 1
            total_steps += steps
            for w in outcome.winners:
                wins[w] += 1
    elapsed = time.perf_counter() - t0
    summary = {
        "game": game,
        "games": games_,
        "seed": seed,
        "bot": bot,
        "player_counts": dict(sorted(counts.items())),
        "wins_by_seat": dict(sorted(wins.items())),
        "commands": total_steps,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games_ / elapsed, 1) if elapsed else None,
    }
    if keep:
        summary["kept"] = kept
    if as_json:
        out(summary)
    else:
        for k, v in summary.items():
            if isinstance(v, dict):
                v = ", ".join(f"{a}: {b}" for a, b in v.items()) or "none"
            elif isinstance(v, list):
                v = " ".join(v) or "none"
            typer.echo(f"{k:>16}: {v}")


@app.command(rich_help_panel=PANEL)
@guarded
def rules(
    game: str,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage",
            help="play the seeded corpus of bot games and count each entry's citations",
        ),
    ] = False,
) -> None:
    """The game's rule catalogue, citation by citation.

    Each citation gives its section and passage, says whether the text is the
    rulebook's or our assumption, and lists the readings of it (the one the
    engine applies marked with *). With --coverage: how often the events of a
    seeded corpus of bot games (every option's values, every switch on) cite
    each entry, and for one never cited, the test that reaches it or why."""
    from domain.games import get_game
    from services.words.rule_words import rule_json, rule_lines

    g = get_game(game)
    if coverage:
        _coverage(g, as_json)
        return
    entries = [rule_json(r) for r in g.catalogue]
    if as_json:
        out(entries)
        return
    for r in g.catalogue:
        typer.echo("\n".join(rule_lines(r)))


def _coverage(g: Game[Any], as_json: bool) -> None:
    from tools.coverage import corpus
    from tools.coverage import coverage as counted

    entries = counted(g)
    if as_json:
        out(entries)
        return
    for e in entries:
        said = f"{e['cited']:>6}  {e['id']}"
        if "reached_by" in e:
            said += f"  (reached by {e['reached_by']})"
        elif not e["cited"]:
            said += f"  (not cited: {e.get('why') or 'no reason given'})"
        typer.echo(said)
    cited = sum(1 for e in entries if e["cited"])
    typer.echo(
        f"{cited} of {len(entries)} entries cited by {sum(1 for _ in corpus(g))} seeded bot games"
    )
