"""Target selectors in words: what a card's ``target`` line means to a player.

The effect language names selectors by short ids (``played-all``, ``most-blood``);
the story and the choices say what they mean instead (see docs/spellwars.md,
"Selectors", for what each one picks)."""

from __future__ import annotations

import re

from domain.kernel.phrases import Arg, Phrase, Seat, phrase

SELECTOR_WORDS: dict[str, Phrase] = {
    "left": phrase("the wizard on the left"),
    "right": phrase("the wizard on the right"),
    "neighbours": phrase("both neighbours"),
    "self": phrase("the caster"),
    "killer": phrase("the caster's killer"),
    "took-from": phrase("the wizard it took from"),
    "holder": phrase("the Dungeon's holder"),
    "each": phrase("every opponent"),
    "played-all": phrase("every opponent who has cast"),
    "unplayed-all": phrase("every opponent who has not cast yet"),
    "has-treasure-all": phrase("every opponent with a treasure"),
    "token-all": phrase("every opponent with a token"),
    "even-all": phrase("every opponent on even life"),
    "odd-all": phrase("every opponent on odd life"),
    "others-all": phrase("every opponent not yet targeted"),
    "stronger-all": phrase("every opponent with more life"),
    "weaker-all": phrase("every opponent with less life"),
    "strongest": phrase("the strongest opponent (most life)"),
    "weakest": phrase("the weakest opponent (least life)"),
    "most-treasures": phrase("the opponent with the most treasures"),
    "most-creatures": phrase("the opponent with the most creatures"),
    "most-blood": phrase("the opponent with the most blood"),
    "stronger": phrase("an opponent with more life"),
    "weaker": phrase("an opponent with less life"),
    "choose": phrase("an opponent of the caster's choice"),
    "other": phrase("an opponent not yet targeted"),
    "played": phrase("an opponent who has cast"),
    "not-holder": phrase("an opponent without the Dungeon"),
    "no-creature": phrase("an opponent without a creature"),
    "no-treasure": phrase("an opponent without a treasure"),
    "die": phrase("an opponent the die designates"),
}


# How a split roll's die found its opponent, as ``machine`` records it (``TargetChosen.how``).
_SPLIT_DIE = re.compile(r"^split die (\d+)$")


def selector_phrase(selector: str) -> Phrase | str:
    """A selector in words, a split roll's die ("split die 4") as the die it is;
    anything else as it is."""
    split = _SPLIT_DIE.match(selector)
    if split:
        return phrase("the {die} of the split dice", die=int(split.group(1)))
    return SELECTOR_WORDS.get(selector, selector)


# A card's question as the engine recorded it before its prompts were phrases
# (``machine.ask``, a value of the record, kept as recorded): "<card's name>:
# <question>". The questions, read back into their parts: a selector id, a seat,
# a number, a type.
_QUESTIONS: tuple[tuple[re.Pattern[str], Phrase, tuple[str, ...]], ...] = (
    (
        re.compile(r"^pick a target \(([a-z-]+)\)$"),
        phrase("pick a target: {selector}"),
        ("selector",),
    ),
    (re.compile(r"^pay (\d+) blood\?$"), phrase("pay {amount} blood?"), ("amount",)),
    (
        re.compile(r"^give seat (\d+) one (\w+) card from your hand$"),
        phrase("give {seat} one {type} card from your hand"),
        ("seat", "type"),
    ),
    (re.compile(r"^give seat (\d+) a treasure$"), phrase("give {seat} a treasure"), ("seat",)),
    (
        re.compile(r"^(\d+) damage to seat (\d+): sacrifice a creature\?$"),
        phrase("{amount} damage to {seat}: sacrifice a creature?"),
        ("amount", "seat"),
    ),
    (
        re.compile(
            r"^dice \[([\d, ]+)\]: resolve them whole against seat (\d+), "
            r"or split them, one die per opponent \((\d+) eligible\)\?$"
        ),
        phrase(
            "dice {dice}: resolve them whole against {seat}, or split them, one die per "
            "opponent ({eligible} eligible)?"
        ),
        ("dice", "seat", "eligible"),
    ),
    (
        re.compile(r"^which (\w+) resolves first\?$"),
        phrase("which {type} resolves first?"),
        ("type",),
    ),
)
_SAID_AS_IS = {
    "choose an option": phrase("choose an option"),
    "play another creature from your hand?": phrase("play another creature from your hand?"),
    "discard cards of one type from your hand": phrase("discard cards of one type from your hand"),
    "choose a card type": phrase("choose a card type"),
    "place your spell face down": phrase("place your spell face down"),
    "more than 3 cards placed: take one back into hand": phrase(
        "more than 3 cards placed: take one back into hand"
    ),
    "your spell is incorrect: which card goes to the discard?": phrase(
        "your spell is incorrect: which card goes to the discard?"
    ),
    "which missing type(s) do your wild magic cards stand for?": phrase(
        "which missing type(s) do your wild magic cards stand for?"
    ),
}


def _question(question: str) -> Phrase | str:
    for pattern, said, names in _QUESTIONS:
        m = pattern.match(question)
        if m is None:
            continue
        values: list[Arg] = []
        for name, got in zip(names, m.groups(), strict=True):
            if name == "selector":
                values.append(selector_phrase(got))
            elif name == "seat":
                values.append(Seat(int(got)))
            else:
                values.append(got)
        return Phrase(said.msgid, tuple(zip(names, values, strict=True)))
    return _SAID_AS_IS.get(question, question)


def prompt_phrase(prompt: Phrase | str) -> Phrase:
    """A prompt in words: "Roulepélax: give Bob one arcane card from your hand",
    "pick a target: the opponent with the most blood". The engine asks in
    phrases; a sentence is a prompt an earlier revision recorded, read back
    into its parts."""
    if isinstance(prompt, Phrase):
        return prompt
    card, sep, question = prompt.partition(": ")
    if not sep:
        return phrase("{question}", question=_question(prompt))
    return phrase("{card}: {question}", card=card, question=_question(question))
