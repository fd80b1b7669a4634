// The dispute panel of the action shown (or of the action whose consequence is
// shown): its legal choices, what it recorded, the rules cited, the notes, and
// each other reading of its rules beside the record, with where they first part.

import { byId as $, h } from "wl/dom.js";
import { plural, t } from "wl/speech.js";
import { ruleBlock, ruleText, show } from "wl/viewer/words.js";

function actionOf(doc, pos) {
  for (let p = pos; p >= 1; p--) if (doc.events[p - 1].action) return p;
  return null;
}

// first: the index of the event where a reading first parts from the record,
// marked in both columns (the two lists often read alike up to there).
function eventList(items, first) {
  const ul = h("ul.tight");
  for (const [k, c] of items.entries()) {
    const li = h("li", k === first ? { class: "first-diff", title: t("first difference") } : {}, c.text);
    if (c.rule && c.rule.id) li.append(h("span.rule", {}, " [" + c.rule.id + "]"));
    if (c.dice && c.type !== "DiceRolled") li.append(h("span.dice", {}, " " + c.dice.text));
    ul.append(li);
  }
  if (!items.length) ul.append(h("li.muted", {}, t("nothing")));
  return ul;
}

// An export's panel names its consequences by position; the API's lists them.
function consequencesOf(doc, d) {
  if (Array.isArray(d.consequences)) return d.consequences;
  const out = [];
  for (let p = d.consequences.from; p <= d.consequences.to; p++) {
    const e = doc.events[p - 1];
    out.push({ type: e.type, text: e.text, rule: e.rule ? ruleText(doc, e.rule) : null, dice: e.dice });
  }
  return out;
}

function notesAround(doc, d) {
  const to = Array.isArray(d.consequences) ? d.position : d.consequences.to;
  return doc.annotations.filter((n) => n.position >= d.position - 1 && n.position <= to).map((n) => ({ ...n, at: n.position }));
}

// An action whose panel the document does not hold: asked of the dispute desk
// where the document came from a server, else what makes it.
function missing(replay, at) {
  const { doc } = replay;
  if (replay.askDispute) {
    const shown = () => actionOf(replay.doc, replay.position) === at;
    if (!(at in replay.pending)) {
      replay.pending[at] = replay.askDispute(at).then((panel) => {
        replay.asked[at] = panel;
        if (shown()) renderDispute(replay);
      }).catch((err) => {
        if (shown()) $("dispute").replaceChildren(h("div.muted", {}, t("the dispute desk could not answer: {why}", { why: String(err.message || err) })));
      });
    }
    return t("asking the dispute desk for action #{n}…", { n: at });
  }
  // Exports before version 4 held every action's panel.
  if (!doc.dispute_panels) return t("no dispute data for this action");
  const holds = doc.dispute_panels === "noted" ? t("the panels of the actions the referees' notes point at") : t("no dispute panel");
  return t("This file holds {holds}. The dispute desk makes this action's: wizards dispute {id} --at {n} (or export again with --disputes all).", { holds, id: doc.game_id, n: at });
}

