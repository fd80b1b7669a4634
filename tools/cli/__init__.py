"""The ``wizards`` command line: every operation of the service, on a store URL.

One module a family of commands, each importing ``tools.cli.common`` (the app,
the ledger, output and errors) and never this package or ``main``; ``main``
imports them all and is the entry point (``wizards``, ``python -m tools.cli``)."""

from tools.cli.main import app, globals_first, main

__all__ = ["app", "globals_first", "main"]
