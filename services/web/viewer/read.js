// A JSON export read into the shape the viewer's panels read: from version 5
// on, an event says its fields once (``event``, with its type and rule) and its
// words by their index in the document's ``texts``, its position being its
// place in the list; here each gets back its position, type, rule, the rulings
// it relied on besides, whether it is an action, and its words. Older versions
// are read as they are.

export function readable(doc) {
  if (!(doc.version >= 5)) return doc;
  const said = doc.texts;
  doc.events = doc.events.map((e, i) => {
    const event = e.event || null;
    const type = event ? event.type : "Hidden";
    const out = { ...e, position: i + 1, type, text: said[e.text] };
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
