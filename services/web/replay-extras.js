// The app's bar over the replay viewer (/replay/{id}): back to the table, and
// "fork from here" for a finished game's players (POST /tables/{id}/fork?at=N
// with their seat's token, which stays in the URL fragment).
"use strict";
(function () {
  const gid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token");

  function el(tag, attrs, ...kids) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
    for (const k of kids) n.append(k instanceof Node ? k : String(k));
    return n;
  }

  async function fork(out) {
    const at = Number(document.getElementById("pos").value);
    out.replaceChildren("forking…");
    const r = await fetch(`/tables/${gid}/fork?at=${at}`, { method: "POST", headers: { Authorization: "Bearer " + token } });
    const body = await r.json().catch(() => ({}));
    if (!r.ok) {
      out.replaceChildren(el("span", { class: "app-error" }, body.message || body.detail || body.title || `HTTP ${r.status}`));
      return;
    }
    const summary = await (await fetch(`/tables/${body.game_id}`)).json();
    const names = summary.names || [];
    out.replaceChildren(
      `What-if branch at position ${at}: `,
      ...body.seats.flatMap((s) => [
        el("a", { href: `/play/${body.game_id}#seat=${s.seat}&token=${encodeURIComponent(s.token)}`, class: "fork-seat", style: "color:#d9a93a" }, `play as ${names[s.seat] || "seat " + s.seat}`),
        " ",
      ])
    );
  }

  async function start() {
    const bar = el("div", { id: "app-bar", style: "display:flex;gap:1em;align-items:center;padding:6px 16px;background:#1f3b33;color:#f6efdf;font:14px system-ui,sans-serif" });
    const link = (href, text) => el("a", { href, style: "color:#d9a93a" }, text);
    bar.append(link("/", "✶ Wizard Ledger"), link(`/play/${gid}${location.hash}`, "← back to the table"));
    document.body.prepend(bar);
    const r = await fetch(`/tables/${gid}`);
    if (!r.ok) return;
    const summary = await r.json();
    if (summary.status === "finished" && token) {
      const out = el("span", { id: "fork-result" });
      const button = el("button", { id: "fork", type: "button", title: "a new game with this game's events up to the position shown, then play on" }, "Fork from here");
      button.addEventListener("click", () => fork(out));
      bar.append(button, out);
    }
  }

  window.addEventListener("DOMContentLoaded", start);
})();
