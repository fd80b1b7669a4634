"""Sorcier ultime positions the service tests open games from."""

from __future__ import annotations

from pathlib import Path

from services.ledger import WizardLedger

# Ann to play Éclair first, both at 9 life (the README's dispute-desk example).
ECLAIR_SETUP = {
    "hands": [["lightning", "explosion"], ["shield", "mirror"]],
    "draw_pile": [
        "fireball", "curse", "shadow_hand", "poison_cloud", "deflection", "arcane_barrier",
        "thorns", "healing_light", "mana_focus", "shadow_veil", "absorption", "mind_control",
    ],
    "health": [9, 9],
    "first": 0,
}  # fmt: skip


def eclair_game(tmp_path: Path) -> tuple[WizardLedger, str, int]:
    """Ann's Éclair played from ``ECLAIR_SETUP``: the ledger, the game, the action's position."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = ledger.create_game("ultimate", ["Ann", "Bob"], setup=ECLAIR_SETUP).game_id
    at = ledger.act(gid, 0, {"type": "PlayCard", "card": "lightning"})[0].position
    return ledger, str(gid), at


# A real table's position mid-round: Ann (5 life) to play, Bob at 9.
TABLE_POSITION = {
    "hands": [["shadow_hand", "fireball"], ["shield", "mirror", "thorns"]],
    "draw_pile": [
        "lightning",
        "curse",
        "poison_cloud",
        "deflection",
        "arcane_barrier",
        "healing_light",
        "mana_focus",
        "shadow_veil",
        "absorption",
        "mind_control",
        "explosion",
    ],
    "health": [5, 9],
    "first": 0,
}
