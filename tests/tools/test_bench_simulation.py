"""The bot games' bench of ``make bench`` plays each game with both codes it compares."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.games import all_games
from tools import bench_simulation


@pytest.mark.slow  # sixteen processes, each importing the project and playing games
def test_each_game_is_timed_beside_the_baseline_in_stretches_taken_in_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here = Path(bench_simulation.__file__).resolve().parent.parent
    played: list[tuple[str, str, int, int]] = []
    timed = bench_simulation._timed

    def spy(code: Path, game: str, first: int, n: int) -> dict[str, float]:
        played.append((game, "ours" if len(played) % 2 == 0 else "theirs", first, n))
        return timed(code, game, first, n)

    monkeypatch.setattr(bench_simulation, "STRETCH", 2)
    monkeypatch.setattr(bench_simulation, "_timed", spy)
    lines: dict[str, str] = {}
    bench_simulation.bench_simulation(3, lines.__setitem__, baseline=("same", here))

    games = [g.spec.id for g in all_games()]
    # Games 0-1 by each code in turn, then game 2 by each: the same seeds on both sides.
    assert played == [
        (game, side, first, n)
        for game in games
        for first, n in ((0, 2), (2, 1))
        for side in ("ours", "theirs")
    ]
    for game in games:
        assert "commands/s" in lines[f"{game}: games/s"]
        assert "x (goal: 2x)" in lines[f"{game}: baseline same: games/s"]
    assert "play alone" in capsys.readouterr().out


def test_game_limits_the_bot_games_to_the_games_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines: dict[str, str] = {}
    bench_simulation.bench_simulation(1, lines.__setitem__, only=["orctower"])
    assert list(lines) == ["orctower: games/s"]


def test_an_unknown_game_is_refused_with_the_games_known() -> None:
    with pytest.raises(SystemExit, match=r"unknown game chess; known: .*orctower"):
        bench_simulation.bench_simulation(1, lambda *_: None, only=["chess"])
