"""What every ``wizards`` command shares: the typer app and its global options
(``--store``, ``--read-only``, ``--no-snapshots``, ``--version``), the ledger of the chosen store,
JSON output, errors as RFC 9457 problems, and the parsing of list options.

Command modules import this one; it imports none of them.

A command's start is its imports: this module and the command modules import
the services (the ledger, eventsourcing, the games) inside the functions that
use them, so that ``wizards --help`` or ``wizards games`` loads no store, and a
command on a SQLite file loads no PostgreSQL driver (``tests/tools/
test_cli_start_imports.py``)."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from tools.cli.help_words import SaidGroup

if TYPE_CHECKING:
    from services.ledger import WizardLedger

app = typer.Typer(
    # Its help told in the reader's language (tools/cli/help_words.py).
    cls=SaidGroup,
    add_completion=True,
    no_args_is_help=True,
    help="Wizard Ledger: play, replay, export and verify wizard games kept as events.",
)


class Written(StrEnum):
    """How stderr is written (errors, a server's log): text for a person, json for
    a program, auto for text at a terminal and json otherwise."""

    auto = "auto"
    text = "text"
    json = "json"

    def on_stderr(self) -> str:
        """``text`` or ``json``: ``auto`` decided by whether stderr is a terminal."""
        if self is Written.auto:
            return "text" if sys.stderr.isatty() else "json"
        return self.value


store_options: dict[str, Any] = {
    "url": None,
    "snapshots": True,
    "errors": Written.auto,
    "read_only": False,
}


_ledger: dict[tuple[str, bool], WizardLedger] = {}


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        from domain.kernel import ENGINE_VERSION

        typer.echo(f"wizards {version('wizard-ledger')} (engine {ENGINE_VERSION})")
        raise typer.Exit(0)


LANG_HELP = "the language of what is said: en or fr (default: the locale's, else en)"
# A command's own --lang (``wizards export G --lang fr``): the global one, said
# after the command's name; no environment variable of its own.
CommandLang = Annotated[
    str | None, typer.Option("--lang", help=LANG_HELP + "; the same as wizards --lang")
]


def speak_in(ctx: typer.Context, lang: str | None) -> None:
    """``--lang``, the global one or a command's: everything said until ``ctx``'s
    command ends is in ``lang`` (nothing changes for None)."""
    if lang:
        from services.words.telling import speak

        # Until the command ends (a test runs many in one process).
        ctx.call_on_close(speak(lang))


@app.callback()
def main_options(
    ctx: typer.Context,
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            envvar="WIZARDS_STORE",
            help="store URL: sqlite:///FILE (default "
            "sqlite:///wizards.db) or postgresql://USER@HOST:PORT/DB",
        ),
    ] = None,
    read_only: Annotated[
        bool,
        typer.Option(
            "--read-only",
            help="open the store read-only: reads (verify, state, log, export, dispute, "
            "diff, readjudicate) write nothing to it, and writes are refused (also "
            "WIZARDS_READ_ONLY=1; a SQLite file this process may not write is opened so "
            "on its own)",
        ),
    ] = False,
    no_snapshots: Annotated[
        bool,
        typer.Option(
            "--no-snapshots",
            help="fold every read from the first event; never use a stored snapshot",
        ),
    ] = False,
    errors: Annotated[
        Written,
        typer.Option(
            "--errors",
            envvar="WIZARDS_ERRORS",
            case_sensitive=False,
            help="how an error is said on stderr: text (a sentence and a hint), json "
            "(the HTTP API's problem body), auto (text at a terminal, json otherwise)",
        ),
    ] = Written.auto,
    lang: Annotated[
        str | None, typer.Option("--lang", envvar="WIZARDS_LANG", help=LANG_HELP)
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    store_options["url"] = store
    store_options["read_only"] = read_only
    store_options["snapshots"] = not no_snapshots
    store_options["errors"] = errors
    speak_in(ctx, lang)


def ledger() -> WizardLedger:
    from services.config import StoreURLError, redis_url, store_url

    url = store_url(store_options["url"])
    from services.config import read_only_env
    from services.ledger import WizardLedger
    from services.problems import told

    try:
        # --read-only, else WIZARDS_READ_ONLY; a file this process may not write is
        # opened read-only whatever they say (the ledger sees to that).
        asked = bool(store_options["read_only"]) or read_only_env()
    except StoreURLError as e:
        fail("bad_store", told(e), exit_code=2)
    key = (url, asked)
    if key in _ledger and _ledger[key].use_snapshots == store_options["snapshots"]:
        return _ledger[key]
    if key in _ledger:
        _ledger.pop(key).close()
    try:
        opened = WizardLedger(url, use_snapshots=store_options["snapshots"], read_only=asked)
    except StoreURLError as e:
        fail("bad_store", told(e), exit_code=2)
    _ledger[key] = opened
    if opened.access.noticed:
        from domain.kernel.phrases import phrase
        from services.problems import told

        why = opened.access.why or ""
        note = phrase("note: the store is open read-only: {why}", why=why)
        typer.echo("wizards: " + told(note), err=True)
    if not opened.read_only and redis_url() is not None:
        # off by default: then no Redis client is imported
        from services.live.fanout import publish_appends

        publish_appends(opened)  # CLI appends wake the API's live streams via Redis
    return opened


def close_ledgers() -> None:
    """Close every ledger this command opened, before the interpreter ends: a
    PostgreSQL datastore left to the collector at exit closes its pool after
    the modules it needs are gone, and Python then prints "Exception ignored
    in PostgresDatastore.__del__" after the command's own last line."""
    while _ledger:
        _, opened = _ledger.popitem()
        opened.close()


def out(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(
    code: str,
    message: str,
    *,
    rule: str = "",
    exit_code: int = 2,
    status: int = 422,
    extra: dict[str, Any] | None = None,
) -> NoReturn:
    """The error on stderr: a sentence for a person at a terminal, or the same RFC 9457
    problem body as the HTTP API's for a program (see ``--errors``)."""
    from services.problems import dumps, problem

    body = problem(status, code, message, rule=rule)
    body.update(extra or {})
    if store_options["errors"].on_stderr() == "text":
        typer.echo(said(body), err=True)
    else:
        typer.echo(dumps(body), err=True)
    raise typer.Exit(exit_code)


def said(body: dict[str, Any]) -> str:
    """A problem as a person reads it: what went wrong, the rule, what to do."""
    from services.problems import problem_lines

    return "wizards: " + "\n".join(problem_lines(body))


def guarded(fn: Any) -> Any:
    """Turn the service's errors into a JSON problem on stderr and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BrokenPipeError:
            # The reader went away (`wizards rules ultimate | head`): nothing to report.
            sys.stderr.close()
            raise typer.Exit(0) from None
        except Exception as e:
            from domain.kernel.errors import CARD_REFUSED
            from services.problems import CARD_HINT, chance_hint, classify, extensions, told

            known = classify(e)
            if known is None:
                raise
            status, code, rule, detail = known
            extra = extensions(e)
            if code == "dice_required":
                extra["hint"] = chance_hint(
                    getattr(e, "needs", ()), face_down=bool(getattr(e, "face_down", ()))
                )
            elif code == CARD_REFUSED:
                extra["hint"] = told(CARD_HINT)
            fail(code, detail, rule=rule, status=status, extra=extra)

    return wrapper


def parse_options(items: list[str]) -> dict[str, str]:
    from domain.kernel import SetupError
    from domain.kernel.phrases import phrase

    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SetupError(phrase("option {item} is not NAME=VALUE", item=repr(item)))
        options[name.strip()] = value.strip()
    return options


def parse_numbers(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        from domain.kernel.errors import SaidError
        from domain.kernel.phrases import phrase

        said = phrase("dice {given}: expected comma-separated integers", given=repr(text))
        raise SaidError(said) from None


def parse_cards(text: str | None) -> list[str]:
    return [c.strip() for c in (text or "").split(",") if c.strip()]


def check_seat(game_id: str, seat: int | None) -> None:
    """A seat the game does not have is refused, not shown as a spectator's view."""
    if seat is None:
        return
    from services.problems import no_such_seat

    players = ledger().load(game_id, 1).fold.started.players
    if not 0 <= seat < len(players):
        raise no_such_seat(seat, players)


def globals_first(args: list[str]) -> list[str]:
    """The options every command takes (``--store``, ``--no-snapshots``) moved in
    front of the command's name, where the CLI reads them: ``wizards new G --store
    URL`` is ``wizards --store URL new G``, as the README's "every command takes
    --store" reads. Nothing after ``--`` is moved."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--store" and i + 1 < len(args):
            front += args[i : i + 2]
            i += 2
            continue
        (front if arg.startswith("--store=") or arg == "--no-snapshots" else rest).append(arg)
        i += 1
    return front + rest
