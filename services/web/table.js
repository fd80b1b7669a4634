// The table page: /play/{game_id}#seat=K&token=T (or no fragment: a spectator).
// Reads the state and legal commands as that seat, follows the live log over
// SSE, and sends commands built from the legal ones.

import { ApiError, api, fragment, gameIdFromPath, loadFace, nav } from "wl/app.js";
import { loadSpeech, plural, speaking, spoken, t } from "wl/speech.js";
import { cardNode } from "wl/cards.js";
import { chanceBox, needsChance } from "wl/chance.js";
import { Builder, describe, fieldsOf, label, typeLabel } from "wl/commands.js";
import { byId as $, h, showError } from "wl/dom.js";
import { loadDrawing, renderer } from "wl/drawing.js";
import { labelsOf } from "wl/faces.js";
import { nameOf } from "wl/names.js";

const gid = gameIdFromPath();
const frag = fragment();
const token = frag.token || null;
const askedSeat = frag.seat !== undefined && frag.seat !== "" ? Number(frag.seat) : null;

const S = {
  summary: null,
  state: null,
  legal: [],
  builder: new Builder([]),
  rules: {},
  lines: new Set(), // positions already in the story
  intent: null, // {json, key}: the action being sent, kept until answered
  refreshing: null,
  again: false,
};

function ctx() {
  const st = S.state;
  const c = {
    game: st.game,
    gid,
    seat: st.seat,
    players: st.players,
    state: st,
    view: st.view,
    renderer: renderer(st.game),
    labels: labelsOf(st.game),
    handIds: [],
  };
  const hand = c.renderer.handCards(c) || [];
  c.hand = hand;
  c.handIds = hand.map((x) => x.id);
  return c;
}

// ------------------------------------------------------------ reading

async function refresh() {
  // One refresh at a time; a wake-up during one asks for another after it.
  if (S.refreshing) {
    S.again = true;
    return S.refreshing;
  }
  S.refreshing = (async () => {
    do {
      S.again = false;
      const q = askedSeat === null ? "" : `?seat=${askedSeat}`;
      const st = await api("GET", `/tables/${gid}/state${q}`, { token });
      let legal = [];
      const mine = st.seat !== null && st.pending.some((p) => p.seat === st.seat);
      if (mine && st.status === "running") {
        legal = await api("GET", `/tables/${gid}/legal?seat=${st.seat}`, { token });
      }
      // A move by someone else leaves what this seat was composing alone, as long
      // as its own legal commands are the same (Spell Wars' seats place at once).
      const changed = JSON.stringify(legal) !== JSON.stringify(S.legal);
      S.state = st;
      if (changed) {
        S.legal = legal;
        S.builder = builderOf(legal);
      }
      draw();
    } while (S.again);
  })();
  try {
    await S.refreshing;
  } catch (e) {
    showError($("error"), e);
  } finally {
    S.refreshing = null;
  }
}

// ------------------------------------------------------------ drawing

// The composer of ``legal``, with the list fields this game answers whole.
const builderOf = (legal) => new Builder(legal, renderer(S.state.game).wholeFields || []);

// Commands with something to choose (a card, a target...), as opposed to a bare "Pass".
const hasFields = (cmds) => cmds.some((cmd) => Object.keys(cmd).some((k) => k !== "type"));

// One kind of move only ("Pick a target", "Place your spell"): its first question
// is asked at once, rather than after a tap on the only button there is.
function openOnlyType() {
  const b = S.builder;
  if (S.state.held || b.type || b.focus || b.types.length !== 1) return;
  if (hasFields(b.ofType(b.types[0]))) b.choose(b.types[0]);
}

// The builder as it stands when its only type was just opened: nothing to cancel yet.
function atStart(b) {
  const fresh = builderOf(S.legal);
  fresh.choose(b.type);
  fresh.next();
  return !b.picks.length && JSON.stringify(fresh.values) === JSON.stringify(b.values);
}

