// The lobby: open a table (game, names, options, dice, setup and data files),
// hand out one link per seat, and list the tables (refreshed every few seconds).

import { ApiError, api, loadFace, nav, seatLink, when } from "wl/app.js";
import { chanceBox, needsChance } from "wl/chance.js";
import { byId as $, h, showError } from "wl/dom.js";
import { loadSpeech, plural, speaking, t } from "wl/speech.js";

const REFRESH_MS = 3000;
const SHOWN = 100; // the latest tables, newest first
let games = [];
let rules = {}; // game -> {rule id -> rule}
let acceptsData = false;

// Seat links of the tables opened in this browser (the creator hands them out).
const mine = () => JSON.parse(localStorage.getItem("wizards:tables") || "{}");
function remember(gid, seats, names) {
  const all = mine();
  all[gid] = seats.map((s) => ({ seat: s.seat, token: s.token, name: names[s.seat] }));
  localStorage.setItem("wizards:tables", JSON.stringify(all));
}

const game = () => games.find((g) => g.id === $("game").value);

function drawSeats() {
  const g = game();
  const sel = $("seats");
  const keep = Number(sel.value) || g.players[0];
  sel.replaceChildren();
  for (let n = g.players[0]; n <= g.players[1]; n++) sel.appendChild(h("option", { value: n }, plural("{n} player", "{n} players", n)));
  sel.value = String(Math.min(Math.max(keep, g.players[0]), g.players[1]));
  drawNames();
}

function drawNames() {
  const n = Number($("seats").value);
  const old = [...$("names").querySelectorAll("input")].map((i) => i.value);
  $("names").replaceChildren(
    ...Array.from({ length: n }, (_, i) =>
      h("input.name", { "aria-label": t("name of player {n}", { n: i + 1 }), placeholder: t("player {n}'s name", { n: i + 1 }), value: old[i] || "", maxlength: 40 })
    )
  );
}

function ruleTitle(gameId, ruleId) {
  const r = (rules[gameId] || {})[ruleId];
  return r ? t("{label}: {value}", { label: r.section, value: `« ${r.passage} »` }) : ruleId;
}

// An option's value in words: the reading it selects, as GET /games says it in
// the reader's language; else the value itself, spaced ("owner_only" -> "owner only").
const valueWords = (o, v) => (o.readings && o.readings[String(v)]) || String(v).replace(/_/g, " ");

function drawOptions() {
  const g = game();
  $("game-hint").textContent = t("{min}–{max} players", { min: g.players[0], max: g.players[1] });
  const box = $("options");
  box.replaceChildren(h("label", {}, t("Options")));
  if (!g.options.length) box.appendChild(h("span.muted", {}, t("this game has no options")));
  for (const o of g.options) {
    let input;
    const id = `opt-${o.name}`;
    if (typeof o.default === "boolean") {
      input = h("input", { type: "checkbox", id, checked: o.default });
    } else if (o.allowed && o.allowed.length) {
      // Each value in words; the value sent is the option's own.
      // A reading is a sentence: the closed list keeps to the width of the form.
      input = h("select", { id, style: "max-width:100%" }, o.allowed.map((v) => h("option", { value: v, selected: v === o.default }, valueWords(o, v))));
    } else if (typeof o.default === "number") {
      input = h("input", { type: "number", id, value: o.default, style: "width:6em" });
    } else {
      input = h("input", { id, value: o.default });
    }
    input.dataset.option = o.name;
    box.appendChild(
      h(
        "div.option",
        {},
        // What a person calls the option; its name (a key) stays in the JSON.
        h("label", { for: id }, input, " ", h("b", {}, o.label)),
        o.rule ? [" ", h("span.rule-ref", { title: ruleTitle(g.id, o.rule) }, o.rule)] : null,
        h("div.doc", {}, o.doc || "")
      )
    );
  }
}

function optionValues() {
  const g = game();
  const out = {};
  for (const el of $("options").querySelectorAll("[data-option]")) {
    const spec = g.options.find((o) => o.name === el.dataset.option);
    let v;
    if (el.type === "checkbox") v = el.checked;
    else if (typeof spec.default === "number") v = Number(el.value);
    else v = el.value;
    if (v !== spec.default) out[spec.name] = v;
  }
  return out;
}

async function readToml(input, what) {
  const file = input.files[0];
  if (!file) return undefined;
  try {
    return await api("POST", "/toml", { text: await file.text() });
  } catch (e) {
    throw new Error(`${what} ${file.name}: ${e.message}`);
  }
}

// Table mode: what the opening asked the table for (its deal, first player...),
// for the game it was asked for; a change of game or players asks again.
let opening = null;
function dropOpening() {
  opening = null;
  $("opening-chance").replaceChildren();
  $("create").textContent = t("Open the table");
}

