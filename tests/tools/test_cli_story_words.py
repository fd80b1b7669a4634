"""What a new user reads from the CLI, in words: ``diff`` names every seat a view
holds by its player and says a nested fact once; the orc tower's story, log and
exports call its cards by their printed names; the log opens with a sentence,
not Python data; ``readjudicate`` says a switched reading in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from domain.orctower.data import DATA
from services.review.export_read import events
from services.review.html_export import embedded_document
from tools.cli import app

runner = CliRunner()

ECLAIR = """\
hands = [["lightning", "explosion"], ["shield", "mirror"]]
draw_pile = ["fireball", "curse", "shadow_hand", "poison_cloud", "deflection", "arcane_barrier",
             "thorns", "healing_light", "mana_focus", "shadow_veil", "absorption", "mind_control"]
health = [9, 9]
first = 0
"""
# The English names the orc tower's spells went by before they took the
# rulebook's French ones, and the nouns our glosses once used for its creatures.
ENGLISH = (
    "Fireball",
    "Ice Storm",
    "Lightning Bolt",
    "Earthquake",
    "Wisdom",
    "Replenish",
    "Switch",
    "Magic Bonds",
    "Voodoo",
    "Spell Book",
    "lava golem",
    "orc rider",
    "goblin shaman",
)
# An orc tower card said by its id alone: a spell copy or a creature marker
# not in "Name (id)", or a destiny card.
_IDS = "|".join(re.escape(x.id) for x in (*DATA.spells, *DATA.creatures, *DATA.reinforcements))
BARE_ID = re.compile(rf"(?<![\w(.\-])(?:(?:{_IDS})[.\-]\d+(?!\))|[dn]\d\d)\b")


def wizards(store: str, *args: str) -> str:
    run = runner.invoke(app, ["--store", store, *args])
    assert run.exit_code == 0, run.output
    return run.stdout


def eclair_game(tmp_path: Path) -> tuple[str, str]:
    """The README's disputed game: Ann casts Éclair at Bob, who may defend."""
    store = f"sqlite:///{tmp_path / 'words.db'}"
    setup = tmp_path / "eclair.toml"
    setup.write_text(ECLAIR, encoding="utf-8")
    gid = wizards(store, "new", "ultimate", "--names", "Ann,Bob", "--setup", str(setup)).strip()
    command = '{"type": "PlayCard", "card": "lightning"}'
    wizards(store, "act", gid, "--seat", "0", "--command", command)
    return store, gid


def kept(store: str, game: str, seed: str, *options: str) -> str:
    made = wizards(
        store, "simulate", game, "--games", "1", "--seed", seed, "--keep", "--json", *options
    )
    return str(json.loads(made)["kept"][0])


def test_diff_names_the_attacker_and_the_target_and_says_each_hit_once(tmp_path: Path) -> None:
    store, gid = eclair_game(tmp_path)
    out = wizards(store, "diff", gid, "2", "7")
    assert "attack — attacker: — → Ann" in out
    assert "attack — hits 1 — target: — → Bob" in out
    assert "attack — hits 1 — damage: — → 1" in out
    assert "hits — attack" not in out  # the list's name said once, not twice
    assert not re.search(r"(attacker|target): — → \d", out), out


def test_diff_names_the_winners_of_a_finished_game(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'winners.db'}"
    gid = kept(store, "spellwars", "w1")
    end = len(json.loads(wizards(store, "log", gid)))
    out = wizards(store, "diff", gid, "2", str(end))
    assert re.search(r"^  winners: \+ bot \d$", out, re.M), out
    assert re.search(r"^  dungeon: — → bot \d$", out, re.M), out


def test_the_orc_tower_says_its_cards_by_their_printed_names(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'orcs.db'}"
    gid = kept(store, "orctower", "names")
    story = wizards(store, "replay", gid)
    # The rulebook's names: French where it prints one, the card's own else.
    attack = (
        r"(Boule de feu|Blizzard|Éclair|Séisme) \((fireball|ice_storm|lightning_bolt|earthquake)"
    )
    assert re.search(attack + r"\.\d\d\)", story)
    assert re.search(r"Grimoire (Terre/Foudre|Eau/Feu) \(spell_book_(el|wf)\.\d\d\)", story)
    creature = r"(Gobelin|Orque|Shaman gobelin|Cavalier orque|Golem de lave|Chef)"
    assert re.search(creature + r" \((goblin|orc|shaman|rider|golem|chief)-\d\d\)", story)
    assert re.search(
        r"carte Destin \d+ revealed: the [a-z, ]+ creatures move; rule change: ", story
    )
    # A seat's deck by its player, rule changes by their printed names, scores by
    # player: no ids, no Python lists.
    assert "bot 1's personal deck shuffled (8 cards)" in story and "deck.0" not in story
    assert not re.search(r"rule change: [a-z]+_|\[\d", story), story
    assert re.search(r"^ +won by bot \d.*; bot 1 scored \d+ and bot 2 scored \d+ — ", story, re.M)
    texts = {
        "story": story,
        "log": "\n".join(e["text"] for e in json.loads(wizards(store, "log", gid))),
        "md": wizards(store, "export", gid, "--format", "md"),
    }
    document = json.loads(wizards(store, "export", gid, "--format", "json"))
    texts["json"] = "\n".join(e["text"] for e in events(document))
    html = wizards(store, "export", gid, "--format", "html")
    for where, text in texts.items():
        lines = [line for line in text.splitlines() if BARE_ID.search(line)]
        assert not lines, f"{where}: {lines[:3]}"
        for english in ENGLISH:
            assert english not in text, f"{where} says {english!r}"
    # The replay viewer embeds the same document.
    assert embedded_document(html) == document
    glosses = " ".join(r.get("gloss", "") for r in document["rules"].values())
    assert "Gobelin" in glosses or "Séisme" in glosses or "Grimoire" in glosses
    for english in ENGLISH:
        assert english.lower() not in glosses.lower(), english


def test_the_log_opens_with_a_sentence(tmp_path: Path) -> None:
    store, gid = eclair_game(tmp_path)
    opened = json.loads(wizards(store, "log", gid))[0]["text"]
    assert opened.startswith("Sorcier ultime for Ann and Bob; seeded dice"), opened
    assert "engine 0." in opened and "from a setup file" in opened
    # Every option at its default: said so, not as keys and values.
    assert opened.endswith("options: all by default") and "eclair hits caster" not in opened
    assert "True" not in opened and "False" not in opened and "{" not in opened


def test_readjudicate_says_the_switched_reading_in_words(tmp_path: Path) -> None:
    store, gid = eclair_game(tmp_path)
    run = runner.invoke(
        app, ["--store", store, "readjudicate", gid, "--option", "eclair_hits_caster=false"]
    )
    assert run.exit_code == 1
    assert (
        "Reading switched: Whether Éclair also deals 1 damage to the wizard who casts it — "
        "here: no; in the record: yes (--option eclair_hits_caster=false)"
    ) in run.stdout
    assert "True" not in run.stdout and "False" not in run.stdout


def test_a_round_of_elfenwizards_is_scored_player_by_player(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'elves.db'}"
    story = wizards(store, "replay", kept(store, "elfenwizards", "e1"))
    assert re.search(r"round 1: bot 1 scored \d+ \(total \d+\), bot 2 scored \d+", story), story
    assert not re.search(r"scores? \[", story)