function draw() {
  openOnlyType();
  const c = ctx();
  const st = S.state;
  $("status").replaceChildren(h(`span.pill.${st.status}`, {}, statusWord(st.status)), " ", h("span.muted", {}, t("position {n}", { n: st.position })));
  $("me").textContent = st.seat === null ? t("watching as a spectator") : t("you are {name}", { name: nameOf(st.players, st.seat) });
  $("public").replaceChildren(c.renderer.publicArea(c));
  drawTurn(c);
  drawHeld(c);
  drawOutcome(c);
  drawHand(c);
  drawActions(c);
  $("to-move").hidden = $("actions-panel").hidden;
  document.body.dataset.position = String(st.position);
  $("replay-link").href = replayHref();
}

// A table's status in words (the API's field keeps its code).
function statusWord(status) {
  const words = { running: t("running"), finished: t("finished"), dealing: t("dealing") };
  return words[status] || status;
}

// The page's fixed words (table.html says them in English) in the reader's language.
function speakHeadings() {
  $("to-move").textContent = t("Your move ↓");
  $("to-story").textContent = t("Story ↓");
  $("replay-link").textContent = t("replay & dispute");
  $("hand-title").textContent = t("Your hand");
  $("story-panel").querySelector("h2").lastChild.textContent = t("The story");
  $("actions-panel").querySelector("h2").textContent = t("Your move");
  $("live").title = t("live updates");
  document.documentElement.lang = speaking();
}

function drawTurn(c) {
  const st = c.state;
  const banner = $("turn");
  banner.className = "turn-banner";
  if (st.status === "finished") {
    banner.classList.add("over");
    banner.textContent = t("The game is over.");
    document.title = t("Game over") + " — Wizard Ledger";
    return;
  }
  if (st.held) {
    // A move made others draw: it waits until each of them names their cards.
    const owes = Boolean(st.held.needs);
    banner.classList.toggle("yours", owes);
    const said = st.held.text;
    // "The opening deal — …" reads on after a dash in lower case; a player's name does not.
    const after = st.held.seat === null ? said.charAt(0).toLowerCase() + said.slice(1) : said;
    banner.textContent = owes ? t("Your cards — {said}", { said: after }) : said;
    document.title = (owes ? t("● Your cards") : t("Waiting for cards")) + " — Wizard Ledger";
    banner.dataset.yours = owes ? "1" : "0";
    return;
  }
  const mine = st.pending.find((p) => p.seat === st.seat);
  if (mine) {
    banner.classList.add("yours");
    const asked = mine.prompt || t("your decision");
    banner.textContent = t("Your turn — {prompt}", { prompt: asked });
    document.title = t("● Your turn") + " — Wizard Ledger";
  } else {
    const who = [...new Set(st.pending.map((p) => nameOf(st.players, p.seat)))].join(", ");
    // A prompt speaks to the seat it asks, in the second person ("attacks you",
    // « lancez votre sort »): another seat is told only whom the table waits for.
    banner.textContent = who ? t("Waiting for {who}", { who }) : t("Waiting…");
    document.title = t("Waiting for {who}", { who: who || "…" }) + " — Wizard Ledger";
  }
  banner.dataset.yours = mine ? "1" : "0";
}

