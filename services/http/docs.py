"""``/docs`` (Swagger UI) and ``/redoc`` served offline.

FastAPI's own pages load their scripts and styles from a CDN, so they are blank
on a machine without internet. The assets come instead from the
``fastapi-offline`` package (a PyPI dependency), mounted under ``/docs-assets``;
the pages are FastAPI's HTML helpers pointed at them. Redoc's bundle draws its
maker's logo from the maker's CDN, a request that fails offline: the bundle is
served with that address replaced by an empty inline image (the credit's words stay).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS_URL = "/docs-assets"
ASSETS = Path(fastapi_offline.__file__).parent / "static"
REDOC_JS = "/docs-redoc.js"
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
# An empty SVG: the logo's <img> loads it without a request, and draws nothing.
NO_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E"


@cache
def redoc_bundle() -> bytes:
    """Redoc's bundle with no address outside the machine (the maker's logo); read
    once per process, however many apps it creates."""
    text = (ASSETS / "redoc.standalone.js").read_text(encoding="utf-8")
    return text.replace(REDOC_LOGO, NO_LOGO).encode("utf-8")


def install(app: FastAPI) -> None:
    """Add the offline docs to an app created with ``docs_url=None, redoc_url=None``."""
    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = app.swagger_ui_oauth2_redirect_url or "/docs/oauth2-redirect"

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title=f"{app.title} — API",
            oauth2_redirect_url=redirect_url,
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png",
        )

    @app.get(redirect_url, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get(REDOC_JS, include_in_schema=False)
    async def redoc_js() -> Response:
        return Response(
            redoc_bundle(),  # read at the first asking, not at every app's start
            media_type="text/javascript",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url,
            title=f"{app.title} — API reference",
            redoc_js_url=REDOC_JS,
            redoc_favicon_url=f"{ASSETS_URL}/favicon.png",
            with_google_fonts=False,
        )
