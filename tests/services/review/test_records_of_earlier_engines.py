"""Games recorded by earlier engine versions of this project (tests/corpus/) verify
as authentic, and deciding them under today's rules profile differs only where a
changelog entry says why."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from domain.kernel import ENGINE_VERSION, SetupError
from domain.kernel.profiles import version_key
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.readjudicate import readjudicate
from services.review.verify import verify_game

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus"
STORES = sorted(p.name for p in CORPUS.glob("*.db.xz"))


def _open(tmp_path: Path, name: str) -> WizardLedger:
    db = tmp_path / name.removesuffix(".xz")
    db.write_bytes(lzma.decompress((CORPUS / name).read_bytes()))
    return WizardLedger(f"sqlite:///{db}")


def test_the_corpus_holds_every_earlier_version() -> None:
    assert {name.split("-")[0] for name in STORES} >= {"0.1.0", "0.2.0", "0.3.0"}


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
