"""Every ``make`` target the README names exists, and a fresh install takes the
dependency versions CI tests (``constraints.txt``)."""

from __future__ import annotations

import re
import subprocess

from tests.tools.doc_blocks import ROOT


def test_every_make_target_the_readme_names_is_one_the_makefile_has() -> None:
    named = set(re.findall(r"`make ([a-z][a-z-]*)`", (ROOT / "README.md").read_text()))
    assert {"bench", "lint", "test-slow", "upgrade-deps"} <= named
    for target in sorted(named):
        # -n: say what the target would run, run nothing (bench takes ten minutes).
        dry = subprocess.run(
            ["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert dry.returncode == 0, f"make {target}: {dry.stderr}"


def test_the_install_takes_the_pinned_versions_and_upgrade_deps_writes_them_again() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert '-e ".[dev]" -c constraints.txt' in makefile
    pins = [
        line
        for line in (ROOT / "constraints.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert pins and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[^=\s]+", p) for p in pins), pins
    names = {p.split("==")[0].lower().replace("_", "-") for p in pins}
    # Every direct dependency of the project is pinned, so a new release cannot slip in.
    assert {"typer", "fastapi", "eventsourcing", "msgspec", "babel", "pytest"} <= names
    dry = subprocess.run(
        ["make", "-n", "upgrade-deps"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "--upgrade-strategy eager" in dry.stdout and "constraints.txt" in dry.stdout