function drawOutcome(c) {
  const st = c.state;
  const box = $("outcome");
  if (!st.outcome) {
    box.replaceChildren();
    return;
  }
  const o = st.outcome;
  const winners = o.winners.map((w) => nameOf(st.players, w));
  const listed = winners.length > 1 ? t("{items} and {last}", { items: winners.slice(0, -1).join(", "), last: winners[winners.length - 1] }) : winners[0] || "";
  const rank = new Map();
  (o.ranking || []).forEach((group, i) => group.forEach((s) => rank.set(s, i + 1)));
  const order = st.players.map((_, s) => s).sort((a, b) => (rank.get(a) || 99) - (rank.get(b) || 99));
  const rows = order.map((s) =>
    h(
      "tr",
      {},
      h("td", {}, rank.has(s) ? `#${rank.get(s)}` : ""),
      h("td", {}, nameOf(st.players, s), o.winners.includes(s) ? " ♛" : ""),
      h("td", {}, o.scores && o.scores.length ? String(o.scores[s]) : "")
    )
  );
  box.replaceChildren(
    h(
      "div.winner",
      { id: "winner" },
      h("div.crown", {}, "♛"),
      h("h2", {}, o.winners.length > 1 ? t("{names} win", { names: listed }) : t("{name} wins", { name: listed })),
      o.reason ? h("p", {}, o.reason) : null,
      h("table.grid", { style: "max-width:420px;margin:0 auto" }, h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, t("score")))), h("tbody", {}, rows)),
      h("p", {}, h("a", { href: replayHref() }, t("Replay the game, dispute a ruling")), " · ", h("a", { href: "/" }, t("back to the tables")))
    )
  );
}

function drawHand(c) {
  const section = $("mine");
  if (c.seat === null || !c.hand.length) {
    section.hidden = c.seat === null || c.renderer.handCards(c) === null;
    $("hand").replaceChildren(c.seat === null ? "" : h("span.muted", {}, "no cards in hand"));
    return;
  }
  section.hidden = false;
  const b = S.builder;
  const step = b.next();
  const pickItems = step && step.list ? b.pickable(step.field) : null;
  const single = step && !step.list ? new Set(step.values.filter((v) => typeof v === "string")) : null;
  $("hand").replaceChildren(
    ...c.hand.map(({ id, item }) => {
      const el = cardNode(c, id, item);
      if (pickItems) {
        if (b.picks.includes(id)) el.classList.add("picked", "pickable");
        else if (pickItems.has(id)) el.classList.add("pickable");
        else el.classList.add("dim");
        if (b.picks.includes(id) || pickItems.has(id)) el.addEventListener("click", () => { b.toggle(id); draw(); });
      } else if (single && single.has(id)) {
        el.classList.add("pickable");
        el.addEventListener("click", () => { b.set(step.field, id); draw(); });
      } else if (!b.type && S.legal.some((cmd) => usesCard(cmd, id))) {
        el.classList.add("pickable");
        el.addEventListener("click", () => startWithCard(id));
      }
      return el;
    })
  );
}

function usesCard(cmd, id) {
  return Object.entries(cmd).some(([f, v]) => f !== "type" && (v === id || (Array.isArray(v) && v.includes(id))));
}

// A card clicked first: the actions it can take part in.
function startWithCard(id) {
  const types = S.builder.types.filter((t) => S.builder.ofType(t).some((cmd) => usesCard(cmd, id)));
  if (types.length === 1) {
    S.builder.choose(types[0]);
    applyCard(id);
  } else {
    S.builder.reset();
    S.builder.focus = id;
  }
  draw();
}

function applyCard(id) {
  const b = S.builder;
  const step = b.next();
  if (!step) return;
  if (step.list) {
    if (b.pickable(step.field).has(id)) b.toggle(id);
  } else if (step.values.includes(id)) {
    b.set(step.field, id);
  }
}

