"""The language of an HTTP answer's words: ``?lang=`` or else ``Accept-Language``
(``fr``, ``fr-FR,fr;q=0.9,en;q=0.8``), the first language the catalogues have.
A request that says neither is answered in the server's (``WIZARDS_LANG``, its
locale, else English). Every Words made while the request is answered speaks it
(``services.words.telling.speaking``); the costly reads carry it to their worker
(``services.http.costly_reads``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from services.words.telling import speaking


def asked_language(scope: Any) -> str:
    """What a request asks for ("" when nothing)."""
    query = scope.get("query_string", b"")
    if b"lang=" in query:
        found = parse_qs(query.decode("latin-1")).get("lang")
        if found and found[0]:
            return found[0]
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            return str(value.decode("latin-1"))
    return ""


class Speaking:
    """An ASGI layer: the wrapped app answers in the language asked."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        asked = asked_language(scope)
        if not asked:
            await self.app(scope, receive, send)
            return
        with speaking(asked):
            await self.app(scope, receive, send)
