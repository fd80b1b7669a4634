// A JSON export read into the shape the viewer's panels read: each event with
// its position, type, rule, the rulings it relied on besides, whether it is an
// action, and its words. From version 5 on, an event says its fields once
// (``event``, with its type and rule) and its position is its place in the
// list; version 5 gives its words by their index in the document's ``texts``;
// from version 6 each position holds the index of its event in the document's
// ``told`` (words, fields, dice and heading together, told once however many
// positions hold the same). Older versions are read as they are.

export function readable(doc) {
  if (!(doc.version >= 5)) return doc;
  const told = doc.version >= 6 ? doc.events.map((k) => doc.told[k]) : doc.events.map((e) => ({ ...e, text: doc.texts[e.text] }));
  doc.events = told.map((e, i) => {
    const event = e.event || null;
    const type = event ? event.type : "Hidden";
    const out = { ...e, position: i + 1, type };
    if (event && event.rule) out.rule = event.rule;
    if (event && event.also) out.also = event.also;
    if (type === "ActionTaken") out.action = true;
    return out;
  });
  return doc;
}

// A board's value as the document says it: ``{"$": k}`` (version 5) is the
// document's ``board_values[k]``; anything else is itself.
export function boardValue(doc, value) {
  if (value && typeof value === "object" && !Array.isArray(value) && "$" in value && Object.keys(value).length === 1) return doc.board_values[value.$];
  return value;
}
