// What a page says of its own, in the reader's language: the catalogue's
// messages (GET /words, in the language the switch chose or the browser's),
// each page message written once in English as its id: t("Your move").
// A message with values names them: t("you are {name}", { name: "Ann" }).
// A count says both English forms and its number: plural("{n} card", "{n} cards", n),
// the language's own rule choosing the form (French: 0 and 1 singular).

// The language the reader chose with the switch (remembered in this browser),
// or "" for the browser's own (its Accept-Language): the API's words follow it.
export const LANG_KEY = "wl-lang";
export const chosenLang = () => localStorage.getItem(LANG_KEY) || "";
// A path with the chosen language asked for (?lang=), where one was chosen.
export const spoken = (path) => {
  const lang = chosenLang();
  return lang ? `${path}${path.includes("?") ? "&" : "?"}lang=${lang}` : path;
};

let said = {};
let counted = {};
let lang = "en";
let rules = new Intl.PluralRules(lang);

// The words come from the page itself where it carries them (an HTML export, a
// file with no server to ask), else from GET /words.
async function fetchWords() {
  const slot = document.getElementById("ledger-words");
  if (slot && slot.textContent.trim()) return JSON.parse(slot.textContent);
  const r = await fetch(spoken("/words"));
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

export async function loadSpeech() {
  try {
    const words = await fetchWords();
    said = words.messages || {};
    counted = words.plurals || {};
    lang = words.lang || "en";
    rules = new Intl.PluralRules(lang);
  } catch (_) {
    said = {}; // English: the ids as they are
    counted = {};
  }
}

const fill = (text, values) => String(text).replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));

export const t = (message, values) => fill(said[message] || message, values);

export function plural(one, many, n, values) {
  const forms = counted[one] || [one, many];
  const form = rules.select(n) === "one" ? forms[0] : forms[forms.length - 1];
  return fill(form, Object.assign({ n }, values || {}));
}

// The language the page speaks now ("en" until the catalogue has come).
export const speaking = () => lang;