function drawActions(c) {
  const panel = $("actions-panel");
  const st = c.state;
  const title = panel.querySelector("h2");
  if (st.held) {
    // Nobody moves while a move waits for cards; a seat it waits for names them here.
    panel.hidden = !st.held.needs && !st.held.again;
    title.textContent = t("Your cards");
    $("actions").replaceChildren();
    return;
  }
  title.textContent = t("Your move");
  const mine = st.seat !== null && st.pending.some((p) => p.seat === st.seat);
  panel.hidden = !(mine && st.status === "running");
  if (panel.hidden) return;
  c.now = true; // the values are read against the state as it stands (a palette slot's card)
  const b = S.builder;
  const box = $("actions");
  box.replaceChildren();
  if (!S.legal.length) {
    box.appendChild(h("p.muted", {}, t("nothing to send right now")));
    return;
  }
  const focus = b.focus && !b.type ? b.focus : null;
  const types = focus ? b.types.filter((t) => b.ofType(t).some((cmd) => usesCard(cmd, focus))) : b.types;
  box.appendChild(
    h(
      "div.action-types",
      {},
      focus ? h("span", {}, t("With {card}: ", { card: label(c, "card", focus) })) : null,
      types.map((t) => {
        const single = b.ofType(t).length === 1 && !Object.keys(b.ofType(t)[0]).some((k) => k !== "type");
        return h(
          `button${b.type === t ? ".chosen" : ""}${single ? ".primary" : ""}`,
          { type: "button", dataset: { type: t }, onclick: () => chooseType(t, focus) },
          typeLabel(c, t)
        );
      }),
      (focus || b.type) && !(b.types.length === 1 && atStart(b))
        ? h("button", { type: "button", onclick: () => { b.reset(); draw(); } }, t("cancel"))
        : null
    )
  );
  if (!b.type) return;
  const step = b.next();
  if (step) box.appendChild(stepNode(c, step));
  const cmd = b.command();
  if (cmd) {
    box.appendChild(
      h("div.step", {}, h("div.summary", { id: "summary" }, describe(c, cmd)), h("button.primary", { type: "button", id: "send", onclick: () => send(cmd) }, t("Send")))
    );
  }
}

function chooseType(t, focus) {
  const b = S.builder;
  const cands = b.ofType(t);
  if (cands.length === 1 && !Object.keys(cands[0]).some((k) => k !== "type")) {
    send(cands[0]);
    return;
  }
  b.choose(t);
  if (focus) applyCard(focus);
  draw();
}

function stepNode(c, step) {
  const b = S.builder;
  const field = step.field;
  const question = (c.renderer.question && c.renderer.question(field, c)) || t("Choose {what}", { what: field.replace(/_/g, " ") });
  if (!step.list) {
    return h(
      "div.step",
      {},
      h("div.q", {}, question),
      h(
        "div.choices",
        {},
        step.values.map((v) =>
          h("button", { type: "button", dataset: { field, value: JSON.stringify(v) }, onclick: () => { b.set(field, v); draw(); } }, label(c, field, v))
        )
      )
    );
  }
  // A list field: pick items one by one, checked as you go.
  const items = [...b.pickable(field)];
  const picked = b.pickedValue(field);
  const checks = (c.renderer.checks && c.renderer.checks(c, field, b.picks)) || [];
  checks.push(
    picked
      ? { level: "ok", text: t("a legal choice") }
      : { level: b.picks.length ? "bad" : "warn", text: b.picks.length ? t("not a legal choice as it stands") : t("pick from your hand") }
  );
  const inHand = items.filter((x) => c.handIds.includes(x));
  const others = items.filter((x) => !c.handIds.includes(x) && !b.picks.includes(x));
  return h(
    "div.step",
    {},
    h("div.q", {}, question),
    c.renderer.slots ? c.renderer.slots(c, field, b.picks) : h("div", {}, b.picks.map((p) => label(c, field, p)).join(" + ") || t("nothing picked yet")),
    h("div.checks", { id: "checks" }, checks.map((x) => h(`div.check.${x.level}`, {}, x.text))),
    inHand.length ? h("div.muted", {}, t("Click cards in your hand to add or remove them.")) : null,
    others.length ? h("div.choices", {}, others.map((x) => h("button", { type: "button", onclick: () => { b.toggle(x); draw(); } }, label(c, field, x)))) : null,
    h("div.choices", { style: "margin-top:.4em" },
      composeButton(field, picked),
      b.picks.length ? h("button", { type: "button", onclick: () => { b.picks = []; draw(); } }, t("clear")) : null
    )
  );
}

