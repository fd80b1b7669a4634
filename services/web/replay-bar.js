// The app's bar over the replay viewer (/replay/{id}): back to the table, the
// game saved as one HTML file (the export, as this page's reader may see it),
// and "fork before action #N" for a finished game's players (POST /tables/{id}/fork?at=N
// with their seat's token, which stays in the URL fragment).

import { gameIdFromPath } from "wl/app.js";
import { byId as $, h } from "wl/dom.js";
import { nameOf } from "wl/names.js";
import { t } from "wl/speech.js";
import { replay } from "wl/viewer.js";

const gid = gameIdFromPath();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const GOLD = "color:#d9a93a";

// A branch starts between two actions: at the position shown when an action
// follows it, else just before the action shown (the disputed one, replayed
// otherwise). Forking "here" inside an action's consequences was refused.
function forkPoint(pos) {
  const events = replay ? replay.doc.events : [];
  if (!events.length) return null; // the game not read yet: labelled once it is
  pos = Math.min(pos, events.length);
  if (pos < events.length && events[pos].action) return { at: pos, before: pos + 1 };
  for (let p = pos; p >= 1; p--) if (events[p - 1].action) return { at: p - 1, before: p };
  for (let p = pos + 1; p <= events.length; p++) if (events[p - 1].action) return { at: p - 1, before: p };
  return null;
}

function labelFork(button, pos) {
  const point = forkPoint(pos);
  button.disabled = !point;
  button.textContent = point ? t("Fork before action #{n}", { n: point.before }) : t("Fork (no action to replay)");
  button.dataset.at = point ? String(point.at) : "";
}

async function fork(out, button) {
  const at = Number(button.dataset.at);
  out.replaceChildren(t("forking…"));
  const r = await fetch(`/tables/${gid}/fork?at=${at}`, { method: "POST", headers: { Authorization: "Bearer " + token } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    out.replaceChildren(h("span.app-error", {}, body.message || body.detail || body.title || `HTTP ${r.status}`));
    return;
  }
  const summary = await (await fetch(`/tables/${body.game_id}`)).json();
  const names = summary.names || [];
  out.replaceChildren(
    t("What-if branch at position {n}: ", { n: at }),
    ...body.seats.flatMap((s) => [
      h("a.fork-seat", { href: `/play/${body.game_id}#seat=${s.seat}&token=${encodeURIComponent(s.token)}`, style: GOLD }, t("play as {name}", { name: nameOf(names, s.seat) })),
      " ",
    ])
  );
}

// A link cannot carry the seat's token (it stays in the fragment, sent as a
// header), so the file is fetched and handed to the browser as a download.
async function save(out) {
  out.replaceChildren(t("saving…"));
  const r = await fetch(`/tables/${gid}/export?format=html`, token ? { headers: { Authorization: "Bearer " + token } } : {});
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    out.replaceChildren(h("span.app-error", {}, body.message || body.detail || `HTTP ${r.status}`));
    return;
  }
  const url = URL.createObjectURL(await r.blob());
  const game = replay ? replay.doc.game : "game";
  const a = h("a", { href: url, download: `${game}-${gid.slice(0, 8)}.html` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  out.replaceChildren(t("saved: one file, opens offline"));
}

async function start() {
  const bar = h("div", { id: "app-bar", style: "display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;padding:6px 16px;background:#1f3b33;color:#f6efdf;font:14px system-ui,sans-serif" });
  const link = (href, text) => h("a", { href, style: GOLD }, text);
  bar.append(link("/", "✶ Wizard Ledger"), link(`/play/${gid}${location.hash}`, t("← back to the table")));
  const saved = h("span", { id: "save-result" });
  const saveButton = h("button", {
    id: "save-html",
    type: "button",
    title: t("this game as one HTML file: this viewer with its data, notes and disputes, for reading offline"),
    onclick: () => save(saved),
  }, t("Save as HTML"));
  bar.append(saveButton, saved);
  document.body.prepend(bar);
  const r = await fetch(`/tables/${gid}`);
  if (!r.ok) return;
  const summary = await r.json();
  if (summary.status === "finished" && token) {
    const out = h("span", { id: "fork-result" });
    const button = h("button", {
      id: "fork",
      type: "button",
      title: t("a new game with this game's events up to just before that action, to play it otherwise"),
      onclick: () => fork(out, button),
    }, t("Fork"));
    labelFork(button, Number($("pos").value));
    document.addEventListener("ledger:position", (e) => labelFork(button, e.detail.position));
    bar.append(button, out);
  } else if (summary.status === "finished") {
    // Nobody's seat (a referee, a spectator): say how a branch is made.
    bar.append(h("span", { id: "fork-hint", style: "opacity:.8" },
      t("To fork from a position, open this replay from a player's link (or run wizards fork).")));
  }
}

start();
