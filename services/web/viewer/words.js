// A value and a rule as the viewer shows them.

import { h } from "wl/dom.js";
import { t } from "wl/speech.js";

export function show(v) {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  if (Array.isArray(v)) return v.length ? v.map(show).join(", ") : t("none");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// The rule of an id as the document cites it; an id it does not hold, as the id alone.
export const ruleText = (doc, id) => doc.rules[id] || { id };

// Whence a rule comes (its "source" field), as a reader is told it.
function sourceWords(source) {
  if (source === "rulebook") return t("rulebook");
  if (source === "ruling") return t("ruling");
  if (source === "assumption") return t("assumption");
  return source;
}

// The rule whole: id, section, source, the rulebook's passage (French) and our gloss.
// A rule cited by id alone ({id}, as an export's dispute panels cite it) is read
// from the document's rules.
export function ruleBlock(doc, rule) {
  const r = typeof rule === "string" ? ruleText(doc, rule) : (doc.rules && doc.rules[rule.id]) || rule;
  const box = h("div.rule-block", {},
    h("div", {}, h("b", {}, r.id), r.section ? " — " + r.section : "", r.source ? ` [${sourceWords(r.source)}]` : ""));
  if (r.passage) box.append(h("blockquote.passage", { lang: "fr" }, "« " + r.passage + " »"));
  if (r.gloss) box.append(h("div.gloss", {}, r.gloss));
  return box;
}
