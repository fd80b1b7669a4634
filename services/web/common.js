// Shared by every page: API calls, element building, seat links, card faces.
"use strict";

const WL = (window.WL = window.WL || {});
WL.games = WL.games || {}; // per-game renderers register here (static/games/<id>.js)

// h("div.card.attack", {title: "x", onclick: f}, child, "text", [more])
WL.h = function h(tag, attrs, ...children) {
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
};

WL.ApiError = class ApiError extends Error {
  constructor(status, body) {
    // {code, rule, message}, or an RFC 9457 problem (detail, title) carrying them.
    const b = body || {};
    super(b.message || b.detail || b.title || `HTTP ${status}`);
    this.status = status;
    this.code = b.code;
    this.rule = b.rule;
    this.needs = b.needs; // table mode: the chance values a command needs (chance.js)
  }
};

// fetch + JSON + the API's error shape. Network errors propagate as TypeError.
WL.api = async function api(method, path, { body, token, headers, text } = {}) {
  const h = Object.assign({}, headers || {});
  let payload;
  if (text !== undefined) {
    h["Content-Type"] = "text/plain";
    payload = text;
  } else if (body !== undefined) {
    h["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (token) h["Authorization"] = "Bearer " + token;
  const r = await fetch(path, { method, headers: h, body: payload });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new WL.ApiError(r.status, data);
  return data;
};

// The seat's link: the token sits in the fragment, which browsers never send.
WL.seatLink = (gid, seat, token) =>
  `${location.origin}/play/${gid}#seat=${seat}&token=${encodeURIComponent(token)}`;

WL.fragment = function fragment() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const [k, v] = part.split("=");
    out[decodeURIComponent(k)] = decodeURIComponent(v || "");
  }
  return out;
};

WL.gameIdFromPath = () => decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

// Card faces of a game, by id ("slug#2" is looked up as "slug").
WL.faces = {};
// With a table id, that table's faces: it may play with its own data file.
WL.loadFace = async function loadFace(game, table) {
  if (WL.faces[game]) return WL.faces[game];
  const face = await WL.api("GET", table ? `/tables/${table}/face` : `/games/${game}/face`);
  const byId = {};
  for (const c of face.cards) byId[c.id] = c;
  WL.faces[game] = { byId, labels: face.labels || {} };
  return WL.faces[game];
};
// A card instance names its kind before a copy number: "slug#2", "smash.01", "orc-04".
WL.face = (game, id) => {
  const f = WL.faces[game];
  if (!f || typeof id !== "string") return null;
  return f.byId[id] || f.byId[id.split(/[#.]/)[0]] || f.byId[id.replace(/-\d+$/, "")] || null;
};

WL.when = (iso) => {
  if (!iso) return "";
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
};

// The seat a board is drawn for: "you" on its own page; a replay seen through
// another's eyes (a referee's) says so instead (ctx.youWord).
WL.you = (c, seat) => (seat !== null && seat === c.seat ? c.youWord || " (you)" : "");

WL.nameOf = (players, seat) =>
  seat === null || seat === undefined ? "—" : players[seat] || `seat ${seat}`;

// The engine's words say each seat whole ("seat 0 and seat 2"): every one of
// them becomes its player's name ("Ann and Cy").
WL.named = (players, text) => String(text).replace(/\bseat (\d+)\b/g, (m, n) => (players || [])[Number(n)] || m);

WL.showError = (el, e) => {
  el.replaceChildren();
  if (!e) return;
  const rule = e.rule ? WL.h("span.rule-ref", {}, e.rule) : null;
  el.appendChild(WL.h("div.error", { role: "alert" }, e.message || String(e), rule ? " " : "", rule));
};

WL.nav = () =>
  WL.h(
    "nav.top",
    {},
    WL.h("a.brand", { href: "/" }, "✶ Wizard Ledger"),
    WL.h("a", { href: "/" }, "Tables"),
    WL.h("a", { href: "/scores" }, "Scoreboard"),
    WL.h("a", { href: "/docs" }, "API")
  );