export function renderDispute(replay) {
  const { doc, position } = replay;
  const box = $("dispute");
  box.replaceChildren();
  const at = actionOf(doc, position);
  const d = at && (doc.disputes[String(at)] || replay.asked[at]);
  // Said on the folded panel's line too (folded on a phone, where it comes before the story).
  $("dispute-of").textContent = d ? t("— action #{n} by {player}", { n: d.position, player: d.player }) : "";
  if (!d) { box.append(h("div.muted", {}, at ? missing(replay, at) : t("the opening: no action yet"))); return; }
  box.append(h("div", {}, h("b", {}, t("Action #{n}", { n: d.position })), t(" by {player}: {text}", { player: d.player, text: d.text })));
  if (d.legal && d.legal.shown) {
    const ul = h("ul.tight.legal");
    for (const c of d.legal.items) ul.append(h("li", { class: c.sent ? "sent" : "" }, c.text + (c.sent ? t("  ← sent") : "")));
    if (d.legal.count > d.legal.items.length) ul.append(h("li.muted", {}, plural("… {n} more", "… {n} more", d.legal.count - d.legal.items.length)));
    const legal = h("details.legal-choices", {}, h("summary", {}, t("Legal choices ({n})", { n: d.legal.count })), ul);
    legal.open = d.legal.count <= 8;
    box.append(legal);
  } else if (d.legal) box.append(h("div.muted", {}, t("Legal choices: {why}", { why: d.legal.why })));
  const recorded = consequencesOf(doc, d);
  box.append(h("div", {}, t("Recorded consequences:")), eventList(recorded));
  const cited = [...new Set(recorded.map((c) => c.rule && c.rule.id).filter(Boolean))];
  // The passages of every rule cited, folded: unfolded they pushed the other
  // readings (what a dispute is about) a screen or more down. The story and the
  // event panel show each passage too.
  if (cited.length) {
    box.append(h("details.cited", {}, h("summary", {}, t("Rules cited ({n}): {rules}", { n: cited.length, rules: cited.join(", ") })),
      cited.map((id) => ruleBlock(doc, id))));
  }
  if (d.recorded_check) box.append(h(d.recorded_decides_again ? "div.same" : "div.differs", {}, d.recorded_check));
  for (const n of d.notes || notesAround(doc, d)) box.append(h("div.note", {}, `✎ ${n.author} (#${n.at}): ${n.text}`));
  if (d.readings_withheld) box.append(h("div.muted", {}, d.readings_withheld));
  const firstOf = Array.isArray(d.consequences) ? d.position + 1 : d.consequences.from;
  const readings = d.other_readings || [];
  const decided = readings.filter((r) => !r.undecided), undecided = readings.filter((r) => r.undecided);
  for (const r of decided) box.append(readingBlock(replay, r, recorded, firstOf));
  // The readings the engine cannot decide here (in an Orc Tower game, each module's
  // set-up choice, on nearly every action) are folded into one line.
  if (undecided.length) {
    const fold = h("details.undecided-readings", { style: "margin-top:6px" },
      h("summary.undecided", {}, plural("{n} other reading cannot be decided again from this position: {readings}", "{n} other readings cannot be decided again from this position: {readings}", undecided.length, { readings: undecided.map((r) => `${r.option} = ${show(r.value)}`).join(", ") })),
      undecided.map((r) => readingBlock(replay, r, recorded, firstOf)));
    box.append(fold);
  }
  for (const u of d.readings_not_selectable || []) {
    // An export (version 3) leaves the readings to its rules, where they are said once.
    const rule = ruleText(doc, u.rule.id), readings = u.readings || rule.readings || [];
    box.append(h("div", { style: "margin-top:6px" }, ruleBlock(doc, u.rule), h("div.muted", {}, t("Readings (not selectable): {readings} — applied: {applied}", { readings: readings.join(" / "), applied: u.default || rule.default || "" }))));
  }
}

// One other reading: its verdict, rule, both columns and where they first part.
function readingBlock(replay, r, recorded, firstOf) {
  const { doc } = replay;
  // A reading the engine could not decide from this position (a set-up choice
  // switched mid-game) says so: it is no "different outcome" of the ruling.
  const verdict = r.undecided ? ["undecided", t("cannot be decided again from this position")]
    : r.same_as_recorded ? ["same", t("same outcome")] : ["differs", t("different outcome")];
  // The reading in words first; the option's name and value (what a command line
  // or a set-up file says) after, with what the option is about.
  // The value as an --option would spell it (false, not "no").
  const spelled = (v) => (v === null || v === undefined ? "—" : String(v));
  const switched = `${r.option} = ${spelled(r.value)}`;
  const head = h("div.reading", {}, h("b", {}, r.reading || switched), " — ", h(`span.${verdict[0]}`, {}, verdict[1]));
  const option = doc.options.find((o) => o.name === r.option);
  const about = option && option.text.includes(" — ") ? option.text.slice(option.text.indexOf(" — ") + 3) : "";
  const named = h("div.muted.option-switched", {}, t("option "), h("code", {}, switched),
    t(" (recorded: {value})", { value: spelled(r.recorded_value) }) + (about ? ` — ${about}` : ""));
  const first = r.differs_at && !r.refused ? r.differs_at - firstOf : -1;
  const mine = h("div", {}, h("div.muted", {}, t("under this reading")),
    r.refused ? h(r.undecided ? "div.undecided" : "div.differs", {}, r.refused) : eventList(r.events, first));
  const rec = h("div", {}, h("div.muted", {}, t("as recorded")), eventList(recorded, first));
  // The first difference as the desk says it (difference.text); the events'
  // data (difference.recorded/reading) stays for programs, not for reading.
  const where = h("div.muted.difference");
  const said = (r.difference && r.difference.text) || (r.differs_at && !r.undecided ? [t("first difference at #{n}", { n: r.differs_at })] : []);
  for (const line of said) where.append(h("div", { style: line.startsWith("  ") ? "margin-left:1.2em" : "" }, line.trim()));
  const parts = [head, named, ruleBlock(doc, r.rule), h("div.side", {}, rec, mine), where];
  if (r.differs_at && !r.undecided && r.differs_at <= doc.events.length) {
    // The recorded event there is one click away (the story shows it with its board).
    parts.push(h("a.jump", { role: "button", tabindex: "0", onclick: () => replay.go(r.differs_at) }, t("go to #{n} as recorded", { n: r.differs_at })));
  }
  return h("div.reading-block", { style: "margin-top:6px" }, parts);
}
