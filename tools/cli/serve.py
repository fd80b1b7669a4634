"""``wizards serve``: the HTTP service under uvicorn (the app of ``tools.served``)."""

from __future__ import annotations

from typing import Annotated

import typer

from tools.cli.common import Written, app, fail, store_options

# Where ``wizards --help`` lists these commands.
PANEL = "Service and store"


@app.command(rich_help_panel=PANEL)
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=64, help="API processes sharing the port")] = 1,
    access_log: Annotated[
        bool, typer.Option(help="log every request (off: no cost at all per request)")
    ] = True,
    log_format: Annotated[
        Written,
        typer.Option(
            envvar="WIZARDS_LOG_FORMAT",
            case_sensitive=False,
            help="text: lines for a person; json: one JSON object per line; "
            "auto: text at a terminal, json otherwise",
        ),
    ] = Written.auto,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="a proxy (IP address or network) whose X-Forwarded-For names the client; "
            "repeatable (default: WIZARDS_TRUSTED_PROXIES, else none)"
        ),
    ] = None,
) -> None:
    """Run the HTTP service (OpenAPI at /docs)."""
    import os
    import socket

    import uvicorn

    from services.config import (
        ProxyError,
        StoreURLError,
        eventsourcing_env,
        store_url,
        trusted_proxies,
    )
    from services.problems import told
    from services.store.shards import shard_count

    if store_options["url"]:
        os.environ["WIZARDS_STORE"] = store_options["url"]
    if store_options["read_only"]:  # the app's ledger reads it (services.store.read_only)
        os.environ["WIZARDS_READ_ONLY"] = "1"
    url = store_url(store_options["url"])
    try:  # a mistyped store URL is told here, not as a traceback from inside the server
        eventsourcing_env(url)
        shard_count(url)
    except StoreURLError as e:
        fail("bad_store", told(e), exit_code=2)
    try:
        proxies = trusted_proxies(trusted_proxy)
    except ProxyError as e:
        fail("bad_trusted_proxy", told(e), exit_code=2)
    from services.http import rate_limits
    from services.http.read_pool import nice_configured, workers_configured

    try:  # so are the service's own settings (WIZARDS_RATE_*, WIZARDS_READ_*)
        rate_limits.configured()
        workers_configured()
        nice_configured()
    except ValueError as e:
        fail("bad_setting", told(e), exit_code=2)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        # As uvicorn binds its own socket (asyncio's and uvloop's servers, and its
        # workers' shared socket, set SO_REUSEADDR): a port held only by the
        # connections of a server just stopped (a client keeping its keep-alive
        # connection open holds it for about a minute after a kill -9) is free
        # to listen on; a port another server listens on is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as e:
            from domain.kernel.phrases import phrase

            held = phrase(
                "cannot serve on {address} ({why}): another server may be running there; stop "
                "it, or choose another port (--port N, or PORT=N make run)",
                address=f"{host}:{port}",
                why=e.strerror or "",
            )
            fail("port_in_use", told(held))
    from domain.kernel.phrases import phrase

    serving = phrase(
        "serving on {address} (OpenAPI at /docs); Ctrl-C stops", address=f"http://{host}:{port}/"
    )
    typer.echo(told(serving), err=True)
    from services.http.logs import log_config

    # Log lines with the request id; the app writes its own access line
    # (route, status, time, no query string), so uvicorn's is off.
    config = log_config(fmt=log_format.on_stderr())
    if not access_log:
        # The app's own access line (services.http.observe), dropped at its logger.
        config["loggers"]["wizards.access"] = {"level": "WARNING"}
    uvicorn.run(
        "tools.served:create_served_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_config=config,
        access_log=False,
        # The client of a request (its rate limits, its access line) is the
        # peer, unless the peer is a proxy named here; uvicorn's own default
        # would believe any process on this host.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies),
    )
