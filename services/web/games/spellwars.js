// Spell Wars: life and blood, the Dungeon, creatures and treasures; spells are
// composed by picking cards from the hand into Source / Qualité / Destination.

import { cardNode } from "wl/cards.js";
import { h, stat } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf, you } from "wl/names.js";
import { plural, t } from "wl/speech.js";

const SLOTS = ["source", "quality", "delivery"];
// Card kinds in the rulebook's words: the slots, the card bands and the
// choices all say them so, never the data's English ids.
const KIND_NAMES = { source: "Source", quality: "Qualité", delivery: "Destination", wild: "Magie féroce", treasure: "Trésor", dead: "Sorcier crevé" };
const phaseWord = (phase) => ({ place: t("placing spells"), cast: t("resolving spells"), over: t("over") })[phase] || phase;

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

// The places in the row of a placement's wild cards (wild_type=row): the types they stand for.
const wildLabel = (slots) => t("{wild} stands for {kinds}", { wild: KIND_NAMES.wild, kinds: slots.map((s) => KIND_NAMES[s] || s).join(" + ") });

// A Choose answer in words, by what the open choice asks: "none" says what is
// left undone, "whole" and "split" a paid Gaztoxicus' roll resolved together or
// split, "4>2" a die of the split roll against a wizard, "source+delivery" the
// types a wild card stands for, "2,0,1" the wizards the die's faces go to.
function choiceLabel(c, value) {
  const kind = c.view.choice ? c.view.choice.kind : "";
  if (c.view.choice && c.view.choice.dice) return t("the {die}", { die: value });
  if (kind === "option" && /^\d+$/.test(value)) return t("option {n}", { n: value });
  if (value === "none") return { play: t("play no creature"), discard: t("discard nothing") }[kind] || t("none of them");
  if (value === "whole") return t("Resolve the dice together");
  if (value === "split") return t("Split the dice, one per opponent");
  const split = /^(\d+)>(\d+)$/.exec(value);
  if (split) return t("the {die} against {seat}", { die: split[1], seat: nameOf(c.players, Number(split[2])) });
  if (/^\d+(,\d+)+$/.test(value)) return value.split(",").map((n) => nameOf(c.players, Number(n))).join(", ");
  if (value.includes("+") || KIND_NAMES[value]) return value.split("+").map(cardName).join(" + ");
  return null;
}

// The card an option choice is about: the one whose effect asks (the view's
// ``choice.card``).
const optionCard = (c, choice) => (choice.card ? face("spellwars", choice.card) || null : null);

