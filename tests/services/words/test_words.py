"""Games in words: what a game declares about itself, and the generic fallback."""

from __future__ import annotations

from domain.elfenwizards.events import PhaseBegan
from domain.games import get_game
from domain.kernel import ActionTaken, DiceRolled
from services.words.sentences import Words, spaced
from services.words.views import changes, facts

NAMES = ("Ann", "Bob", "Cy")


def test_a_command_reads_as_a_sentence_with_names() -> None:
    words = Words(get_game("ultimate"), ("Ann", "Bob"))
    combo = {"type": "PlayCombo", "combo": "flame_explosion", "target": 1}
    assert words.command(0, combo) == "Ann plays the combo Explosion des flammes on Bob"
    action = ActionTaken(seat=1, command={"type": "Defend", "card": "shield"})
    assert words.event(action) == "Bob defends with Bouclier"


def test_the_fallback_needs_no_declaration() -> None:
    """A command the game's words do not say (one of a newer engine, say) still
    reads, field by field."""
    words = Words(get_game("elfenwizards"), ("Ann", "Bob", "Cy"))
    text = words.command(2, {"type": "ChargeDragon", "die": 4, "space": "S1"})
    assert text == "Cy: charge dragon — die 4, space S1"
    assert spaced("RetireGrandDruide") == "retire grand druide"
    phase = PhaseBegan(rule="elfenwizards.round.order", phase="roll", number=2, order=(2, 0, 1))
    assert (
        words.event(phase)
        == "phase 2, Rolling and allocating the major spells: to act in turn Cy, Ann and Bob"
    )


def test_a_die_choosing_a_player_counts_as_the_seats_are_listed() -> None:
    words = Words(get_game("ultimate"), ("Ann", "Bob"))
    roll = DiceRolled(
        rule="ultimate.setup.first-player", seat=None, purpose="first player", sides=2,
        values=(2,), counter=15,
    )  # fmt: skip
    assert words.event(roll) == "rolled d2 for the first player: 2 → Bob"


def test_views_in_words_and_what_changed() -> None:
    words = Words(get_game("ultimate"), ("Ann", "Bob"))
    before = {"players": [{"seat": 0, "life": 9}, {"seat": 1, "life": 9}], "hand": ["shield"]}
    after = {"players": [{"seat": 0, "life": 7}, {"seat": 1, "life": 9}], "hand": []}
    assert facts(before, words) == ["Ann — life: 9", "Bob — life: 9", "hand: Bouclier"]
    assert [c["text"] for c in changes(before, after, words)] == [
        "Ann — life: 9 → 7",
        "hand: − Bouclier",
    ]
    # French puts a space before the colon, as the whole French catalogue does.
    french = Words(get_game("ultimate"), ("Ann", "Bob"), lang="fr")
    assert facts(before, french)[0] == "Ann — points de vie : 9"
    assert changes(before, after, french)[1]["text"] == "main : − Bouclier"


def test_a_views_effects_are_named_as_the_story_names_them() -> None:
    words = Words(get_game("ultimate"), ("Ann", "Bob"))
    view = {"players": [{"seat": 1, "effects": ["veiled", "electric_veil", "poison"]}]}
    assert facts(view, words) == ["Bob — effects: Voile d'ombre, Voile électrique, Poison"]


def test_every_seat_a_view_holds_is_said_by_its_player() -> None:
    """The seats the four games' views hold at any depth, and in lists: a demand
    of one player by another, an orc tower's seats that must discard, the
    winners, elfenwizards' next to act."""
    ultimate = Words(get_game("ultimate"), ("Ann", "Bob"))
    view = {"demands": [{"seat": 1, "by": 0}], "winner": 1}
    assert facts(view, ultimate) == ["demands — Bob — by: Ann", "winner: Bob"]
    orcs = Words(get_game("orctower"), ("Ann", "Bob", "Cy"))
    assert facts({"demands": [2, 0], "active": 1}, orcs) == ["demands: Cy, Ann", "active: Bob"]
    spells = Words(get_game("spellwars"), ("Ann", "Bob"))
    assert facts({"winners": [1], "caster": 0, "dungeon": -1}, spells) == [
        "winners: Bob",
        "caster: Ann",
        "dungeon: —",
    ]
    elves = Words(get_game("elfenwizards"), ("Ann", "Bob", "Cy"))
    assert facts({"to_act": 2, "dragon": 0}, elves) == ["to act: Cy", "dragon: Ann"]


