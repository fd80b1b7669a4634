"""Errors raised by the rules."""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.chance_needs import ChanceNeed, needs_phrase
from domain.kernel.phrases import Phrase, listed, phrase, plain, plural
from domain.kernel.words import pile_words


class IllegalCommand(Exception):
    """A command the rules refuse. Nothing is applied when this is raised.

    ``code`` is machine-readable (``not_your_turn``, ``hand_limit``...),
    ``rule`` is a citation id into the game's rule catalogue (or ``kernel.*``),
    ``message`` says in plain words what is wrong; given as a phrase
    (``domain.kernel.phrases``), ``said`` keeps it, for the service to tell with
    the players' names in the reader's language (``message`` is then its plain
    English, seats by number).
    """

    def __init__(self, code: str, rule: str, message: str | Phrase) -> None:
        text = plain(message)
        super().__init__(text)
        self.code = code
        self.rule = rule
        self.message = text
        self.said: Phrase | None = message if isinstance(message, Phrase) else None

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.rule!r}, {self.message!r})"


# The code of a table's named card that cannot be the one drawn (``DiceRequired.wrong``).
CARD_REFUSED = "drawn_card_refused"

# What a refusal for missing chance is of, as the callers name it.
_SUBJECTS = {"this command": phrase("this command"), "the opening": phrase("the opening")}


class DiceRequired(IllegalCommand):
    """Table mode: the command needs chance values that were not supplied.

    ``needs``: each missing value as data (empty when a supplied value was
    wrong rather than missing), for a client to ask the table for each; the
    refusal's words (``said``) are a phrase of them, told by the service."""

    def __init__(
        self,
        what: Phrase,
        needs: Sequence[ChanceNeed] = (),
        *,
        subject: str = "this command",
        face_down: tuple[tuple[str, int], ...] = (),
    ) -> None:
        said = phrase(
            "table mode: {subject} needs {what}",
            subject=_SUBJECTS.get(subject, subject),
            what=what,
        )
        super().__init__("dice_required", "kernel.table-mode", said)
        self.needs = tuple(needs)
        self.subject = subject
        self.face_down = face_down
        # What a caller says after the sentence (whom the command waits for
        # next), kept when the sentence is said again over other needs (``with_needs``).
        self.after: tuple[Phrase, ...] = ()
        # Whether the refusal says that a named card is not in its pile: a pile
        # holds what the sender may not see (another seat's draws), so at a
        # table whose seats enter their own draws such an answer is a try.
        self.unseen = False
        # What each need is for, in the words of the table that is refused
        # (``services.words.refusals.worded``): a page labels its fields with them.
        self.needs_said: tuple[str, ...] = ()

    def adding(self, more: Phrase) -> DiceRequired:
        """The refusal with ``more`` said after its sentence (``; then Bob enters…``)."""
        assert self.said is not None
        self.after = (*self.after, more)
        self._say(phrase("{said}; {more}", said=self.said, more=more))
        return self

    def _say(self, said: Phrase) -> None:
        self.said = said
        self.message = plain(said)
        self.args = (self.message,)

    @classmethod
    def missing(
        cls,
        needs: Sequence[ChanceNeed],
        face_down: tuple[tuple[str, int], ...] = (),
        subject: str = "this command",
    ) -> DiceRequired:
        """The refusal of a command that left chance out, naming all of it.

        ``face_down``: piles the command shuffled face down (a pile's id and how
        many cards), whose order a table may give instead of naming each card drawn."""
        said = plural(
            "{n} value from the table: {needs}",
            "{n} values from the table: {needs}",
            len(needs),
            needs=needs_phrase(needs),
        )
        if face_down and any(n.kind == "card" for n in needs):
            piles = listed(
                plural("{pile} ({n} card)", "{pile} ({n} cards)", n, pile=pile_words(pile, ""))
                for pile, n in face_down
            )
            orders = plural(
                "the order {piles} was shuffled in",
                "the orders {piles} were shuffled in",
                len(face_down),
                piles=piles,
            )
            said = phrase(
                "{said}; or, instead of naming the cards drawn, {orders}", said=said, orders=orders
            )
        return cls(said, needs, subject=subject, face_down=face_down)

    @classmethod
    def wrong(cls, said: Phrase, *, unseen: bool = False) -> DiceRequired:
        """A value the table gave that cannot be (a card not in its pile);
        ``unseen``: the answer depends on where cards lie (``self.unseen``).
        Its own code: nothing is missing, a card named was refused, and the
        table answers it by naming another card, not with dice or an order."""
        refused = cls(said)
        refused.code = CARD_REFUSED
        refused._say(phrase("table mode: {said}", said=said))
        refused.unseen = unseen
        return refused

    def with_needs(self, needs: Sequence[ChanceNeed]) -> DiceRequired:
        """The same refusal over other needs (a seat's safe list of cards), with
        what was said after its sentence. A refusal of a wrong value has no
        needs: as it is."""
        if not self.needs:
            return self
        again = DiceRequired.missing(needs, self.face_down, self.subject)
        for more in self.after:
            again.adding(more)
        return again


class SaidError(ValueError):
    """A request the rules or the service cannot serve (not a command refused: that is
    ``IllegalCommand``), its message given as a phrase where it can be (``said``),
    for the edge to tell in the reader's language; ``str(error)`` is its plain English.
    ``players``: the names of the table the error is about, where the service knows
    them (a setup file refused while its game is made), so a seat it names is told
    by its player's name."""

    def __init__(self, message: str | Phrase = "") -> None:
        super().__init__(plain(message))
        self.said: Phrase | None = message if isinstance(message, Phrase) else None
        self.players: tuple[str, ...] = ()


class SetupError(SaidError):
    """A setup position, an option or a player count that the game cannot start from."""


def no_such_bot(game: str, name: str, known: Sequence[str]) -> SetupError:
    """The refusal of a bot a game does not declare (a bot game's player)."""
    return SetupError(
        phrase(
            "{game} has no bot {name}; known: {known}",
            game=game,
            name=repr(name),
            known=", ".join(known),
        )
    )
