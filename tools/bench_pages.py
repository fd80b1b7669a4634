"""``make bench``, pages part (issue 25): long games' pages in a real browser.

Debian's Chromium, driven by Playwright (``tools/chromium.py``), opens against a
real ``wizards serve`` on each long stream of the bench (``tools/bench_streams.py``):

- the replay page (``/replay/{id}``): from navigation start to its first board and
  the story's first row drawn, and to the whole game loaded; then the slider moved
  to far positions (a jump) and one on (a step), each until that position's board
  and story row are drawn;
- the HTML export (``wizards export --format html``) opened from its file: to its
  first board and story row drawn, then the same jumps and steps;
- the table page (``/play/{id}``, a spectator's): to the story's last entry drawn.

Each figure is taken by the page itself (``performance.now()``, from navigation
start or from the slider's move, to the first frame painted after the element the
browser tests wait for is there), over a few runs, each in a fresh browser
context: best and median, the median beside issue 25's goal. The server keeps a
costly read's answer for the same game and head, so the first visit, which makes
them, is said apart (and beside the goal when it misses it). Prints figures;
asserts nothing about time (tests never do).

Alone: ``python -m tools.bench --pages-only [--quick]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from services.ledger import WizardLedger
from services.reads.views import state_json
from tools.bench_http import Servers
from tools.bench_review import against_goal
from tools.chromium import chromium_missing, launch

Line = Callable[[str, str], None]
FIRST_MS, MOVE_MS = 1000.0, 100.0  # issue 25's goals: a page's first screen, a slider's move
TIMEOUT = 180_000  # ms: the whole of a 10,000-event game, on a shared machine
VIEWPORT = {"width": 1400, "height": 1000}

# The viewer's board is drawn in ``#board``'s shadow root: (host, selector) pairs.
BOARD = "#board"

# Run in every document before its own scripts: notes the time (ms since navigation
# start) of the first frame painted once each watched element is there.
WATCH = """(() => {
  const watched = %s;
  const drawn = (window.__drawn = {});
  const find = ([host, sel]) => {
    if (!host) return document.querySelector(sel);
    const el = document.querySelector(host);
    return el && el.shadowRoot && el.shadowRoot.querySelector(sel);
  };
  const look = () => {
    for (const [name, where] of Object.entries(watched)) {
      const note = () => { drawn[name] ??= performance.now(); };
      if (!(name in drawn) && find(where)) setTimeout(note, 0);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

# The slider moved to ``pos`` as a reader moves it; ms until the frame painted
# with that position's board and current story row.
MOVE = """(pos) => new Promise((done) => {
  const slider = document.getElementById('slider');
  const t0 = performance.now();
  slider.value = String(pos);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  const look = () => {
    const board = document.getElementById('board').shadowRoot;
    const there = board && board.querySelector(`.felt[data-position='${pos}']`)
      && document.querySelector(`#story .ev.current[data-pos='${pos}']`);
    if (there) setTimeout(() => done(performance.now() - t0), 0);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""

# What a page is watched for: a name, and where (the shadow host or None, a selector).
Watched = dict[str, tuple[str | None, str]]
FIRST_SCREEN: Watched = {
    "board": (BOARD, ".felt[data-position='1']"),
    "story": (None, "#story .ev[data-pos='1']"),
}


def _open(browser: Any, url: str, watched: Watched, until: list[str]) -> Any:
    """A fresh context's page at ``url``, once every name of ``until`` is drawn."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(script=WATCH % json.dumps(watched))
    page = context.new_page()
    page.goto(url, wait_until="commit")
    wanted = json.dumps(until)
    page.wait_for_function(
        f"document.body?.dataset.ready === 'error' || "
        f"{wanted}.every((n) => window.__drawn && n in window.__drawn)",
        timeout=TIMEOUT,
    )
    if page.evaluate("document.body.dataset.ready") == "error":
        said = page.inner_text("#error")
        context.close()
        raise RuntimeError(said)
    return page


def _moves(page: Any, total: int) -> tuple[list[float], list[float]]:
    """ms of slider jumps to far positions and of steps one on, in the open viewer."""
    jumps, steps = [], []
    for far in (total // 3, 2 * total // 3, max(1, total - 123)):
        jumps.append(page.evaluate(MOVE, far))
        steps.append(page.evaluate(MOVE, far + 1 if far < total else far - 1))
    return jumps, steps


class Figures:
    """Samples of each figure of one game, in ms."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}

    def add(self, name: str, *values: float) -> None:
        self.samples.setdefault(name, []).extend(values)

    def say(self, line: Line, name: str, goal: float | None, *, first: bool = False) -> None:
        got = self.samples.get(name)
        if not got:
            return
        best, median = min(got), statistics.median(got)
        said = f"best {best:,.0f} ms, median {median:,.0f} ms"
        if first:
            said += f", first visit {got[0]:,.0f} ms"
        said += against_goal(median, goal, "ms")
        # The median is judged; a first visit beyond the goal is said beside it.
        if first and goal is not None and got[0] > goal:
            said += " (first visit: NOT met)"
        line(name, said)


def _replay_page(
    browser: Any, base: str, gid: str, total: int, runs: int, figures: Figures
) -> None:
    for _ in range(runs):
        watched: Watched = {**FIRST_SCREEN, "all": (None, "body[data-loaded='all']")}
        page = _open(browser, f"{base}/replay/{gid}", watched, ["board", "story"])
        drawn = page.evaluate("window.__drawn")
        figures.add("replay page: first board and story", max(drawn["board"], drawn["story"]))
        page.wait_for_function("'all' in window.__drawn", timeout=TIMEOUT)
        figures.add("replay page: the whole game loaded", page.evaluate("window.__drawn.all"))
        jumps, steps = _moves(page, total)
        figures.add("replay page: a slider jump", *jumps)
        figures.add("replay page: a slider step", *steps)
        page.context.close()


def _html_export(browser: Any, path: Path, total: int, runs: int, figures: Figures) -> None:
    for _ in range(runs):
        page = _open(browser, path.as_uri(), FIRST_SCREEN, ["board", "story"])
        drawn = page.evaluate("window.__drawn")
        figures.add("HTML export opened: first board and story", max(drawn.values()))
        jumps, steps = _moves(page, total)
        figures.add("HTML export: a slider jump", *jumps)
        figures.add("HTML export: a slider step", *steps)
        page.context.close()


def _table_page(browser: Any, base: str, gid: str, runs: int, figures: Figures) -> None:
    # The last entry a spectator's story shows (a running game's may be later than
    # the last one a spectator may read).
    last = httpx.get(f"{base}/tables/{gid}/log", params={"last": 1}, timeout=60).json()
    end: Watched = {"end": (None, f"#story .line[data-position='{last[-1]['position']}']")}
    for _ in range(runs):
        page = _open(browser, f"{base}/play/{gid}", end, ["end"])
        figures.add("table page: the story's end", page.evaluate("window.__drawn.end"))
        page.context.close()


def _export_html(url: str, gid: str, path: Path) -> None:
    """The HTML export, made as a referee makes it: ``wizards export --format html``."""
    wizards = str(Path(sys.executable).with_name("wizards"))
    subprocess.run(
        [wizards, "export", gid, "--format", "html", "--output", str(path)],
        env={**os.environ, "WIZARDS_STORE": url, "WIZARDS_REDIS": "off"},
        check=True,
        capture_output=True,
    )


def bench_pages(streams: list[tuple[str, str]], line: Line, *, tmp: Path, runs: int) -> None:
    """``streams``: (label, SQLite store URL) of long streams, one game each."""
    print("pages: long games in Chromium against wizards serve (ms from navigation start)")
    missing = chromium_missing()
    if missing:
        line("pages", f"skipped: {missing}")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        try:
            for label, url in streams:
                ledger = WizardLedger(url)
                gid = str(ledger.game_ids()[0])
                total = ledger.load(gid).version
                status = state_json(ledger, gid)["status"]
                ledger.close()
                print(f" {label} ({total:,} events, {status})")
                _game_pages(browser, (label, url, gid), total, runs, tmp, line)
        finally:
            browser.close()


def _game_pages(
    browser: Any, game: tuple[str, str, str], total: int, runs: int, tmp: Path, line: Line
) -> None:
    label, url, gid = game
    figures = Figures()
    try:
        with Servers(url, 1, tmp / f"pages-{label}.log") as served:
            base = f"http://127.0.0.1:{served.ports[0]}"
            _replay_page(browser, base, gid, total, runs, figures)
            _table_page(browser, base, gid, runs, figures)
        html = tmp / f"{label}.html"
        _export_html(url, gid, html)
        _html_export(browser, html, total, runs, figures)
    except Exception as e:  # a page that does not come is a figure missing, said
        line(f"{label}: pages", f"failed ({type(e).__name__}: {str(e).splitlines()[0]})")
    figures.say(line, "replay page: first board and story", FIRST_MS, first=True)
    figures.say(line, "replay page: the whole game loaded", None, first=True)
    figures.say(line, "replay page: a slider jump", MOVE_MS)
    figures.say(line, "replay page: a slider step", MOVE_MS)
    figures.say(line, "table page: the story's end", FIRST_MS, first=True)
    figures.say(line, "HTML export opened: first board and story", FIRST_MS)
    figures.say(line, "HTML export: a slider jump", MOVE_MS)
    figures.say(line, "HTML export: a slider step", MOVE_MS)