// The button under a list being picked: "Send" when the picks finish the command
// (one tap sends a composed spell), "Done" when more questions follow.
function composeButton(field, picked) {
  const b = S.builder;
  const then = builderOf(b.legal);
  then.choose(b.type);
  Object.assign(then.values, b.values, { [field]: picked || [] });
  const cmd = picked && !then.next() ? then.command() : null;
  if (cmd) return h("button.primary", { type: "button", id: "send", onclick: () => send(cmd) }, t("Send"));
  const last = !picked && !fieldsOf(b.ofType(b.type)).some((f) => f !== field && !(f in b.values));
  const onclick = () => { b.set(field, picked); draw(); };
  return h("button.primary", { type: "button", id: "compose-done", disabled: !picked, onclick }, last ? t("Send") : t("Done"));
}

// ------------------------------------------------------------ acting

function randomKey() {
  const a = new Uint8Array(16);
  crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("");
}

// Sends ``cmd`` (null: a seat's cards for a held command) with the values of a
// chance box, or says which of its fields is not answered.
function sendButton(ask, cmd, label) {
  return h("button.primary", {
    type: "button",
    onclick: () => {
      const values = ask.values();
      if (values instanceof Error) showError($("act-error"), values);
      else send(cmd, values);
    },
  }, label);
}

// Table mode: the chance a refused command asked for, kept until it is sent
// with it (or dropped); a further refusal adds what it still needs.
function askChance(cmd, needs) {
  const json = JSON.stringify(cmd);
  if (!S.chance || S.chance.json !== json) {
    const what = describe(ctx(), cmd);
    const ask = chanceBox(S.summary.game, S.state.players, t("The table's chance for: {move}", { move: what }));
    const sendIt = sendButton(ask, cmd, t("Send with these"));
    const drop = h("button", { type: "button", onclick: dropChance }, t("Cancel"));
    ask.box.append(h("div.chance-buttons", {}, sendIt, " ", drop));
    S.chance = { json, ask };
    // The move waits for its chance: one way to send it, "Send with these".
    $("actions").style.display = "none";
    $("table-chance").replaceChildren(
      h("p.muted", {}, t("Enter what the table rolled and drew, as it happened, then send the move.")),
      ask.box
    );
  }
  S.chance.ask.add(needs);
}

function dropChance() {
  S.chance = null;
  S.heldAsk = null;
  $("actions").style.display = "";
  $("table-chance").replaceChildren();
}

// A table whose seats enter their own draws: another's move made this seat
// draw, and waits for it to name the cards (the state's held.needs).
function drawHeld(c) {
  const held = c.state.held;
  const asked = held && (held.needs || (S.changing && held.again));
  if (!held || (!held.needs && !held.again)) {
    S.changing = false;
    if (S.heldAsk) dropChance();
    return;
  }
  const yours = held.yours && held.yours.length ? held.yours.join(", ") : "";
  const intro = held.needs
    ? held.seat === null
      ? t("{held}. Name the cards you were dealt, as you see them in your hand: nobody else sees them.", { held: held.text })
      : t("{held}. Name the cards you drew, as you see them in your hand: nobody else sees them.", { held: held.text })
    : yours
      ? t("Your cards are in (you named {cards}). {held}.", { cards: yours, held: held.text })
      : t("Your cards are in. {held}.", { held: held.text });
  const json = JSON.stringify([held.needs || null, asked ? held.again || null : null]);
  if (S.heldAsk && S.heldAsk.json === json) {
    S.heldAsk.intro.textContent = intro; // whom it waits for, as it stands
    return;
  }
  const parts = [];
  if (asked) {
    const ask = chanceBox(S.summary.game, c.state.players, held.needs ? t("The cards you drew") : t("Your cards, again"));
    ask.add(held.needs || held.again);
    const sendIt = sendButton(ask, null, t("Send my cards"));
    ask.box.append(h("div.chance-buttons", {}, sendIt));
    parts.push(ask.box);
  } else {
    // One of the cards named may be wrong (another player is told so): name them again.
    parts.push(h("button", { type: "button", id: "change-cards", onclick: () => { S.changing = true; draw(); } }, t("Name my cards again")));
  }
  const introLine = h("p.muted", {}, intro);
  S.chance = null;
  const first = !S.heldAsk;
  S.heldAsk = { json, intro: introLine };
  $("table-chance").replaceChildren(introLine, ...parts);
  // On a phone the form lies below the board and the hand: bring it into view once.
  if (first && held.needs) $("actions-panel").scrollIntoView({ block: "start", behavior: "smooth" });
}

