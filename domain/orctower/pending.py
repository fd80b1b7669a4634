"""Who must decide what, derived from the stage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.kernel import Pending

if TYPE_CHECKING:
    from domain.orctower.state import State

RESOLVE = ("Attack", "Blast", "Learn", "Replenish", "Swap", "Place", "Advance", "Hex", "Fizzle")
ACTIONS = ("Teleport", "Cast", "Pass", "GivePoison", "RemoveCard", "UseToad")


def pending_of(state: State) -> tuple[Pending, ...]:
    stage = state.stage
    if stage == "over" or not state.seats:
        return ()
    if stage == "missions":
        return tuple(
            Pending(seat=s, accepts=("KeepMission",), prompt="keep one secret mission")
            for s, p in enumerate(state.seats)
            if p.offer
        )
    if stage == "demand":
        return tuple(
            Pending(seat=s, accepts=("DiscardCard",), prompt="discard a card of your hand")
            for s in state.demands
        )
    key = (stage, state.active)
    known = _ACTIVE.get(key)
    if known is None:
        known = _ACTIVE[key] = _active(stage, state.active)
    return known


# The active seat's decision at each of its stages, made once per stage and seat:
# it is derived again after every act of a game, and a Pending is a frozen value.
_ACTIVE: dict[tuple[str, int], tuple[Pending, ...]] = {}


def _active(stage: str, seat: int) -> tuple[Pending, ...]:
    if stage == "reveal":
        return (Pending(seat=seat, accepts=("RevealMarker",), prompt="reveal a marker"),)
    if stage == "casting":
        return (
            Pending(
                seat=seat,
                accepts=("Upgrade", "UpgradeTeleport", "UpgradeDraw", *RESOLVE),
                prompt="add upgrades, then apply one effect of the spell",
            ),
        )
    if stage == "bonus":
        return (Pending(seat=seat, accepts=("TakeBonus", "SkipBonuses"), prompt="bonus actions"),)
    return (Pending(seat=seat, accepts=ACTIONS, prompt="teleport, cast a spell or pass"),)
