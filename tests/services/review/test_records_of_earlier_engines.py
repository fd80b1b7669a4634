"""Games recorded by earlier engine versions of this project (tests/corpus/) verify
as authentic, and deciding them under today's rules profile differs only where a
changelog entry says why."""

from __future__ import annotations

import lzma
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.kernel import ENGINE_VERSION, SetupError
from domain.kernel.profiles import version_key
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.readjudicate import readjudicate
from services.review.record import read_record
from services.review.redecide import Redecision
from services.review.story import ALL
from services.review.verify import verify_game
from tests.services.review.forgery import heads_made_good, rewrite_stream

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus"
WIZARDS = str(Path(__file__).resolve().parents[3] / ".venv" / "bin" / "wizards")
STORES = sorted(p.name for p in CORPUS.glob("*.db.xz"))


# Table-mode games recorded where one engine version shipped two behaviours: each is
# authentic under a revision variant of its version (the changelog's entries with a
# revision), and verify names it.
VARIANT_RECORDS = {
    ("0.1.0-1bdd525-table.db.xz", "spellwars"): "0.1.0 before 5227ba3",
    ("0.1.0-c6a1feb-table.db.xz", "spellwars"): "0.1.0 as of 09066c5",
    ("0.2.0-b6eb1b0-table.db.xz", "ultimate"): "0.2.0 as of c08a9c1",
}


def _open(tmp_path: Path, name: str) -> WizardLedger:
    db = tmp_path / name.removesuffix(".xz")
    db.write_bytes(lzma.decompress((CORPUS / name).read_bytes()))
    return WizardLedger(f"sqlite:///{db}")


def test_the_corpus_holds_every_earlier_version() -> None:
    assert {name.split("-")[0] for name in STORES} >= {"0.1.0", "0.2.0", "0.3.0", "0.4.0"}


def _chance_by(started: Any) -> str:
    if started.mode != "table":
        return "seed"
    return str((started.setup or {}).get("chance_by", "table"))


def test_the_corpus_holds_table_mode_games_of_every_revision_that_changed_it(
    tmp_path: Path,
) -> None:
    """Games whose chance a table gave: the first revision with table mode, and each
    that changed what it records (piles of unknown order and cards named, by 0.1.0's
    last revision; a card picked blind taken by its name, and seats entering their
    own draws, by 0.3.0), up to 0.4.0; every game of theirs (README.md)."""
    found: dict[str, set[str]] = {}
    for name in (n for n in STORES if n.endswith("-table.db.xz")):
        ledger = _open(tmp_path, name)
        ways = {_chance_by(ledger.load(gid, 1).fold.started) for gid in ledger.game_ids()}
        found[name.split("-")[1]] = ways
    assert found == {
        "1bdd525": {"table"},
        "c6a1feb": {"table"},
        "b6eb1b0": {"table"},
        "e6713b8": {"table", "seats"},
        "87d162a": {"table", "seats"},
    }


@pytest.mark.parametrize("name", STORES)
def test_every_game_of_an_earlier_engine_verifies_as_authentic(tmp_path: Path, name: str) -> None:
    ledger = _open(tmp_path, name)
    ids = list(ledger.game_ids())
    assert ids
    for gid in ids:
        started = ledger.load(gid, 1).fold.started
        assert version_key(started.engine_version) < version_key(ENGINE_VERSION)
        report = verify_game(ledger, gid)
        assert report.ok, f"{name} {gid}: {report.first()}"
        variant = VARIANT_RECORDS.get((name, started.game))
        assert report.decided_under == (variant or started.engine_version)


@pytest.mark.parametrize("name", STORES)
def test_every_difference_under_todays_profile_is_a_changelog_entry(
    tmp_path: Path, name: str
) -> None:
    """A change that alters an outcome of the corpus without a new ENGINE_VERSION
    and a changelog entry fails here: the difference is attributed to no entry."""
    ledger = _open(tmp_path, name)
    for gid in ledger.game_ids():
        report = readjudicate(ledger, gid)
        first = report["first_difference"]
        if first is not None:
            assert first["attributed_to"], f"{name} {gid}: {first['attribution']}: {first['text']}"


def _game(tmp_path: Path, name: str, game: str) -> tuple[WizardLedger, Any]:
    ledger = _open(tmp_path, name)
    gids = [g for g in ledger.game_ids() if ledger.load(g, 1).fold.started.game == game]
    assert len(gids) == 1
    return ledger, gids[0]


