"""The web pages' files (HTML, CSS, JavaScript modules): served by
``services.http.pages`` and made into the one-file HTML export by
``services.review.html_export``; ``assembly`` puts a page together with the
import map that names its modules.

Imports nothing from the other rooms."""

from pathlib import Path

WEB = Path(__file__).resolve().parent
