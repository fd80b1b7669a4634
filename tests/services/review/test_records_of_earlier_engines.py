"""Games recorded by earlier engine versions of this project (tests/corpus/) verify
as authentic, and deciding them under today's rules profile differs only where a
changelog entry says why."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

from domain.kernel import ENGINE_VERSION, SetupError
from domain.kernel.profiles import version_key
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
