"""Debian's Chromium driven by Playwright, for the browser tests
(``tests/web/conftest.py``) and the pages' bench (``tools/bench_pages.py``).

No browser is downloaded: Playwright is pointed at ``/usr/bin/chromium``
(``WIZARDS_CHROMIUM`` to use another). Playwright is a development dependency,
imported only by the callers that drive a browser.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

CHROMIUM = os.environ.get("WIZARDS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_missing() -> str | None:
    """Why no browser can be driven here (None: one can)."""
    try:
        import playwright.sync_api  # noqa: F401  # only whether it is installed
    except ImportError:
        return "the playwright package is not installed"
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def launch(playwright: Any) -> Any:
    """Chromium started by a running ``sync_playwright()``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
