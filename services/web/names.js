// Players as a board and a story say them: by name, and "you" for the reader's seat.

import { t } from "wl/speech.js";

// A seat with no name (a table opened without names) is its player's place in the order.
export const nameOf = (players, seat) =>
  seat === null || seat === undefined ? "—" : players[seat] || t("player {n}", { n: seat + 1 });

// The seat a board is drawn for: "you" on its own page; a replay seen through
// another's eyes (a referee's) says so instead (ctx.youWord).
export const you = (c, seat) => (seat !== null && seat === c.seat ? c.youWord || t(" (you)") : "");
