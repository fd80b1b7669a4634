"""The directions docs/design.md promises between the layers, read from the source:
domain/ imports nothing impure (no clock, random, I/O or ambient state) and no outer
layer; services/ and projections/ import no tools/. (``make lint`` checks the same
directions and more with import-linter's contracts.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_domain_imports_nothing_impure_or_from_outer_layers() -> None:
    forbidden = {
        "random",
        "time",
        "datetime",
        "os",
        "services",
        "projections",
        "tools",
        "socket",
        "sqlite3",
        "pathlib",
        "io",
        "secrets",
        "contextvars",  # ambient state: a game's data is passed explicitly
        "threading",
    }
    offenders = []
    for path in (ROOT / "domain").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in forbidden:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "open":
                offenders.append(f"{path.relative_to(ROOT)}: open()")
    assert offenders == []


def test_services_and_projections_do_not_import_tools() -> None:
    offenders = []
    for layer in ("services", "projections"):
        for path in (ROOT / layer).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.ImportFrom)
                    and node.module
                    and (node.module.split(".")[0] == "tools")
                ):
                    offenders.append(str(path))
    assert offenders == []
