"""``new --table`` for every registered game: the opening's chance comes from the table,
and a table that gives none is told everything the opening needs at once."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games import all_games
from domain.kernel import CardsShuffled, DiceRequired, DiceRolled, Game, IllegalCommand
from services.ledger import WizardLedger
from tests.services.playing import play
from tools.simulation import open_game


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_game_opens_at_the_table_with_the_orders_and_dice_it_is_given(
    game: Game[Any], sqlite_url: str
) -> None:
    players = game.spec.min_players
    _, seeded, _ = open_game(game, players, f"table-{game.spec.id}")
    dice = [v for e in seeded if isinstance(e, DiceRolled) for v in e.values]
    orders = [list(e.permutation) for e in seeded if isinstance(e, CardsShuffled)]
    ledger = WizardLedger(sqlite_url)
    if dice or orders:
        with pytest.raises(IllegalCommand) as refused:
            ledger.create_game(game.spec.id, players, table=True)
        assert refused.value.code == "dice_required"
        assert refused.value.message.startswith("table mode: the opening needs ")
        assert isinstance(refused.value, DiceRequired) and refused.value.needs
        assert ledger.game_ids() == []  # nothing stored
    gid = ledger.create_game(game.spec.id, players, table=True, dice=dice, orders=orders).game_id
    at_table = [e.event for e in ledger.entries(gid)][1:]

    def plain(events: list[Any]) -> list[Any]:
        # The same opening, chance aside from where it came from (seed or table).
        out = []
        for e in events:
            data = msgspec.to_builtins(e)
            if isinstance(e, DiceRolled | CardsShuffled):
                data.pop("source", None)
                data.pop("counter", None)
            out.append(data)
        return out

    assert plain(at_table) == plain(seeded[1:])


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_game_plays_with_its_exported_data_file_and_verifies(
    game: Game[Any], sqlite_url: str
) -> None:
    import tomllib

    from domain.kernel.data import data_hash
    from services.reads.positions import data_toml
    from services.review.verify import verify_game

    data = tomllib.loads(data_toml(game.spec.id))  # through the TOML a table would edit
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game(game.spec.id, game.spec.min_players, seed="data", data=data).game_id
    started = ledger.entries(gid, lte=1)[0].event
    assert started.data_hash == data_hash(started.data)  # type: ignore[attr-defined]
    play(ledger, gid, actions=12)
    assert verify_game(ledger, gid).ok


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_games_position_from_the_store_opens_the_same_state(
    game: Game[Any], sqlite_url: str
) -> None:
    import tomllib

    from domain.kernel import ActionTaken
    from services.reads.positions import as_toml, position_json

    ledger = WizardLedger(sqlite_url)
    players = game.spec.min_players
    gid = ledger.create_game(game.spec.id, players, seed="store-position").game_id
    play(ledger, gid, actions=15, seed=2)
    at = [e.position - 1 for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)][-1]
    shown = position_json(ledger, gid, at=at, whole=True)
    setup = tomllib.loads(as_toml(shown))  # the file a referee would keep
    opened = ledger.create_game(game.spec.id, players, seed="other", setup=setup).game_id
    then = ledger.load(gid, at).fold.state
    assert msgspec.to_builtins(ledger.load(opened).fold.state) == msgspec.to_builtins(then)