async function create(ev) {
  ev.preventDefault();
  showError($("create-error"), null);
  const chance = opening ? opening.ask.values() : {};
  if (chance instanceof Error) {
    showError($("create-error"), chance);
    return;
  }
  const n = Number($("seats").value);
  const typed = [...$("names").querySelectorAll("input")].map((i) => i.value.trim());
  // Named players are all named: a seat left blank among them (the count kept
  // from another game, say) would sit down as "seat 2".
  if (typed.some(Boolean) && !typed.every(Boolean)) {
    showError($("create-error"), new Error(t("Name every player, or none: {n} seats, {named} named.", { n, named: typed.filter(Boolean).length })));
    return;
  }
  const names = typed;
  const body = { game: game().id, players: typed.some(Boolean) ? names : n, options: optionValues() };
  const mode = document.querySelector("input[name=mode]:checked").value;
  if (mode === "table") Object.assign(body, { table: true }, chance);
  if (mode === "table" && $("by-seats").checked) body.chance_by = "seats";
  else if ($("seed").value.trim()) body.seed = $("seed").value.trim();
  $("create").disabled = true;
  try {
    const setup = await readToml($("setup-file"), t("setup file"));
    if (setup !== undefined) body.setup = setup;
    const data = await readToml($("data-file"), t("data file"));
    if (data !== undefined) body.data = data;
    const made = await api("POST", "/tables", { body });
    remember(made.game_id, made.seats, names);
    dropOpening();
    showCreated(made, names);
    refresh();
  } catch (e) {
    if (mode === "table" && needsChance(e)) await askOpening(e.needs, names);
    else showError($("create-error"), e);
  } finally {
    $("create").disabled = false;
  }
}

async function askOpening(needs, names) {
  if (!opening) {
    const g = game();
    await loadFace(g.id);
    const ask = chanceBox(g.id, names, t("The opening at your table: {game}", { game: g.name.split(" — ")[0] }));
    opening = { ask };
    $("opening-chance").replaceChildren(
      h("p.muted", {}, t("Deal and roll at the table, then enter what came out: the engine checks each card could be there.")),
      ask.box
    );
    $("create").textContent = t("Open the table with this deal");
  }
  opening.ask.add(needs);
}

