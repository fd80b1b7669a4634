// "Sorcier ultime": health, round wins and effects per wizard; the attack in
// progress; draw and discard piles.

import { cardNode } from "wl/cards.js";
import { h, stat } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf, you } from "wl/names.js";
import { plural, t } from "wl/speech.js";

const cardName = (id) => (face("ultimate", id) || {}).name || id;
// A lasting effect is called by the card or combo that lays it, as the story
// calls it (the table's own names too); poison, laid by two different cards,
// and the replacement card owed are named by a plain word.
const EFFECTS = {
  poison: ["☠", null, "poisoned"],
  veiled: ["☁", "shadow_veil"],
  electric_veil: ["⚡", "electric_veil"],
  frozen_armour: ["❄", "frozen_armour"],
  arcane_trap: ["⚠", "arcane_trap"],
  replacement: ["↻", null, "replacement card owed"],
};
const effectWord = (word) => ({ poisoned: t("poisoned"), "replacement card owed": t("replacement card owed") })[word] || word;
const effectName = (kind) => {
  const [icon, card, word] = EFFECTS[kind] || ["", null, kind];
  return `${icon} ${card ? cardName(card) : effectWord(word)}`.trim();
};

// One target of an attack: "Bob: 2 damage, poison".
function hit(c, x) {
  const parts = [plural("{n} damage point", "{n} damage points", x.damage)];
  if (x.poison) parts.push(t("poison"));
  if (x.steal) parts.push(t("steals a card"));
  if (x.discard) parts.push(t("discards a card"));
  return t("{name}: {what}", { name: nameOf(c.players, x.target), what: parts.join(", ") });
}

function backs(n) {
  return h("div.backs", { title: plural("{n} card in hand", "{n} cards in hand", n) }, Array.from({ length: n }, () => h("div.card-back")));
}

export default {
  publicArea(c) {
    const v = c.view;
    const max = (v.options && v.options.round_health) || 9;
    const toWin = (v.options && v.options.rounds_to_win) || 3;
    const seats = v.players.map((p) =>
      h(
        `div.seat${p.seat === c.seat ? ".me" : ""}${p.seat === v.active ? ".active" : ""}${p.eliminated ? ".out" : ""}`,
        { dataset: { seat: p.seat } },
        h("div.who", {}, nameOf(c.players, p.seat), you(c, p.seat), p.seat === v.active && v.winner === null && c.state.status !== "dealing" ? [" · ", t("to play")] : ""),
        h(
          "div.stats",
          {},
          h("span.stat", { title: t("life") }, "♥ ", h("b", {}, p.life), `/${max}`),
          h("span.stat", { title: plural("rounds won ({n} to win)", "rounds won ({n} to win)", toWin) }, "★ ", h("b", {}, p.round_wins), `/${toWin}`),
          p.eliminated ? h("span.chip", {}, t("out of the round")) : null
        ),
        h("div.meter", {}, h("span", { style: `width:${Math.max(0, (100 * p.life) / max)}%` })),
        h("div.chips", {}, p.effects.map((e) => h("span.chip", {}, effectName(e)))),
        p.seat === c.seat ? null : backs(p.cards)
      )
    );
    const attack = v.attack
      ? h(
          "div.step",
          { id: "attack" },
          h("b", {}, t("{name} attacks with {card}", { name: nameOf(c.players, v.attack.attacker), card: cardName(v.attack.source) })),
          h("ul", {}, v.attack.hits.map((x) => h("li", {}, hit(c, x))))
        )
      : null;
    const piles = h(
      "div.stats",
      { style: "align-items:center" },
      h("span.stat", {}, t("Round"), " ", h("b", {}, v.round), " · ", t("turn"), " ", h("b", {}, v.turn)),
      stat(t("Draw pile"), v.draw_pile),
      h("span.stat", {}, t("Discard: "), v.discard.length ? v.discard.slice(-4).map(cardName).join(", ") : t("empty"))
    );
    const inPlay = v.in_play.length
      ? h("div", {}, h("div.muted", {}, t("In play")), h("div.hand", {}, v.in_play.map((id) => cardNode(c, id, null, { small: true }))))
      : null;
    return h("div", {}, h("h2", {}, t("The wizards")), h("div.seats", {}, seats), piles, attack, inPlay);
  },
  // A card's category on its band, as the rulebook says them (Attaque, Défense, Soutien).
  kindLabel(kind) {
    return { attack: t("Attack"), defence: t("Defence"), support: t("Support"), combo: t("Combo") }[kind] || null;
  },
  question(field) {
    return {
      card: t("Which card?"),
      target: t("Against whom?"),
      second_target: t("And the other opponent?"),
      discard: t("Which card do you pay with?"),
      combo: t("Which combo?"),
    }[field];
  },
};