export default {
  publicArea(c) {
    const v = c.view;
    const lim = v.life_limits;
    const seats = v.wizards.map((w) => {
      const spell = w.spell && w.spell.length ? zone(c, t("Spell"), w.spell) : null;
      const faceDown = !w.spell && w.spell_size ? h("div.backs", { title: plural("{n} card face down", "{n} cards face down", w.spell_size) }, Array.from({ length: w.spell_size }, () => h("div.card-back"))) : null;
      return h(
        `div.seat${w.seat === c.seat ? ".me" : ""}${w.seat === v.caster ? ".active" : ""}${w.alive ? "" : ".out"}`,
        { dataset: { seat: w.seat } },
        h("div.who", {}, nameOf(c.players, w.seat), you(c, w.seat), w.seat === v.dungeon ? [" ♜ ", t("controls the Dungeon")] : "", w.alive ? "" : " ☠"),
        h(
          "div.stats",
          {},
          stat("♥", w.life, { title: t("life points ({start} at the start of a round, at most {max})", { start: lim.start, max: lim.max }) }),
          stat(t("♦ blood"), w.blood, { title: t("blood") }),
          stat("●", w.tokens, { title: t("Last Survivor tokens") }),
          stat("✦", w.points, { title: t("points") }),
          w.hand_size !== null && w.hand_size !== undefined ? stat(t("hand"), w.hand_size, { title: t("cards in hand") }) : null
        ),
        h("div.meter", {}, h("span", { style: `width:${Math.max(0, Math.min(100, (100 * w.life) / lim.max))}%` })),
        h("div.chips", {}, w.placed ? h("span.chip", {}, t("spell placed")) : null, w.played ? h("span.chip", {}, t("spell resolved")) : null),
        faceDown,
        spell,
        zone(c, t("Creatures"), w.creatures),
        zone(c, t("Treasures"), w.treasures),
        zone(c, t("Dead wizard cards"), w.dead_cards)
      );
    });
    const choice = v.choice
      ? h("div.step", {}, h("b", {}, t("{name} decides: ", { name: nameOf(c.players, v.choice.seat) })), v.choice.prompt)
      : null;
    return h(
      "div",
      {},
      h("h2", {}, t("The Dungeon of the Bloodthirsty Octopus")),
      h(
        "div.stats",
        {},
        h("span.stat", {}, t("Round"), " ", h("b", {}, v.round), " · ", t("turn"), " ", h("b", {}, v.turn)),
        stat(t("Phase:"), phaseWord(v.phase)),
        stat(t("Draw pile"), v.deck_size),
        stat(t("Discard"), v.discard_size),
        stat(t("Treasures"), v.treasure_deck_size)
      ),
      choice,
      h("div.seats", {}, seats),
      zone(c, t("Discard (latest)"), v.discard.slice(-6))
    );
  },
  // The types the wild cards of a placement stand for (wild_type=row) are one
  // answer: each combination a button ("Magie Féroce stands for Source + ...").
  wholeFields: ["wilds"],
  fieldKind(field) {
    if (field === "seat") return "seat";
    return null;
  },
  commandPart(field, value) {
    if (field === "wilds" && Array.isArray(value)) return "(" + wildLabel(value) + ")";
    if (field === "declared" && typeof value === "string") return "(" + t("declaring the initiative of {card}", { card: cardName(value) }) + ")";
    return null;
  },
  kindLabel(kind) {
    return KIND_NAMES[kind] || null;
  },
  valueLabel(field, value, c) {
    if (field === "creature" && value === null) return t("no creature (take the damage)");
    if (field === "choice" && typeof value === "string") return choiceLabel(c, value);
    if (field === "wilds" && typeof value === "string") return KIND_NAMES[value] || value;
    return null;
  },
  question(field, c) {
    // "Groclonar: choose an option" offers 1 and 2: the card's own text says what they are.
    const choice = c && c.view.choice;
    if (field === "choice" && choice && choice.kind === "option") {
      const card = optionCard(c, choice);
      // Two dice asked of (Castoramax): the question itself, which names the card.
      const asked = choice.dice ? `${choice.prompt} ` : t("Which option of {card}? ", { card: card && card.name });
      if (card) return [asked, h("span", { style: "font-weight:400" }, `« ${card.text} »`)];
    }
    return {
      cards: t("Compose your spell: pick up to one {source}, one {quality} and one {delivery}", { source: KIND_NAMES.source, quality: KIND_NAMES.quality, delivery: KIND_NAMES.delivery }),
      card: t("Which card?"),
      seat: t("Which wizard?"),
      amount: t("How much blood?"),
      choice: t("Your choice"),
      creature: t("Which creature blocks?"),
      wilds: t("Which type does each {wild} stand for? It takes that place in your row", { wild: KIND_NAMES.wild }),
      declared: t("Which {delivery} do you declare? Its initiative counts, and you will keep it", { delivery: KIND_NAMES.delivery }),
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
      wild.length ? h("div.slot.filled", {}, h("div.slot-name", {}, t("extra")), wild.map((id) => h("div", {}, (face("spellwars", id) || {}).name || id))) : null
    );
  },
  checks(c, field, picks) {
    if (field !== "cards") return [];
    const out = [];
    if (!picks.length) return out;
    const counts = { source: 0, quality: 0, delivery: 0, wild: 0 };
    for (const id of picks) counts[kindOf(c, id)] = (counts[kindOf(c, id)] || 0) + 1;
    for (const s of SLOTS) {
      if (counts[s] > 1) out.push({ level: "warn", text: t("{n} {kind} cards: the spell keeps one of them when it is revealed", { n: counts[s], kind: KIND_NAMES[s] }) });
    }
    if (picks.length > 3) out.push({ level: "warn", text: t("{n} cards: you will take cards back until 3 remain, before the sizes are announced", { n: picks.length }) });
    const missing = SLOTS.filter((s) => !counts[s]);
    if (missing.length && picks.length <= 3) {
      const wild = counts.wild || 0;
      if (wild >= missing.length) out.push({ level: "ok", text: t("{wild} stands for {kinds}", { wild: KIND_NAMES.wild, kinds: missing.map((s) => KIND_NAMES[s]).join(t(" and ")) }) });
      else out.push({ level: "ok", text: plural("a {n}-card spell (without {kinds})", "a {n}-card spell (without {kinds})", picks.length, { kinds: missing.slice(wild).map((s) => KIND_NAMES[s]).join(", ") }) });
    } else if (!missing.length && picks.length === 3) {
      out.push({ level: "ok", text: t("a full spell: {source}, {quality} and {delivery}", { source: KIND_NAMES.source, quality: KIND_NAMES.quality, delivery: KIND_NAMES.delivery }) });
    }
    return out;
  },
};
