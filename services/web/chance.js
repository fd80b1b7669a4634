// Table mode: ask the physical table for the chance a command (or a table's
// opening) needs. The server refuses such a command once with `needs`: one
// entry per die, shuffle order and card drawn, in the order the rules use them.
// Each becomes a field here (a die's faces, the cards that could have been
// drawn by their printed names), and the answers go back with the command as
// `dice`, `orders` and `drew`.

import { ApiError } from "wl/app.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf } from "wl/names.js";
import { t } from "wl/speech.js";

// A card a table knows by what it shows (the orc tower's destiny cards) says it.
const cardName = (game, id) => {
  const printed = face(game, id);
  if (!printed || !printed.name) return id.replace(/_/g, " ");
  const says = printed.extra && printed.extra.says;
  return says ? t("{label}: {value}", { label: printed.name, value: says }) : printed.name;
};

// Each need says what it is for (``said``: "Bob's deck", "first player"), told
// by the server in the reader's language and names; the page says the rest.
function field(game, players, need, index, total) {
  const what = need.said;
  const of = total > 1 ? t(" ({n} of {total})", { n: index + 1, total }) : "";
  const owner = need.seat === null || need.seat === undefined ? null : nameOf(players, need.seat);
  // A pile kept per seat ("Ann's spell deck") says already whose the card is.
  const own = owner !== null && need.pile && need.pile.endsWith(`.${need.seat}`);
  if (need.kind === "die") {
    // A die choosing among the players (the first player): each face names its
    // pick, face 2 the 2nd player, as the story says it afterwards.
    const picks = need.sides === players.length && /player/.test(need.what);
    const side = (i) => (picks ? `${i + 1} — ${nameOf(players, i)}` : String(i + 1));
    const faces = Array.from({ length: need.sides }, (_, i) => h("option", { value: i + 1 }, side(i)));
    const label = owner === null
      ? t("Die for {what}{of}, 1 to {sides}", { what, of, sides: need.sides })
      : t("{name}'s die for {what}{of}, 1 to {sides}", { name: owner, what, of, sides: need.sides });
    return h(
      "label.chance-field",
      {},
      h("span", {}, label),
      h("select", { dataset: { kind: "die" } }, h("option", { value: "" }, "—"), faces)
    );
  }
  if (need.kind === "card") {
    const cards = need.cards
      .map((id) => ({ id, name: cardName(game, id) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const label = need.hand
      ? `${what[0].toUpperCase()}${what.slice(1)}${of}`
      : owner === null || own
        ? t("Card drawn from {what}{of}", { what, of })
        : t("Card drawn from {what} for {name}{of}", { what, name: owner, of });
    return h(
      "label.chance-field",
      {},
      h("span", {}, label),
      h(
        "select",
        { dataset: { kind: "card" } },
        h("option", { value: "" }, t("— which card? —")),
        cards.map((c) => h("option", { value: c.id }, c.name))
      )
    );
  }
  const laid = need.cards.map((id, i) => `${i}: ${cardName(game, id)}`).join(", ");
  return h(
    "label.chance-field",
    {},
    h("span", {}, t("Order of {what}{of}: {n} positions, new top first", { what, of, n: need.size })),
    h("input", {
      dataset: { kind: "order", size: need.size },
      placeholder: Array.from({ length: Math.min(need.size, 4) }, (_, i) => i).reverse().join(",") + (need.size > 4 ? ",…" : ""),
      pattern: "\\s*\\d+(\\s*,\\s*\\d+)*\\s*",
    }),
    laid ? h("span.muted.chance-laid", {}, t("as they lay: {cards}", { cards: laid })) : null
  );
}

// Runs of alike needs are numbered "1 of 4" so a table can follow its deal
// (each draw of a run is offered the pile's every card: the engine says so).
function fields(game, players, needs) {
  const out = [];
  let i = 0;
  while (i < needs.length) {
    let j = i;
    const same = (a, b) => a.kind === b.kind && a.what === b.what && a.seat === b.seat;
    while (j < needs.length && same(needs[i], needs[j])) j++;
    for (let k = i; k < j; k++) out.push(field(game, players, needs[k], k - i, j - i));
    i = j;
  }
  return out;
}

// A box of fields that grows: a later refusal (a tie re-rolled on the dice
// given) adds its needs after the ones already answered.
// ``players``: the names by seat, for a deal's "card drawn ... for Ann".
export function chanceBox(game, players, title) {
  const list = h("div.chance-fields");
  const box = h("div.chance", { role: "group", "aria-label": title }, h("h3", {}, title), list);
  return {
    box,
    add(needs) {
      list.append(...fields(game, players, needs));
      const first = [...list.querySelectorAll("select, input")].find((el) => !el.value);
      if (first) first.focus();
    },
    clear() {
      list.replaceChildren();
    },
    get empty() {
      return !list.children.length;
    },
    // {dice, orders, drew} from the fields, or an Error naming the first one left empty.
    values() {
      const out = { dice: [], orders: [], drew: [] };
      for (const el of list.querySelectorAll("select, input")) {
        const label = el.closest("label").querySelector("span").textContent;
        if (!el.value.trim()) return new Error(t("{field}: not entered yet", { field: label }));
        if (el.dataset.kind === "die") out.dice.push(Number(el.value));
        else if (el.dataset.kind === "card") out.drew.push(el.value);
        else {
          const order = el.value.split(",").map((x) => Number(x.trim()));
          const n = Number(el.dataset.size);
          const sorted = [...order].sort((a, b) => a - b);
          if (order.length !== n || sorted.some((x, i) => x !== i)) {
            return new Error(t("{field}: each position from 0 to {last} once", { field: label, last: n - 1 }));
          }
          out.orders.push(order);
        }
      }
      return out;
    },
  };
}

// Is this refusal a table-mode request for chance the page can ask for?
export const needsChance = (e) => e instanceof ApiError && e.code === "dice_required" && Array.isArray(e.needs) && e.needs.length > 0;
