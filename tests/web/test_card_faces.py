"""Card faces read whole in Chromium, at a desktop width and a phone width.

Each game's table is opened as seat 0; besides the cards the page shows, every
card of the game is drawn with the page's own card drawing, as a hand card and
as a small one, so that the longest names and texts of each deck are measured.
On every card: no band, name or text runs past its box, no line of a name or a
text starts inside a word (a word is whole on one line, or broken after a "-"
or a "/"), a name is not shrunk past legibility, and a small card, which keeps
its text out of the way, shows it whole when it has the focus (a tap on a phone).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.services.live_server import LiveServer
from tests.web.pages import ARTIFACTS, PLAYERS, TIMEOUT, screenshot, seat_link

WIDTHS = {"desktop": 1280, "phone": 390}
SMALLEST_NAME_PX = 10

# Every card of the game as a hand card and as a small card, in a panel of
# the board like the hand's, so they take the page's card rules.
DRAW_ALL = """async game => {
  const { cardNode } = await import("wl/cards.js");
  const { h } = await import("wl/dom.js");
  const { renderer } = await import("wl/drawing.js");
  const { facesOf } = await import("wl/faces.js");
  const face = facesOf(game);
  const ids = face ? Object.keys(face.byId) : [];
  const c = { game, renderer: renderer(game) };
  const panel = h(
    "section.panel",
    { id: "all-faces" },
    h("h2", {}, "Every card"),
    h("div.hand", {}, ids.map((id) => cardNode(c, id, null))),
    h("div.hand", {}, ids.map((id) => cardNode(c, id, null, { small: true })))
  );
  document.querySelector(".board").append(panel);
  return ids.length;
}"""

# What a reader would stumble on, card by card: one line per fault.
FAULTS = """async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  await frame(); await frame();  // laid out and painted
  const faults = [];
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const within = (inner, outer) =>
    inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
    && inner.bottom <= outer.bottom + 0.5;
  // Where each line after the first starts: the character before it, and the
  // characters around it to say where.
  function lineStarts(el) {
    const chars = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        chars.push({ ch: node.data[i], top: box ? box.top : null, height: box ? box.height : 0 });
      }
    }
    const around = (i) => chars.slice(Math.max(0, i - 8), i + 8).map((c) => c.ch).join("");
    const starts = [];
    let top = null;
    chars.forEach((c, i) => {
      if (/\\s/.test(c.ch) || c.top === null) return;
      if (top !== null && c.top > top + c.height / 2) {
        starts.push({ before: chars[i - 1].ch, word: around(i) });
      }
      top = c.top;
    });
    return starts;
  }
  function check(card, part, outer, where) {
    const small = card.classList.contains("small") ? " (small)" : "";
    const what = `${card.dataset.card}${small} ${where || part.className}`;
    const [w, h] = [part.scrollWidth, part.scrollHeight];
    const [cw, ch] = [part.clientWidth, part.clientHeight];
    if (w > cw || h > ch) faults.push(`${what}: runs past its box (${w}x${h} in ${cw}x${ch})`);
    if (!within(part.getBoundingClientRect(), outer)) {
      faults.push(`${what}: sticks out of its card`);
    }
    if (part.matches(".name, .text, .text > *")) {
      for (const s of lineStarts(part)) {
        if (!/[\\s\\-\\/]/.test(s.before)) {
          faults.push(`${what}: a line starts inside a word: "${s.word}"`);
        }
      }
    }
    const size = parseFloat(getComputedStyle(part).fontSize);
    if (part.matches(".name") && size < __SMALLEST__) faults.push(`${what}: name at ${size}px`);
  }
  const cards = [...document.querySelectorAll(".card")];
  for (const card of cards) {
    if (!shown(card)) continue;
    const box = card.getBoundingClientRect();
    for (const part of card.querySelectorAll(".band, .name, .text, .gloss")) {
      if (shown(part)) check(card, part, box, "");
    }
    const text = card.querySelector(".text");
    if (card.classList.contains("small") && text) {
      const id = `${card.dataset.card} (small)`;
      card.focus({ preventScroll: true });
      if (document.activeElement !== card) faults.push(`${id}: cannot take the focus`);
      else if (!shown(text)) faults.push(`${id}: its text stays hidden with the focus`);
      else {
        // It hangs below the card, as wide as the card.
        const now = card.getBoundingClientRect();
        const under = { left: now.left, right: now.right, bottom: Infinity };
        check(card, text.firstElementChild, under, "text, focused");
      }
      card.blur();
    }
  }
  return { cards: cards.filter(shown).length, faults };
}""".replace("__SMALLEST__", str(SMALLEST_NAME_PX))


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_card_face_reads_whole(
    game: str, width: str, browser: Any, server: LiveServer
) -> None:
    with server.client() as c:
        r = c.post(
            "/tables", json={"game": game, "players": PLAYERS[game], "seed": f"faces-{game}"}
        )
        assert r.status_code == 201, r.text
        table = r.json()
    seat = table["seats"][0]
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(seat_link(server, table["game_id"], seat["seat"], seat["token"]))
        page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
        on_table = page.evaluate(FAULTS)
        screenshot(page, f"card-faces-{game}-{width}")
        drawn = page.evaluate(DRAW_ALL, game)
        every = page.evaluate(FAULTS)
        if drawn:
            shot = ARTIFACTS / "screens" / f"card-faces-{game}-{width}-every-card.png"
            page.locator("#all-faces").screenshot(path=str(shot))
            # A tap on a small card: its text hangs below it, over the cards after.
            focusable = page.locator("#all-faces .card.small[tabindex]")
            if focusable.count():
                focusable.first.focus()
                shot = ARTIFACTS / "screens" / f"card-faces-{game}-{width}-small-focused.png"
                page.locator("#all-faces").screenshot(path=str(shot))
    finally:
        context.close()
    # The games with faces deal cards from the start; Elfenwizards shows none.
    assert (on_table["cards"] > 0) == (game != "elfenwizards"), on_table
    assert every["cards"] == on_table["cards"] + 2 * drawn
    assert on_table["faults"] == [], "\n".join(on_table["faults"])
    assert every["faults"] == [], "\n".join(every["faults"])
    assert errors == []
