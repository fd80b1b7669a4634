// What the app's pages share: calls to the API and its error shape, the page's
// own address (a seat's link, the fragment that holds its token), the top bar.

import { h } from "wl/dom.js";
import { facesOf, registerFace } from "wl/faces.js";
import { LANG_KEY, chosenLang, spoken, t } from "wl/speech.js";

export class ApiError extends Error {
  constructor(status, body) {
    // {code, rule, message}, or an RFC 9457 problem (detail, title) carrying them.
    const b = body || {};
    super(b.message || b.detail || b.title || `HTTP ${status}`);
    this.status = status;
    this.code = b.code;
    this.rule = b.rule;
    this.needs = b.needs; // table mode: the chance values a command needs (chance.js)
  }
}

// fetch + JSON + the API's error shape. Network errors propagate as TypeError.
export async function api(method, path, { body, token, headers, text } = {}) {
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
  const r = await fetch(spoken(path), { method, headers: h, body: payload });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

// A game's card faces, read once; with a table id, that table's: it may play
// with its own data file.
export async function loadFace(game, table) {
  return facesOf(game) || registerFace(game, await api("GET", table ? `/tables/${table}/face` : `/games/${game}/face`));
}

// The seat's link: the token sits in the fragment, which browsers never send.
export const seatLink = (gid, seat, token) =>
  `${location.origin}/play/${gid}#seat=${seat}&token=${encodeURIComponent(token)}`;

export function fragment() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const [k, v] = part.split("=");
    out[decodeURIComponent(k)] = decodeURIComponent(v || "");
  }
  return out;
}

export const gameIdFromPath = () => decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

export const when = (iso) => {
  if (!iso) return "";
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
};

export const nav = () =>
  h(
    "nav.top",
    {},
    h("a.brand", { href: "/" }, "✶ Wizard Ledger"),
    h("a", { href: "/" }, t("Tables")),
    h("a", { href: "/scores" }, t("Scoreboard")),
    h("a", { href: "/docs" }, "API"),
    languageSwitch()
  );

// English or French for every text the API says; the choice is kept in this
// browser and the page read again in it.
function languageSwitch() {
  const current = chosenLang() || ((navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en");
  const pick = h(
    "select.lang-switch",
    { id: "lang-switch", "aria-label": "language / langue" },
    h("option", { value: "en" }, "English"),
    h("option", { value: "fr" }, "Français")
  );
  pick.value = current;
  pick.addEventListener("change", () => {
    localStorage.setItem(LANG_KEY, pick.value);
    location.reload();
  });
  return pick;
}
