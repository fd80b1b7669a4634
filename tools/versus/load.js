// The load make bench plays against boardgame.io's server: GAMES concurrent
// two-player games, MOVES moves in all (a game that ends is followed by a new
// one), each player a boardgame.io client of its own on a socket of its own,
// each move chosen at random among the legal ones by the seat to move; a move's
// time runs from sending it to the mover's client holding the server's answer.
// Usage: node load.js PORT GAMES MOVES SEED; prints one line of JSON.
"use strict";

const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { Stones, takeable } = require("./game");

const [port, games, moves, seed] = process.argv.slice(2).map(Number);
const server = `http://127.0.0.1:${port}`;

// A small seeded generator (mulberry32), so that runs choose alike.
function rng(s) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function post(path, body) {
  const res = await fetch(`${server}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const budget = { left: moves };
const result = { moves: 0, games: 0, latencies: [], errors: [] };

// The next state a client holds whose stateID is past ``after``; with ``after``
// -1, the first state the server sent it (its sync: the match's players known).
// A client drops a patch that does not follow what it holds, so no move is sent
// before both seats' clients are synced. Each client has one subscriber for the
// whole game, which answers the one wait of its seat: boardgame.io numbers a
// client's subscribers by their count, so a subscriber removed and another added
// can take the number of one still there and remove it.
function next(client, after) {
  const now = client.getState();
  if (now && now._stateID > after && client.matchData) return Promise.resolve(now);
  return new Promise((resolve) => {
    client.waiting = { after, resolve };
  });
}

function watch(client) {
  client.subscribe((state) => {
    const wait = client.waiting;
    if (wait && state && state._stateID > wait.after && client.matchData) {
      client.waiting = null;
      wait.resolve(state);
    }
  });
}

async function table(random) {
  const { matchID } = await post("/games/stones/create", { numPlayers: 2 });
  const seats = [];
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/games/stones/${matchID}/join`, {
      playerID,
      playerName: `bot ${playerID}`,
    });
    const client = Client({
      game: Stones,
      multiplayer: SocketIO({ server }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    client.waiting = null;
    watch(client);
    client.start();
    seats.push(client);
  }
  result.games += 1;
  let state = await next(seats[0], -1);
  await next(seats[1], -1);
  while (!state.ctx.gameover && budget.left > 0) {
    budget.left -= 1;
    const mover = seats[Number(state.ctx.currentPlayer)];
    // The seat to move acts on what its own client holds: the move before it
    // reaches that client by the server's push, as a live stream would bring it.
    await next(mover, state._stateID - 1);
    const legal = takeable(state.G);
    const n = legal[Math.floor(random() * legal.length)];
    const sent = performance.now();
    const answered = next(mover, state._stateID);
    mover.moves.take(n);
    state = await answered;
    result.latencies.push(performance.now() - sent);
    result.moves += 1;
  }
  for (const client of seats) client.stop();
  return !state.ctx.gameover;
}

async function player(index) {
  const random = rng(seed * 1000 + index);
  while (budget.left > 0) {
    if (await table(random)) break;
  }
}

(async () => {
  const start = performance.now();
  try {
    await Promise.all(Array.from({ length: games }, (_, i) => player(i)));
  } catch (e) {
    result.errors.push(String(e));
  }
  const seconds = (performance.now() - start) / 1000;
  const sorted = result.latencies.sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
  console.log(
    JSON.stringify({
      moves: result.moves,
      games: result.games,
      seconds,
      p50_ms: at(0.5),
      p99_ms: at(0.99),
      errors: result.errors,
    })
  );
  process.exit(0);
})();
