"""compose.yaml (PostgreSQL and Redis for the scale-out set-up) agrees with
docs/operations.md.

Docker is not available where the tests run, so the file is checked as data:
it parses, names both services, publishes them on loopback, and the URLs the
page tells a user to export reach exactly what the file starts.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import yaml

from services.config import eventsourcing_env
from tests.tools.doc_blocks import doc_block

ROOT = Path(__file__).resolve().parents[1]


def test_compose_starts_postgres_and_redis_on_loopback() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "redis"}
    for name, port in (("postgres", 5432), ("redis", 6379)):
        assert services[name]["ports"] == [f"127.0.0.1:{port}:{port}"]
        assert services[name]["healthcheck"]["test"]


def test_the_documented_urls_reach_what_compose_starts() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    block = doc_block("docs/operations.md", "## Scale-out on one machine")
    assert "docker compose up -d" in block
    store = re.search(r"WIZARDS_STORE=(\S+)", block)
    redis = re.search(r"WIZARDS_REDIS=(\S+)", block)
    assert store and redis and "make run" in block
    pg = compose["services"]["postgres"]["environment"]
    env = eventsourcing_env(store.group(1))
    assert env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    assert env["POSTGRES_USER"] == pg["POSTGRES_USER"]
    assert env["POSTGRES_DBNAME"] == pg["POSTGRES_DB"]
    assert f"127.0.0.1:{env['POSTGRES_PORT']}:5432" in compose["services"]["postgres"]["ports"]
    assert pg["POSTGRES_HOST_AUTH_METHOD"] == "trust" and not env["POSTGRES_PASSWORD"]
    r = urlparse(redis.group(1))
    assert r.scheme == "redis"
    assert f"127.0.0.1:{r.port}:6379" in compose["services"]["redis"]["ports"]
