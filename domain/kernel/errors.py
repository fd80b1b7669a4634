"""Errors raised by the rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.kernel.chance_needs import ChanceNeed, needs_text, seat_number, seats_named
from domain.kernel.phrases import Phrase, plain


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


class DiceRequired(IllegalCommand):
    """Table mode: the command needs chance values that were not supplied.

    ``needs``: each missing value as data (empty when a supplied value was
    wrong rather than missing), for a client to ask the table for each."""

    def __init__(
        self,
        what: str,
        needs: Sequence[ChanceNeed] = (),
        *,
        subject: str = "this command",
        face_down: tuple[tuple[str, int], ...] = (),
    ) -> None:
        super().__init__(
            "dice_required", "kernel.table-mode", f"table mode: {subject} needs {what}"
        )
        self.needs = tuple(needs)
        self.subject = subject
        self.face_down = face_down
        # The sentence as built: what a caller adds after it (whom the command
        # waits for next) is kept when the sentence is said again (``with_needs``).
        self.built = self.message
        # Whether the refusal says that a named card is not in its pile: a pile
        # holds what the sender may not see (another seat's draws), so at a
        # table whose seats enter their own draws such an answer is a try.
        self.unseen = False

    @classmethod
    def missing(
        cls,
        needs: Sequence[ChanceNeed],
        face_down: tuple[tuple[str, int], ...] = (),
        subject: str = "this command",
        say: Callable[[str], str] = str,
        seat: Callable[[int], str] = seat_number,
    ) -> DiceRequired:
        """The refusal of a command that left chance out, naming all of it.

        ``face_down``: piles the command shuffled face down ("the deck", cards),
        whose order a table may give instead of naming each card drawn;
        ``say``: a card kind in words (the service's printed names); ``seat``: a
        seat in words (the service's players by name)."""
        count = f"{len(needs)} value{'s' if len(needs) > 1 else ''} from the table"
        said = f"{count}: {needs_text(needs, say=say, seat=seat)}"
        if face_down and any(n.kind == "card" for n in needs):
            piles = [f"{seats_named(pile, seat)} ({n} cards)" for pile, n in face_down]
            if len(piles) == 1:
                orders = f"the order {piles[0]} was shuffled in"
            else:
                listed = ", ".join(piles[:-1]) + " and " + piles[-1]
                orders = f"the orders {listed} were shuffled in"
            said += f"; or, instead of naming the cards drawn, {orders}"
        return cls(said, needs, subject=subject, face_down=face_down)

    @classmethod
    def wrong(cls, said: str, *, unseen: bool = False) -> DiceRequired:
        """A value the table gave that cannot be (a card not in its pile);
        ``unseen``: the answer depends on where cards lie (``self.unseen``).
        Its own code: nothing is missing, a card named was refused, and the
        table answers it by naming another card, not with dice or an order."""
        refused = cls("")
        refused.code = CARD_REFUSED
        refused.message = f"table mode: {said}"
        refused.args = (refused.message,)
        refused.unseen = unseen
        return refused

    def with_needs(
        self,
        needs: Sequence[ChanceNeed],
        say: Callable[[str], str] = str,
        seat: Callable[[int], str] = seat_number,
    ) -> DiceRequired:
        """The same refusal over other needs (a seat's safe list of cards), its
        cards said by ``say`` and its seats by ``seat``, with what was added
        after its sentence. A refusal of a wrong value has no needs: as it is."""
        if not self.needs:
            return self
        again = DiceRequired.missing(needs, self.face_down, self.subject, say, seat)
        if self.message.startswith(self.built) and self.message != self.built:
            again.message += seats_named(self.message[len(self.built) :], seat)
            again.args = (again.message,)
        return again


class SetupError(ValueError):
    """A setup position, an option or a player count that the game cannot start from."""
