"""Our words about the rules, in the reader's language: each catalogue entry's
gloss (``Rule.summary``), its readings (and why a reading is no option), the
reading the engine applies (``default``, where it is no option's value) and why
(``Rule.why``), and each option's description (``OptionSpec.doc``).

They are written once, in English, beside the rule they describe
(``domain/<game>/catalogue.py``, ``options.py``): the domain stays pure, with no
gettext in it, and that English is the message id. The service says them at
its edge in the reader's language (the gettext catalogues of
``services/words/locale``), then in the table's card names (``CardNames.rename``:
a French text names the cards by their printed names, as the English one does).
The rulebook's passage and its section stay as printed; a passage of ours where
it prints none (the kernel's, with its sections; a game's « (no rulebook text:
…) ») is said like the rest.

``make messages`` finds these texts with ``extract`` (babel.cfg's ``rules``
method): it reads the built catalogues and options rather than the source, so a
number an f-string puts into a gloss is in its message id as the reader gets it.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

import msgspec

from domain.kernel import KERNEL_RULES, Catalogue, OptionSpec, Reading, Rule
from domain.kernel.game import GameSpec
from domain.kernel.phrases import phrase
from services.words.card_names import NO_NAMES, CardNames, card_names
from services.words.telling import Teller, catalogue, spoken

# A passage of ours where the rulebook prints none, in parentheses: what it stands
# for is said in the reader's language, its frame by a phrase.
_OUR_PASSAGE = re.compile(r"^\((no rulebook text|silent): (.*)\)$", re.DOTALL)
_OUR_FRAMES = {
    "no rulebook text": lambda what: phrase("(no rulebook text: {what})", what=what),
    "silent": lambda what: phrase("(the rulebook is silent: {what})", what=what),
}


def rule_texts(rule: Rule) -> Iterator[str]:
    """Every text of ours a rule holds: the gloss, each reading and why it is no
    option, the default where it is no reading's option, and why; and where no
    rulebook is quoted, the passage and section (the kernel's, which no rulebook
    prints; a game's « (no rulebook text: …) »)."""
    options = {r.option for r in rule.readings if r.option}
    if rule.id in KERNEL_RULES:
        yield rule.section
        yield rule.passage
    else:
        ours = _OUR_PASSAGE.match(rule.passage)
        if ours:
            yield ours.group(2)
        elif rule.passage.startswith("("):
            yield rule.passage
    yield rule.summary
    for reading in rule.readings:
        yield reading.summary
        yield reading.not_option
    if rule.default not in options:
        yield rule.default
    yield rule.why


def _passage(rule: Rule, lang: str) -> tuple[str, str]:
    """(section, passage) as a reader is told them: a rulebook's as printed, ours
    in the reader's language."""
    say = catalogue(lang).gettext
    if rule.id in KERNEL_RULES:
        return say(rule.section), say(rule.passage)
    ours = _OUR_PASSAGE.match(rule.passage)
    if ours:
        framed = _OUR_FRAMES[ours.group(1)](say(ours.group(2)))
        return rule.section, Teller(str, str, lang)(framed)
    if rule.passage.startswith("("):
        return rule.section, say(rule.passage)
    return rule.section, rule.passage


@lru_cache(maxsize=4096)
def _told(rule: Rule, lang: str) -> Rule:
    say = catalogue(lang).gettext
    options = {r.option for r in rule.readings if r.option}
    section, passage = _passage(rule, lang)
    return msgspec.structs.replace(
        rule,
        section=section,
        passage=passage,
        summary=say(rule.summary) if rule.summary else "",
        readings=tuple(
            Reading(
                say(r.summary) if r.summary else "",
                option=r.option,
                not_option=say(r.not_option) if r.not_option else "",
            )
            for r in rule.readings
        ),
        default=rule.default if rule.default in options or not rule.default else say(rule.default),
        why=say(rule.why) if rule.why else "",
    )


def told_rule(rule: Rule, names: CardNames = NO_NAMES, lang: str | None = None) -> Rule:
    """``rule`` with our words in ``lang`` (None: the reader's, ``spoken``) and in
    the table's card ``names``; its id as it is, its section and passage as the
    rulebook prints them (ours, where it prints none, in ``lang``)."""
    told = _told(rule, lang or spoken())
    if not names:
        return told
    return msgspec.structs.replace(
        told,
        summary=names.rename(told.summary),
        readings=tuple(
            Reading(names.rename(r.summary), option=r.option, not_option=r.not_option)
            for r in told.readings
        ),
        default=names.rename(told.default),
        why=names.rename(told.why),
    )


def rule_json(rule: Rule, names: CardNames = NO_NAMES) -> dict[str, Any]:
    """A rule of the catalogue as data: the rulebook's passage and section as
    printed, our words (gloss, readings, default, why) in the reader's language
    and the table's names."""
    data: dict[str, Any] = msgspec.to_builtins(told_rule(rule, names))
    return data


def option_doc(spec: OptionSpec, names: CardNames = NO_NAMES, lang: str | None = None) -> str:
    """What an option decides, in the reader's language and the table's names."""
    if not spec.doc:
        return ""
    return names.rename(catalogue(lang or spoken()).gettext(spec.doc))


def option_label(spec: OptionSpec, names: CardNames = NO_NAMES, lang: str | None = None) -> str:
    """What a person calls an option, in the reader's language and the table's
    names (its name is for machines)."""
    if not spec.label:
        return spec.name.replace("_", " ")
    return names.rename(catalogue(lang or spoken()).gettext(spec.label))


def option_key(name: str, value: Any) -> str:
    """``name=value`` as ``--option`` spells it and a reading names it (``Reading.option``)."""
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


def option_reading(
    spec: OptionSpec,
    value: Any,
    rules: Catalogue,
    names: CardNames = NO_NAMES,
    lang: str | None = None,
) -> str:
    """The reading an option's value selects, as its rule's catalogue says it in
    the reader's language, else what the option calls that value (``values``);
    "" where neither says it."""
    key = option_key(spec.name, value)
    if spec.rule in rules:
        for reading in told_rule(rules[spec.rule], names, lang).readings:
            if reading.option == key:
                return reading.summary.rstrip(".")
    for known, said in spec.values:
        if known == value:
            return names.rename(catalogue(lang or spoken()).gettext(said))
    return ""


def _named(names: CardNames, value: Any) -> str:
    typed = names.typed(value) if isinstance(value, str) else value
    return typed if isinstance(typed, str) and typed != value else ""


def spec_json(spec: GameSpec, rules: Catalogue | None = None) -> dict[str, Any]:
    """A game's facts as ``wizards games --json`` and ``GET /games`` give them:
    its options' names and values as typed, what a person calls each and what
    it decides in the reader's language, and the reading each value selects."""
    data = spec.as_json()
    told = {o.name: o for o in spec.options}
    # A value that is a card or piece (the orc tower's creature replaced) by its printed name.
    names = card_names(spec.id, {})

    def said(o: dict[str, Any]) -> dict[str, Any]:
        option = told[o["name"]]
        out = dict(o, label=option_label(option), doc=option_doc(option))
        del out["values"]  # said in ``readings``, in the reader's language
        if rules is not None:
            out["readings"] = {
                option_key("", v)[1:]: option_reading(option, v, rules, names) or _named(names, v)
                for v in option.allowed
            }
        return out

    data["options"] = [said(o) for o in data["options"]]
    return data


# Whence a rule comes (``Rule.source``), as a reader is told it.
_SOURCES = {
    "rulebook": phrase("rulebook"),
    "ruling": phrase("ruling"),
    "assumption": phrase("assumption"),
}


def source_words(source: str, lang: str | None = None) -> str:
    """A rule's source in the reader's language: the rulebook's text as written,
    our ruling among its readings, or our assumption where it says nothing."""
    said = _SOURCES.get(source)
    return source if said is None else Teller(str, str, lang or spoken())(said)


def rule_lines(rule: Rule) -> list[str]:
    """A catalogue entry as ``wizards rules GAME`` prints it: id, source and
    section, the passage as printed, our gloss, and each reading (the one the
    engine applies marked ``*``) with the option that selects it."""
    tell = Teller(str, str)
    told = told_rule(rule, lang=tell.lang)
    source = source_words(rule.source, tell.lang)
    out = [f"{rule.id}  [{source}]  {told.section}", f"    « {told.passage} »"]
    if told.summary:
        out.append(f"    = {told.summary}")
    applied = _applied(rule)
    for reading, said in zip(rule.readings, told.readings, strict=True):
        mark = "*" if reading is applied else " "
        if reading.option:
            how = reading.option
        elif reading.not_option:
            how = tell(phrase("not an option: {why}", why=said.not_option))
        else:
            how = tell(phrase("not an option"))
        out.append(f"   {mark} {said.summary}  ({how})")
    if rule.readings and applied is None and rule.default:
        out.append("   * " + tell(phrase("applied by the engine: {reading}", reading=told.default)))
    return out


def _applied(rule: Rule) -> Reading | None:
    """The reading the engine applies: the one its default names (by option or
    words), else one without an option whose words hold the default."""
    for reading in rule.readings:
        if rule.default in (reading.option, reading.summary):
            return reading
    for reading in rule.readings:
        if not reading.option and rule.default and rule.default.lower() in reading.summary.lower():
            return reading
    return None


# ---------------------------------------------------------------- extraction


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a module of rules or options (babel.cfg):
    every text of ours its rules (``rule_texts``) and options (their ``doc``)
    hold, at the line of the entry's id or the option's name, with a comment
    naming it for the translator."""
    path = Path(str(getattr(fileobj, "name", "")))
    module = importlib.import_module(_module_name(path))
    source = fileobj.read().decode("utf-8")
    for owner, texts in _owned(vars(module).values()):
        line = _line_of(source, owner)
        for text in texts:
            if text:
                yield line, None, text, [f"rule {owner}" if "." in owner else f"option {owner}"]


def _owned(values: Iterable[object]) -> Iterator[tuple[str, list[str]]]:
    """(rule id or option name, its texts) for each rule and option among a
    module's values (a catalogue, a list or tuple of rules or options)."""
    seen: set[str] = set()
    for value in values:
        items: Iterable[object] = value if isinstance(value, Catalogue | list | tuple) else (value,)
        for item in items:
            if isinstance(item, Rule) and item.id not in seen:
                seen.add(item.id)
                yield item.id, list(rule_texts(item))
            elif isinstance(item, OptionSpec) and f"option:{item.name}" not in seen:
                seen.add(f"option:{item.name}")
                yield item.name, [item.label, item.doc, *(said for _, said in item.values)]


def _module_name(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(parts[parts.index("domain") :])


def _line_of(source: str, owner: str) -> int:
    # An id the module writes whole, else its end (an id built from a prefix).
    parts = owner.split(".")
    for said in (".".join(parts[i:]) for i in range(len(parts))):
        found = re.search(rf"""["']{re.escape(said)}["']""", source)
        if found:
            return source.count("\n", 0, found.start()) + 1
    return 1
