// How a game's board is drawn, on the table page and in the replay viewer alike.
//
// A game may have its own drawing: the module games/<id>.js, whose default
// export holds its own parts ({publicArea, handCards, question, fieldKind,
// valueLabel, kindLabel, checks, slots}). The page's import map names the
// modules there are (every file on the server; in the HTML export, the one
// game's), so a game without one is known without asking the server for it.
// Whatever a game leaves out, the generic drawing below draws: a list of
// per-seat records becomes one box per seat, other values a list of facts; the
// hand, if the view has one, as cards.

import { cardNode } from "wl/cards.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf, you } from "wl/names.js";
import { t } from "wl/speech.js";

const words = (k) => k.replace(/_/g, " ");

// A card id is shown by its printed name, when the game has faces.
const named = (game, x) => (typeof x === "string" && face(game, x) ? face(game, x).name : x);

function value(c, v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  if (Array.isArray(v) && v.every((x) => typeof x !== "object")) return v.length ? v.map((x) => named(c.game, x)).join(", ") : t("none");
  if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && typeof x.id === "string")) {
    return h("div.hand", {}, v.map((x) => cardNode(c, x.id, x, { small: true }))); // cards
  }
  if (!Array.isArray(v) && typeof v === "object" && Object.values(v).every((x) => x === null || typeof x !== "object")) {
    return h("div.chips", {}, Object.entries(v).map(([k, x]) => h("span.chip", {}, `${words(k)} ${value(c, x)}`)));
  }
  if (typeof v === "object") return h("pre", {}, JSON.stringify(v, null, 1));
  return String(named(c.game, v));
}

function facts(c, obj, skip) {
  const dl = h("dl.kv");
  for (const [k, v] of Object.entries(obj)) {
    if (skip.has(k)) continue;
    dl.append(h("dt", {}, words(k)), h("dd", {}, value(c, v)));
  }
  return dl;
}

// The per-seat records of a view: the first list of objects that have a "seat".
function seatRecords(view) {
  for (const [k, v] of Object.entries(view)) {
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && "seat" in x)) return [k, v];
  }
  return [null, []];
}

const generic = {
  publicArea(c) {
    const [key, records] = seatRecords(c.view);
    const seats = h(
      "div.seats",
      {},
      records.map((r) =>
        h(
          `div.seat${r.seat === c.seat ? ".me" : ""}`,
          { dataset: { seat: r.seat } },
          h("div.who", {}, nameOf(c.players, r.seat), you(c, r.seat)),
          facts(c, r, new Set(["seat"]))
        )
      )
    );
    const skip = new Set([key, "hand", "game", "seat", "pending", "options"]);
    return h("div.generic", {}, h("h2", {}, t("The table")), seats, facts(c, c.view, skip));
  },
  handCards(c) {
    const hand = c.view.hand;
    if (!Array.isArray(hand)) return null;
    return hand.map((x) => (typeof x === "object" && x ? { id: x.id, item: x } : { id: String(x), item: null }));
  },
};

const own = new Map(); // game -> its own parts, once loaded

async function ownParts(game) {
  const name = `wl/games/${game}.js`;
  try {
    import.meta.resolve(name);
  } catch (_) {
    return {}; // the import map names no drawing of its own: the generic one
  }
  return (await import(name)).default;
}

// Reads the game's own drawing, if it has one: once, before its first board.
export async function loadDrawing(game) {
  if (!own.has(game)) own.set(game, await ownParts(game));
  return renderer(game);
}

// The game's drawing: its own parts over the generic ones.
export const renderer = (game) => Object.assign({}, generic, own.get(game) || {});
