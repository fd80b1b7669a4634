"""CLI commands for a PostgreSQL store's binding to one host's counters file:
``store binding``, ``store bind`` and ``store unbind`` (``services.store.host_binding``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tools.cli.common import app, fail, guarded, ledger, out, store_options
from tools.cli.help_words import SaidGroup

if TYPE_CHECKING:
    from services.store.host_binding import Binding

# Where ``wizards --help`` lists these commands.
PANEL = "Service and store"

store_app = typer.Typer(
    # Its usage errors said in the reader's language, as the root group's.
    cls=SaidGroup,
    no_args_is_help=True,
    help="A PostgreSQL store's binding to one host's counters file.\n\n"
    "Reads on the bound host are answered from memory.",
)
app.add_typer(store_app, name="store", rich_help_panel=PANEL)


@contextmanager
def _datastore() -> Iterator[Any]:
    """The store's PostgreSQL datastore, without opening a ledger (which would bind it)."""
    from services.config import eventsourcing_env, store_url

    env = eventsourcing_env(store_url(store_options["url"]))
    if env["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        from domain.kernel.phrases import phrase
        from tools.cli.files import told

        fail(
            "not_postgres",
            told(
                phrase(
                    "a binding is for a PostgreSQL store; a SQLite file keeps its counters "
                    "beside it"
                )
            ),
        )
    from eventsourcing.postgres import PostgresFactory

    factory = PostgresFactory(env)
    try:
        yield factory.datastore
    finally:
        factory.close()


def _shown(binding: Binding | None, here: bool) -> dict[str, Any]:
    if binding is None:
        return {"bound": False, "host": None, "path": None, "since": None, "store": None}
    return binding.as_json() | ({"here": here} if binding.token else {})


def _writable(what: str) -> None:
    """Refuse a command that writes the store's binding where the store was asked
    to be opened read-only (these commands write through the datastore, not a ledger)."""
    from domain.kernel.phrases import phrase
    from services.config import read_only_env
    from services.store.read_only import ASKED, ReadOnlyStore

    if store_options["read_only"] or read_only_env():
        # A command's name, as typed: never translated.
        raise ReadOnlyStore(phrase("{command}", command=what), ASKED)


@store_app.command("binding")
@guarded
def binding_command(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Whether the store is bound to a host's counters file.

    If it is, which host and file."""
    from domain.kernel.phrases import phrase
    from services.config import store_url
    from services.problems import told
    from services.store.host_binding import bound_file_here, counters_path, read_binding

    configured = counters_path(store_url(store_options["url"]))
    with _datastore() as datastore:
        binding = read_binding(datastore)
    here = (
        None if binding is None or binding.token is None else bound_file_here(binding, configured)
    )
    if here is not None:
        here.close()
    if as_json:
        out(_shown(binding, here is not None))
    elif binding is None:
        typer.echo(told(phrase("not bound: no process of this release has opened the store yet")))
    elif binding.token is None:
        typer.echo(told(binding.describe()))
    else:
        held = (
            phrase("{binding}; this host holds that file", binding=binding.describe())
            if here
            else phrase("{binding}; this host does not hold that file", binding=binding.describe())
        )
        typer.echo(told(held))


@store_app.command("bind")
@guarded
def bind_command(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Bind the store to this host's counters file.

    The file is given by ?counters=PATH or WIZARDS_COUNTERS, as any process
    opened with it binds it. Refused if the store is bound to another."""
    from services.config import store_url
    from services.problems import told
    from services.store.host_binding import counters_path, read_binding

    _writable("wizards store bind")
    if counters_path(store_url(store_options["url"])) is None:
        from domain.kernel.phrases import phrase

        fail(
            "no_counters_file",
            told(
                phrase(
                    "name this host's counters file: ?counters=PATH in the store URL, or "
                    "WIZARDS_COUNTERS"
                )
            ),
        )
    ledger()  # opening binds the store, or refuses
    with _datastore() as datastore:
        binding = read_binding(datastore)
    if as_json:
        out(_shown(binding, True))
    elif binding is not None:
        typer.echo(told(binding.describe()))


@store_app.command("unbind")
@guarded
def unbind_command(
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="lift a binding to another host's file (only when that host is gone and no "
            "process runs there: its processes would go on reading from memory)",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Lift the store's binding; run it on the bound host.

    The bound host's reads ask the store again at once, then writers on any
    host are accepted."""
    from domain.kernel.phrases import phrase
    from services.config import store_url
    from services.problems import told
    from services.store.host_binding import bound_file_here, counters_path, read_binding, unbind

    _writable("wizards store unbind")
    configured = counters_path(store_url(store_options["url"]))
    with _datastore() as datastore:
        binding = read_binding(datastore)
        counters = None
        if binding is not None and binding.token is not None:
            counters = bound_file_here(binding, configured)
        try:
            lifted = unbind(datastore, counters, force=force)
        finally:
            if counters is not None:
                counters.close()
    if as_json:
        out({"unbound": lifted is not None, "was": _shown(lifted, counters is not None)})
    elif lifted is None:
        typer.echo(told(phrase("not bound: nothing to unbind")))
    else:
        typer.echo(
            told(
                phrase(
                    "unbound: was {binding}. Processes on any host may write now. A process "
                    "opened with ?counters= binds the store again: drop the setting first",
                    binding=lifted.describe(),
                )
            )
        )
