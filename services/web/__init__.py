"""The web pages' files (HTML, CSS, JavaScript): served by ``services.http.pages``
and inlined into the HTML export by ``services.review.exports``.

Imports nothing."""

from pathlib import Path

WEB = Path(__file__).resolve().parent
