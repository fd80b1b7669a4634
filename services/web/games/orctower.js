// Orc tower: the board of six quarters around the tower, each in three
// sections (outer, middle, inner) with its creatures and its marker stack;
// the mages on the tower spaces; the destiny card, the creature counters
// track, the palette and each player's hunting board.

import { cardNode } from "wl/cards.js";
import { h, stat } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf as playerName, you } from "wl/names.js";
import { plural, t } from "wl/speech.js";

const GAME = "orctower";
const SECTIONS = ["outer", "middle", "inner"];
// A section as the rulebook calls it (« la section médiane »).
const sectionWord = (s) => [t("outer section"), t("middle section"), t("inner section")][s] || null;
// The same on the board's narrow side label.
const sectionLabel = (s) => [t("outer"), t("middle"), t("inner")][s];
// The parts of a turn the view's stage names, in the rulebook's words.
const stageWord = (stage) =>
  ({
    missions: t("missions"),
    demand: t("demands"),
    reveal: t("turning over creature markers"),
    actions: t("actions"),
    casting: t("casting a spell"),
    bonus: t("bonus"),
    over: t("game over"),
  })[stage] || stage;
// A player's colour as a word.
// A spell's effect and its energy in words.
const effectWord = (e) =>
  ({
    damage: t("damage"),
    bolt: t("damage in any quarter"),
    ice_storm: t("ice storm"),
    earthquake: t("earthquake"),
    learn: t("learn"),
    replenish: t("replenish"),
    switch: t("switch"),
    bonds: t("bonds"),
    voodoo: t("voodoo"),
  })[e] || e;
const energyWord = (e) => ({ earth: t("earth"), lightning: t("lightning"), water: t("water"), fire: t("fire"), any: t("any") })[e] || e;
const colourWord = (colour) => ({ blue: t("blue"), green: t("green"), red: t("red"), yellow: t("yellow") })[colour] || colour;
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
// Built from the card's fields (the view's), in the reader's language.
const categoryWord = (k) => ({ weak: t("the weak creatures"), strong: t("the strong creatures"), mighty: t("the mighty creatures") })[k] || k;
const listed = (items) => (items.length > 1 ? t("{items} and {last}", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] }) : items[0] || "");
function moving(d) {
  if (d.moves.length) return t("{creatures} move", { creatures: listed(d.moves.map(categoryWord)) });
  if (!d.quarters.length) return t("no creature moves");
  return t("the creatures in the {sections} of quarter {quarters} move", {
    sections: listed(d.sections.map(sectionWord)),
    quarters: listed(d.quarters.map(String)),
  });
}
function destiny(v) {
  const d = v.destiny_card;
  if (!d) return h("div.ot-dcard", {}, v.destiny ? t("a destiny card") : "—");
  const printed = face("orctower", d.id) || {};
  const change = printed.extra && printed.extra.change;
  return h(
    "div.ot-dcard",
    { title: printed.name || "" },
    h("div.ot-did", {}, printed.name || t("a destiny card")),
    h("div.ot-dmoves", {}, moving(d)),
    change ? h("div.ot-drule", {}, change) : null
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
    { dataset: { creature: c.id }, title: hp ? t("{name}: {damage} damage of {hp} hit points", { name: c.name || nameOf(c.id), damage: c.damage, hp }) : t("{name}: {damage} damage", { name: c.name || nameOf(c.id), damage: c.damage }) },
    h("span.ot-cname", {}, c.name || nameOf(c.id)),
    h("span.ot-hps", {}, hearts, hp ? h("span.ot-hpnum", {}, `${left}/${hp}`) : h("span.ot-hpnum", {}, t("damage {n}", { n: c.damage })))
  );
}