// One idempotency key per intended action: a retry of the same command after
// a lost answer reuses it (the server stores it once); a new command, or the
// same one after an answer came back, gets a new key. Exported for the tests
// and the console: (await import("wl/table.js")).send(command).
export async function send(cmd, chance) {
  const json = JSON.stringify([cmd, chance || null]);
  if (!S.intent || S.intent.json !== json) S.intent = { json, key: randomKey() };
  const key = S.intent.key;
  showError($("act-error"), null);
  for (const b of document.querySelectorAll("#actions button, #table-chance button")) b.disabled = true;
  try {
    const body = Object.assign({ seat: S.state.seat, command: cmd }, chance || {});
    await api("POST", `/tables/${gid}/act`, { body, token, headers: { "Idempotency-Key": key } });
    S.intent = null;
    S.changing = false; // cards sent again: the form goes
    dropChance();
    S.builder.reset();
  } catch (e) {
    for (const b of document.querySelectorAll("#table-chance button")) b.disabled = false;
    if (e instanceof ApiError) {
      S.intent = null; // answered: the next attempt is a new action
      if (needsChance(e) && cmd !== null) askChance(cmd, e.needs);
      else showError($("act-error"), e);
    } else {
      showError($("act-error"), new Error(t("The connection failed before the answer came. Send again: the same action is never applied twice.")));
    }
  }
  await refresh();
}

// ------------------------------------------------------------ the story

// The rules as this table reads them: its own data file's card names in our glosses.
async function loadRules() {
  for (const r of await api("GET", `/tables/${gid}/rules`)) S.rules[r.id] = r;
}

function openRule(id) {
  const r = S.rules[id];
  const d = $("rule");
  const parts = [
    h("h3", {}, r ? r.section : id, " ", r ? h(`span.source-badge.${r.source}`, {}, r.source) : null),
    h("div", {}, h("code", {}, id)),
    r ? h("blockquote", { lang: "fr" }, r.passage) : h("p", {}, t("not in the catalogue")),
    r && r.summary ? h("p", {}, h("b", {}, t("In short: ")), r.summary) : null,
    r && r.readings && r.readings.length
      ? h("div", {}, h("b", {}, t("Readings:")), h("ul", {}, r.readings.map((x) => h("li", {}, x.summary, x.option ? t(" (option {option})", { option: x.option }) : ""))))
      : null,
    r && r.why ? h("p.muted", {}, t("Why: "), r.why) : null,
    h("form", { method: "dialog" }, h("button", {}, t("close"))),
  ];
  // replaceChildren writes a null as the text "null": only what a rule has.
  d.replaceChildren(...parts.filter(Boolean));
  d.showModal();
}

// The replay viewer at the position this table shows, as this seat (the token
// stays in the fragment).
function replayHref() {
  const at = S.state ? `?at=${S.state.position}` : "";
  return `/replay/${gid}${at}${location.hash}`;
}

// Every line, an action as any other, is the server's sentence: told with the
// players' and the table's names, in the reader's language.
const storyText = (entry) => entry.text;

