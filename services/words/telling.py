"""A phrase told to a reader: in their language, each seat by its player's name,
each card by the table's name for it.

A game says what happened as a ``domain.kernel.phrases.Phrase`` (a message id
and its values); this is the one place that makes text of one. The message is
looked up in the language's catalogue (``services/words/locale``, gettext),
then each value is told on its own (a seat by ``seat``, a card by ``card``, a
list joined as the language joins one, a phrase within a phrase by the same
rule) and put in its place. Nothing is found again in the text afterwards.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from domain.kernel.chance_needs import card_key
from domain.kernel.phrases import Arg, Asked, Card, Listed, Phrase, Prompt, Purpose, Seat, phrase

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "wizards"
# The languages a reader may ask for, the first the default.
LANGUAGES = ("en", "fr")


# The reader's language where the edge (the CLI's --lang, an HTTP request's
# Accept-Language or ?lang=) has said it: each Words made meanwhile speaks it.
_SPOKEN: ContextVar[str] = ContextVar("wizards_lang", default="")


def spoken() -> str:
    """The language the current reader asked for, else the environment's
    (``WIZARDS_LANG``, then the locale's), else English."""
    asked = _SPOKEN.get()
    if asked:
        return asked
    return _environment_language()


@cache
def _environment_language() -> str:
    # Read once a process: a server asks at every read that names no language,
    # and five lookups of the environment were a tenth of a warm state read.
    return language(os.environ.get("WIZARDS_LANG") or _locale_language())


def _locale_language() -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return os.environ[name]
    got = locale.getlocale()[0]
    return got or ""


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Everything told meanwhile in ``lang`` (a code, a locale or a header's list)."""
    chosen = language(lang)
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def speak(lang: str) -> Callable[[], None]:
    """The CLI's --lang: every text told in ``lang`` until the returned undo is called."""
    token = _SPOKEN.set(language(lang))
    return lambda: _SPOKEN.reset(token)


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: the message ids themselves)."""
    if lang not in LANGUAGES or lang == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def messages(lang: str) -> dict[str, str]:
    """Every message of ``lang``'s catalogue with its text (the pages say their
    own words, ``t()`` in ``services/web/speech.js``, from these); English: none,
    a page says its message ids as they are."""
    kept: dict[object, str] = getattr(catalogue(lang), "_catalog", {})
    return {k: v for k, v in kept.items() if isinstance(k, str) and k}


def plurals(lang: str) -> dict[str, list[str]]:
    """Every counted message of ``lang``'s catalogue (its English singular) with
    its forms in the catalogue's order (the pages' ``plural()``); English: none."""
    kept: dict[object, str] = getattr(catalogue(lang), "_catalog", {})
    forms: dict[str, dict[int, str]] = {}
    for key, text in kept.items():
        if isinstance(key, tuple):
            singular, index = key
            forms.setdefault(singular, {})[index] = text
    return {k: [v[i] for i in sorted(v)] for k, v in forms.items()}


def page_words(lang: str) -> dict[str, object]:
    """What a page says of its own in ``lang`` (``services/web/speech.js``): the
    language, each message with its text and each counted one with its forms.
    Served by ``GET /words``; carried inside an HTML export, which has no server."""
    return {"lang": lang, "messages": messages(lang), "plurals": plurals(lang)}


def language(asked: str | None) -> str:
    """The language of a request ("fr", "fr-FR", "fr_FR.UTF-8", an Accept-Language
    header's list): the first one the catalogues have, else English."""
    for part in (asked or "").replace("_", "-").split(","):
        code = part.split(";")[0].strip().split("-")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return LANGUAGES[0]


@dataclass(frozen=True)
class Teller:
    """Tells phrases in one language, with one table's names."""

    seat: Callable[[int], str]
    card: Callable[[str], str]
    lang: str = field(default_factory=spoken)
    # A recorded prompt, a roll's recorded purpose, in the game's words
    # (``Words.prompt``, ``Words.purpose``); as recorded by default.
    prompt: Callable[[str], str] = str
    purpose: Callable[[str], str] = str
    # A command type in the game's words for it (``Words.asked``); as named by default.
    asked: Callable[[str], str] = str

    def text(self, message: str) -> str:
        """A message of ours (no values) in the reader's language."""
        return catalogue(self.lang).gettext(message)

    def __call__(self, said: Phrase | str) -> str:
        """The phrase's text ("" for a phrase with no message)."""
        if isinstance(said, str):
            return said
        return self._phrase(said)

    def _phrase(self, said: Phrase) -> str:
        books = catalogue(self.lang)
        if said.plural:
            count = dict(said.args)[said.count]
            n = count if isinstance(count, int) else 0
            message = books.ngettext(said.msgid, said.plural, n)
        else:
            message = books.gettext(said.msgid) if said.msgid else ""
        if not said.args:
            return message
        values = {name: self.value(v) for name, v in said.args}
        if self.lang.startswith("fr"):
            message = elided(message, values)
        return message.format(**values)

    def value(self, value: Arg) -> str:
        """One value of a phrase in words."""
        if isinstance(value, Seat):
            return self.seat(value.seat)
        if isinstance(value, Card):
            return self.card(value.card)
        if isinstance(value, Prompt):
            return self.prompt(value.text)
        if isinstance(value, Purpose):
            return self.purpose(value.text)
        if isinstance(value, Asked):
            return self.asked(value.command)
        if isinstance(value, Phrase):
            return self._phrase(value)
        if isinstance(value, Listed):
            items = [self.value(v) for v in value.items]
            if value.choices and items:
                return ", ".join(sorted(items, key=card_key))
            return self.listed(items, value.empty, value.either)
        return str(value)

    def listed(
        self, items: Sequence[str], empty: Phrase | None = None, either: bool = False
    ) -> str:
        """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cleo`` in the reader's language;
        ``either``: one of them (``defend or take it``)."""
        if not items:
            return self._phrase(empty or phrase("nobody"))
        if len(items) == 1:
            return items[0]
        rest, last = ", ".join(items[:-1]), items[-1]
        if either:
            return self._phrase(phrase("{items} or {last}", items=rest, last=last))
        return self._phrase(phrase("{items} and {last}", items=rest, last=last))


# French elides « de » and « que » before a word that begins with a vowel: « la
# pioche d'Ann », « on attend qu'Ann nomme … » (« de Bob » stays). Done on the
# message, where a value is about to be put, since only then is the word known.
_ELIDING = re.compile(r"(?<![\w'’])(de|que) \{(\w+)\}", re.IGNORECASE)
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒ")


def elided(message: str, values: Mapping[str, str]) -> str:
    """``message`` with « de {x} » as « d'{x} » (and « que » as « qu' ») where
    ``x``'s value begins with a vowel."""

    def elide(m: re.Match[str]) -> str:
        word, name = m.group(1), m.group(2)
        value = values.get(name, "")
        if value[:1] in _VOWELS:
            return f"{word[:-1]}'{{{name}}}"
        return m.group(0)

    return _ELIDING.sub(elide, message)
