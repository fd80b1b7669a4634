// The views at each position, as the JSON export keeps them: whole now and then
// and as changes in between. The facts (``frames``: the facts each position sets
// and drops) and the boards (``boards``: operations on the view the table page
// is given, services/review/board_frames.py).

import { boardValue } from "wl/viewer/read.js";

// A value kept whole now and then and as changes in between, at a position: from
// the nearest whole frame (or from the last position read, when stepping forward:
// ``memo``), applying each frame's changes (``step``, given the frame's position)
// up to it.
function atPosition(frames, memo, pos, whole, step) {
  let value, from;
  if (memo.value && memo.pos <= pos && pos - memo.pos < 200) {
    value = memo.value; from = memo.pos + 1;
  } else {
    let k = pos - 1;
    while (k > 0 && !frames[k].full) k--;
    value = structuredClone(whole(frames[k])); from = k + 2;
  }
  for (let p = from; p <= pos; p++) {
    const f = frames[p - 1];
    value = f.full ? structuredClone(whole(f)) : step(value, f, p);
  }
  memo.pos = pos; memo.value = value;
  return value;
}

// What a frame keeps once for every view (under "*", from version 3 of the
// export on) put back into each view's part: mappings merged, lists joined.
function unshared(part, labels) {
  if (!part || !("*" in part)) return part || {};
  const every = part["*"], out = {};
  for (const label of labels) {
    const own = part[label];
    out[label] = Array.isArray(every) ? [...every, ...(own || [])] : { ...every, ...(own || {}) };
  }
  return out;
}

// One memo each: a page reads one document.
const factsMemo = { pos: 0, value: null };
const boardsMemo = { pos: 0, value: null };

// The facts a frame changed, "label\u0000fact" each, with the position they are of.
let lastChanged = { pos: 0, keys: new Set() };

// The facts at a position: each frame sets the facts that changed, adds items at
// the end of a list fact (version 6: "add") and drops those gone. ``changed``
// holds "label\u0000fact" for each fact this position changed: a fact set under
// "*" to what a view held already did not change there.
export function factsAt(doc, pos) {
  const labels = doc.views;
  const facts = atPosition(doc.frames, factsMemo, pos, (f) => unshared(f.set, labels), (facts, f, p) => {
    const keys = new Set();
    for (const [label, set] of Object.entries(unshared(f.set, labels))) {
      const mine = facts[label] = facts[label] || {};
      for (const [k, v] of Object.entries(set)) {
        if (JSON.stringify(mine[k]) !== JSON.stringify(v)) keys.add(label + "\u0000" + k);
        mine[k] = v;
      }
    }
    // A new list each: the one before may be the document's own.
    for (const [label, add] of Object.entries(unshared(f.add, labels))) for (const [k, items] of Object.entries(add)) { facts[label][k] = [...facts[label][k], ...items]; keys.add(label + "\u0000" + k); }
    for (const [label, gone] of Object.entries(unshared(f.drop, labels))) for (const k of gone) delete facts[label][k];
    lastChanged = { pos: p, keys };
    return facts;
  });
  const here = doc.frames[pos - 1];
  const changed = !here.full && lastChanged.pos === pos ? lastChanged.keys : new Set();
  return { facts, changed };
}

// [path, value] sets (a list's index one past its end appends), [path] deletes.
function applyOps(doc, view, ops) {
  for (const op of ops) {
    const path = op[0];
    const value = op.length === 2 ? boardValue(doc, op[1]) : undefined;
    if (!path.length) { view = structuredClone(value); continue; }
    let parent = view;
    for (const step of path.slice(0, -1)) parent = parent[step];
    const key = path[path.length - 1];
    if (op.length === 2) parent[key] = structuredClone(value);
    else if (Array.isArray(parent)) parent.splice(key, 1);
    else delete parent[key];
  }
  return view;
}

// Each view's board at a position, by label.
export function boardAt(doc, pos) {
  const labels = doc.views;
  // Each label's view its own copy: what "*" holds is one object in every view,
  // and a patch of one view must not change another's.
  const whole = (f) => {
    const views = {};
    for (const [label, view] of Object.entries(unshared(f.views, labels))) {
      views[label] = {};
      for (const [k, v] of Object.entries(view)) views[label][k] = structuredClone(boardValue(doc, v));
    }
    return views;
  };
  return atPosition(doc.boards, boardsMemo, pos, whole, (views, f) => {
    for (const [label, ops] of Object.entries(unshared(f.ops, labels))) views[label] = applyOps(doc, views[label], ops);
    return views;
  });
}
