// The drawing every game gets unless it registers its own parts
// (WL.games[id] = {publicArea, handCards, fieldKind, valueLabel, kindLabel, checks, slots}).
// A game's view is drawn as it is: a list of per-seat records becomes one box
// per seat, other values a list of facts; the hand, if the view has one, as cards.
"use strict";
(function () {
  const { h } = WL;

  const words = (k) => k.replace(/_/g, " ");

  // A card id is shown by its printed name, when the game has faces.
  const named = (game, x) => (typeof x === "string" && WL.face(game, x) ? WL.face(game, x).name : x);

  function value(v, game) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (Array.isArray(v) && v.every((x) => typeof x !== "object")) return v.length ? v.map((x) => named(game, x)).join(", ") : "none";
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && typeof x.id === "string")) {
      return h("div.hand", {}, v.map((x) => WL.cardNode(game, x.id, x, { small: true }))); // cards
    }
    if (!Array.isArray(v) && typeof v === "object" && Object.values(v).every((x) => x === null || typeof x !== "object")) {
      return h("div.chips", {}, Object.entries(v).map(([k, x]) => h("span.chip", {}, `${words(k)} ${value(x, game)}`)));
    }
    if (typeof v === "object") return h("pre", {}, JSON.stringify(v, null, 1));
    return String(named(game, v));
  }

  function facts(obj, skip, game) {
    const dl = h("dl.kv");
    for (const [k, v] of Object.entries(obj)) {
      if (skip.has(k)) continue;
      dl.append(h("dt", {}, words(k)), h("dd", {}, value(v, game)));
    }
    return dl;
  }

  // A word joined by slashes ("Source/Qualité/Destination", "earth/lightning")
  // may go on the next line after a slash, which the browser does not do itself.
  const slashBreaks = (text) => text.split(/(?<=\/)/).flatMap((part, i) => (i ? [h("wbr"), part] : [part]));

  // One card, drawn from its face (printed name and text) or what the view says of it.
  // A small card shows its text on the focus, which a tap on a phone gives it.
  WL.cardNode = function cardNode(game, id, item, opts = {}) {
    const face = WL.face(game, id) || {};
    const info = typeof item === "object" && item ? item : {};
    const kind = face.kind || info.kind || "";
    const extra = face.extra || {};
    const corner = extra.glyph || info.glyph || (info.initiative || extra.initiative ? `⚡${info.initiative || extra.initiative}` : "");
    // The game's own word for the kind where it has one (Spell Wars: "Qualité").
    const renderer = WL.games[game] || {};
    const kindName = (renderer.kindLabel && renderer.kindLabel(kind)) || kind;
    const el = h(
      `div.card.${kind || "plain"}${opts.small ? ".small" : ""}`,
      { dataset: { card: id }, tabindex: opts.small && face.text ? "0" : null },
      h("div.band", {}, h("span", {}, kindName), h("span", {}, corner)),
      h("div.name", {}, slashBreaks(String(face.name || info.name || id))),
      face.text ? h("div.text", {}, h("div", {}, slashBreaks(face.text))) : null,
      face.gloss && !opts.small ? h("div.gloss", {}, face.gloss) : null
    );
    return el;
  };

  // The per-seat records of a view: the first list of objects that have a "seat".
  function seatRecords(view) {
    for (const [k, v] of Object.entries(view)) {
      if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && "seat" in x)) return [k, v];
    }
    return [null, []];
  }

  const generic = {
    publicArea(ctx) {
      const [key, records] = seatRecords(ctx.view);
      const seats = h(
        "div.seats",
        {},
        records.map((r) =>
          h(
            `div.seat${r.seat === ctx.seat ? ".me" : ""}`,
            { dataset: { seat: r.seat } },
            h("div.who", {}, WL.nameOf(ctx.players, r.seat), WL.you(ctx, r.seat)),
            facts(r, new Set(["seat"]), ctx.game)
          )
        )
      );
      const skip = new Set([key, "hand", "game", "seat", "pending", "options"]);
      return h("div.generic", {}, h("h2", {}, "The table"), seats, facts(ctx.view, skip, ctx.game));
    },
    handCards(ctx) {
      const hand = ctx.view.hand;
      if (!Array.isArray(hand)) return null;
      return hand.map((x) => (typeof x === "object" && x ? { id: x.id, item: x } : { id: String(x), item: null }));
    },
  };

  WL.generic = generic;
  WL.renderer = (game) => Object.assign({}, generic, WL.games[game] || {});
})();
