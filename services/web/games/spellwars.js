// Spell Wars: life and blood, the Dungeon, creatures and treasures; spells are
// composed by picking cards from the hand into Source / Qualité / Destination.

import { cardNode } from "wl/cards.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf, named, you } from "wl/names.js";

const SLOTS = ["source", "quality", "delivery"];
// Card kinds in the rulebook's words: the slots, the card bands and the
// choices all say them so, never the data's English ids.
const KIND_NAMES = { source: "Source", quality: "Qualité", delivery: "Destination", wild: "Magie féroce", treasure: "Trésor", dead: "Sorcier crevé" };
const PHASES = { place: "placing spells", cast: "casting", over: "over" };

const small = (c, item) => cardNode(c, item.id, item, { small: true });
const kindOf = (c, id) => {
  const item = c.hand.find((x) => x.id === id);
  const printed = face("spellwars", id);
  return (item && item.item && item.item.kind) || (printed && printed.kind) || "";
};

// Which slot each picked card takes; wild cards fill the slots left empty.
function arrange(c, picks) {
  const slots = { source: [], quality: [], delivery: [] };
  const wild = [];
  for (const id of picks) {
    const k = kindOf(c, id);
    if (k in slots) slots[k].push(id);
    else wild.push(id);
  }
  for (const s of SLOTS) if (!slots[s].length && wild.length) slots[s].push(wild.shift());
  return { slots, wild };
}

function zone(c, title, items) {
  return items && items.length ? h("div", {}, h("div.muted", { style: "font-size:.8em" }, title), h("div.hand", {}, items.map((item) => small(c, item)))) : null;
}

const cardName = (id) => (face("spellwars", id) || {}).name || KIND_NAMES[id] || id;

// A Choose answer in words, by what the open choice asks: "none" says what is
// left undone, "4>2" is a die against a wizard, "source+delivery" the types a
// wild card stands for, "2,0,1" the wizards the die's faces go to.
function choiceLabel(c, value) {
  const kind = c.view.choice ? c.view.choice.kind : "";
  if (kind === "option" && /^\d+$/.test(value)) return `option ${value}`;
  if (value === "none") return { play: "play no creature", discard: "discard nothing" }[kind] || "none of them";
  const split = /^(\d+)>(\d+)$/.exec(value);
  if (split) return `die ${split[1]} → ${nameOf(c.players, Number(split[2]))}`;
  if (/^\d+(,\d+)+$/.test(value)) return value.split(",").map((n) => nameOf(c.players, Number(n))).join(", ");
  if (value.includes("+") || KIND_NAMES[value]) return value.split("+").map(cardName).join(" + ");
  return null;
}

// The card an option choice is about: the one of the chooser's revealed spell whose
// name starts the prompt.
function optionCard(c, choice) {
  const w = c.view.wizards.find((x) => x.seat === choice.seat);
  const faces = ((w && w.spell) || []).map((item) => face("spellwars", item.id)).filter(Boolean);
  return faces.find((f) => choice.prompt.startsWith(`${f.name}:`)) || null;
}

