// Scoreboard and statistics: GET /scoreboard and GET /statistics, by game.

import { api, loadFace, nav, when } from "wl/app.js";
import { byId as $, h, showError } from "wl/dom.js";
import { face } from "wl/faces.js";

const pct = (x) => `${Math.round(x * 100)}%`;
const fill = (id, rows, empty) =>
  $(id).tBodies[0].replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td.muted", { colspan: 7 }, empty))]));

const names = {};
const gameName = (id) => names[id] || id;

async function cardName(game, card) {
  try {
    await loadFace(game);
  } catch (_) {
    return card;
  }
  const f = face(game, card);
  return f ? f.name : card;
}

async function load() {
  showError($("error"), null);
  const game = $("game").value;
  const q = game ? `?game=${encodeURIComponent(game)}` : "";
  try {
    const [board, stats] = await Promise.all([api("GET", `/scoreboard${q}`), api("GET", `/statistics${q}`)]);
    const r = board.rating || {};
    $("rating-note").textContent = `Ratings (${r.system || "?"}${r.shown ? `, shown as ${r.shown}` : ""}) over finished games; what-if branches never count.`;
    fill("players", board.players.map((p) =>
      h("tr", {}, h("td", {}, p.rank), h("td", {}, p.name), h("td", {}, h("b", {}, p.rating.toFixed(1))), h("td", {}, p.games), h("td", {}, p.wins), h("td", {}, pct(p.win_rate)), h("td", {}, p.last_game ? h("a", { href: `/replay/${p.last_game}` }, p.last_game.slice(0, 8)) : ""))
    ), "no finished game yet");
    fill("games", board.games.map((g) =>
      h("tr", {}, h("td", {}, gameName(g.game)), h("td", {}, (g.players || []).join(", ")), h("td", {}, (g.winner_names || []).join(", ")), h("td", {}, (g.scores || []).join(" – ")), h("td", {}, when(g.finished_at)), h("td", {}, h("a", { href: `/replay/${g.game_id}` }, "replay")))
    ), "no finished game yet");
    fill("seats", stats.seats.map((s) =>
      h("tr", {}, h("td", {}, gameName(s.game)), h("td", {}, s.players), h("td", {}, s.seat), h("td", {}, s.games), h("td", {}, s.wins), h("td", {}, pct(s.win_rate)))
    ), "no finished game yet");
    const cards = await Promise.all(stats.cards.map(async (c) =>
      h("tr", {}, h("td", {}, gameName(c.game)), h("td", {}, await cardName(c.game, c.card)), h("td", {}, c.games), h("td", {}, c.wins), h("td", {}, pct(c.win_rate)))
    ));
    fill("cards", cards, "no card played in a finished game yet");
    document.body.dataset.ready = "1";
  } catch (e) {
    showError($("error"), e);
  }
}

async function start() {
  $("nav").replaceWith(nav());
  for (const g of await api("GET", "/games")) {
    names[g.id] = g.name.split(" — ")[0];
    $("game").appendChild(h("option", { value: g.id }, g.name));
  }
  $("game").addEventListener("change", load);
  load();
}

start();
