// Elfenwizards: the pyramid of titles with each guild's wizards, the dice
// rolled and placed, minor spells and scores.

import { h, stat } from "wl/dom.js";
import { entryName } from "wl/faces.js";
import { nameOf, you } from "wl/names.js";
import { plural, t } from "wl/speech.js";

// A guild by its colour, in the reader's language.
function guildWord(colour) {
  const words = {
    red: t("red guild"),
    green: t("green guild"),
    blue: t("blue guild"),
    yellow: t("yellow guild"),
    black: t("black guild"),
  };
  return words[colour] || colour;
}

const LEVELS = ["grand_druide", "druide", "sorcier", "necromancien", "magicien"];
// The titles as the table's data names them; these are the built-in data's names,
// for a page whose faces have not come.
const BUILT_IN = { grand_druide: "Grand Druide", druide: "Druide", sorcier: "Sorcier", necromancien: "Nécromancien", magicien: "Magicien" };
const levelName = (lv) => entryName("elfenwizards", lv) || BUILT_IN[lv] || null;
// The phases by the rulebook's titles (the French catalogue says them as printed).
const phaseTitle = (phase) =>
  ({
    retire: t("Retirement of the {top}", { top: levelName("grand_druide") }),
    roll: t("Rolling and allocating the major spells"),
    reroll: t("Rolling and allocating the remaining major spells"),
    recover: t("Recovering the minor spells"),
    compete: t("Competition and awarding of the titles"),
    recover2: t("Recovering the minor spells"),
    vacancies: t("Awarding the vacant titles"),
    demote: t("Demotion of the remaining magicians"),
    grey: t("Removal of the grey magic tokens"),
  })[phase] || phase;
// The spaces of the board by their printed names (« la case Sorts mineurs »).
const spellSpace = (space) => ({ minor: t("the Minor spells space"), grey: t("the Grey magic space") })[space] || null;
const COLOURS = { red: "#b23a2e", green: "#3d7a3a", blue: "#2f5d9a", yellow: "#b59410", black: "#222", white: "#8a8a8a", purple: "#6b3f8f", orange: "#c46a12" };
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const DEFEAT = "defeat-"; // the board's defeat spaces: defeat-<level>

const die = (n) => h("span.die", { title: t("die {n}", { n }) }, String(n));
const dice = (list) => (list && list.length ? list.map(die) : h("span.muted", {}, "—"));

function colourOf(c, seat) {
  const g = c.view.guilds[seat];
  return (g && COLOURS[g.colour]) || "#555";
}

// A guild's colour as an adjective of its wizards ("the red wizard 3").
const colourWord = (colour) => ({ red: t("red"), green: t("green"), blue: t("blue"), yellow: t("yellow"), black: t("black") })[colour] || colour;
// A wizard pawn by what the table calls it: its guild's colour and its number
// (the view's id "red-3" says both; the pawn is the 3rd red one).
function pawn(id) {
  const cut = String(id).lastIndexOf("-");
  return cut < 0 ? { colour: String(id), n: "" } : { colour: String(id).slice(0, cut), n: String(id).slice(cut + 1) };
}
const wizardWord = (id) => t("{colour} wizard {n}", { colour: colourWord(pawn(id).colour), n: pawn(id).n });
const chipWord = (id) => t("{colour} {n}", { colour: colourWord(pawn(id).colour), n: pawn(id).n });

// "red wizard 3 (Ann), 1 grey magic token, support 2"
function wizardTitle(c, w) {
  const parts = [t("{wizard} ({name})", { wizard: wizardWord(w.wizard), name: nameOf(c.players, w.seat) })];
  if (w.grey) parts.push(plural("{n} grey magic token", "{n} grey magic tokens", w.grey));
  if (w.support) parts.push(t("support {n}", { n: w.support }));
  return parts.join(", ");
}

function wizard(c, w) {
  return h(
    "span.wiz",
    { style: `background:${colourOf(c, w.seat)}`, title: wizardTitle(c, w), dataset: { wizard: w.wizard } },
    chipWord(w.wizard),
    w.grey ? ` ◼${w.grey}` : "",
    w.support ? ` +${w.support}` : ""
  );
}

function levelOf(space) {
  const lv = space.level;
  return LEVELS.includes(lv) ? lv : null;
}

