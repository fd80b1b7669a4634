"""``wizards shell``: many commands in one process.

Each line is a command as it is typed after ``wizards`` (quoted as a POSIX shell
quotes, ``#`` starting a comment), run by the same app in this process: Python,
the imports and each store's ledger are paid for once, not once a command. A
command prints what it prints on its own; its exit (``typer.Exit``, a usage error,
``--help``) ends that command, not the shell.
"""

from __future__ import annotations

import shlex
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from tools.cli.common import app, fail, globals_first, store_options

# Where ``wizards --help`` lists this command.
PANEL = "Scripts"
PROMPT = "wizards> "
# A line that ends the shell, as at the end of its input.
LEAVE = ("exit", "quit")

# Set while a shell runs its lines: a line ``shell`` would read the same input.
_running: list[bool] = []


@app.command(rich_help_panel=PANEL)
def shell(
    file: Annotated[
        Path | None,
        typer.Option("--file", "-f", help="read the commands from this file (default: stdin)"),
    ] = None,
    stop_on_error: Annotated[
        bool,
        typer.Option(
            "--stop-on-error", help="stop at the first command that fails, with its exit code"
        ),
    ] = False,
) -> None:
    """Run many commands in one process, one a line.

    A line is a command as typed after wizards, quoted as in a shell; # starts a
    comment, blank lines are skipped, exit or quit ends. Lines come from --file,
    or stdin: at a terminal with the prompt wizards>.

    The global options given to the shell (--store, --no-snapshots, --errors)
    hold for every line, which may give its own.

    A failing command does not stop the others, unless --stop-on-error. Exits 0
    if every command succeeded, else 1 (or, with --stop-on-error, the failing
    command's exit code)."""
    from domain.kernel.phrases import phrase, plural
    from services.words.telling import spoken
    from tools.cli.files import told

    if _running:
        fail("nested_shell", told(phrase("a line of wizards shell cannot start another shell")))
    interactive = file is None and sys.stdin.isatty()
    if file is not None:
        from tools.cli.files import read_text_file

        lines: Iterable[str] = read_text_file(file, "--file").splitlines()
    elif interactive:
        lines = _prompted()
    else:
        lines = sys.stdin
    command = typer.main.get_command(app).main  # built once, for every line
    # The shell's own global options, in front of each line's (a line's own win);
    # its language too, which WIZARDS_LANG would otherwise say again for each line.
    front = ["--errors", store_options["errors"], "--lang", spoken()]
    if store_options["url"]:
        front += ["--store", store_options["url"]]
    if not store_options["snapshots"]:
        front.append("--no-snapshots")
    run = 0
    failed: list[tuple[int, int]] = []  # (line number, exit code)
    _running.append(True)
    try:
        for number, line in enumerate(lines, start=1):
            try:
                args = shlex.split(line, comments=True)
            except ValueError as e:  # an unclosed quote: said as any refusal is
                try:
                    unread = phrase(
                        "line {line} cannot be read as a command: {why}", line=number, why=str(e)
                    )
                    fail("bad_line", told(unread))
                except typer.Exit as said:
                    code = said.exit_code
            else:
                if not args:
                    continue
                if args in ([word] for word in LEAVE):
                    break
                code = _one(command, globals_first(front + args))
                if sys.stderr.closed:  # the reader went away (``guarded``): say no more
                    return
            run += 1
            if code:
                failed.append((number, code))
                if stop_on_error or (code == 130 and not interactive):  # Ctrl-C
                    break
    finally:
        _running.pop()
    if not failed:
        return
    number, code = failed[0]
    if stop_on_error:
        fail(
            "command_failed",
            told(
                phrase(
                    "line {line} failed (exit {code}); the shell stopped there",
                    line=number,
                    code=code,
                )
            ),
            exit_code=code,
        )
    if interactive:
        raise typer.Exit(1)  # each error was said as it came
    summary = plural(
        "{n} of {run} commands failed (line {lines}); the others ran",
        "{n} of {run} commands failed (lines {lines}); the others ran",
        len(failed),
        run=run,
        lines=", ".join(str(n) for n, _ in failed),
    )
    fail("commands_failed", told(summary), exit_code=1)


def _one(command: Callable[..., object], args: list[str]) -> int:
    """Run one command line as ``wizards`` would (``command``: the app's ``main``);
    its exit code."""
    try:
        command(args=args, prog_name="wizards", standalone_mode=True)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception:  # a fault of ours: told as wizards tells it, and the shell goes on
        traceback.print_exc()
        return 1
    return 0


def _prompted() -> Iterator[str]:
    """Lines typed at the prompt (with line editing and history), until Ctrl-D;
    Ctrl-C drops the line being typed."""
    import readline  # noqa: F401  # input() edits lines and keeps history with it

    while True:
        try:
            yield input(PROMPT)
        except EOFError:
            typer.echo()
            return
        except KeyboardInterrupt:
            typer.echo()
