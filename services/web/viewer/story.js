// The story (every event in words, with its rule, dice and notes, around the
// position shown) and the event panel (the event at the position, its rule whole).

import { byId as $, h } from "wl/dom.js";
import { plural, t } from "wl/speech.js";
import { ruleBlock, ruleText } from "wl/viewer/words.js";

const WINDOW = 120; // story rows shown around the current position

const notesAt = (doc, pos) => doc.annotations.filter((n) => n.position === pos);

export function renderStory(replay) {
  const { doc, position } = replay;
  const last = doc.events.length;
  const story = $("story");
  story.replaceChildren();
  const lo = Math.max(1, position - WINDOW), hi = Math.min(last, position + WINDOW);
  if (lo > 1) story.append(h("div.muted", {}, plural("… {n} earlier event", "… {n} earlier events", lo - 1)));
  for (let p = lo; p <= hi; p++) {
    const e = doc.events[p - 1];
    if (e.heading) story.append(h("div.h" + e.heading.level, {}, e.heading.title));
    const cls = ["ev"];
    if (e.action) cls.push("action");
    if (e.hidden) cls.push("hidden");
    if (p === position) cls.push("current");
    if (p > position) cls.push("future");
    const row = h(`div.${cls.join(".")}`, { "data-pos": p, onclick: () => replay.go(p) }, h("span.n", {}, "#" + p), e.text);
    if (e.dice && e.type !== "DiceRolled") row.append(h("span.dice", {}, e.dice.text));
    if (e.rule) row.append(h("span.rule", { title: ruleText(doc, e.rule).passage || "" }, e.rule));
    // The rulings and assumptions the event relied on besides its rule.
    for (const id of e.also || []) row.append(h("span.rule", { title: ruleText(doc, id).passage || "" }, id));
    story.append(row);
    for (const n of notesAt(doc, p)) story.append(h("div.note", {}, `✎ ${n.author}: ${n.text}`));
  }
  if (hi < last) story.append(h("div.muted", {}, plural("… {n} later event", "… {n} later events", last - hi)));
  const cur = story.querySelector(".current");
  // Scroll the story only (scrollIntoView would scroll the page too).
  if (cur) story.scrollTop = cur.offsetTop - story.clientHeight / 2;
}

export function renderEvent(replay) {
  const { doc, position } = replay;
  const box = $("event-detail");
  box.replaceChildren();
  const e = doc.events[position - 1];
  box.append(h("div", {}, h("b", {}, `#${position}`), " — ", e.text));
  if (e.rule) box.append(ruleBlock(doc, e.rule));
  for (const id of e.also || []) box.append(ruleBlock(doc, id));
  if (e.dice) box.append(h("div.dice-detail", {}, t("dice: {dice} — ", { dice: e.dice.text }), h(e.dice.rederived === false ? "span.differs" : "span.muted", {}, e.dice.check)));
  for (const n of notesAt(doc, position)) box.append(h("div.note", {}, "✎ ", t("note {n} by {author}: {text}", { n: n.number, author: n.author, text: n.text })));
}
