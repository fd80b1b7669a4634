// What a page says of its own, in the reader's language: the catalogue's
// messages (GET /words, in the language the switch chose or the browser's),
// each page message written once in English as its id: t("Your move").
// A message with values names them: t("you are {name}", { name: "Ann" }).
import { api } from "wl/app.js";

let said = {};

export async function loadSpeech() {
  try {
    said = (await api("GET", "/words")).messages || {};
  } catch (_) {
    said = {}; // English: the ids as they are
  }
}

export const t = (message, values) =>
  String(said[message] || message).replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
