// Card faces of a game (printed names and texts, the words for its commands, the
// names of its data's entries), by game: given by the server to the app's pages
// (app.js, loadFace) and by the document to the replay viewer.

const faces = {};

// ``face``: {cards: [{id, name, text, kind, ...}], labels, names}, as the API and
// the JSON export both give it.
export function registerFace(game, face) {
  const byId = {};
  for (const c of face.cards || []) byId[c.id] = c;
  faces[game] = { byId, labels: face.labels || {}, names: face.names || {} };
  return faces[game];
}

// The game's faces as registered ({byId, labels, names}), or undefined.
export const facesOf = (game) => faces[game];

// The words for the game's command types ({PlayCard: "Play a card"}).
export const labelsOf = (game) => (faces[game] || {}).labels || {};

// A named entry of the table's data (an Elfenwizards title) as the table calls it.
export const entryName = (game, id) => ((faces[game] || {}).names || {})[id] || null;

// A card instance names its kind before a copy number: "slug#2", "smash.01", "orc-04".
export function face(game, id) {
  const f = faces[game];
  if (!f || typeof id !== "string") return null;
  return f.byId[id] || f.byId[id.split(/[#.]/)[0]] || f.byId[id.replace(/-\d+$/, "")] || null;
}
