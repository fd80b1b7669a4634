"""``wizards serve``'s log: lines a person reads at a terminal, JSON lines for a
program (or when asked), and never a terminal's escape codes inside the JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pexpect

from tests.tools.serving import free_port, wait_answering

WIZARDS = str(Path(sys.executable).with_name("wizards"))
ESC = "\x1b["


def env(**extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k != "WIZARDS_LOG_FORMAT"}
    return {**base, **extra}


def test_at_a_terminal_the_log_is_lines_a_person_reads(tmp_path: Path) -> None:
    port = free_port()
    store = f"sqlite:///{tmp_path / 'log.db'}"
    child = pexpect.spawn(
        WIZARDS,
        ["--store", store, "serve", "--port", str(port)],
        env=env(),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("Application startup complete.")
        wait_answering(f"http://127.0.0.1:{port}", child.isalive)
        httpx.get(f"http://127.0.0.1:{port}/tables/nope/state", timeout=10)
        child.expect(r"GET /tables/nope/state 404")
        line = child.before.splitlines()[-1] + child.after + child.readline()
    finally:
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
    assert "Application shutdown complete." in child.before
    assert not line.lstrip().startswith("{"), line
    assert " ms" in line and "request " in line, line


def test_for_a_program_the_log_is_json_lines_without_escape_codes(tmp_path: Path) -> None:
    port = free_port()
    store = f"sqlite:///{tmp_path / 'log.db'}"
    for asked in ([], ["--log-format", "json"]):
        proc = subprocess.Popen(
            [WIZARDS, "--store", store, "serve", "--port", str(port), *asked],
            stderr=subprocess.PIPE,
            env=env(),
            text=True,
        )
        try:
            wait_answering(f"http://127.0.0.1:{port}", lambda p=proc: p.poll() is None)
            httpx.get(f"http://127.0.0.1:{port}/games", timeout=10)
        finally:
            proc.terminate()
            _, err = proc.communicate(timeout=30)
        lines = [json.loads(x) for x in err.splitlines() if x.startswith("{")]
        assert any(x.get("path") == "/games" and x.get("status") == 200 for x in lines)
        # uvicorn's own lines too: no colour codes, no copy of the message in colour.
        started = [x for x in lines if x["logger"].startswith("uvicorn")]
        assert started, lines
        for x in lines:
            assert "color_message" not in x, x
            assert ESC not in json.dumps(x, ensure_ascii=False), x


def test_text_may_be_asked_for_where_no_terminal_is(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [WIZARDS, "--store", f"sqlite:///{tmp_path / 'log.db'}", "serve", "--port", str(port)],
        stderr=subprocess.PIPE,
        env=env(WIZARDS_LOG_FORMAT="text"),
        text=True,
    )
    try:
        wait_answering(f"http://127.0.0.1:{port}", lambda: proc.poll() is None)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Application startup complete." in err
    assert not any(x.startswith("{") for x in err.splitlines()), err