@pytest.mark.parametrize(("name", "game"), sorted(VARIANT_RECORDS))
def test_a_record_of_a_variant_is_not_authentic_under_its_versions_main_profile(
    tmp_path: Path, name: str, game: str
) -> None:
    """Each variant record needs its variant: its version's main profile alone
    decides it otherwise (else the variant would be no finding)."""
    ledger, gid = _game(tmp_path, name, game)
    record = read_record(ledger, gid, ALL)
    main, *variants = record.game.catalogue.profiles(record.started.engine_version)
    assert [v.name for v in variants if v.name == VARIANT_RECORDS[(name, game)]]
    again = Redecision(record.game, record.events, record.seeds, own=main)
    assert any(step.differs_at is not None for step in again.steps())


def test_readjudicate_under_the_main_profile_names_the_variants_entry(tmp_path: Path) -> None:
    """The c6a1feb Spell Wars table game decided under 0.1.0's main profile: the
    discard before the bonuses, which the variant it was recorded under gave after."""
    ledger, gid = _game(tmp_path, "0.1.0-c6a1feb-table.db.xz", "spellwars")
    report = readjudicate(ledger, gid, engine="0.1.0")
    assert report["recorded_under"] == "0.1.0 as of 09066c5"
    assert report["changes_between"] == [
        "0.1.0 as of 09066c5 sw.dead.round-start (dead_bonus: after_discard → before_discard)"
    ]
    causes = report["first_difference"]["attributed_to"]
    assert [(c["variant"], c["revision"], c["option"]) for c in causes] == [
        ("as of 09066c5", "09066c5", "dead_bonus")
    ]


