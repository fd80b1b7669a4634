// One card, drawn from its face (printed name and text) or what the view says of it.

import { h } from "wl/dom.js";
import { face as faceOf } from "wl/faces.js";

// A word joined by slashes ("Source/Qualité/Destination", "earth/lightning")
// may go on the next line after a slash, which the browser does not do itself.
const slashBreaks = (text) => text.split(/(?<=\/)/).flatMap((part, i) => (i ? [h("wbr"), part] : [part]));

// ``c``: the board it is drawn on ({game, renderer}): the game's faces, and its
// own word for a card's kind where it has one (Spell Wars: "Qualité").
// A small card shows its text on the focus, which a tap on a phone gives it.
export function cardNode(c, id, item, opts = {}) {
  const face = faceOf(c.game, id) || {};
  const info = typeof item === "object" && item ? item : {};
  const kind = face.kind || info.kind || "";
  const extra = face.extra || {};
  const corner = extra.glyph || info.glyph || (info.initiative || extra.initiative ? `⚡${info.initiative || extra.initiative}` : "");
  const kindName = (c.renderer.kindLabel && c.renderer.kindLabel(kind)) || kind;
  // A game may say a card's text from its face's fields, in the reader's language.
  const text = (c.renderer.cardText && c.renderer.cardText(face)) || face.text;
  return h(
    `div.card.${kind || "plain"}${opts.small ? ".small" : ""}`,
    { dataset: { card: id }, tabindex: opts.small && text ? "0" : null },
    h("div.band", {}, h("span", {}, kindName), h("span", {}, corner)),
    h("div.name", {}, slashBreaks(String(face.name || info.name || id))),
    text ? h("div.text", {}, h("div", {}, slashBreaks(text))) : null,
    // The gloss is our reading of the printed text (what the engine does with it),
    // which the server says in the page's language.
    face.gloss && !opts.small ? h("div.gloss", {}, face.gloss) : null
  );
}
