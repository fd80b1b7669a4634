"""``wizards new --data FILE`` and ``--setup FILE`` read a regular file of bounded size
and nothing else: a device, a pipe or a directory is refused by name at once (no
MemoryError from ``/dev/zero``, no endless read of ``/dev/urandom``, no wait on a
FIFO), and so are a file too large, one not UTF-8, and TOML nested too deep.

Each command runs in a process of its own, its memory bounded, so that a failure
of the bound cannot take the machine's memory with it."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

WIZARDS = str(Path(sys.executable).with_name("wizards"))


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1024**3, 1024**3))


def _new(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [WIZARDS, "--store", f"sqlite:///{tmp_path / 'w.db'}", "new", *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited,
        env={**os.environ, "WIZARDS_REDIS": "off"},
    )


def _refused(done: subprocess.CompletedProcess[str], code: str) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr[-2000:])
    problem = json.loads(done.stderr.strip().splitlines()[-1])
    assert problem["code"] == code, problem
    detail: str = problem["detail"]
    return detail


@pytest.mark.parametrize(
    ("path", "kind"),
    [("/dev/zero", "a character device"), ("/dev/urandom", "a character device")],
)
def test_a_device_is_refused_as_a_data_or_setup_file(tmp_path: Path, path: str, kind: str) -> None:
    for option in ("--data", "--setup"):
        detail = _refused(_new(tmp_path, "orctower", "--players", "2", option, path), "bad_file")
        assert detail == f"{option} {path}: {kind}, not a file; give a TOML file"


def test_a_pipe_a_directory_and_a_missing_file_are_refused_by_name(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes it: reading it would wait forever
    cases = {fifo: "a pipe, not a file", tmp_path: "a directory, not a file"}
    for path, said in cases.items():
        detail = _refused(
            _new(tmp_path, "ultimate", "--players", "2", "--data", str(path)), "bad_file"
        )
        assert said in detail and str(path) in detail
    missing = tmp_path / "nowhere.toml"
    detail = _refused(
        _new(tmp_path, "ultimate", "--players", "2", "--data", str(missing)), "bad_file"
    )
    assert detail == f"--data {missing}: cannot open it (there is no such file)"


def test_a_file_too_large_or_not_utf8_is_refused(tmp_path: Path) -> None:
    large = tmp_path / "large.toml"
    large.write_text("# " + "x" * 1_100_000 + "\n")
    detail = _refused(
        _new(tmp_path, "ultimate", "--players", "2", "--data", str(large)), "bad_file"
    )
    assert "over 1000000 bytes" in detail
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'[cards.fireball]\nname = "Boule de feu \xe9"\n')
    detail = _refused(
        _new(tmp_path, "ultimate", "--players", "2", "--data", str(latin)), "bad_file"
    )
    assert "not UTF-8" in detail


def test_toml_nested_too_deep_is_a_setup_error_naming_the_file(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    for option in ("--data", "--setup"):
        detail = _refused(
            _new(tmp_path, "ultimate", "--players", "2", option, str(deep)), "bad_setup"
        )
        assert detail == f"{option} {deep}: line 1: nested more than 32 levels deep"


def test_a_regular_data_file_still_opens_a_table(tmp_path: Path) -> None:
    data = tmp_path / "data.toml"
    data.write_text('[cards.fireball]\nname = "Boule de feu de la table"\n')
    done = _new(tmp_path, "ultimate", "--players", "2", "--data", str(data))
    assert done.returncode == 0, done.stderr