export default {
  publicArea(c) {
    const v = c.view;
    const lim = v.life_limits;
    const seats = v.wizards.map((w) => {
      const spell = w.spell && w.spell.length ? zone(c, "Spell", w.spell) : null;
      const faceDown = !w.spell && w.spell_size ? h("div.backs", { title: `${w.spell_size} cards face down` }, Array.from({ length: w.spell_size }, () => h("div.card-back"))) : null;
      return h(
        `div.seat${w.seat === c.seat ? ".me" : ""}${w.seat === v.caster ? ".active" : ""}${w.alive ? "" : ".out"}`,
        { dataset: { seat: w.seat } },
        h("div.who", {}, c.players[w.seat], you(c, w.seat), w.seat === v.dungeon ? " ♜ holds the Dungeon" : "", w.alive ? "" : " ☠"),
        h(
          "div.stats",
          {},
          h("span.stat", { title: `life (${lim.start} at the start of a round, at most ${lim.max})` }, "♥ ", h("b", {}, w.life)),
          h("span.stat", { title: "blood" }, "♦ blood ", h("b", {}, w.blood)),
          h("span.stat", { title: "tokens (jetons)" }, "● ", h("b", {}, w.tokens)),
          h("span.stat", { title: "points" }, "✦ ", h("b", {}, w.points)),
          w.hand_size !== null && w.hand_size !== undefined ? h("span.stat", { title: "cards in hand" }, "hand ", h("b", {}, w.hand_size)) : null
        ),
        h("div.meter", {}, h("span", { style: `width:${Math.max(0, Math.min(100, (100 * w.life) / lim.max))}%` })),
        h("div.chips", {}, w.placed ? h("span.chip", {}, "spell placed") : null, w.played ? h("span.chip", {}, "has cast") : null),
        faceDown,
        spell,
        zone(c, "Creatures", w.creatures),
        zone(c, "Treasures", w.treasures),
        zone(c, "Dead wizard cards", w.dead_cards)
      );
    });
    const choice = v.choice
      ? h("div.step", {}, h("b", {}, `${c.players[v.choice.seat]} decides: `), named(c.players, v.choice.prompt))
      : null;
    return h(
      "div",
      {},
      h("h2", {}, "The Dungeon of the Bloodthirsty Octopus"),
      h(
        "div.stats",
        {},
        h("span.stat", {}, "Round ", h("b", {}, v.round), " · turn ", h("b", {}, v.turn)),
        h("span.stat", {}, "Phase: ", h("b", {}, PHASES[v.phase] || v.phase)),
        h("span.stat", {}, "Deck ", h("b", {}, v.deck_size)),
        h("span.stat", {}, "Discard ", h("b", {}, v.discard_size)),
        h("span.stat", {}, "Treasures ", h("b", {}, v.treasure_deck_size))
      ),
      choice,
      h("div.seats", {}, seats),
      zone(c, "Discard (latest)", v.discard.slice(-6))
    );
  },
  fieldKind(field) {
    if (field === "seat") return "seat";
    return null;
  },
  kindLabel(kind) {
    return KIND_NAMES[kind] || null;
  },
  valueLabel(field, value, c) {
    if (field === "creature" && value === null) return "no creature (take the damage)";
    if (field === "choice" && typeof value === "string") return choiceLabel(c, value);
    return null;
  },
  question(field, c) {
    // "Groclonar: choose an option" offers 1 and 2: the card's own text says what they are.
    const choice = c && c.view.choice;
    if (field === "choice" && choice && choice.kind === "option") {
      const card = optionCard(c, choice);
      if (card) return [`Which option of ${card.name}? `, h("span", { style: "font-weight:400" }, `« ${card.text} »`)];
    }
    return {
      cards: `Compose your spell: pick up to one ${KIND_NAMES.source}, one ${KIND_NAMES.quality} and one ${KIND_NAMES.delivery}`,
      card: "Which card?",
      seat: "Which wizard?",
      amount: "How much blood?",
      choice: "Your choice",
      creature: "Which creature blocks?",
    }[field];
  },
  slots(c, field, picks) {
    if (field !== "cards") return null;
    const { slots, wild } = arrange(c, picks);
    return h(
      "div.slots",
      { id: "slots" },
      SLOTS.map((s) =>
        h(
          `div.slot${slots[s].length ? ".filled" : ""}`,
          { dataset: { slot: s } },
          h("div.slot-name", {}, KIND_NAMES[s]),
          slots[s].map((id) => h("div", {}, (face("spellwars", id) || {}).name || id))
        )
      ),
      wild.length ? h("div.slot.filled", {}, h("div.slot-name", {}, "extra"), wild.map((id) => h("div", {}, (face("spellwars", id) || {}).name || id))) : null
    );
  },
  checks(c, field, picks) {
    if (field !== "cards") return [];
    const out = [];
    if (!picks.length) return out;
    const counts = { source: 0, quality: 0, delivery: 0, wild: 0 };
    for (const id of picks) counts[kindOf(c, id)] = (counts[kindOf(c, id)] || 0) + 1;
    for (const s of SLOTS) {
      if (counts[s] > 1) out.push({ level: "warn", text: `${counts[s]} ${KIND_NAMES[s]} cards: the spell keeps one of them when it is revealed` });
    }
    if (picks.length > 3) out.push({ level: "warn", text: `${picks.length} cards: you will take cards back until 3 remain, before the sizes are announced` });
    const missing = SLOTS.filter((s) => !counts[s]);
    if (missing.length && picks.length <= 3) {
      const wild = counts.wild || 0;
      if (wild >= missing.length) out.push({ level: "ok", text: `${KIND_NAMES.wild} stands for ${missing.map((s) => KIND_NAMES[s]).join(" and ")}` });
      else out.push({ level: "ok", text: `a ${picks.length}-card spell (no ${missing.slice(wild).map((s) => KIND_NAMES[s]).join(", no ")})` });
    } else if (!missing.length && picks.length === 3) {
      out.push({ level: "ok", text: `a full spell: ${KIND_NAMES.source}, ${KIND_NAMES.quality} and ${KIND_NAMES.delivery}` });
    }
    return out;
  },
};
