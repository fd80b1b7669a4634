"""What each engine version changed of Spell Wars' outcomes (its rules profiles,
``domain.kernel.profiles``): data, read with the catalogue.

A change of words alone is no entry: since fd3291f (still 0.5.0) a pending
decision's prompt is recorded as a phrase, where earlier records hold a sentence,
and a record decided again is compared without its prompts and purposes
(``services.review.redecide.WORDING``), so no difference arises for an entry to
explain (the corpus's Spell Wars records, all with sentences, verify as recorded)."""

from __future__ import annotations

from domain.kernel.profiles import Change

CHANGELOG: tuple[Change, ...] = (
    Change(
        version="0.1.0",
        revision="5227ba3",
        before=True,
        rule="sw.setup.position",
        option="chance_script",
        old="chance",
        new="position",
        why="Before 5227ba3 (26 November 2026, still engine 0.1.0) Spell Wars read a "
        "table-mode game's chance script (its dice and orders) as a setup position: the "
        "game opened from every deck in its printed order (PositionLoaded), with no shuffle "
        "and no hand dealt; from 5227ba3 on it shuffles, as today's engine does.",
    ),
    Change(
        version="0.1.0",
        revision="09066c5",
        rule="sw.dead.round-start",
        option="dead_bonus",
        old="after_discard",
        new="before_discard",
        why="09066c5 (26 November 2026, the audit's rulings) gave a dead wizard's bonuses "
        "before the discard of its cards, still engine 0.1.0 (ENGINE_VERSION 0.2.0 came with "
        "e227b1e, after it); 0.1.0's main profile keeps the reading of the revisions before "
        "it, such as 1bdd525.",
    ),
    Change(
        version="0.2.0",
        rule="sw.resolve.added-order",
        option="added_order",
        old="next",
        new="choice",
        why="A card added to a spell waits with the unresolved cards of its type, in the "
        "caster's order; engine 0.1.0 resolved it next, before them.",
    ),
    Change(
        version="0.2.0",
        rule="sw.target.before-dice",
        option="trankilus",
        old="after",
        new="first",
        why="Trankilus's target (the weakest opponent) is fixed before its die is rolled, in "
        "the order of the card's sentences; engine 0.1.0 rolled first.",
    ),
    Change(
        version="0.2.0",
        rule="sw.target.before-dice",
        renamed_from="sw.target.strongest",
        why="Trankilus's target cites the ruling that places it; engine 0.1.0 cited the "
        "target's own rule (the weakest opponent) for the same choice.",
    ),
    Change(
        version="0.2.0",
        rule="sw.dead.round-start",
        option="dead_bonus",
        old="after_discard",
        new="before_discard",
        why="At the start of a round a dead wizard's bonuses come first, then the cards are "
        "discarded (ruling sw.dead.round-start); engine 0.1.0 discarded them at once and "
        "gave the bonuses after.",
    ),
    Change(
        version="0.5.0",
        rule="kernel.also",
        field="also",
        why=(
            "Spell Wars' events cite the rulings they rely on besides their rule (a round "
            "ended when the dust settles, kept creatures attacking with the next spell); "
            "records of earlier engines cite the rule alone."
        ),
    ),
)
