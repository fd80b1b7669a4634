// Orc tower: the board of six quarters around the tower, each in three
// sections (outer, middle, inner) with its creatures and its marker stack;
// the mages on the tower spaces; the destiny card, the creature counters
// track, the palette and each player's hunting board.

import { cardNode } from "wl/cards.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { named, you } from "wl/names.js";

const GAME = "orctower";
const SECTIONS = ["outer", "middle", "inner"];
const COLOURS = { blue: "#2f5d9a", green: "#3d7a3a", red: "#b23a2e", yellow: "#b59410" };
// Tower space q faces quarter q; drawn clockwise, so the top row reads
// 1-2-3 left to right and the bottom row 6-5-4 (quarters 6 and 1 touch).
const TOP = [1, 2, 3];
const BOTTOM = [6, 5, 4];

const nameOf = (id) => (face(GAME, id) || {}).name || id;
const hpOf = (id) => ((face(GAME, id) || {}).extra || {}).hp;
const kindOf = (id) => String(id).replace(/[-.]\d+$/, "");
const colour = (p) => COLOURS[p.colour] || "#555";


// The card as the table's face says it: its name, who moves, its rule change.
function destiny(v) {
  const d = v.destiny_card;
  if (!d) return h("div.ot-dcard", {}, v.destiny || "—");
  const printed = face("orctower", d.id) || {};
  const [moving, change] = String(printed.text || d.id).split("; rule change: ");
  return h(
    "div.ot-dcard",
    { title: `${printed.name || d.id} (${d.id})` },
    h("div.ot-did", {}, printed.name || d.id),
    h("div.ot-dmoves", {}, moving),
    change && change !== "none" ? h("div.ot-drule", {}, change) : null
  );
}

function creature(c) {
  // The view gives hit points as they stand now (rule change, terrain); the
  // printed face is the fallback.
  const hp = c.hp || hpOf(c.id);
  const left = hp ? Math.max(0, hp - c.damage) : null;
  const hearts = hp ? Array.from({ length: hp }, (_, i) => h(`span.ot-hp${i < left ? ".full" : ".lost"}`, {}, "")) : [];
  return h(
    `div.ot-creature.ot-${kindOf(c.id)}${c.damage ? ".hurt" : ""}`,
    { dataset: { creature: c.id }, title: `${c.name || nameOf(c.id)} (${c.id}) — ${c.damage} damage${hp ? ` of ${hp} hit points` : ""}` },
    h("span.ot-cname", {}, c.name || nameOf(c.id)),
    h("span.ot-hps", {}, hearts, hp ? h("span.ot-hpnum", {}, `${left}/${hp}`) : h("span.ot-hpnum", {}, `dmg ${c.damage}`))
  );
}

function mageOn(c, space) {
  const here = c.view.players.filter((p) => p.space === space);
  return h(
    `div.ot-space${here.some((p) => p.seat === c.view.active) ? ".active" : ""}`,
    { dataset: { space } },
    h("span.ot-space-n", { title: `tower space ${space}, facing quarter ${space}` }, `⌂${space}`),
    here.length
      ? here.map((p) =>
          h(
            `span.ot-mage${p.seat === c.seat ? ".me" : ""}`,
            { dataset: { seat: p.seat }, style: `background:${colour(p)}`, title: `${c.players[p.seat]}'s mage (${p.colour})` },
            `♟ ${c.players[p.seat] || `seat ${p.seat}`}`
          )
        )
      : h("span.muted", {}, "empty")
  );
}

// Terrain and baby toad tiles lie on a section, beside its creatures.
function tiles(list, q, s, cls, what) {
  return (list || [])
    .filter((t) => t.quarter === q && t.section === s)
    .map((t) => h(`span.ot-tile.${cls}`, { dataset: { kind: t.kind }, title: `${what}: ${t.kind.replace(/_/g, " ")}` }, t.kind.replace(/_/g, " ")));
}

function casting(v) {
  const k = v.casting;
  if (!k) return null;
  const parts = [nameOf(k.card), ...k.upgrades.map(nameOf)].join(" + ");
  return h("span.stat.ot-casting", {}, "Casting ", h("b", {}, parts), k.wild ? ` (+${k.wild} any energy)` : "");
}

function quarter(c, q, towerBelow) {
  const v = c.view;
  const here = v.creatures.filter((x) => x.quarter === q);
  // Outer section away from the tower, inner next to it.
  const order = towerBelow ? [0, 1, 2] : [2, 1, 0];
  const sections = order.map((s) =>
    h(
      `div.ot-section.ot-${SECTIONS[s]}`,
      { dataset: { section: s, name: SECTIONS[s] } },
      h("span.ot-slabel", {}, SECTIONS[s]),
      tiles(v.terrain, q, s, "ot-terrain", "terrain"),
      tiles(v.baby_toads, q, s, "ot-toadtile", "baby toad"),
      h("div.ot-creatures", {}, here.filter((x) => x.section === s).map(creature))
    )
  );
  const markers = v.markers[q - 1] || 0;
  const head = h(
    "div.ot-qhead",
    {},
    h("b", {}, `Quarter ${q}`),
    h("span.ot-stack", { title: `${markers} face-down markers` }, `▦ ${markers}`),
    here.length ? null : h("span.ot-clear", {}, "clear")
  );
  const space = mageOn(c, q);
  return h(
    `div.ot-quarter${here.length ? "" : ".empty"}`,
    { dataset: { quarter: q } },
    towerBelow ? [head, ...sections, space] : [space, ...sections, head]
  );
}

