"""``wizards serve`` believes ``X-Forwarded-For`` only from the proxies it is given by
address (``--trusted-proxy``, ``WIZARDS_TRUSTED_PROXIES``): the limits per client
address cannot be escaped by a header anyone on this host can write.

Real servers (``wizards serve`` in a process of its own, as an operator runs it),
since the trust is uvicorn's, configured by the command."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.tools.serving import free_port, wait_answering

WIZARDS = str(Path(sys.executable).with_name("wizards"))
CREATE = {"game": "ultimate", "players": 2}


@contextmanager
def _served(tmp_path: Path, *flags: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """``wizards serve`` with at most two tables per client address in ten minutes."""
    port = free_port()
    environ = {**os.environ, "WIZARDS_RATE_CREATE": "2/600", "WIZARDS_REDIS": "off", **(env or {})}
    environ.pop("FORWARDED_ALLOW_IPS", None)
    store = f"sqlite:///{tmp_path / f'{port}.db'}"
    cmd = [WIZARDS, "--store", store, "serve", "--port", str(port), "--no-access-log", *flags]
    proc = subprocess.Popen(cmd, env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_answering(base, lambda: proc.poll() is None)
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)


def _create(base: str, forwarded_for: str) -> int:
    r = httpx.post(f"{base}/tables", json=CREATE, headers={"X-Forwarded-For": forwarded_for})
    return r.status_code


def test_a_rotating_forwarded_header_from_loopback_does_not_escape_the_limit(
    tmp_path: Path,
) -> None:
    with _served(tmp_path) as base:
        answers = [_create(base, f"203.0.113.{i}") for i in range(1, 6)]
    # Five "clients" by their header, one by its address: two tables, then 429.
    assert answers == [201, 201, 429, 429, 429]


def test_behind_a_proxy_named_by_address_each_forwarded_client_has_its_own_limit(
    tmp_path: Path,
) -> None:
    for flags, env in (
        (("--trusted-proxy", "127.0.0.1"), None),
        ((), {"WIZARDS_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.0/8"}),
    ):
        with _served(tmp_path, *flags, env=env) as base:
            ann = [_create(base, "203.0.113.7") for _ in range(3)]
            bob = [_create(base, "198.51.100.9") for _ in range(3)]
        assert ann == [201, 201, 429] and bob == [201, 201, 429], (flags, env)


def test_a_trusted_proxy_that_is_not_an_address_is_refused_by_name(tmp_path: Path) -> None:
    for flags, env in (
        (("--trusted-proxy", "proxy.example"), {}),
        ((), {"WIZARDS_TRUSTED_PROXIES": "127.0.0.1,*"}),
    ):
        done = subprocess.run(
            [WIZARDS, "--store", f"sqlite:///{tmp_path / 'w.db'}", "serve", *flags],
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        problem = json.loads(done.stderr.strip().splitlines()[-1])
        assert problem["code"] == "bad_trusted_proxy"
        assert ("proxy.example" if flags else "'*'") in problem["detail"]