function addLine(entry, fresh, older = false) {
  if (S.lines.has(entry.position)) return;
  S.lines.add(entry.position);
  const cls = ["line"];
  if (entry.type === "ActionTaken") cls.push("action");
  if (entry.redacted) cls.push("redacted");
  if (fresh) cls.push("fresh");
  const line = h(
    `div.${cls.join(".")}`,
    { dataset: { position: entry.position, type: entry.type } },
    h("span.pos", {}, entry.position),
    h("span.txt", {}, storyText(entry)),
    entry.rule ? h("button.rule-ref", { type: "button", onclick: () => openRule(entry.rule), title: t("open the rule") }, entry.rule) : null
  );
  const story = $("story");
  if (older) story.append(line); // under those shown: older still
  else story.prepend(line); // newest first
}

// The story is read a page at a time, its end first: a long game's whole log
// took seconds to come, and the page showed nothing meanwhile.
const STORY_PAGE = 200;

function logQuery(params) {
  const q = new URLSearchParams(params);
  if (askedSeat !== null) q.set("seat", String(askedSeat));
  return `/tables/${gid}/log?${q}`;
}

async function loadStory() {
  const entries = await api("GET", logQuery({ last: STORY_PAGE }), { token });
  for (const e of entries) addLine(e, false);
  olderEntries(entries.length ? entries[0].position : 1);
  return entries.length ? entries[entries.length - 1].position : 0;
}

// Under the story, the entries before the oldest shown, a page at a click.
function olderEntries(oldest) {
  const button = $("story-older");
  button.hidden = oldest <= 1;
  button.textContent = plural("Older entries ({n} before #{at})", "Older entries ({n} before #{at})", oldest - 1, { at: oldest });
  button.onclick = async () => {
    button.disabled = true;
    try {
      const entries = await api("GET", logQuery({ before: oldest, last: STORY_PAGE }), { token });
      for (const e of entries.slice().reverse()) addLine(e, false, true);
      olderEntries(entries.length ? entries[0].position : 1);
    } catch (e) {
      showError($("error"), e);
    } finally {
      button.disabled = false;
    }
  };
}

function follow(after) {
  const params = new URLSearchParams({ after: String(after) });
  if (token) params.set("token", token);
  const source = new EventSource(spoken(`/tables/${gid}/events?${params}`));
  // Ready (at first, and again after each reconnection): what happened before the
  // stream began is read once, since a move held for others' cards is no entry
  // the stream would replay from ``after``.
  source.addEventListener("ready", () => {
    $("live").classList.add("on");
    refresh();
  });
  source.addEventListener("entry", (m) => {
    addLine(JSON.parse(m.data), true);
    refresh();
  });
  source.addEventListener("held", () => refresh());
  source.addEventListener("end", () => {
    source.close();
    $("live").classList.remove("on");
    $("live").title = "the game is over";
    refresh();
  });
  source.onerror = () => $("live").classList.remove("on"); // EventSource reconnects by itself
}

// On a phone the turn bar stays at the top of the screen: its buttons bring the
// move or the story just below it, wherever the page was scrolled.
function jumpTo(id) {
  const top = $(id).getBoundingClientRect().top + window.scrollY - $("turn-bar").offsetHeight - 8;
  window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
}

async function start() {
  $("to-move").addEventListener("click", () => jumpTo("actions-panel"));
  $("to-story").addEventListener("click", () => jumpTo("story-panel"));
  $("replay-link").href = replayHref();
  try {
    await loadSpeech();
    $("nav").replaceWith(nav());
    speakHeadings();
    S.summary = await api("GET", `/tables/${gid}`);
    const games = await api("GET", "/games");
    const g = games.find((x) => x.id === S.summary.game);
    $("title").textContent = g ? g.name : S.summary.game;
    await Promise.all([loadFace(S.summary.game, gid), loadDrawing(S.summary.game), loadRules()]);
    await refresh();
    const after = await loadStory();
    follow(after);
    document.body.dataset.ready = "1";
  } catch (e) {
    showError($("error"), e);
    document.body.dataset.ready = "error";
  }
}

start();
