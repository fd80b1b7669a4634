"""The test tree reads as a newcomer expects (docs/testing.md, "The layout of tests/").

A test module imports no other test module and no conftest: shared helpers live in
modules named for what they hold, fixtures in the directory's ``conftest.py``
(pytest finds them there). Two tests of one directory do not check the same thing
under two names. ``tests/services/`` has one package per room of ``services/``, and
every path under ``tests/`` the docs name is there.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _modules() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _imported(path: Path) -> list[str]:
    """Every module ``path`` imports, relative imports made absolute (``from a import b``
    counted as both ``a`` and ``a.b``, since ``b`` may be a module)."""
    package = _module_name(path).rsplit(".", 1)[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            out.append(base)
            out += [f"{base}.{alias.name}" for alias in node.names]
    return out


def _is_test_or_conftest(module: str) -> bool:
    last = module.rsplit(".", 1)[-1]
    return module.startswith("tests.") and (last.startswith("test_") or last == "conftest")


def test_no_test_module_or_conftest_is_imported() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in _modules()
        for module in _imported(path)
        if _is_test_or_conftest(module) and (ROOT / (module.replace(".", "/") + ".py")).exists()
    ]
    assert offenders == [], (
        "move what is shared into a module named for what it holds "
        "(or a fixture into the directory's conftest.py)"
    )


def _body(node: ast.FunctionDef) -> str:
    """What a test does, whatever it is called: its arguments, decorators and
    statements, without its docstring."""
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    parts = [ast.dump(node.args), *map(ast.dump, node.decorator_list), *map(ast.dump, body)]
    return "\n".join(parts)


def test_no_two_tests_of_a_directory_check_the_same_thing_under_two_names() -> None:
    seen: dict[tuple[Path, str], list[str]] = defaultdict(list)
    for path in _modules():
        if not path.name.startswith("test_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                seen[(path.parent, _body(node))].append(f"{path.name}::{node.name}")
    twice = [names for names in seen.values() if len(names) > 1]
    assert twice == []


def test_every_directory_of_tests_is_a_package() -> None:
    """Module names stay unique however many directories hold a ``test_positions.py``."""
    folders = {path.parent for path in _modules()}
    assert (
        sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()) == []
    )


def test_the_service_tests_mirror_the_rooms_of_services() -> None:
    rooms = {p.name for p in (ROOT / "services").iterdir() if (p / "__init__.py").exists()}
    folders = {p.name for p in (TESTS / "services").iterdir() if (p / "__init__.py").exists()}
    assert folders <= rooms, f"not a room of services/: {sorted(folders - rooms)}"
    # The rooms with Python to test (web holds the pages' files, tested in tests/web).
    assert rooms - {"web"} <= folders, f"no tests/services/<room> for {sorted(rooms - folders)}"


def test_every_test_path_the_docs_name_is_there() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    named = {
        (page.name, match)
        for page in pages
        for match in re.findall(r"\btests/[\w/.*]*[\w*]", page.read_text(encoding="utf-8"))
    }
    missing = sorted(f"{page}: {path}" for page, path in named if not any(ROOT.glob(path)))
    assert missing == []
