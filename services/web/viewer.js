// The replay viewer (viewer.html): a game's JSON export read position by
// position. The same page is the app's replay page (/replay/{id}, fed by the
// export's URL) and the HTML export (one file with the document inside it).
//
// The document is taken from, in order: the <script id="ledger-data"> element
// (the HTML export fills it), window.LEDGER_DATA, or the URL given as ?src=...
// (fetched; a token given in the fragment as #token=... is sent as
// "Authorization: Bearer", so it never reaches a server log). ?at=N (or #at=N)
// opens at position N. The dispute panel of an action the document does not
// hold is asked of the server it came from (a file says how to make it).
//
// From a URL, a long game is read in two parts: first its first positions
// (the export's ``to``), shown at once, then the whole, which replaces it when
// it comes; meanwhile a position not loaded yet says so.

import { byId as $, h } from "wl/dom.js";
import { loadDrawing } from "wl/drawing.js";
import { registerFace } from "wl/faces.js";
import { loadSpeech, speaking, spoken, t } from "wl/speech.js";
import { renderDispute } from "wl/viewer/dispute.js";
import { readable } from "wl/viewer/read.js";
import { canDraw, renderBoard, renderState } from "wl/viewer/state.js";
import { renderEvent, renderStory } from "wl/viewer/story.js";

// The replay being read, once its document is: the document, the position
// shown, the view it is seen through ("seen by") and how the state is shown
// ("board" or "facts"); go(N) moves it. Exported for the page around the viewer
// (the app's bar, replay-bar.js) and for the tests.
export let replay = null;

// The positions read first from a URL, after the one asked for: the story's first
// screen (rows up to 120 on from the position, viewer/story.js) and some steps.
// Their export is made when asked on a fresh server: the fewer, the sooner drawn.
const FIRST_PART = 150;

// The source's URL, when the document is read from one (null: it is in the page).
function source() {
  const slot = $("ledger-data");
  if ((slot && slot.textContent.trim()) || window.LEDGER_DATA) return null;
  const src = new URLSearchParams(location.search).get("src");
  if (!src) throw new Error(t("no game data: open an HTML export, or give ?src=URL of a JSON export"));
  return src;
}

// The URL of the first positions: up to the one asked for, and a first part.
function firstPart(src) {
  const url = new URL(src, location.href);
  url.searchParams.set("to", String(askedPosition() + FIRST_PART));
  return url.href;
}

