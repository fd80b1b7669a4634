"""``wizards replay G --step``: walk a game like a debugger, one position at a time.

Commands at the prompt (``?`` lists them): Enter or ``n`` next, ``b`` back,
``j N`` jump to position N, ``t TYPE`` next event of a type, ``r RULE`` next
event citing a rule, ``s [SEAT]`` the state as a seat (no seat: a spectator),
``d`` the dispute of the action here, ``q`` quit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Consequence
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.store.values import Entry
from services.words.dispute import dispute_text
from services.words.sentences import Words
from services.words.views import facts

HELP = """commands:
  Enter, n      next position            b          back one position
  j N           jump to position N       t TYPE     next event of that type
  r RULE        next event citing RULE   s [SEAT]   the state as SEAT sees it (none: spectator)
  d             the dispute of the action here
  q             quit"""


def matches(entry: Any, wanted: str) -> bool:
    """Does the event have this type, or cite this rule (or a rule under this prefix)?"""
    event = entry.event
    if type(event).__name__ == wanted:
        return True
    rule = event.rule if isinstance(event, Consequence) else ""
    return bool(rule) and (rule == wanted or rule.startswith(wanted + "."))


def first_match(entries: list[Any], wanted: str, after: int = 0) -> int | None:
    for entry in entries[after:]:
        if matches(entry, wanted):
            return int(entry.position)
    return None


class Stepper:
    def __init__(
        self,
        ledger: WizardLedger,
        game_id: str,
        entries: list[Any],
        words: Words,
        echo: Callable[[str], None],
    ) -> None:
        self.ledger = ledger
        self.game_id = game_id
        self.entries = entries
        self.words = words
        self.echo = echo
        self.position = 1

    def line(self, position: int) -> str:
        entry = self.entries[position - 1]
        event = entry.event
        text = self.words.event(event)
        rule = f"  [{event.rule}]" if isinstance(event, Consequence) else ""
        return f"#{position}/{len(self.entries)} {type(event).__name__}: {text}{rule}"

    def go(self, position: int) -> None:
        self.position = max(1, min(len(self.entries), position))
        self.echo(self.line(self.position))

    def next_match(self, wanted: str) -> None:
        found = first_match(self.entries, wanted, after=self.position)
        if found is None:
            self.echo(f"no later event of type or rule {wanted!r}")
        else:
            self.go(found)

    def state(self, seat: int | None) -> None:
        loaded = self.ledger.load(self.game_id, self.position)
        players = len(loaded.fold.started.players)
        if seat is not None and not 0 <= seat < players:
            self.echo(f"no seat {seat}: seats are 0–{players - 1}")
            return
        who = "a spectator" if seat is None else self.words.seat(seat)
        self.echo(f"state after #{self.position}, as {who} sees it:")
        for line in facts(loaded.game.view(loaded.fold.state, seat), self.words):
            self.echo(f"  {line}")

    def handle(self, raw: str) -> bool:
        """One command; False to quit."""
        cmd, _, arg = raw.strip().partition(" ")
        arg = arg.strip()
        if cmd in ("", "n"):
            if self.position == len(self.entries):
                self.echo("(the last position)")
            else:
                self.go(self.position + 1)
        elif cmd == "b":
            self.go(self.position - 1)
        elif cmd == "j" and arg.isdigit():
            self.go(int(arg))
        elif cmd in ("t", "r") and arg:
            self.next_match(arg)
        elif cmd == "s":
            self.state(int(arg) if arg.lstrip("-").isdigit() else None)
        elif cmd == "d":
            try:
                self.echo(dispute_text(dispute(self.ledger, self.game_id, self.position)))
            except ValueError as e:
                from services.problems import told

                self.echo(told(e))
        elif cmd == "q":
            return False
        else:
            self.echo(HELP)
        return True


def step_through(
    ledger: WizardLedger,
    game_id: str,
    entries: list[Entry],
    words: Words,
    start: int,
    echo: Callable[[str], None],
    ask: Callable[[str], str],
) -> None:
    stepper = Stepper(ledger, game_id, entries, words, echo)
    echo("stepping through the game; ? for help, q to quit")
    stepper.go(start)
    while True:
        try:
            raw = ask("step> ")
        except (EOFError, KeyboardInterrupt):
            echo("")
            return
        if not stepper.handle(raw):
            return
