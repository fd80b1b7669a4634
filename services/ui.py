"""``GET /``: a one-file web page (HTML and a little JS, no build step) over the API."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

router = APIRouter()


@cache
def page() -> str:
    return (Path(__file__).with_name("ui.html")).read_text(encoding="utf-8")


@router.get("/", include_in_schema=False, response_class=HTMLResponse)
def index() -> HTMLResponse:
    return HTMLResponse(page())
