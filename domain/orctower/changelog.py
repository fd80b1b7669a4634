"""What each engine version changed of the orc tower's outcomes (its rules profiles,
``domain.kernel.profiles``): data, read with the catalogue."""

from __future__ import annotations

from domain.kernel.profiles import Change

CHANGELOG: tuple[Change, ...] = (
    Change(
        version="0.4.0",
        rule="orctower.assume.spells",
        option="numbers",
        old="first",
        new="example",
        why="The built-in numbers agree with the rulebook's Replenish example (Éclair's first "
        "effect 2 damage, Réapprovisionnement a lightning card) and the reinforcements differ "
        "from the types they replace in hit points and bonus action (« leurs points de vie et "
        "leurs actions bonus diffèrent »).",
    ),
    Change(
        version="0.4.0",
        rule="orctower.knowledge.learn",
        option="learned_draws",
        old="reshuffled",
        new="wait",
        why="« les nouveaux sorts ne peuvent être utilisés qu'aux tours ultérieurs »: a deck "
        "refilled from the discard during the turn leaves a spell learned this turn there; "
        "before, the refill took the whole discard, and the spell could be cast that turn.",
    ),
    Change(
        version="0.5.0",
        rule="kernel.also",
        field="also",
        why="The orc tower's damage cites where the creature's hit points come from (its "
        "type's assumed number, the round's +1, the ground, a baby toad, the floor of 1) and "
        "the game's end the score's other parts, the missions kept and a shared win; records "
        "of 0.4.0 cite fewer.",
    ),
)
