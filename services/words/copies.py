"""Legal choices told apart when their words are the same.

Two commands can differ only by which copy of a card they name (Spell Wars
``slug#1`` / ``slug#2``, the orc tower's ``smash.01`` / ``smash.02`` under a
table's own names): said in words, both read "Ann takes Magie Féroce back into
their hand". Each such choice gets the copy it names, by the number its id
carries ("(copy 2)"), which the seat choosing sees on its own cards; nothing
else about the card (where it came from) is said, as the reader may not know it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from domain.kernel.chance_needs import copy_number


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    """A command's fields, nested lists and objects flattened to their paths."""
    if isinstance(value, dict):
        return {p: v for k, x in value.items() for p, v in _leaves(x, (*path, k)).items()}
    if isinstance(value, list | tuple):
        return {p: v for k, x in enumerate(value) for p, v in _leaves(x, (*path, k)).items()}
    return {path: value}


def _which(
    command: dict[str, Any], differing: list[tuple[Any, ...]], card: Callable[[str], str]
) -> str | None:
    """The copies ``command`` names where its group differs: "copy 2", or with the
    card's name when the command names more than one card ("Magie Féroce copy 2")."""
    fields = _leaves(command)
    ids = [fields.get(p) for p in differing]
    if not ids or not all(isinstance(x, str) and copy_number(x) is not None for x in ids):
        return None
    cards = [v for p, v in fields.items() if p != ("type",) and isinstance(v, str)]
    if len(cards) == 1:
        return f"copy {copy_number(ids[0])}"  # type: ignore[arg-type]  # each id has a copy number: checked above
    return ", ".join(f"{card(x)} copy {copy_number(x)}" for x in ids)  # type: ignore[arg-type]  # each id has a copy number: checked above


def told_apart(
    texts: Sequence[str], commands: Sequence[dict[str, Any]], card: Callable[[str], str]
) -> list[str]:
    """``texts`` (one per command), each that reads the same as another's followed by
    the copy it names; by its place among them ("(choice 2 of 3)") when the
    commands differ otherwise than by a copy's number."""
    groups: dict[str, list[int]] = defaultdict(list)
    for k, text in enumerate(texts):
        groups[text].append(k)
    out = list(texts)
    for text, members in groups.items():
        if len(members) < 2:
            continue
        fields = [_leaves(commands[k]) for k in members]
        paths = sorted({p for f in fields for p in f}, key=str)
        differing = [p for p in paths if len({repr(f.get(p)) for f in fields}) > 1]
        said = [_which(commands[k], differing, card) for k in members]
        if None in said or len(set(said)) < len(said):
            said = [f"choice {n} of {len(members)}" for n in range(1, len(members) + 1)]
        for k, which in zip(members, said, strict=True):
            out[k] = f"{text} ({which})"
    return out
