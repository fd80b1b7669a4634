"""``wizards verify`` in words: what was checked, where a game fails and what
the checks cannot see, in the reader's language (``--json`` keeps the names)."""

from __future__ import annotations

from domain.kernel.phrases import Phrase, listed, phrase, plural
from services.words.sentences import Words
from services.words.telling import Teller

# The checks by the names a report gives them (``Report.checks``, ``Problem.check``).
_CHECKS = {
    "annotation": phrase("annotations"),
    "annotations": phrase("annotations"),
    "adjudication": phrase("re-adjudication"),
    "chain": phrase("hash chain"),
    "data": phrase("table data"),
    "decode": phrase("decode"),
    "dice": phrase("dice"),
    "dice re-derived": phrase("dice re-derived"),
    "end": phrase("end of the game"),
    "fold": phrase("fold"),
    "hash chain": phrase("hash chain"),
    "head": phrase("recorded head"),
    "hold record": phrase("hold record"),
    "kept hash": phrase("kept hash"),
    "opening": phrase("opening kept"),
    "opening kept": phrase("opening kept"),
    "re-adjudication": phrase("re-adjudication"),
    "recorded head": phrase("recorded head"),
    "recorded heads": phrase("recorded heads"),
    "seed": phrase("seed commitment"),
    "seed commitment": phrase("seed commitment"),
    "sequence": phrase("sequence"),
    "setup": phrase("setup"),
    "snapshot": phrase("snapshots"),
    "snapshots": phrase("snapshots"),
    "stream": phrase("stream"),
    "truncated": phrase("truncated stream"),
}


def check_words(check: str) -> Phrase | str:
    """A check by what a person calls it (a name no list knows, as it is)."""
    return _CHECKS.get(check, check)


def verified_line(game_id: str, events: int, checks: list[str], under: str = "") -> str:
    """A game that passed: how many events, each check, and the rules profile
    that decided it where it is an earlier engine's."""
    checked = listed(check_words(c) for c in checks)
    if under:
        said = plural(
            "{game}: ok ({n} event; {checks}; authentic under {under})",
            "{game}: ok ({n} events; {checks}; authentic under {under})",
            events,
            game=game_id,
            checks=checked,
            under=under,
        )
    else:
        said = plural(
            "{game}: ok ({n} event; {checks})",
            "{game}: ok ({n} events; {checks})",
            events,
            game=game_id,
            checks=checked,
        )
    return Teller(str, str)(said)


def failed_line(
    game_id: str, position: int, check: str, message: Phrase | str, words: Words | None = None
) -> str:
    """A game that failed, at its first bad event; ``words``: its table's, to name
    its players and cards (None: a record that does not open, said by seat number)."""
    return (words.say if words is not None else Teller(str, str))(
        phrase(
            "{game}: FAILED at event #{position}: {check}: {message}",
            game=game_id,
            position=position,
            check=check_words(check),
            message=message,
        )
    )


def problem_text(message: Phrase | str, words: Words | None = None) -> str:
    """A problem's message, or what the checks cannot see, in the reader's
    language (an HTTP report's ``message``, its ``unseen``), its players by name
    where its table's ``words`` are given."""
    return words.say(message) if words is not None else Teller(str, str)(message)


def unseen_line(said: Phrase | str) -> str:
    """What the checks cannot see."""
    return Teller(str, str)(phrase("  not seen: {said}", said=said))


def nothing_to_verify() -> str:
    return Teller(str, str)(phrase("no games in this store: nothing to verify"))
