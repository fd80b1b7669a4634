"""A real browser for the web pages: Debian's chromium driven by Playwright.

No browser is downloaded: Playwright is pointed at ``/usr/bin/chromium``
(``WIZARDS_CHROMIUM`` to use another; ``tools/chromium.py``). Without it, or without the
``playwright`` package, the browser tests skip, except under CI=true where
they fail (``.ci/run`` installs chromium when it is missing).

What the pages are opened and read with is in ``tests/web/pages.py``, screenshots
included: they go to ``.artifacts/screens/`` (``WIZARDS_ARTIFACTS`` to change the
folder), test artefacts ignored by git.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tools.chromium import chromium_missing, launch
from tools.served import ProjectedReadModels


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests are required)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = chromium_missing()
    if missing:
        _missing(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def web_ledger(tmp_path: Path) -> Iterator[WizardLedger]:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'web.db'}")
    yield ledger
    ledger.close()


@pytest.fixture
def server(web_ledger: WizardLedger) -> Iterator[LiveServer]:
    app = create_app(web_ledger, read_models=ProjectedReadModels, redis="off", poll_interval=0.1)
    with LiveServer(app) as s:
        yield s
