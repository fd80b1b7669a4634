// The state panel: the position's board as the table page draws it, with what
// the position changed under it, or its facts as a list ("Board" / "Facts").

import { cardNode } from "wl/cards.js";
import { byId as $, h } from "wl/dom.js";
import { renderer } from "wl/drawing.js";
import { labelsOf } from "wl/faces.js";
import { nameOf } from "wl/names.js";
import { plural, t } from "wl/speech.js";
import { boardAt, factsAt } from "wl/viewer/frames.js";
import { show } from "wl/viewer/words.js";

export function renderState(replay) {
  const { doc, position, view } = replay;
  const table = $("state");
  table.replaceChildren();
  if (!doc.frames.length) { table.append(h("tr", {}, h("td", {}, t("no views in this export")))); return; }
  const { facts, changed } = factsAt(doc, position);
  const mine = facts[view] || {};
  $("state-title").textContent = doc.views.length > 1 || view !== "spectator"
    ? t("State after #{n} — as {view} sees it", { n: position, view })
    : t("State after #{n} — as a spectator sees it", { n: position });
  for (const [k, v] of Object.entries(mine)) {
    const tr = h("tr", { "data-fact": k }, h("td", {}, k), h("td", {}, show(v)));
    if (changed.has(view + "\u0000" + k)) tr.className = "changed";
    table.append(tr);
  }
}

// What this position changed, in the view shown: the facts before and after it.
// Under the board, where a changed life total or a card gone is easy to miss.
function changesAt(replay, pos) {
  const { doc, view } = replay;
  if (!doc.frames.length || pos <= 1) return [];
  const before = structuredClone(factsAt(doc, pos - 1).facts[view] || {});
  const now = factsAt(doc, pos).facts[view] || {};
  const out = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(now)])) {
    const a = before[k], b = now[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (Array.isArray(a) && Array.isArray(b)) {
      const left = a.map(show);
      const came = [];
      for (const x of b.map(show)) { const i = left.indexOf(x); if (i >= 0) left.splice(i, 1); else came.push(x); }
      const parts = [...came.map((x) => "+ " + x), ...left.map((x) => "− " + x)];
      out.push(t("{label}: {value}", { label: k, value: parts.length ? parts.join(", ") : t("same cards, new order") }));
    } else {
      out.push(t("{label}: {value}", { label: k, value: `${show(a)} → ${show(b)}` }));
    }
  }
  return out;
}

function renderChanges(replay, drawn) {
  const { doc, position } = replay;
  const box = $("changes");
  box.hidden = !drawn;
  if (!drawn) return;
  const lines = changesAt(replay, position);
  const SHOWN = 8;
  const list = h("ul.tight", {}, lines.slice(0, SHOWN).map((line) => h("li", {}, line)),
    lines.length > SHOWN ? h("li.muted", {}, plural("and {n} more (Facts)", "and {n} more (Facts)", lines.length - SHOWN)) : null);
  // An action's own position is the command as sent: the board changes only with
  // its consequences. "nothing this view shows" there read as the action doing nothing.
  if (doc.events[position - 1].action) { box.replaceChildren(...commandWords(replay, position), lines.length ? list : ""); return; }
  box.replaceChildren(h("b", {}, t("Changed at #{n}: ", { n: position })),
    lines.length ? "" : h("span.muted", {}, t("nothing this view shows")), list);
}

// The positions of an action's consequences: up to the next action (or the end).
function consequenceSpan(doc, pos) {
  let to = pos;
  while (to < doc.events.length && !doc.events[to].action) to++;
  return { from: pos + 1, to };
}

function commandWords(replay, pos) {
  const { from, to } = consequenceSpan(replay.doc, pos);
  const head = h("b", {}, t("Command at #{n}: ", { n: pos }));
  if (to < from) return [head, h("span.muted", {}, t("nothing followed it (no consequence recorded)"))];
  const jump = h("a.jump.next-consequence", { role: "button", tabindex: "0", onclick: () => replay.go(from) }, t("go to #{n} ▶", { n: from }));
  const span = to > from ? `#${from}–#${to}` : `#${from}`;
  return [head, replay.doc.events[pos - 1].text + ". ", h("br"), t("The board changes with its consequences, {span}: ", { span }), jump];
}

// An export made before boards: facts only.
export const canDraw = (doc) => Boolean(doc.boards && doc.boards.length === doc.events.length);

// The boards: each view as the table page draws it (the game's drawing is read
// before the first board: viewer.js).
export function renderBoard(replay) {
  const { doc, position, view: label } = replay;
  const host = $("board");
  const drawn = canDraw(doc) && replay.shown === "board";
  $("state-switch").hidden = !canDraw(doc);
  host.hidden = !drawn;
  $("facts-box").hidden = drawn;
  $("show-board").setAttribute("aria-pressed", String(drawn));
  $("show-facts").setAttribute("aria-pressed", String(!drawn));
  renderChanges(replay, drawn);
  if (!drawn) return;
  const view = boardAt(doc, position)[label];
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  if (!view) { root.replaceChildren(h("p", {}, t("no board for this view"))); return; }
  const seat = doc.seats && label in doc.seats ? doc.seats[label] : null;
  const c = { game: doc.game, gid: doc.game_id, seat, players: doc.players, view, renderer: renderer(doc.game),
              labels: labelsOf(doc.game), handIds: [] };
  c.state = { game: doc.game, seat, players: doc.players, view, position };
  // A seat's own export is that seat's: "you". Any other (a finished game's, the
  // operator's) is read by someone looking through that seat's eyes.
  c.youWord = doc.viewer === label ? t(" (you)") : t(" (this view)");
  const hand = c.renderer.handCards(c) || [];
  c.hand = hand; c.handIds = hand.map((x) => x.id);
  // The table page's stylesheet, kept inside the board: the viewer's own styles and
  // the page's dark felt do not meet.
  const style = h("style", {}, boardStyle());
  const parts = [c.renderer.publicArea(c)];
  if (seat !== null && hand.length) {
    parts.push(h("section.panel", {}, h("h2", {}, t("{name}'s hand", { name: nameOf(doc.players, seat) })),
      h("div.hand", {}, hand.map(({ id, item }) => cardNode(c, id, item)))));
  }
  root.replaceChildren(style, h("div.felt", { dataset: { position: String(position) } }, parts));
}

// The table page's stylesheet, which the page carries unapplied (media "not
// all") in #board-style, for the board's own scope.
function boardStyle() {
  const source = $("board-style");
  const css = source ? source.textContent : "";
  return css.replace(/:root\b/g, ":host") + "\n:host { display:block; } .felt { background: var(--felt); color: var(--paper); padding: 10px; }";
}
