// Scoreboard and statistics: GET /scoreboard and GET /statistics, by game.

import { api, loadFace, nav, when } from "wl/app.js";
import { byId as $, h, showError } from "wl/dom.js";
import { face } from "wl/faces.js";
import { loadSpeech, speaking, t } from "wl/speech.js";

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
    const system = r.shown ? t("{system}, shown as {shown}", { system: r.system || "?", shown: r.shown }) : r.system || "?";
    $("rating-note").textContent = t("Ratings ({system}) over finished games; what-if branches never count.", { system });
    fill("players", board.players.map((p) =>
      h("tr", {}, h("td", {}, p.rank), h("td", {}, p.name), h("td", {}, h("b", {}, p.rating.toFixed(1))), h("td", {}, p.games), h("td", {}, p.wins), h("td", {}, pct(p.win_rate)), h("td", {}, p.last_game ? h("a", { href: `/replay/${p.last_game}` }, p.last_game.slice(0, 8)) : ""))
    ), t("no finished game yet"));
    fill("games", board.games.map((g) =>
      h("tr", {}, h("td", {}, gameName(g.game)), h("td", {}, (g.players || []).join(", ")), h("td", {}, (g.winner_names || []).join(", ")), h("td", {}, (g.scores || []).join(" – ")), h("td", {}, when(g.finished_at)), h("td", {}, h("a", { href: `/replay/${g.game_id}` }, t("replay"))))
    ), t("no finished game yet"));
    fill("seats", stats.seats.map((s) =>
      h("tr", {}, h("td", {}, gameName(s.game)), h("td", {}, s.players), h("td", {}, s.seat), h("td", {}, s.games), h("td", {}, s.wins), h("td", {}, pct(s.win_rate)))
    ), t("no finished game yet"));
    const cards = await Promise.all(stats.cards.map(async (c) =>
      h("tr", {}, h("td", {}, gameName(c.game)), h("td", {}, await cardName(c.game, c.card)), h("td", {}, c.games), h("td", {}, c.wins), h("td", {}, pct(c.win_rate)))
    ));
    fill("cards", cards, t("no card played in a finished game yet"));
    document.body.dataset.ready = "1";
  } catch (e) {
    showError($("error"), e);
  }
}

// The page's own words (scores.html says them in English), in the reader's language.
function speakPage() {
  document.documentElement.lang = speaking();
  document.title = t("Wizard Ledger — scoreboard");
  const words = {
    "scores-title": t("Scoreboard"),
    "game-word": t("Game"),
    "all-games": t("all games"),
    "players-title": t("Players"),
    "games-title": t("Finished games"),
    "seats-title": t("Statistics — win rate per seat"),
    "cards-title": t("Statistics — win rate per card used"),
  };
  for (const [id, text] of Object.entries(words)) $(id).textContent = text;
  const heads = {
    players: ["#", t("Player"), t("Rating"), t("Games"), t("Wins"), t("Win rate"), t("Last game")],
    games: [t("Game"), t("Players"), t("Winner"), t("Scores"), t("Finished"), ""],
    seats: [t("Game"), t("Players"), t("Seat"), t("Games"), t("Wins"), t("Win rate")],
    cards: [t("Game"), t("Card"), t("Games"), t("Wins"), t("Win rate")],
  };
  for (const [id, words] of Object.entries(heads)) $(id).querySelectorAll("thead th").forEach((th, i) => (th.textContent = words[i]));
}

async function start() {
  await loadSpeech();
  $("nav").replaceWith(nav());
  speakPage();
  for (const g of await api("GET", "/games")) {
    names[g.id] = g.name.split(" — ")[0];
    $("game").appendChild(h("option", { value: g.id }, g.name));
  }
  $("game").addEventListener("change", load);
  load();
}

start();