// The document inside the page: JSON (an HTML export before December 2026), or
// gzipped in base64 (data-encoding="gzip+base64"), opened by the browser itself.
async function embedded(slot) {
  if (slot.dataset.encoding !== "gzip+base64") return JSON.parse(slot.textContent);
  const bytes = Uint8Array.from(atob(slot.textContent.trim()), (c) => c.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  return JSON.parse(text);
}

async function loadDocument(src) {
  const slot = $("ledger-data");
  if (slot && slot.textContent.trim()) return readable(await embedded(slot));
  if (window.LEDGER_DATA) return readable(window.LEDGER_DATA);
  return readable(await fetched(src));
}

// A JSON answer of the server the document came from, with the seat's token.
async function fetched(src) {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const resp = await fetch(spoken(src), token ? { headers: { Authorization: "Bearer " + token } } : {});
  if (!resp.ok) {
    // A refusal says why (a table still naming its opening cards, say): say it.
    let said = "";
    try { const p = await resp.json(); said = p.message || p.detail || ""; } catch (_) { said = ""; }
    throw new Error(said ? t("could not load this game: {why}", { why: said }) : t("could not load {src}: HTTP {status}", { src, status: resp.status }));
  }
  return resp.json();
}

// The game's positions, and those of them loaded (fewer while the rest comes).
const last = () => replay.doc.positions || replay.doc.events.length;
const loaded = () => replay.doc.events.length;

function go(pos) {
  replay.position = Math.max(1, Math.min(last(), pos | 0));
  const position = replay.position;
  $("slider").value = position;
  $("pos").value = position;
  const url = new URL(location.href); url.searchParams.set("at", position);
  try { history.replaceState(null, "", url); } catch (_) { /* file:// */ }
  if (position > loaded()) notLoaded(position);
  else { renderStory(replay); renderState(replay); renderBoard(replay); renderEvent(replay); renderDispute(replay); }
  // For the page around the viewer (the app's bar, which forks from here).
  document.dispatchEvent(new CustomEvent("ledger:position", { detail: { position } }));
}

// A position beyond those loaded says so in every panel, until the whole comes.
function notLoaded(position) {
  const said = t("#{n} is not loaded yet: positions {from}–{to} are loading…", { n: position, from: loaded() + 1, to: last() });
  for (const id of ["story", "event-detail", "dispute"]) $(id).replaceChildren(h("div.muted.loading", {}, said));
  // The board is drawn in the host's shadow root: the last one drawn is taken away.
  const board = $("board");
  if (board.shadowRoot) board.shadowRoot.replaceChildren(h("p.muted.loading", {}, said));
  $("state-title").textContent = t("State after #{n}", { n: position });
  $("state").replaceChildren(h("tr", {}, h("td.muted", {}, said)));
  $("changes").hidden = true;
}

// What is loaded, beside the count of positions.
function sayLoaded() {
  $("of").textContent = loaded() < last() ? t("of {n} (1–{loaded} loaded, the rest loading…)", { n: last(), loaded: loaded() }) : t("of {n}", { n: last() });
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
  for (let p = position + 1; p <= loaded(); p++) if (doc.events[p - 1].rule === rule) return go(p);
  for (let p = 1; p <= position; p++) if (doc.events[p - 1].rule === rule) return go(p); // wrap
}

// The header: the game, its players and result, whose eyes the file was made
// through, its options and the referees' notes.
function describe(doc) {
  document.title = t("{game} — replay", { game: doc.name });
  $("title").textContent = t("{game} — game {id}", { game: doc.name, id: doc.game_id });
  // Whose eyes the file was made through, in other words than the "seen by" menu
  // (which picks among the views it holds): "seen by: everything" beside
  // "seen by bot 1" read as a contradiction.
  const holds = doc.viewer === "everything" ? t("every player's view") : doc.viewer === "spectator" ? t("a spectator's view") : t("{viewer}'s view", { viewer: doc.viewer });
  // Where the game's chance came from, as the story's opening says it.
  const modeWords = (mode) => (mode === "table" ? t("table mode (dice and deck orders from the table)") : t("seeded dice (the seed revealed at the end)"));
  $("meta").textContent = t("Players: {players} · {result} · this replay holds {holds} · {mode}", { players: doc.players.join(", "), result: doc.result, holds, mode: modeWords(doc.mode) });
  // The options one per line, folded: the header stays a line or two.
  if (doc.options.length) {
    $("meta").append(h("details.options", {}, h("summary", {}, t("Options ({n})", { n: doc.options.length })),
      h("ul", {}, doc.options.map((o) => h("li", {}, o.text)))));
  }
  // The referees' notes, each a link to its position: in a long game a note
  // was found only by stepping until it scrolled by in the story.
  if (doc.annotations.length) {
    const list = h("ul.tight", {}, doc.annotations.map((n) =>
      h("li", { "data-pos": n.position, onclick: () => go(n.position) }, h("a.jump", {}, `#${n.position}`), ` ${n.author}: ${n.text}`)));
    const notes = h("details", { id: "notes-list" }, h("summary", {}, t("Referees' notes ({n})", { n: doc.annotations.length })), list);
    notes.open = doc.annotations.length <= 5;
    $("meta").append(notes);
  }
}

// The controls: the slider and its steps, a rule's next event, the view shown,
// board or facts, the arrow keys.
function control(doc) {
  const slider = $("slider");
  slider.max = last(); $("pos").max = last(); sayLoaded();
  rulesCited(doc);
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

// The rules the loaded events cite, each with its count, to step through.
function rulesCited(doc) {
  const counts = {};
  for (const e of doc.events) if (e.rule) counts[e.rule] = (counts[e.rule] || 0) + 1;
  $("rule-select").replaceChildren(h("option", { value: "" }, t("— a rule cited —")));
  for (const id of Object.keys(counts).sort()) $("rule-select").append(h("option", { value: id }, `${id} (${counts[id]})`));
}

// The whole document, come after its first part: it replaces it where the reader is.
function whole(doc) {
  replay.doc = doc;
  rulesCited(doc);
  sayLoaded();
  go(replay.position);
  document.body.dataset.loaded = "all";
}

// The page's own words (viewer.html says them in English), in the reader's language.
function speakPage() {
  document.documentElement.lang = speaking();
  const titles = {
    first: t("first position"),
    back: t("back one position (←)"),
    next: t("next position (→)"),
    last: t("last position"),
    "next-rule": t("next event citing this rule"),
  };
  for (const [id, title] of Object.entries(titles)) $(id).title = title;
  $("slider").setAttribute("aria-label", t("position"));
  const words = {
    "pos-word": t("position"),
    "rule-word": t("rule"),
    "next-rule": t("next of rule ▶"),
    "seen-word": t("seen by"),
    "story-title": t("Story"),
    "state-title": t("State"),
    "show-board": t("Board"),
    "show-facts": t("Facts"),
    "event-title": t("Event"),
    "dispute-title": t("Dispute"),
  };
  for (const [id, text] of Object.entries(words)) $(id).textContent = text;
  $("state-switch").setAttribute("aria-label", t("how the state is shown"));
}

// The dispute panel of an action the document does not hold (from version 4 it
// holds those of the noted actions), asked of the dispute desk beside the
// export it came from (GET /tables/{id}/dispute?at=N); none in a file.
function disputeAsker(src) {
  if (src === null) return null;
  return (at) => fetched(new URL(`dispute?at=${at}`, new URL(src, location.href)).href);
}

async function start(doc, src = null) {
  replay = { doc, position: 1, view: doc.views[0] || null, shown: "board", go, askDispute: disputeAsker(src), asked: {}, pending: {} };
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
  if (!doc.positions) document.body.dataset.loaded = "all";
}

function failed(err) { $("error").hidden = false; $("error").textContent = String(err.message || err); document.body.dataset.ready = "error"; }

// The page's words first: every panel speaks the reader's language.
await loadSpeech();
speakPage();
// Said until the first part is drawn: the panels were blank while a long game loaded.
for (const id of ["story", "board"]) $(id).replaceChildren(h("div.muted.loading", {}, t("loading the game…")));
try {
  const src = source();
  if (src === null) loadDocument(null).then(start).catch(failed);
  else {
    loadDocument(firstPart(src)).then(async (doc) => {
      await start(doc, src);
      if (doc.positions) loadDocument(src).then(whole).catch(failed);
    }).catch(failed);
  }
} catch (err) { failed(err); }