function showCreated(tb, names) {
  const links = tb.seats.map((s) => {
    const url = seatLink(tb.game_id, s.seat, s.token);
    const input = h("input", { value: url, readonly: true, "aria-label": t("link of {name}", { name: names[s.seat] }) });
    return h(
      "div.seat-link",
      { dataset: { seat: s.seat } },
      h("b", {}, names[s.seat]),
      input,
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("copy")),
      h("a", { href: url, target: "_blank", class: "play-link" }, t("play"))
    );
  });
  $("created").replaceChildren(
    h("div.panel", {},
      h("h2", {}, t("Table open — one link per player")),
      h("p.muted", {}, t("Each link carries that player's secret token after the #, which browsers never send to a server. Give each player only their own link.")),
      h("div.seat-links", {}, links),
      h("p", {}, h("a", { href: `/play/${tb.game_id}` }, t("watch as a spectator")))
    )
  );
  $("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

function row(tb) {
  const g = games.find((x) => x.id === tb.game);
  const seats = mine()[tb.game_id] || [];
  // Dealing: the opening waits for the named players' cards (on their own pages).
  const dealing = tb.status === "dealing";
  const status = [h(`span.pill.${tb.status}`, { title: tb.status_text || tb.status }, dealing ? tb.status_text : statusWord(tb.status))];
  if (tb.mode === "table") status.push(" ", h("span.pill.table", { title: t("dice and deck orders come from the table") }, t("table mode")));
  if (tb.forked_from) {
    status.push(" ", h("span.pill.fork", { title: t("what-if branch of {game} at position {at}", { game: tb.forked_from.game_id, at: tb.forked_from.at }) }, "⑂ ", t("branch @{at}", { at: tb.forked_from.at })));
  }
  const names = tb.names && tb.names.length ? tb.names.join(", ") : plural("{n} player", "{n} players", tb.players);
  const go = [h("a", { href: `/play/${tb.game_id}` }, tb.status === "finished" ? t("view") : t("watch")), " · ", h("a", { href: `/replay/${tb.game_id}` }, t("replay"))];
  // While dealing too: a player names the cards dealt to them on their own page.
  for (const s of seats) {
    if (tb.status === "finished") break;
    go.push(" · ", h("a", { href: seatLink(tb.game_id, s.seat, s.token) }, t("play as {name}", { name: s.name })));
  }
  return h(
    "tr",
    { dataset: { game: tb.game_id } },
    h("td", {}, g ? g.name.split(" — ")[0] : tb.game, h("div.muted", { style: "font-size:.8em" }, tb.game_id.slice(0, 8))),
    h("td", {}, names),
    h("td", {}, status, h("div.muted", { style: "font-size:.8em" }, dealing ? t("no events yet") : plural("{n} event", "{n} events", tb.events))),
    h("td", {}, tb.winner_names && tb.winner_names.length ? `♛ ${tb.winner_names.join(", ")}` : ""),
    h("td", {}, when(tb.started_at)),
    h("td", {}, go)
  );
}

async function refresh() {
  if (document.hidden) return; // a lobby left in a background tab costs the server nothing
  try {
    const r = await fetch(`/tables?order=newest&limit=${SHOWN}`, { headers: { accept: "application/json" } });
    if (!r.ok) throw new ApiError(r.status, await r.json().catch(() => null));
    const latest = await r.json();
    const total = Number(r.headers.get("X-Total-Count") || latest.length);
    $("tables").tBodies[0].replaceChildren(...latest.map(row));
    $("no-tables").hidden = latest.length > 0;
    $("tables-note").textContent = total > latest.length ? t("(latest {n} of {total})", { n: latest.length, total }) : "";
  } catch (e) {
    $("tables-note").textContent = t("(not refreshed: {why})", { why: e.message });
  }
}

function modeHint() {
  const table = document.querySelector("input[name=mode]:checked").value === "table";
  $("seed").disabled = table;
  $("by-seats-label").hidden = !table;
  $("mode-hint").textContent = table
    ? t("Table mode: the dice and cards come from your table. Opening the table asks for the deal and the first rolls; each move asks for what it needs. With “each player enters the cards they draw”, the lobby asks only for what no player holds (the first player's die…), each player names the cards dealt to them on their own page, and a move that makes others draw waits until each of them has named their own cards there.")
    : t("Leave it empty for a secret random seed. The seed stays secret while the game runs; give one only for a reproducible demo.");
}

// The page's own words (lobby.html says them in English), in the reader's language.
function speakPage() {
  document.documentElement.lang = speaking();
  document.title = t("Wizard Ledger — tables");
  const words = {
    "open-title": t("Open a table"),
    "game-label": t("Game"),
    "seats-label": t("Players"),
    "dice-label": t("Dice"),
    "seeded-word": t("from a secret seed"),
    "table-word": t("table mode"),
    "by-seats-word": t("each player enters the cards they draw"),
    "setup-word": t("Setup file"),
    "setup-note": t("(TOML: a position to start from)"),
    "data-word": t("Data file"),
    "data-note": t("(TOML: the table's own card texts, board, numbers)"),
    "tables-title": t("Tables"),
    "no-tables": t("No table yet: open one."),
    create: t("Open the table"),
  };
  for (const [id, text] of Object.entries(words)) $(id).textContent = text;
  $("seed").placeholder = t("seed (optional)");
  $("seed").title = t("leave empty for a secret random seed");
  const heads = [t("Game"), t("Players"), t("Status"), t("Winner"), t("Opened"), ""];
  $("tables-head").querySelectorAll("th").forEach((th, i) => (th.textContent = heads[i]));
}

// A table's status as the lobby says it.
const statusWord = (status) => ({ running: t("running"), finished: t("finished"), dealing: t("dealing") })[status] || status;

async function start() {
  await loadSpeech();
  $("nav").replaceWith(nav());
  speakPage();
  games = await api("GET", "/games");
  for (const g of games) $("game").appendChild(h("option", { value: g.id }, g.name));
  await Promise.all(
    games.map(async (g) => {
      rules[g.id] = {};
      for (const r of await api("GET", `/games/${g.id}/rules`)) rules[g.id][r.id] = r;
    })
  );
  // A data file needs a server that takes one (POST /tables "data").
  const spec = await api("GET", "/openapi.json");
  const props = ((spec.components || {}).schemas || {}).CreateTable || {};
  acceptsData = Boolean((props.properties || {}).data);
  $("data-file").disabled = !acceptsData;
  $("data-hint").textContent = acceptsData ? "" : t("this server does not take data files");
  $("game").addEventListener("change", () => { dropOpening(); drawSeats(); drawOptions(); });
  $("seats").addEventListener("change", () => { dropOpening(); drawNames(); });
  $("options").addEventListener("change", dropOpening); // options may change the deal
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", () => { dropOpening(); modeHint(); });
  $("create-form").addEventListener("submit", create);
  // An answer entered: the complaint about it no longer stands.
  $("opening-chance").addEventListener("change", () => showError($("create-error"), null));
  drawSeats();
  drawOptions();
  modeHint();
  await refresh();
  setInterval(refresh, REFRESH_MS);
  document.addEventListener("visibilitychange", refresh); // back in front: at once
  document.body.dataset.ready = "1";
}

start().catch((e) => showError($("create-error"), e));
