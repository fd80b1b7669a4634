// "Sorcier ultime": health, round wins and effects per wizard; the attack in
// progress; draw and discard piles.

import { cardNode } from "wl/cards.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { you } from "wl/names.js";

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
const effectName = (kind) => {
  const [icon, card, word] = EFFECTS[kind] || ["", null, kind];
  return `${icon} ${card ? cardName(card) : word}`.trim();
};

function backs(n) {
  return h("div.backs", { title: `${n} cards in hand` }, Array.from({ length: n }, () => h("div.card-back")));
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
        h("div.who", {}, c.players[p.seat], you(c, p.seat), p.seat === v.active && v.winner === null && c.state.status !== "dealing" ? " · on turn" : ""),
        h(
          "div.stats",
          {},
          h("span.stat", { title: "life" }, "♥ ", h("b", {}, p.life), `/${max}`),
          h("span.stat", { title: `rounds won (${toWin} to win)` }, "★ ", h("b", {}, p.round_wins), `/${toWin}`),
          p.eliminated ? h("span.chip", {}, "out of the round") : null
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
          h("b", {}, `${c.players[v.attack.attacker]} attacks with ${cardName(v.attack.source)}`),
          h("ul", {}, v.attack.hits.map((x) => h("li", {}, `${c.players[x.target]}: ${x.damage} damage${x.poison ? ", poison" : ""}${x.steal ? ", steals a card" : ""}${x.discard ? ", discards" : ""}`)))
        )
      : null;
    const piles = h(
      "div.stats",
      { style: "align-items:center" },
      h("span.stat", {}, "Round ", h("b", {}, v.round), " · turn ", h("b", {}, v.turn)),
      h("span.stat", {}, "Draw pile: ", h("b", {}, v.draw_pile)),
      h("span.stat", {}, "Discard: ", v.discard.length ? v.discard.slice(-4).map(cardName).join(", ") : "empty")
    );
    const inPlay = v.in_play.length
      ? h("div", {}, h("div.muted", {}, "In play"), h("div.hand", {}, v.in_play.map((id) => cardNode(c, id, null, { small: true }))))
      : null;
    return h("div", {}, h("h2", {}, "The wizards"), h("div.seats", {}, seats), piles, attack, inPlay);
  },
  question(field) {
    return {
      card: "Which card?",
      target: "On whom?",
      second_target: "And the other opponent?",
      discard: "Which card do you pay with?",
      combo: "Which combo?",
    }[field];
  },
};