function track(v) {
  return h(
    "div.ot-track",
    { id: "ot-counters" },
    Object.entries(v.counters).map(([t, n]) =>
      h(
        "div.ot-trow",
        { dataset: { type: t } },
        h("span.ot-tname", {}, nameOf(t)),
        h("span.ot-pips", {}, Array.from({ length: Math.max(8, n) }, (_, i) => h(`span.ot-pip${i < n ? ".on" : ""}`, {}, ""))),
        h("b", {}, n)
      )
    )
  );
}

function hunting(c, p) {
  const v = c.view;
  const types = Object.keys(p.defeated);
  return h(
    `div.seat.ot-hunt${p.seat === c.seat ? ".me" : ""}${v.active === p.seat ? ".active" : ""}`,
    { dataset: { seat: p.seat }, style: `border-left:6px solid ${colour(p)}` },
    h("div.who", {}, c.players[p.seat], you(c, p.seat), ` — ${p.colour}, tower space ${p.space}`),
    h(
      "div.stats",
      {},
      h("span.stat", {}, "Cards ", h("b", {}, p.cards)),
      h("span.stat", {}, "Deck ", h("b", {}, p.deck)),
      h("span.stat", {}, "Discard ", h("b", {}, p.discard.length)),
      h("span.stat", {}, "Learned ", h("b", {}, p.learned)),
      v.scores && v.scores.length ? h("span.stat", {}, "Score ", h("b", {}, v.scores[p.seat])) : null
    ),
    h(
      "table.ot-board",
      {},
      h("tr", {}, h("th", {}, ""), types.map((t) => h("th", { title: nameOf(t) }, nameOf(t)))),
      h("tr.ot-defeated", {}, h("td", {}, "defeated"), types.map((t) => h("td", { dataset: { type: t } }, p.defeated[t] || "·"))),
      h("tr.ot-gauges", {}, h("td", {}, "gauge"), types.map((t) => h("td", { dataset: { type: t } }, p.gauges[t] || "·")))
    ),
    h("div.chips", {}, p.powers.length ? p.powers.map((x) => h("span.chip", {}, x)) : h("span.muted", {}, "no powers yet")),
    p.baby_toads.length ? h("div", {}, h("span.muted", {}, "Baby toads: "), p.baby_toads.join(", ")) : null,
    typeof p.mission === "string" && p.mission ? h("div", {}, h("span.muted", {}, "Mission: "), p.mission) : null
  );
}

export default {
  publicArea(c) {
    const v = c.view;
    const centre = h(
      "div.ot-tower",
      {},
      h("div.ot-tower-title", {}, "♜ The Orc Tower"),
      h(
        "div.ot-centre",
        {},
        h(
          "div.ot-destiny",
          { id: "ot-destiny" },
          h("div.ot-label", {}, "Destiny"),
          destiny(v),
          h("div.muted", {}, `${v.destiny_deck} left`)
        ),
        h("div.ot-counters", {}, h("div.ot-label", {}, "Creature counters"), track(v)),
        h(
          "div.ot-palette",
          { id: "ot-palette" },
          h("div.ot-label", {}, "Palette"),
          h("div.hand", {}, v.palette.map((id) => cardNode(c, id, id, { small: true }))),
          h("div.muted", {}, `piles: ${v.piles.join(" / ")} · poison ${v.poison_supply}`)
        )
      )
    );
    return h(
      "div.ot",
      {},
      h(
        "div.stats",
        {},
        h("span.stat", {}, "Round ", h("b", {}, v.round)),
        h("span.stat", {}, "Stage ", h("b", {}, v.stage)),
        h("span.stat", {}, "Actions ", h("b", {}, v.actions)),
        v.last_round ? h("span.stat.ot-last", {}, "last round") : null,
        casting(v),
        v.pending.length ? h("span.stat", {}, `${c.players[v.pending[0].seat]}: ${named(c.players, v.pending[0].prompt)}`) : null
      ),
      h(
        "div.ot-map",
        { id: "ot-map" },
        h("div.ot-row", {}, TOP.map((q) => quarter(c, q, true))),
        centre,
        h("div.ot-row", {}, BOTTOM.map((q) => quarter(c, q, false)))
      ),
      h("h2", { style: "margin-top:1em" }, "Hunting boards"),
      h("div.guilds", {}, v.players.map((p) => hunting(c, p)))
    );
  },
  // What each field asks, in the game's words, rather than "Choose slot".
  question(field) {
    return {
      quarter: "Which quarter?",
      space: "To which tower space?",
      card: "Which card?",
      slot: "Which card of the palette?",
      level: "At which level does the spell act?",
      creature: "Which creature?",
      section: "Which section?",
      side: "Which neighbouring quarter?",
      seat: "Which player?",
      energy: "Which energy does the card give?",
      mission: "Which mission do you keep?",
      tile: "Which baby toad tile?",
      first: "Which creature moves?",
      second: "It swaps places with which creature?",
    }[field];
  },
  valueLabel(field, value, c) {
    if (field === "section" && typeof value === "number") return SECTIONS[value] || null;
    // A palette slot by the card in it, while the move is composed (c.now): a past
    // command's slot holds another card since, so the story says the slot alone.
    if (field === "slot" && typeof value === "number") {
      const id = c && c.now ? c.view.palette[value] : null;
      return id ? `${nameOf(id)} (palette slot ${value})` : `palette slot ${value}`;
    }
    if (field === "quarter" && typeof value === "number") return `quarter ${value}`;
    if (field === "space" && typeof value === "number") return `tower space ${value}`;
    if (field === "creature" && typeof value === "string") return `${nameOf(value)} (${value})`;
    return null;
  },
};