function mageOn(c, space) {
  const here = c.view.players.filter((p) => p.space === space);
  return h(
    `div.ot-space${here.some((p) => p.seat === c.view.active) ? ".active" : ""}`,
    { dataset: { space } },
    h("span.ot-space-n", { title: t("tower space {n}, facing quarter {n}", { n: space }) }, `⌂${space}`),
    here.length
      ? here.map((p) =>
          h(
            `span.ot-mage${p.seat === c.seat ? ".me" : ""}`,
            { dataset: { seat: p.seat }, style: `background:${colour(p)}`, title: t("{name}'s mage ({colour})", { name: playerName(c.players, p.seat), colour: colourWord(p.colour) }) },
            `♟ ${playerName(c.players, p.seat)}`
          )
        )
      : h("span.muted", {}, t("empty"))
  );
}

// Terrain and baby toad tiles lie on a section, beside its creatures.
function tiles(list, q, s, cls, what) {
  return (list || [])
    .filter((x) => x.quarter === q && x.section === s)
    .map((x) => h(`span.ot-tile.${cls}`, { dataset: { kind: x.kind }, title: `${what} : ${x.kind.replace(/_/g, " ")}` }, x.kind.replace(/_/g, " ")));
}

function casting(v) {
  const k = v.casting;
  if (!k) return null;
  const parts = [nameOf(k.card), ...k.upgrades.map(nameOf)].join(" + ");
  return h("span.stat.ot-casting", {}, t("Casting"), " ", h("b", {}, parts), k.wild ? t(" (+{n} energy of any kind)", { n: k.wild }) : "");
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
      h("span.ot-slabel", {}, sectionLabel(s)),
      tiles(v.terrain, q, s, "ot-terrain", t("terrain")),
      tiles(v.baby_toads, q, s, "ot-toadtile", t("baby toad")),
      h("div.ot-creatures", {}, here.filter((x) => x.section === s).map(creature))
    )
  );
  const markers = v.markers[q - 1] || 0;
  const head = h(
    "div.ot-qhead",
    {},
    h("b", {}, t("Quarter {n}", { n: q })),
    h("span.ot-stack", { title: plural("{n} face-down marker", "{n} face-down markers", markers) }, `▦ ${markers}`),
    here.length ? null : h("span.ot-clear", {}, t("no creature"))
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
    Object.entries(v.counters).map(([kind, n]) =>
      h(
        "div.ot-trow",
        { dataset: { type: kind } },
        h("span.ot-tname", {}, nameOf(kind)),
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
    h("div.who", {}, playerName(c.players, p.seat), you(c, p.seat), " — ", t("{colour}, tower space {n}", { colour: colourWord(p.colour), n: p.space })),
    h(
      "div.stats",
      {},
      stat(t("Cards"), p.cards),
      stat(t("Draw pile"), p.deck),
      stat(t("Discard"), p.discard.length),
      stat(t("Learned"), p.learned),
      v.scores && v.scores.length ? stat(t("Score"), v.scores[p.seat]) : null
    ),
    h(
      "table.ot-board",
      {},
      h("tr", {}, h("th", {}, ""), types.map((k) => h("th", { title: nameOf(k) }, nameOf(k)))),
      h("tr.ot-defeated", {}, h("td", {}, t("defeated")), types.map((k) => h("td", { dataset: { type: k } }, p.defeated[k] || "·"))),
      h("tr.ot-gauges", {}, h("td", {}, t("skull gauge")), types.map((k) => h("td", { dataset: { type: k } }, p.gauges[k] || "·")))
    ),
    h("div.chips", {}, p.powers.length ? p.powers.map((x) => h("span.chip", {}, x)) : h("span.muted", {}, t("no powers yet"))),
    p.baby_toads.length ? h("div", {}, h("span.muted", {}, t("Baby toads: ")), p.baby_toads.join(", ")) : null,
    typeof p.mission === "string" && p.mission ? h("div", {}, h("span.muted", {}, t("Mission: ")), p.mission) : null
  );
}

export default {
  publicArea(c) {
    const v = c.view;
    const centre = h(
      "div.ot-tower",
      {},
      h("div.ot-tower-title", {}, "♜ ", t("The Orc Tower")),
      h(
        "div.ot-centre",
        {},
        h(
          "div.ot-destiny",
          { id: "ot-destiny" },
          h("div.ot-label", {}, t("Destiny")),
          destiny(v),
          h("div.muted", {}, plural("{n} card left", "{n} cards left", v.destiny_deck))
        ),
        h("div.ot-counters", {}, h("div.ot-label", {}, t("Creature counters")), track(v)),
        h(
          "div.ot-palette",
          { id: "ot-palette" },
          h("div.ot-label", {}, t("Palette")),
          h("div.hand", {}, v.palette.map((id) => cardNode(c, id, id, { small: true }))),
          h("div.muted", {}, t("draw piles: {piles} · poison {n}", { piles: v.piles.join(" / "), n: v.poison_supply }))
        )
      )
    );
    return h(
      "div.ot",
      {},
      h(
        "div.stats",
        {},
        h("span.stat", {}, t("Round {n}", { n: v.round })),
        stat(t("Now"), stageWord(v.stage)),
        stat(t("Actions"), v.actions),
        v.last_round ? h("span.stat.ot-last", {}, t("last round")) : null,
        casting(v),
        v.pending.length ? h("span.stat", {}, t("{label}: {value}", { label: playerName(c.players, v.pending[0].seat), value: v.pending[0].prompt })) : null
      ),
      h(
        "div.ot-map",
        { id: "ot-map" },
        h("div.ot-row", {}, TOP.map((q) => quarter(c, q, true))),
        centre,
        h("div.ot-row", {}, BOTTOM.map((q) => quarter(c, q, false)))
      ),
      h("h2", { style: "margin-top:1em" }, t("Hunting boards")),
      h("div.guilds", {}, v.players.map((p) => hunting(c, p)))
    );
  },
  // A spell's effect and levels, a creature's hit points and power, from the
  // face's fields in the reader's language.
  cardText(face) {
    const x = face.extra || {};
    if (x.effect) {
      const energy = energyWord(x.energy);
      const steps = (x.levels || []).map(([n, amount]) => `${n} ${energy} → ${amount}`).join(", ");
      return steps ? t("{effect}: {steps}", { effect: effectWord(x.effect), steps }) : effectWord(x.effect);
    }
    if (face.kind === "creature" && x.hp) {
      const hp = plural("{n} hit point", "{n} hit points", x.hp);
      return x.power ? t("{hp}; power: {power}", { hp, power: x.power }) : hp;
    }
    return null;
  },
  // A card's kind on its band, as the rulebook names the spells (« sorts de Savoir »).
  kindLabel(kind) {
    return { attack: t("Attack"), area: t("Area attack"), knowledge: t("Knowledge"), support: t("Support"), creature: t("Creature"), destiny: t("Destiny") }[kind] || null;
  },
  // What each field asks, in the game's words, rather than "Choose slot".
  question(field) {
    return {
      quarter: t("Which quarter?"),
      space: t("To which tower space?"),
      card: t("Which card?"),
      slot: t("Which card of the palette?"),
      level: t("At which level does the spell act?"),
      creature: t("Which creature?"),
      section: t("Which section?"),
      side: t("Which neighbouring quarter?"),
      seat: t("Which player?"),
      energy: t("Which energy does the card give?"),
      mission: t("Which mission do you keep?"),
      tile: t("Which baby toad tile?"),
      first: t("Which creature moves?"),
      second: t("It swaps places with which creature?"),
    }[field];
  },
  valueLabel(field, value, c) {
    if (field === "section" && typeof value === "number") return sectionWord(value);
    // A palette slot by the card in it, while the move is composed (c.now): a past
    // command's slot holds another card since, so the story says the slot alone.
    if (field === "slot" && typeof value === "number") {
      const id = c && c.now ? c.view.palette[value] : null;
      return id ? t("{card} (palette slot {n})", { card: nameOf(id), n: value }) : t("palette slot {n}", { n: value });
    }
    if (field === "quarter" && typeof value === "number") return t("quarter {n}", { n: value });
    if (field === "space" && typeof value === "number") return t("tower space {n}", { n: value });
    if (field === "creature" && typeof value === "string") return `${nameOf(value)} (${value})`;
    return null;
  },
};