export default {
  publicArea(c) {
    const v = c.view;
    const tiers = LEVELS.map((lv) =>
      h(
        "div.tier",
        { dataset: { level: lv } },
        v.board
          .filter((s) => levelOf(s) === lv && !s.space.startsWith(DEFEAT))
          .map((s) =>
            h(
              "div.space",
              { dataset: { space: s.space } },
              h("div.sid", {}, `${s.space} · ${levelName(lv)}`),
              s.wizards.length ? s.wizards.map((w) => wizard(c, w)) : h("span.muted", {}, t("vacant"))
            )
          )
      )
    );
    const defeats = v.board.filter((s) => s.space.startsWith(DEFEAT) && s.wizards.length);
    const guilds = v.guilds.map((g) =>
      h(
        `div.seat${g.seat === c.seat ? ".me" : ""}${v.to_act === g.seat ? ".active" : ""}`,
        { dataset: { seat: g.seat }, style: `border-left:6px solid ${COLOURS[g.colour] || "#555"}` },
        // "Ann (you) — red guild · holds the dragon": one aside each, not a run of brackets.
        h(
          "div.who",
          {},
          nameOf(c.players, g.seat),
          you(c, g.seat),
          " — ",
          guildWord(g.colour),
          v.dragon === g.seat ? h("span.muted", {}, " · ", t("holds the dragon")) : null
        ),
        h("div.stats", {}, stat(t("Score"), g.score), stat(t("Major spells in front"), g.dice_in_front), stat(t("Minor spells"), g.minor_spells)),
        h("div", {}, h("span.muted", {}, t("Rolled: ")), dice(g.rolled)),
        h("div", {}, Object.entries(g.major_spaces).map(([lv, ds]) => (ds.length ? h("div", {}, h("span.muted", {}, t("{label}: {value}", { label: levelName(lv) || lv, value: "" })), dice(ds)) : null))),
        g.minor_space_dice.length ? h("div", {}, h("span.muted", {}, t("Minor spells space: ")), dice(g.minor_space_dice)) : null,
        g.grey_space_dice.length ? h("div", {}, h("span.muted", {}, t("Grey magic space: ")), dice(g.grey_space_dice)) : null,
        g.grand_druide_titles ? h("div.chip", {}, `${levelName("grand_druide")} ×${g.grand_druide_titles}`) : null
      )
    );
    return h(
      "div",
      {},
      h("h2", {}, t("The pyramid of titles")),
      h(
        "div.stats",
        {},
        h("span.stat", {}, t("Round {n} of 4", { n: v.round })),
        h("span.stat", {}, t("Phase"), " ", h("b", {}, v.phase_number || "–"), ` — ${phaseTitle(v.phase)}`),
        // Nobody holds the dragon until the set-up gives it (a view's null).
        stat(t("Dragon"), v.dragon == null || v.dragon < 0 ? t("not given yet") : nameOf(c.players, v.dragon)),
        stat(t("Grey magic tokens in reserve"), v.pool),
        v.negotiation_limit_seconds ? h("span.stat", {}, t("negotiation limit {n} s", { n: v.negotiation_limit_seconds })) : null
      ),
      h("div.pyramid", { id: "pyramid" }, tiers),
      defeats.length
        ? h("div", { style: "margin-top:.6em" }, defeats.map((s) => h("div", {}, h("span.muted", {}, t("Defeats of the {title}: ", { title: levelName(s.level) || s.level })), s.wizards.map((w) => wizard(c, w)))))
        : null,
      h("h2", { style: "margin-top:1em" }, t("Guilds")),
      h("div.guilds", {}, guilds)
    );
  },
  fieldKind(field) {
    if (field === "die") return "die";
    return null;
  },
  valueLabel(field, value) {
    if (field === "die" && typeof value === "number") return `${PIPS[value] || ""} ${value}`;
    // Dice go onto a spell space, said as the story says it ("the Druide major-spell space").
    if (field === "space" && typeof value === "string" && spellSpace(value)) return spellSpace(value);
    if (field === "space" && levelName(value)) return t("the {title} Major spells space", { title: levelName(value) });
    if ((field === "space" || field === "title") && typeof value === "string") return levelName(value) || value;
    if (field === "wizard" && typeof value === "string") return wizardWord(value);
    return null;
  },
  question(field) {
    return { die: t("Which major spell?"), space: t("Onto which space?"), wizard: t("Which wizard pawn?"), title: t("Which title?"), source: t("Which minor spell?") }[field];
  },
};
