"""The pages' part of ``make bench`` drives Chromium through every page it measures
on a short game and prints each figure beside its goal (figures only, never times)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.bench_pages import bench_pages
from tools.bench_streams import long_store, long_stream
from tools.chromium import chromium_missing


# A load run of its own (a server, Chromium, every page of a game): beside the
# whole suite on two cores, a page's fetch of the export once failed ("Failed to
# fetch") where it passes alone, so it runs with the other load runs.
@pytest.mark.slow
def test_the_pages_bench_prints_every_figure_of_a_short_game(tmp_path: Path) -> None:
    missing = chromium_missing()
    if missing:
        pytest.skip(missing)
    long_stream(tmp_path, "ultimate", 200)
    said: dict[str, str] = {}
    bench_pages(
        [("ultimate", f"sqlite:///{long_store(tmp_path, 'ultimate')}")],
        lambda name, value: said.setdefault(name, value),
        tmp=tmp_path,
        runs=1,
    )
    assert not any("failed" in value for value in said.values()), said
    first = ("replay page: first board and story", "table page: the story's end")
    for name in (*first, "HTML export opened: first board and story"):
        assert "goal <= 1000 ms" in said[name], said
    for name in ("replay page: a slider jump", "HTML export: a slider step"):
        assert "goal <= 100 ms" in said[name], said
    assert "first visit" in said["replay page: the whole game loaded"]