def test_the_orc_towers_rule_changes_and_powers_go_by_their_printed_names() -> None:
    words = Words(get_game("orctower"), ("Ann", "Bob"))
    view = {"destiny": "d09", "destiny_card": {"rule": "no_powers"}, "powers": ["draw5"]}
    assert facts(view, words) == [
        "destiny: carte Destin 9",
        "destiny card — rule: Pas de pouvoirs bonus",
        "powers: Piocher un sort supplémentaire",
    ]


def test_an_elfenwizards_view_is_said_player_by_player(sqlite_url: str) -> None:
    """The whole view: where each player's wizards stand, level by level, by the
    level's printed name; not the board space by space."""
    from services.ledger import WizardLedger

    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("elfenwizards", ["Ann", "Bob", "Cy"], seed="facts").game_id
    loaded = ledger.load(gid)
    state, game = loaded.fold.state, loaded.game
    said = dict(line.split(": ", 1) for line in facts(game.view(state, None), Words(game, NAMES)))
    assert not [label for label in said if label.startswith("board")]
    assert said["dragon"] == NAMES[state.dragon]
    assert said["waiting for"].startswith(f"{NAMES[state.pending[0].seat]} — phase ")
    for w in state.wizards:
        level = state.board.level(state.board.level_of(w.space)).name
        colour, number = w.id.rsplit("-", 1)  # each pawn as the table says it
        assert f"{w.space} ({colour} wizard {number})" in said[f"{NAMES[w.seat]} — {level}"]
    assert said["Cy — colour"] == "blue" and said["Cy — Grand Druide titles won"] == "0"
    ledger.close()


def test_elfenwizards_facts_name_no_pawn_by_its_id_in_either_language(sqlite_url: str) -> None:
    """In the competition (spells cast beside wizards, points in favour) and at the
    end: pawns by colour and number (« magicien rouge 3 »), never ``red-3``; in
    French, labels and counts in French."""
    from services.ledger import WizardLedger
    from tools.simulation import play_stored

    ledger = WizardLedger(sqlite_url)
    game = get_game("elfenwizards")
    gid = play_stored(ledger, game, 3, "facts-ids", names=list(NAMES[:3]), stop_after=40)
    state = ledger.load(gid).fold.state
    assert state.support  # spells lie beside wizards: the pawns are named in them too
    ids = {w.id for w in state.wizards}
    for lang in ("en", "fr"):
        lines = facts(game.view(state, None), Words(game, NAMES[:3], lang=lang))
        assert not [line for line in lines if any(i in line for i in ids)], lines
    french = dict(
        line.split(" : ", 1)
        for line in facts(game.view(state, None), Words(game, NAMES[:3], lang="fr"))
    )
    assert french["Cy — couleur"] == "bleu" and french["à jouer"] in NAMES
    assert any("(magicien rouge " in v for k, v in french.items() if k.startswith("Ann — "))
    assert " à côté du magicien " in french["sorts lancés"]
    assert "en réserve" in french["Ann — sorts mineurs"]
    ledger.close()


def test_an_elfenwizards_opening_says_nobody_holds_the_dragon_until_it_is_given(
    sqlite_url: str,
) -> None:
    """Before the set-up gives the dragon (#8), the facts name no holder and no
    one to act, and no wizard anywhere; from #8 on, the holder by name."""
    from services.ledger import WizardLedger

    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("elfenwizards", ["Ann", "Bob", "Cy"], seed="facts").game_id
    game = get_game("elfenwizards")
    words = Words(game, NAMES)

    def said(at: int) -> dict[str, str]:
        state = ledger.load(gid, at=at).fold.state
        return dict(line.split(": ", 1) for line in facts(game.view(state, None), words))

    first = said(1)
    assert first["dragon"] == "—" and first["to act"] == "—"
    assert not [label for label in first if label.startswith(NAMES) and "Magicien" in label]
    given = said(8)
    holder = ledger.load(gid, at=8).fold.state.dragon
    assert given["dragon"] == NAMES[holder]
    said_change = changes(
        game.view(ledger.load(gid, at=7).fold.state, None),
        game.view(ledger.load(gid, at=8).fold.state, None),
        words,
    )
    assert [c["text"] for c in said_change] == [f"dragon: — → {NAMES[holder]}"]
    ledger.close()
