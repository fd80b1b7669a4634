"""The one re-decide loop: a recorded game decided again, stretch by stretch.

``verify`` (this engine, the recorded options, the seed), ``readjudicate``
(this engine, the recorded options or some switched) and the dispute desk
(every other reading of the rulings that applied, and the replay viewer's
panel of each action) all walk a record through ``Redecision``: the record is
folded under one reading — the options in force, a single explicit parameter
(a rules profile later) — and each stretch, the opening (its setup events)
then each action with its consequences, is decided again from the fold
before it and compared with what was stored.

The chance is the recorded chance: the table's, the seed where it is known
(the operator's copy, or the revealed one), else the values the record holds
at the same counters, so a player's dispute of a running game never rolls a
die the record has not shown.

One first difference, one shape. ``first_difference`` compares events as data
(their fields, never their words); the events the service adds after the
rules' own (the seed at the end, a fork mark) are left out. ``difference``
says a step's first difference, everywhere (verify's problem, readjudicate's
report, each reading of the dispute desk and of the export's panels)::

    {"recorded": the event as stored (its fields), or None where the record has no more,
     "reading":  the event as decided again under the loop's reading, or None,
     "text":     the lines that say it, as the story says events}
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

import msgspec

from domain.kernel import (
    ENGINE_VERSION,
    ActionTaken,
    CardsShuffled,
    Dice,
    DiceRequired,
    DiceRolled,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    IllegalCommand,
    SeedRevealed,
    SetupError,
    apply,
    apply_all,
    decode_command,
    open_fold,
    start,
)
from domain.kernel import act as kernel_act
from domain.kernel.phrases import Phrase, Purpose, phrase
from domain.kernel.profiles import (
    FIRST_VERSION,
    Profile,
    profile_named,
    version_key,
    versions,
)
from domain.kernel.words import pile_words
from services.store.chance import dice_for, opening_dice
from services.words.differences import difference_words
from services.words.sentences import Words
from services.words.telling import Teller

# Events the service adds after the rules' own: the seed at the end, a fork mark.
SERVICE_EVENTS = (SeedRevealed, GameForked)


class RecordedSource:
    """Chance read back from the record, counter by counter; a value the record
    does not hold raises ``DiceRequired`` (the reading needs unrevealed chance)."""

    kind = "seed"

    def __init__(self, recorded: Sequence[Event]) -> None:
        self.rolls: dict[int, tuple[int, int]] = {}
        self.shuffles: dict[tuple[int, int], tuple[int, ...]] = {}
        for e in recorded:
            if isinstance(e, DiceRolled):
                for i, v in enumerate(e.values):
                    self.rolls[e.counter + i] = (e.sides, v)
            elif isinstance(e, CardsShuffled):
                self.shuffles[(e.counter, len(e.permutation))] = e.permutation

    def index(self, counter: int, n: int, what: str, seat: int | None = None) -> int:
        found = self.rolls.get(counter)
        if found is None or found[0] != n:
            raise DiceRequired(
                phrase("a roll the record does not show ({what})", what=Purpose(what))
            )
        return found[1] - 1

    def perm(
        self, counter: int, n: int, what: str, cards: Sequence[str] = (), pile: str = ""
    ) -> tuple[tuple[int, ...], int]:
        found = self.shuffles.get((counter, n))
        if found is None:
            raise DiceRequired(
                phrase("a shuffle the record does not show ({pile})", pile=pile_words(pile, what))
            )
        return found, counter + max(n - 1, 0)


def chance(
    fold: Fold[Any],
    action: ActionTaken,
    seed: str | None,
    recorded: Sequence[Event],
    own: Profile | None = None,
) -> Dice:
    """The dice the action met: the table's or the seed's (as the ledger decided
    it, in the form the record's ``own`` profile took it), else the record's own
    rolls and shuffles."""
    if fold.started.mode == "table" or seed is not None:
        return dice_for(fold, seed, action.dice, action.orders, action.drew, profile=own)
    return Dice(RecordedSource(recorded), fold.counter)


def started_under(started: GameStarted, options: Mapping[str, Any]) -> GameStarted:
    return msgspec.structs.replace(started, options={**started.options, **options})


def indices_of(types: Sequence[type], classes: tuple[type, ...]) -> list[int]:
    """The indices of the events of ``classes`` (``types``: each event's class), each
    class asked once and the list scanned at C speed: verify asks this of every event."""
    found = {t for t in set(types) if issubclass(t, classes)}
    return list(compress(range(len(types)), map(found.__contains__, types)))


def plain(events: Sequence[Event]) -> list[Any]:
    return [msgspec.to_builtins(e) for e in events]


# Words in an event's fields, compared nowhere, at any depth: a die's purpose is
# how the engine said why it rolled, a pending decision's prompt how it asked
# (a sentence in older records, a phrase since); their wording moves between
# versions.
WORDING = frozenset({"purpose", "prompt"})


def unworded(value: Any) -> Any:
    """An event as data (``plain``) without its words, at any depth."""
    if isinstance(value, dict):
        return {k: unworded(v) for k, v in value.items() if k not in WORDING}
    if isinstance(value, list | tuple):
        return [unworded(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Comparison:
    """How a record is compared with a decision: as data, without its words, rule
    ids read through the aliases of the record's version, and the fields that
    version did not record left out (its profile, ``domain.kernel.profiles``)."""

    aliases: Mapping[str, str] = field(default_factory=dict)
    unrecorded: frozenset[str] = frozenset()

    @classmethod
    def of(cls, profile: Profile) -> Comparison:
        return cls(profile.aliases, profile.unrecorded)

    def same(self, decided: Any, recorded: Any) -> bool:
        """Two events as data (``plain``) equal but for words, aliases and unrecorded fields."""
        if decided == recorded:
            return True
        if not isinstance(decided, dict) or not isinstance(recorded, dict):
            return False
        drop = self.unrecorded
        mine = {k: v for k, v in unworded(decided).items() if k not in drop}
        theirs = {k: v for k, v in unworded(recorded).items() if k not in drop}
        if mine == theirs:
            return True
        # A recorded rule id stands for this engine's where it is that id or its alias
        # (an alias may name a rule cited otherwise elsewhere, so both are accepted).
        aliases = self.aliases
        rule, cited = theirs.get("rule"), mine.get("rule")
        if isinstance(rule, str) and aliases.get(rule) == cited:
            theirs["rule"] = cited
        also, cited_also = theirs.get("also"), mine.get("also")
        if isinstance(also, list) and isinstance(cited_also, list | tuple):
            theirs["also"] = [
                b if aliases.get(a) == b else a for a, b in zip(also, cited_also, strict=False)
            ] + also[len(cited_also) :]
        return mine == theirs


EXACT = Comparison()


def first_difference(
    decided: Sequence[Event], recorded: Sequence[Event], compare: Comparison = EXACT
) -> int | None:
    """The index of the first event where two lists differ as data (the shorter's
    length where one goes on), None where they do not. Equal values may still
    differ as objects, a tuple built by the rules against a list read back from
    the store: those are compared as data, without their words (``compare``)."""
    if decided == recorded:
        return None
    a, b = plain(decided), plain(recorded)
    same = compare.same
    for k, (x, y) in enumerate(zip(a, b, strict=False)):
        if not same(x, y):
            return k
    return None if len(a) == len(b) else min(len(a), len(b))


def refusal_text(error: IllegalCommand, message: str) -> str:
    """Why a reading decided nothing, ``message`` being ``error``'s message as the
    reader is told it (``services.words.refusals.worded_message``)."""
    tell = Teller(str, str)
    if isinstance(error, DiceRequired):
        return tell(phrase("needs chance the record does not hold: {message}", message=message))
    return tell(
        phrase("refused under this reading [{rule}]: {message}", rule=error.rule, message=message)
    )


@dataclass(slots=True)
class Decided:
    """A stretch decided again: its events (an action's ``ActionTaken`` first), or
    why there are none (``refused``, in the desk's words; ``error``, what was raised)."""

    events: list[Event]
    refused: str = ""
    # The engine broke rather than ruled (or the record stopped folding under this
    # reading): it cannot be compared with the record from this position.
    undecided: bool = False
    error: Exception | None = None


@dataclass(slots=True)
class Step:
    """One stretch of the record under the loop's reading: the opening (no action)
    or an action with its consequences; decided again when first asked (a walk
    to one action folds the rest and decides nothing)."""

    game: Game[Any]
    started: GameStarted  # under the loop's reading
    index: int  # of the stretch's first event: the action, or 1 for the opening
    end: int  # the index after its last event
    before: Fold[Any] | None  # the fold before it (None: the reading could not open)
    recorded: list[Event]  # as stored, without the service's events
    seed: str | None
    action: ActionTaken | None  # None: the opening
    broken: str = ""  # why the record stopped folding under this reading before here
    compare: Comparison = EXACT  # the record's version's: aliases, fields it did not hold
    own: Profile | None = None  # the record's own profile: the form its chance took
    # Plain attributes, not cached properties: verify asks them of every action.
    _decided: Decided | None = field(default=None, init=False, repr=False)
    _differs_at: int | None = field(default=None, init=False, repr=False)
    _compared: bool = field(default=False, init=False, repr=False)

    @property
    def position(self) -> int:
        """The position of the stretch's first event."""
        return self.index + 1

    @property
    def chance_known(self) -> bool:
        """The table's or the seed's chance (else an action reads the record's)."""
        return self.started.mode == "table" or self.seed is not None

    @property
    def decided(self) -> Decided:
        if self._decided is None:
            self._decided = self._decide()
        return self._decided

    @property
    def differs_at(self) -> int | None:
        """The index (in ``recorded``) of the first event the reading decides
        otherwise, None where it gives the recorded events. A refusal differs at
        the first event after the action (the action was sent as recorded)."""
        if not self._compared:
            decided = self.decided
            if decided.refused:
                self._differs_at = 0 if self.action is None else 1
            else:
                self._differs_at = first_difference(decided.events, self.recorded, self.compare)
            self._compared = True
        return self._differs_at

    def _decide(self) -> Decided:
        if self.broken or self.before is None:
            return Decided([], self.broken, undecided=True)
        action = self.action
        try:
            if action is None:
                dice = opening_dice(self.started, self.seed, self.own)
                events = start(self.game, self.started, dice)[1:]
            else:
                dice = chance(self.before, action, self.seed, self.recorded, self.own)
                events = _act_again(self.game, self.before, action, dice)
        except IllegalCommand as e:  # DiceRequired too
            return Decided([], refusal_text(e, e.message), error=e)
        except Exception as e:  # a position the engine never reached under this reading
            said = _said(
                phrase(
                    "the engine fails here under this reading: {kind}: {why}",
                    kind=type(e).__name__,
                    why=_why(e),
                )
            )
            return Decided([], said, undecided=True, error=e)
        return Decided(events)

    def under(self, options: Mapping[str, Any]) -> Step:
        """This stretch under another reading (``options`` switched), decided again
        from the same position: the fold before it as recorded, with those options in
        force (``Game.switched``). So a reading is decided from the nearest fold the
        walk holds (a snapshot's), never by folding the record again from the start."""
        started = started_under(self.started, options)
        before, broken = self.before, self.broken
        if before is not None and not broken:
            try:
                state = self.game.switched(before.state, started)
            except SetupError as e:  # an option of the set-up's material, say
                said = phrase("the position cannot be read under this reading: {why}", why=_why(e))
                before, broken = None, _said(said)
            else:
                before = msgspec.structs.replace(before, started=started, state=state)
        return Step(
            self.game,
            started,
            self.index,
            self.end,
            before,
            self.recorded,
            self.seed,
            self.action,
            broken,
            self.compare,
            self.own,
        )

    def at_difference(self) -> tuple[Event | None, Event | None]:
        """(as recorded, as decided again) at the first difference; None where that
        side has no more events."""
        k = self.differs_at
        if k is None:
            return None, None
        mine = self.decided.events
        return (
            self.recorded[k] if k < len(self.recorded) else None,
            mine[k] if k < len(mine) else None,
        )


def difference(
    step: Step, words: Words, label: Phrase, shown: Callable[[Event], Event] | None = None
) -> dict[str, Any]:
    """The step's first difference in its one shape (see the module's doc), its
    lines in the language of ``words``. ``label`` says the decided side
    (``differences.BY_THIS_ENGINE``, ``UNDER_THIS_READING``); ``shown``: each
    event as the reader may read it, for the words."""
    k = step.differs_at
    assert k is not None, "no difference to say"
    recorded, reading = step.at_difference()
    say = shown or (lambda e: e)
    return {
        "recorded": None if recorded is None else msgspec.to_builtins(recorded),
        "reading": None if reading is None else msgspec.to_builtins(reading),
        "text": difference_words(
            words,
            step.position + k,
            None if recorded is None else say(recorded),
            None if reading is None else say(reading),
            label,
        ),
    }


def _act_again(game: Game[Any], fold: Fold[Any], action: ActionTaken, dice: Dice) -> list[Event]:
    """The recorded action decided again, with all the chance it carried (dice,
    orders and named draws); ``ActionTaken`` first, as ``act`` gives it."""
    return kernel_act(
        game,
        fold,
        action.seat,
        decode_command(game, action.command),
        dice,
        supplied=action.dice,
        supplied_orders=action.orders,
        supplied_drew=action.drew,
        key=action.key,
    )


def engine_profile(game: Game[Any], engine: str | None) -> Profile:
    """The rules profile of ``engine`` (None: this engine's; ``0.1.0@09066c5``: a
    revision variant of 0.1.0), or a clear refusal naming the versions and
    variants the game's changelog knows."""
    changelog = game.catalogue.changelog
    listed = versions(changelog)  # each version's variants after it, in changelog order
    known = sorted(
        [*listed, *(v for v in (FIRST_VERSION, ENGINE_VERSION) if v not in listed)],
        key=lambda v: (version_key(v.partition("@")[0]), "@" in v),
    )
    found = profile_named(changelog, engine or ENGINE_VERSION)
    if found is None or (engine is not None and engine not in known):
        raise SetupError(
            phrase(
                "unknown engine version {engine} for {game}; known: {known}",
                engine=repr(engine),
                game=game.spec.id,
                known=", ".join(known),
            )
        )
    return found


def profiles_to_try(game: Game[Any], started: GameStarted) -> tuple[Profile, ...]:
    """The profiles a record of ``started``'s engine version may have been decided
    under: its version's main one, then each revision variant in changelog order."""
    return game.catalogue.profiles(started.engine_version)


def own_profile(game: Game[Any], events: list[Event], seeds: Sequence[str | None]) -> Profile:
    """The profile a record was decided under: the first of its version's profiles
    (``profiles_to_try``) that decides every stretch as recorded, as ``verify``
    finds it; the main one where none does, or where the version has no variant."""
    started = events[0]
    assert isinstance(started, GameStarted)
    profiles = profiles_to_try(game, started)
    if len(profiles) == 1:
        return profiles[0]
    for own in profiles:
        again = Redecision(game, events, seeds, own=own)
        if not again.broken and all(step.differs_at is None for step in again.steps()):
            return own
    return profiles[0]


class Redecision:
    """A record walked under one reading: the rules ``profile`` of an engine version
    (none: the record's ``own``, so an honest record decides again as it was
    recorded) with ``options`` switched from the recorded ones. ``own``: the
    profile the record was decided under (a revision variant of its version where
    verify found one; none: its version's main profile): its aliases and unrecorded
    fields are how the record is read, and its chance is taken in that profile's
    form. ``seeds``: the seed known for each stretch of the game's chance (a fork
    with fresh dice starts one; None: not known).
    ``keep``: positions whose fold to keep in ``kept``.

    The record is folded stretch by stretch; where it stops folding under the
    reading, ``broken`` says why, ``error`` and ``broken_at`` (a position, 1
    where the game cannot even open) say what and where, and every later step
    is undecided."""

    def __init__(
        self,
        game: Game[Any],
        events: list[Event],
        seeds: Sequence[str | None],
        options: Mapping[str, Any] | None = None,
        *,
        keep: Collection[int] = (),
        profile: Profile | None = None,
        own: Profile | None = None,
    ) -> None:
        started = events[0]
        assert isinstance(started, GameStarted)
        self.game = game
        self.events = events
        self.seeds = seeds
        recorded = own or game.catalogue.profile(started.engine_version)
        self.own = recorded
        self.profile = profile or recorded
        self.compare = Comparison.of(recorded)
        # The profile's readings of the options the record does not hold (an option
        # added since, or behaviour that became one); the record's own stay.
        known = {o.name for o in game.spec.options}
        pinned = {
            k: v for k, v in self.profile.options.items() if k in known and k not in started.options
        }
        switched = {**pinned, **(options or {})}
        self.started = started_under(started, switched) if switched else started
        self.keep = frozenset(keep)
        self.kept: dict[int, Fold[Any]] = {}
        self.broken = ""
        self.error: Exception | None = None
        self.broken_at = 0
        types = list(map(type, events))
        self.starts = indices_of(types, (ActionTaken,))
        self._services = indices_of(types, SERVICE_EVENTS)
        # Where each stretch of the chance begins: a fork that drew a fresh seed.
        self._marks = [
            i
            for i in self._services
            if isinstance(e := events[i], GameForked) and e.seed_commitment
        ]
        self.fold: Fold[Any] | None = None
        try:
            self.fold = open_fold(game, self.started)
        except Exception as e:  # a reading the game cannot even open with
            said = phrase("the game cannot open under this reading: {why}", why=_why(e))
            self._break(e, 1, _said(said))

    def steps(self, since: Fold[Any] | None = None) -> Iterator[Step]:
        """Each stretch in turn, the opening first, its fold before it. ``since``:
        a fold under this reading where an action begins (a snapshot's, say): the
        walk starts there."""
        events = self.events
        if since is not None:
            self.fold = since
        elif self.fold is not None and 1 in self.keep:
            self.kept[1] = self.fold
        game, started, seeds, marks, services, compare, own = (
            self.game,
            self.started,
            self.seeds,
            self._marks,
            self._services,
            self.compare,
            self.own,
        )
        action: ActionTaken | None = None  # the first stretch is the opening
        for lo, hi in zip([1, *self.starts], [*self.starts, len(events)], strict=True):
            if since is None or lo >= since.position:
                stretch = events[lo:hi]
                recorded = (
                    stretch
                    if bisect_left(services, lo) == bisect_left(services, hi)
                    else [e for e in stretch if not isinstance(e, SERVICE_EVENTS)]
                )
                k = bisect_left(marks, lo)
                seed = seeds[k] if k < len(seeds) else None
                step = Step(
                    game,
                    started,
                    lo,
                    hi,
                    self.fold,
                    recorded,
                    seed,
                    action,
                    self.broken,
                    compare,
                    own,
                )
                self._fold(lo, hi, stretch)
                yield step
            after = events[hi] if hi < len(events) else None
            action = after if isinstance(after, ActionTaken) else None

    def _fold(self, lo: int, hi: int, stretch: list[Event]) -> None:
        """The fold after ``stretch``, ``events[lo:hi]`` (positions lo+1..hi), keeping the folds
        at the ``keep`` positions; event by event where one is inside the
        stretch or an event does not apply (to name it)."""
        fold = self.fold
        if fold is None or self.broken:
            return
        game, events, keep = self.game, self.events, self.keep
        if not keep or keep.isdisjoint(range(lo + 1, hi)):
            try:
                after: Fold[Any] | None = apply_all(game, fold, stretch)
            except Exception:  # found again below, event by event
                after = None
            if after is not None:
                if hi in keep:
                    self.kept[hi] = after
                self.fold = after
                return
        for i in range(lo, hi):
            try:
                fold = apply(game, fold, events[i])
            except Exception as e:  # the record and the reading part ways here
                said = phrase(
                    "the record cannot be folded under this reading at #{at}: {why}",
                    at=i + 1,
                    why=_why(e),
                )
                self._break(e, i + 1, _said(said))
                return
            self.fold = fold
            if i + 1 in keep:
                self.kept[i + 1] = fold

    def _break(self, error: Exception, position: int, said: str) -> None:
        self.broken, self.error, self.broken_at = said, error, position


def _said(said: Phrase) -> str:
    """A reason the record stops being decided under a reading, in the reader's
    language (the desk's words, as a refusal's)."""
    return Teller(str, str)(said)


def _why(error: Exception) -> Phrase | str:
    # An error of ours says itself as a phrase; any other as it put it.
    said = getattr(error, "said", None)
    return said if isinstance(said, Phrase) else str(error)
