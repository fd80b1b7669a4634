// The one element builder of every page and of the replay viewer, and the
// few things built with it that every page shows the same way.

// h("div.card.attack", {title: "x", onclick: f, dataset: {card: id}}, child, "text", [more])
// Attributes that are undefined, null or false are left out; children that are
// undefined, null or false too (a condition's "nothing"), and arrays are spread.
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "html") throw new Error("no innerHTML: build elements");
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  const add = (c) => {
    if (c === undefined || c === null || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  };
  children.forEach(add);
  return el;
}

export const byId = (id) => document.getElementById(id);

// An error said in ``el`` with its rule, or nothing (``e`` null) once it no longer stands.
export function showError(el, e) {
  el.replaceChildren();
  if (!e) return;
  const rule = e.rule ? h("span.rule-ref", {}, e.rule) : null;
  el.appendChild(h("div.error", { role: "alert" }, e.message || String(e), rule ? " " : "", rule));
}

// One figure of a board, its label said before it: "Round 2", "Manche 2".
export const stat = (label, value, attrs) => h("span.stat", attrs || {}, label, " ", h("b", {}, value));
