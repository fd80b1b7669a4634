// A tiny two-player game for boardgame.io, played by make bench beside Wizard
// Ledger's own load (tools/bench_versus.py): a pile of stones, each turn a player
// takes one, two or three, and whoever takes the last one wins.
"use strict";

const { INVALID_MOVE } = require("boardgame.io/core");

const PILE = 200;

// What the seat to move may take now: what the load's players choose among.
function takeable(G) {
  const most = Math.min(3, G.pile);
  return Array.from({ length: most }, (_, i) => i + 1);
}

const Stones = {
  name: "stones",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ pile: PILE }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // client: false: decided by the server alone, as Wizard Ledger decides an
    // act, so the mover's answer is the server's and not the client's guess.
    take: {
      client: false,
      move: ({ G }, n) => {
        if (!takeable(G).includes(n)) return INVALID_MOVE;
        return { pile: G.pile - n };
      },
    },
  },
  endIf: ({ G, ctx }) => (G.pile === 0 ? { winner: ctx.currentPlayer } : undefined),
};

module.exports = { Stones, takeable };
