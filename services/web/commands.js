// Controls built from the legal commands' fields, for any game.
//
// The server lists every legal command (GET /tables/{id}/legal). Commands of
// one type are narrowed field by field: each step offers the values that some
// still-legal command has for the next field (cards, seats, dice, labels), so
// only legal commands can be composed. A field whose value is a list (Spell
// Wars' PlaceCards) is composed by picking its items one by one and checked
// as you go against the legal sets, never offered as one button per set,
// unless the game says its list is one answer (``whole``: Spell Wars' ``wilds``,
// the types its wild cards stand for, offered as one button per combination).

import { face } from "wl/faces.js";
import { nameOf } from "wl/names.js";

const NONE = "∅"; // a field the command leaves out
const SEAT_FIELDS = new Set(["target", "second_target", "seat"]);

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const valueOf = (cmd, f) => (f in cmd ? cmd[f] : NONE);

export function fieldsOf(cmds) {
  const out = [];
  for (const c of cmds) for (const k of Object.keys(c)) if (k !== "type" && !out.includes(k)) out.push(k);
  return out;
}

export class Builder {
  // ``whole``: the list fields a game answers with one choice of the whole list.
  constructor(legal, whole = []) {
    this.legal = legal;
    this.whole = new Set(whole);
    this.types = [];
    for (const c of legal) if (!this.types.includes(c.type)) this.types.push(c.type);
    this.reset();
  }
  reset() {
    this.type = null;
    this.values = {};
    this.picks = []; // items picked for the current list field
  }
  ofType(type) {
    return this.legal.filter((c) => c.type === type);
  }
  choose(type) {
    this.reset();
    this.type = type;
  }
  candidates() {
    return this.ofType(this.type).filter((c) =>
      Object.entries(this.values).every(([f, v]) => same(valueOf(c, f), v))
    );
  }
  // The next field to decide, with its distinct values; fields with one value are decided.
  next() {
    if (!this.type) return null;
    for (const f of fieldsOf(this.ofType(this.type))) {
      if (f in this.values) continue;
      const cands = this.candidates();
      const vals = [];
      for (const c of cands) {
        const v = valueOf(c, f);
        if (!vals.some((x) => same(x, v))) vals.push(v);
      }
      if (vals.length === 1) {
        this.values[f] = vals[0];
        continue;
      }
      const list = vals.some(Array.isArray) && !this.whole.has(f);
      return { field: f, values: vals, list };
    }
    return null;
  }
  set(field, value) {
    this.values[field] = value;
    this.picks = [];
  }
  // List fields: the items that can still be added to the current picks.
  pickable(field) {
    const items = new Set();
    for (const c of this.candidates()) {
      const v = valueOf(c, field);
      if (Array.isArray(v) && this.picks.every((p) => v.includes(p))) v.forEach((x) => items.add(x));
    }
    return items;
  }
  toggle(item) {
    const i = this.picks.indexOf(item);
    if (i >= 0) this.picks.splice(i, 1);
    else this.picks.push(item);
  }
  // The legal list value equal (as a set) to the picks, if any.
  pickedValue(field) {
    const want = [...this.picks].sort();
    for (const c of this.candidates()) {
      const v = valueOf(c, field);
      if (Array.isArray(v) && same([...v].sort(), want)) return v;
    }
    return null;
  }
  command() {
    if (!this.type || this.next()) return null;
    const cmd = { type: this.type };
    for (const [f, v] of Object.entries(this.values)) if (v !== NONE) cmd[f] = v;
    const match = this.candidates().find((c) => same(c, cmd));
    return match || null;
  }
}

// What a field's value is, for labels: seat, card (of the hand or by face), or plain.
function kindOf(ctx, field, value) {
  const hook = ctx.renderer.fieldKind && ctx.renderer.fieldKind(field, value, ctx);
  if (hook) return hook;
  if (SEAT_FIELDS.has(field) && typeof value === "number") return "seat";
  if (typeof value === "string" && (ctx.handIds.includes(value) || face(ctx.game, value))) return "card";
  return "plain";
}

const fieldWords = (field) => field.replace(/_/g, " ");

export function label(ctx, field, value) {
  if (value === NONE) return "none";
  if (Array.isArray(value)) return value.map((v) => label(ctx, field, v)).join(" + ");
  const hook = ctx.renderer.valueLabel && ctx.renderer.valueLabel(field, value, ctx);
  if (hook) return hook;
  // A command that leaves a field empty (a block with no creature): the game
  // says what that means where it can; otherwise the field says what is not chosen.
  if (value === null || value === undefined) return `no ${fieldWords(field)}`;
  switch (kindOf(ctx, field, value)) {
    case "seat":
      return nameOf(ctx.players, value);
    case "card": {
      const f = face(ctx.game, value);
      return f ? f.name : value;
    }
    default:
      return String(value);
  }
}

const saysField = (text, field) => ` ${text.toLowerCase()} `.includes(` ${fieldWords(field).toLowerCase()} `);

export const typeLabel = (ctx, type) => (ctx.labels && ctx.labels[type]) || type.replace(/([a-z])([A-Z])/g, "$1 $2");

// "Play a card: Boule de feu → Bob"; fields other than cards and seats are named.
// ``who``: the player sending it, "you" while it is composed ("Ann" in the story).
export function describe(ctx, cmd, who = "you") {
  const parts = [];
  let cost = "";
  for (const [f, v] of Object.entries(cmd)) {
    if (f === "type") continue;
    const text = label(ctx, f, v);
    const first = Array.isArray(v) ? v[0] : v;
    const kind = kindOf(ctx, f, first);
    // A field the game says in words of its own ("Magie Féroce as Qualité").
    const own = ctx.renderer.commandPart && ctx.renderer.commandPart(f, v, ctx);
    if (own) parts.push(own);
    // A card paid as a cost (Malédiction's, Barrière d'arcane's) is discarded by
    // the sender: said apart, so that it never reads as the target discarding.
    else if (f === "discard" && kind === "card") cost = `; ${who} discard${who === "you" ? "" : "s"} ${text} as its cost`;
    else if (kind === "seat") parts.push(`→ ${text}`);
    else if (kind === "card" && (f === "card" || f === "cards" || f === "combo")) parts.push(text);
    // A choice is what it names ("Choose: Asphixis"), not "choice Asphixis".
    else if (f === "choice") parts.push(text);
    // Where a die or a wizard goes: "die ⚅ 6 on the Nécromancien major-spell space".
    else if (f === "space" && parts.length) parts.push(`on ${text}`);
    // A label that already says its field ("quarter 3", "tower space 5", "no
    // creature") is not named twice.
    else if (saysField(text, f)) parts.push(text);
    else parts.push(`${fieldWords(f)} ${text}`);
  }
  return (parts.length ? `${typeLabel(ctx, cmd.type)}: ${parts.join(" ")}` : typeLabel(ctx, cmd.type)) + cost;
}

