// The replay viewer (viewer.html): a game's JSON export read position by
// position. The same page is the app's replay page (/replay/{id}, fed by the
// export's URL) and the HTML export (one file with the document inside it).
//
// The document is taken from, in order: the <script id="ledger-data"> element
// (the HTML export fills it), window.LEDGER_DATA, or the URL given as ?src=...
// (fetched; a token given in the fragment as #token=... is sent as
// "Authorization: Bearer", so it never reaches a server log). ?at=N (or #at=N)
// opens at position N.

import { byId as $, h } from "wl/dom.js";
import { loadDrawing } from "wl/drawing.js";
import { registerFace } from "wl/faces.js";
import { renderDispute } from "wl/viewer/dispute.js";
import { canDraw, renderBoard, renderState } from "wl/viewer/state.js";
import { renderEvent, renderStory } from "wl/viewer/story.js";

// The replay being read, once its document is: the document, the position
// shown, the view it is seen through ("seen by") and how the state is shown
// ("board" or "facts"); go(N) moves it. Exported for the page around the viewer
// (the app's bar, replay-bar.js) and for the tests.
export let replay = null;

async function loadDocument() {
  const slot = $("ledger-data");
  if (slot && slot.textContent.trim()) return JSON.parse(slot.textContent);
  if (window.LEDGER_DATA) return window.LEDGER_DATA;
  const params = new URLSearchParams(location.search);
  const src = params.get("src");
  if (!src) throw new Error("no game data: open an HTML export, or give ?src=URL of a JSON export");
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const resp = await fetch(src, token ? { headers: { Authorization: "Bearer " + token } } : {});
  if (!resp.ok) {
    // A refusal says why (a table still naming its opening cards, say): say it.
    let said = "";
    try { const p = await resp.json(); said = p.message || p.detail || ""; } catch (_) { said = ""; }
    throw new Error(said ? "could not load this game: " + said : "could not load " + src + ": HTTP " + resp.status);
  }
  return resp.json();
}

const last = () => replay.doc.events.length;

function go(pos) {
  replay.position = Math.max(1, Math.min(last(), pos | 0));
  const position = replay.position;
  $("slider").value = position;
  $("pos").value = position;
  const url = new URL(location.href); url.searchParams.set("at", position);
  try { history.replaceState(null, "", url); } catch (_) { /* file:// */ }
  renderStory(replay); renderState(replay); renderBoard(replay); renderEvent(replay); renderDispute(replay);
  // For the page around the viewer (the app's bar, which forks from here).
  document.dispatchEvent(new CustomEvent("ledger:position", { detail: { position } }));
}

// The position the URL asks for: ?at=N (which go() keeps up to date), else #at=N.
function askedPosition() {
  const asked = new URLSearchParams(location.search).get("at") || new URLSearchParams(location.hash.slice(1)).get("at");
  return Math.max(0, Math.floor(+asked) || 0);
}

function nextOfRule() {
  const rule = $("rule-select").value;
  if (!rule) return;
  const { doc, position } = replay;
  for (let p = position + 1; p <= last(); p++) if (doc.events[p - 1].rule === rule) return go(p);
  for (let p = 1; p <= position; p++) if (doc.events[p - 1].rule === rule) return go(p); // wrap
}

// The header: the game, its players and result, whose eyes the file was made
// through, its options and the referees' notes.
function describe(doc) {
  document.title = `${doc.name} — replay`;
  $("title").textContent = `${doc.name} — game ${doc.game_id}`;
  // Whose eyes the file was made through, in other words than the "seen by" menu
  // (which picks among the views it holds): "seen by: everything" beside
  // "seen by bot 1" read as a contradiction.
  const holds = doc.viewer === "everything" ? "every seat's view" : doc.viewer === "spectator" ? "a spectator's view" : `${doc.viewer}'s view`;
  $("meta").textContent = `Players: ${doc.players.map((p, i) => (p === `seat ${i}` ? p : `seat ${i}: ${p}`)).join(", ")} · ${doc.result} · this replay holds ${holds} · ${doc.mode}`;
  // The options one per line, folded: the header stays a line or two.
  if (doc.options.length) {
    $("meta").append(h("details.options", {}, h("summary", {}, `Options (${doc.options.length})`),
      h("ul", {}, doc.options.map((o) => h("li", {}, o.text)))));
  }
  // The referees' notes, each a link to its position: in a long game a note
  // was found only by stepping until it scrolled by in the story.
  if (doc.annotations.length) {
    const list = h("ul.tight", {}, doc.annotations.map((n) =>
      h("li", { "data-pos": n.position, onclick: () => go(n.position) }, h("a.jump", {}, `#${n.position}`), ` ${n.author}: ${n.text}`)));
    const notes = h("details", { id: "notes-list" }, h("summary", {}, `Referees' notes (${doc.annotations.length})`), list);
    notes.open = doc.annotations.length <= 5;
    $("meta").append(notes);
  }
}

// The controls: the slider and its steps, a rule's next event, the view shown,
// board or facts, the arrow keys.
function control(doc) {
  const slider = $("slider");
  slider.max = last(); $("pos").max = last(); $("of").textContent = `of ${last()}`;
  const counts = {};
  for (const e of doc.events) if (e.rule) counts[e.rule] = (counts[e.rule] || 0) + 1;
  $("rule-select").append(h("option", { value: "" }, "— a rule cited —"));
  for (const id of Object.keys(counts).sort()) $("rule-select").append(h("option", { value: id }, `${id} (${counts[id]})`));
  for (const v of doc.views) $("view-select").append(h("option", { value: v }, v));
  slider.addEventListener("input", () => go(+slider.value));
  $("pos").addEventListener("change", () => go(+$("pos").value));
  $("first").onclick = () => go(1); $("last").onclick = () => go(last());
  $("back").onclick = () => go(replay.position - 1); $("next").onclick = () => go(replay.position + 1);
  $("next-rule").onclick = nextOfRule;
  $("view-select").onchange = () => { replay.view = $("view-select").value; renderState(replay); renderBoard(replay); };
  $("show-board").onclick = () => { replay.shown = "board"; renderBoard(replay); };
  $("show-facts").onclick = () => { replay.shown = "facts"; renderBoard(replay); };
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    if (ev.key === "ArrowRight") go(replay.position + 1); else if (ev.key === "ArrowLeft") go(replay.position - 1);
  });
}

async function start(doc) {
  replay = { doc, position: 1, view: doc.views[0] || null, shown: "board", go };
  describe(doc);
  control(doc);
  if (doc.faces) registerFace(doc.game, doc.faces);
  if (canDraw(doc)) await loadDrawing(doc.game);
  // The story sticks under the controls bar, whose height depends on the width.
  const fit = () => document.documentElement.style.setProperty("--controls-height", $("controls").offsetHeight + "px");
  // One column (a phone): the dispute panel comes before the story, and unfolded
  // it is screens long; it starts folded there, a tap away.
  if (window.matchMedia("(max-width: 900px)").matches) $("dispute-fold").open = false;
  fit(); window.addEventListener("resize", fit);
  go(askedPosition() || 1);
  document.body.dataset.ready = "1";
}

loadDocument().then(start).catch((err) => { $("error").hidden = false; $("error").textContent = String(err.message || err); document.body.dataset.ready = "error"; });
