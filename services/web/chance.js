// Table mode: ask the physical table for the chance a command (or a table's
// opening) needs. The server refuses such a command once with `needs`: one
// entry per die, shuffle order and card drawn, in the order the rules use them.
// Each becomes a field here (a die's faces, the cards that could have been
// drawn by their printed names), and the answers go back with the command as
// `dice`, `orders` and `drew`.

import { ApiError } from "wl/app.js";
import { h } from "wl/dom.js";
import { face } from "wl/faces.js";
import { nameOf, named } from "wl/names.js";

// A card a table knows by what it shows (the orc tower's destiny cards) says it.
const cardName = (game, id) => {
  const printed = face(game, id);
  if (!printed || !printed.name) return id.replace(/_/g, " ");
  const says = printed.extra && printed.extra.says;
  return says ? `${printed.name}: ${says}` : printed.name;
};

function field(game, players, asked, index, total) {
  // "seat 1's spell deck" is Bob's spell deck at this table.
  const need = Object.assign({}, asked, { what: named(players, asked.what) });
  const of = total > 1 ? ` (${index + 1} of ${total})` : "";
  const owner = need.seat === null || need.seat === undefined ? null : nameOf(players, need.seat);
  // "Ann's spell deck" says already whose the card is.
  const whose = owner === null || need.what.includes(`${owner}'s`) ? "" : ` for ${owner}`;
  if (need.kind === "die") {
    // A die choosing among the players (the first player): each face names its
    // pick, face 2 the 2nd player, as the story says it afterwards.
    const picks = need.sides === players.length && /player/.test(need.what);
    const side = (i) => (picks ? `${i + 1} — ${nameOf(players, i)}` : String(i + 1));
    const faces = Array.from({ length: need.sides }, (_, i) => h("option", { value: i + 1 }, side(i)));
    return h(
      "label.chance-field",
      {},
      h("span", {}, `${owner === null ? "Die" : `${owner}'s die`} for ${need.what}${of}, 1 to ${need.sides}`),
      h("select", { dataset: { kind: "die" } }, h("option", { value: "" }, "—"), faces)
    );
  }
  if (need.kind === "card") {
    const cards = need.cards
      .map((id) => ({ id, name: cardName(game, id) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return h(
      "label.chance-field",
      {},
      h("span", {}, need.hand ? `${need.what[0].toUpperCase()}${need.what.slice(1)}${of}` : `Card drawn from ${need.what}${whose}${of}`),
      h(
        "select",
        { dataset: { kind: "card" } },
        h("option", { value: "" }, "— which card? —"),
        cards.map((c) => h("option", { value: c.id }, c.name))
      )
    );
  }
  const laid = need.cards.map((id, i) => `${i}: ${cardName(game, id)}`).join(", ");
  return h(
    "label.chance-field",
    {},
    h("span", {}, `Order of ${need.what}${of}: ${need.size} positions, new top first`),
    h("input", {
      dataset: { kind: "order", size: need.size },
      placeholder: Array.from({ length: Math.min(need.size, 4) }, (_, i) => i).reverse().join(",") + (need.size > 4 ? ",…" : ""),
      pattern: "\\s*\\d+(\\s*,\\s*\\d+)*\\s*",
    }),
    laid ? h("span.muted.chance-laid", {}, `as they lay: ${laid}`) : null
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
        if (!el.value.trim()) return new Error(`${label}: not entered yet`);
        if (el.dataset.kind === "die") out.dice.push(Number(el.value));
        else if (el.dataset.kind === "card") out.drew.push(el.value);
        else {
          const order = el.value.split(",").map((x) => Number(x.trim()));
          const n = Number(el.dataset.size);
          const sorted = [...order].sort((a, b) => a - b);
          if (order.length !== n || sorted.some((x, i) => x !== i)) {
            return new Error(`${label}: each position from 0 to ${n - 1} once`);
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