def test_verify_names_the_variant_that_decided_the_record(tmp_path: Path) -> None:
    """``wizards verify`` says which profile reproduced an old record, a revision
    variant by its revision."""
    name = "0.1.0-c6a1feb-table.db.xz"
    db = tmp_path / name.removesuffix(".xz")
    db.write_bytes(lzma.decompress((CORPUS / name).read_bytes()))
    ledger, gid = _game(tmp_path, name, "spellwars")
    ledger.close()
    done = subprocess.run(
        [WIZARDS, "--store", f"sqlite:///{db}", "verify", str(gid)],
        capture_output=True,
        text=True,
        env={**os.environ, "WIZARDS_REDIS": "none"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{gid}: ok (")
    assert "; authentic under 0.1.0 as of 09066c5)" in done.stdout


def test_readjudicate_attributes_a_difference_to_a_variants_entry(tmp_path: Path) -> None:
    """The 1bdd525 Spell Wars table game decided under today's profile: its opening
    (a script read as a position) differs, caused by the variant's entry; decided
    under its own variant (``--engine 0.1.0@5227ba3``) it is as recorded."""
    ledger, gid = _game(tmp_path, "0.1.0-1bdd525-table.db.xz", "spellwars")
    today = readjudicate(ledger, gid)
    assert today["recorded_under"] == "0.1.0 before 5227ba3"
    first = today["first_difference"]
    assert first["position"] == 2 and first["action"] is None
    names = [c["name"] for c in first["attributed_to"]]
    assert names == ["0.1.0 before 5227ba3 sw.setup.position (chance_script: chance → position)"]
    assert "0.1.0 before 5227ba3 sw.setup.position" in first["attribution"]
    own = readjudicate(ledger, gid, engine="0.1.0@5227ba3")
    assert own["engine_now"] == "0.1.0 before 5227ba3"
    assert own["first_difference"] is None
    with pytest.raises(SetupError, match=r"known: 0\.1\.0, 0\.1\.0@5227ba3, 0\.1\.0@09066c5"):
        readjudicate(ledger, gid, engine="0.1.0@1bdd525")


def test_a_tampered_record_of_a_variant_version_still_fails(tmp_path: Path) -> None:
    """The dead wizard's bonus of the c6a1feb record (Repos Mérité healing 3, given
    before the discard as 0.1.0 as of 09066c5 did) edited to 2, its chain and heads
    recomputed so that only deciding again can tell: no profile of 0.1.0 gives it,
    and verify fails with the first difference under the version's main profile
    (the discard first)."""
    name = "0.1.0-c6a1feb-table.db.xz"
    ledger, gid = _game(tmp_path, name, "spellwars")
    at = next(
        e.position
        for e in ledger.entries(gid, gt=0)
        if getattr(e.event, "rule", "") == "sw.card.repos-merite"
    )
    ledger.close()
    path = tmp_path / name.removesuffix(".xz")

    def weaker(position: int, body: dict[str, Any]) -> dict[str, Any] | None:
        return {**body, "amount": body["amount"] - 1} if position == at else None

    rewrite_stream(path, str(gid), weaker)
    heads_made_good(path, str(gid), every=True)
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    first = report.first()
    assert first is not None and first.check == "adjudication", first
    assert first.position < at
    assert "sw.dead.immediate" in str(first)


def test_readjudicate_names_the_entry_and_decides_under_any_version(tmp_path: Path) -> None:
    """A Spell Wars game of engine 0.1.0: today's profile gives the dead wizard's
    bonuses before the discard, which the changelog names; 0.1.0's decides as recorded."""
    ledger = _open(tmp_path, "0.1.0-1bdd525.db.xz")
    gid = "bc6bfc5d-7a61-494d-8b19-5e3da502bcf7"
    today = readjudicate(ledger, gid)
    names = [c["name"] for c in today["first_difference"]["attributed_to"]]
    assert names == ["0.2.0 sw.dead.round-start (dead_bonus: after_discard → before_discard)"]
    assert "0.2.0 sw.dead.round-start" in today["first_difference"]["attribution"]
    assert readjudicate(ledger, gid, engine="0.1.0")["first_difference"] is None
    with pytest.raises(SetupError, match=r"unknown engine version '9\.9'.*known: 0\.1\.0"):
        readjudicate(ledger, gid, engine="9.9")


def test_the_dispute_desk_decides_under_an_engine_version_over_http(tmp_path: Path) -> None:
    """GET /tables/{id}/dispute?engine=VERSION decides the action under that version's
    rules profile, as ``wizards dispute --engine`` does: the action where the 0.1.0
    record discards a dead wizard's cards first decides again as recorded under its
    own version's rules, otherwise under today's, where the other reading of
    dead_bonus gives the record."""
    ledger = _open(tmp_path, "0.1.0-1bdd525.db.xz")
    gid = "bc6bfc5d-7a61-494d-8b19-5e3da502bcf7"
    at = readjudicate(ledger, gid)["first_difference"]["position"]
    url = f"/tables/{gid}/dispute"
    with TestClient(create_app(ledger)) as client:
        own = client.get(url, params={"at": at}).json()
        assert own["decided_under"] == "0.1.0" and own["recorded_decides_again"]
        assert client.get(url, params={"at": at, "engine": "0.1.0"}).json() == own
        today = client.get(url, params={"at": at, "engine": ENGINE_VERSION}).json()
        assert today["decided_under"] == ENGINE_VERSION and not today["recorded_decides_again"]
        gives_record = [
            (r["option"], r["value"]) for r in today["other_readings"] if r["same_as_recorded"]
        ]
        assert gives_record == [("dead_bonus", "after_discard")]
        unknown = client.get(url, params={"at": at, "engine": "9.9"})
        assert unknown.status_code == 422 and unknown.json()["type"].endswith("unknown_engine")


def test_the_dispute_desk_says_which_variant_decided(tmp_path: Path) -> None:
    """The action of the c6a1feb record where a dead wizard's bonus comes before its
    discard: decided again under the record's own profile, the variant ``0.1.0 as of
    09066c5``, as recorded; over HTTP (``decided_under``) and from the CLI (in words)."""
    name = "0.1.0-c6a1feb-table.db.xz"
    ledger, gid = _game(tmp_path, name, "spellwars")
    at = readjudicate(ledger, gid, engine="0.1.0")["first_difference"]["position"]
    with TestClient(create_app(ledger)) as client:
        own = client.get(f"/tables/{gid}/dispute", params={"at": at}).json()
        assert own["decided_under"] == "0.1.0 as of 09066c5"
        assert own["recorded_decides_again"]
        main = client.get(f"/tables/{gid}/dispute", params={"at": at, "engine": "0.1.0"}).json()
        assert main["decided_under"] == "0.1.0" and not main["recorded_decides_again"]
    ledger.close()
    db = tmp_path / name.removesuffix(".xz")
    done = subprocess.run(
        [WIZARDS, "--store", f"sqlite:///{db}", "dispute", str(gid), "--at", str(at)],
        capture_output=True,
        text=True,
        env={**os.environ, "WIZARDS_REDIS": "none"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (
        "Decided again under the rules profile of 0.1.0 as of 09066c5 (recorded by engine 0.1.0)"
        in done.stdout
    )


def test_the_corpus_holds_spell_wars_prompts_recorded_as_sentences(tmp_path: Path) -> None:
    """Spell Wars records its prompts as phrases since fd3291f, with no changelog entry
    (a change of words, which a decision again does not compare): the corpus's earlier
    records hold them as sentences, so the tests above show such a record verifying."""
    sentences = 0
    for name in STORES:
        ledger = _open(tmp_path, name)
        for gid in ledger.game_ids():
            if ledger.load(gid, 1).game.spec.id != "spellwars":
                continue
            for entry in ledger.entries(gid):
                flow = getattr(entry.event, "flow", None)
                choice = getattr(flow, "choice", None)
                sentences += isinstance(getattr(choice, "prompt", None), str)
    assert sentences > 100
