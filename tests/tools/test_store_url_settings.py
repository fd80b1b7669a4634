"""A mistyped store URL is refused by name before anything is made or served.

Before this, ``sqlite:///x.db?shards=8`` quietly made a file named
``x.db?shards=8`` and a PostgreSQL ``?shard=2`` was ignored."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from services.config import StoreURLError, eventsourcing_env

WIZARDS = str(Path(sys.executable).with_name("wizards"))


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("sqlite:///{tmp}/x.db?shards=8", "'shards'"),
        ("sqlite:///{tmp}/x.db?schema=a&counters=b", "'schema', 'counters'"),
        ("postgresql://postgres@127.0.0.1/test?shard=2", "unknown setting 'shard'"),
        ("postgresql://postgres@127.0.0.1/test?shards=many", "not 'many'"),
        ("memory://?shards=2", "takes no settings"),
    ],
)
def test_a_store_url_setting_the_store_would_ignore_is_refused_by_name(
    tmp_path: Path, url: str, named: str
) -> None:
    url = url.format(tmp=tmp_path)
    listed = subprocess.run(
        [WIZARDS, "--store", url, "list"], capture_output=True, text=True, timeout=60
    )
    assert listed.returncode == 2
    problem = json.loads(listed.stdout or listed.stderr)
    assert problem["code"] == "bad_store" and named in problem["detail"]
    # serve says it at once instead of a traceback from inside the server
    served = subprocess.run(
        [WIZARDS, "--store", url, "serve", "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert served.returncode == 2 and named in served.stdout + served.stderr
    assert "Traceback" not in served.stdout + served.stderr
    assert list(tmp_path.iterdir()) == []  # no file named after the mistake


def test_the_settings_a_postgresql_url_takes_are_accepted() -> None:
    env = eventsourcing_env("postgresql://postgres@127.0.0.1/test?schema=w&shards=2&counters=off")
    assert env["POSTGRES_SCHEMA"] == "w" and env["POSTGRES_DBNAME"] == "test"


def test_a_question_mark_in_a_sqlite_file_name_is_written_percent_3f(tmp_path: Path) -> None:
    env = eventsourcing_env(f"sqlite:///{tmp_path}/odd%3Fname.db")
    assert env["SQLITE_DBNAME"] == f"{tmp_path}/odd?name.db"
    with pytest.raises(StoreURLError, match="%3F"):
        eventsourcing_env(f"sqlite:///{tmp_path}/odd?name.db")
