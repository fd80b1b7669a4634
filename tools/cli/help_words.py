"""What ``--help`` says, in the reader's language.

The help's texts are English where they are written (the commands' docstrings,
flowed, and each option's ``help=``): they are the message ids of the project's
one catalogue (``services/words/locale``). When a help or a usage line is first
shown, every text of the built command tree, and the words typer frames them
with ("Usage:", "Options", "[default: …]"), is replaced by its translation in
the language the reader asked for (``--lang``, else ``WIZARDS_LANG``, else the
locale's). English readers get the tree as it is built.

``make messages`` reads the same texts through ``extract`` (babel.cfg), so the
catalogue test fails on a help text the French catalogue lacks.

Click's usage errors ("Missing argument", "No such option") are said in the same
language where each is raised: a command's parse (``SaidCommand``, which every
command of the tree is: ``tools/cli/main.py``), a group's parse, its lookup of a
command and its missing command (``SaidGroup``); ``tools/cli/usage_words.py``
says them, imported only when one is raised."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import IO, Any

import typer
from typer._click.core import Command, Context
from typer._click.exceptions import UsageError
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand, TyperGroup

# The words typer frames a help with, by their names in typer.rich_utils.
FRAME = (
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "ERRORS_PANEL_TITLE",
    "DEFAULT_STRING",
    "ENVVAR_STRING",
    "REQUIRED_LONG_STRING",
    "DEPRECATED_STRING",
    "ABORTED_TEXT",
    "RICH_HELP",
)
# The vendored click writes its usage line's prefix itself, with no catalogue.
USAGE = "Usage:"


@cache
def _english() -> dict[str, str]:
    # typer.rich_utils imports rich: a tenth of a second that only a help (or an
    # error's panel) pays, never a command's start. Read before any is changed.
    import typer.rich_utils

    return {name: getattr(typer.rich_utils, name) for name in FRAME}


class SaidGroup(TyperGroup):
    """A group of the CLI (``wizards`` itself, ``store``; ``typer.Typer(cls=...)``):
    its help and its usage errors told in the reader's language, which the root
    group's ``main`` chooses."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        import sys

        from services.words.telling import catalogue, language, speaking, spoken

        given = list(sys.argv[1:] if args is None else args)
        asked = asked_language(given)
        lang = language(asked) if asked else spoken()
        # In ``lang`` from the first word: a usage error is said as typer prints
        # it, before the group's --lang is read or once its command has ended.
        with speaking(lang):
            if lang == "en":
                return super().main(given, *rest, **kwargs)
            telling = HelpTelling(self, catalogue(lang).gettext)
            try:
                return super().main(given, *rest, **kwargs)
            finally:
                # A test runs many commands in one process, each in its own language.
                telling.undo()

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        return parsed(super().parse_args, ctx, args)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as e:
            # Its one refusal of its own (click's ``ctx.fail``): no command by
            # that name. An option in its place is refused by ``parse_args``, said.
            if type(e) is not UsageError:
                raise
            from tools.cli.usage_words import no_such_command

            raise no_such_command(self, ctx, args[0]) from e

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as e:
            # Click's ``ctx.fail`` on this group's own context, which is not
            # ``resolve_command``'s (said there): the group was given no command.
            if type(e) is not UsageError or e.ctx is not ctx:
                raise
            from tools.cli.usage_words import missing_command

            raise missing_command(ctx) from e


class SaidCommand(TyperCommand):
    """A command whose usage errors are said in the reader's language
    (``tools/cli/main.py`` makes every command of the tree one)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        # Click refuses arguments left over in a sentence that keeps them only as
        # text: they are taken here as the parse leaves them, and refused so.
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = parsed(super().parse_args, ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            from tools.cli.usage_words import extra_arguments

            raise extra_arguments(rest, ctx)
        return rest


def parsed(
    parse: Callable[[Context, list[str]], list[str]], ctx: Context, args: list[str]
) -> list[str]:
    """``parse(ctx, args)``, its usage errors said (a kind not known to
    ``usage_words`` as click says it)."""
    try:
        return parse(ctx, args)
    except UsageError as e:
        # The parser names no context to the errors it raises itself (an option
        # given no value): typer would show neither the usage line nor the hint.
        if e.ctx is None:
            e.ctx, e.cmd = ctx, ctx.command
        from tools.cli.usage_words import SaidUsage, usage_phrase

        said = usage_phrase(e)
        if said is None:
            raise
        raise SaidUsage(said, e.ctx) from e


def asked_language(args: Sequence[str]) -> str | None:
    """The last ``--lang`` on the command line, the global one or a command's."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    return asked


class HelpTelling:
    """``root``'s tree said by ``say`` when a help or a usage line of it is first
    shown: a command that shows neither (most) pays for no translation and no
    import of typer's help renderer."""

    def __init__(self, root: Command, say: Callable[[str], str]) -> None:
        self.root, self.say, self.told = root, say, False
        telling = self

        class Formatter(HelpFormatter):
            def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
                said = f"{say(USAGE)} " if prefix is None else prefix
                super().write_usage(prog, args, said)

        class SaidContext(Context):
            formatter_class = Formatter

            def get_help(self) -> str:
                telling.tell()
                return super().get_help()

            def get_usage(self) -> str:
                telling.tell()
                return super().get_usage()

        for command in _commands(root):
            command.context_class = SaidContext

    def tell(self) -> None:
        """Every help text of the tree and typer's frame said in the language."""
        if self.told:
            return
        for holder, name, text in help_texts(self.root):
            setattr(holder, name, self.say(text))
        english = _english()
        _frame(lambda name: self.say(english[name]))
        self.told = True

    def undo(self) -> None:
        """Typer's frame, module-wide, in English again (the tree dies with the command)."""
        if self.told:
            _frame(_english().__getitem__)


def _frame(word: Callable[[str], str]) -> None:
    import typer.rich_utils

    for name in FRAME:
        setattr(typer.rich_utils, name, word(name))


def _commands(command: Command) -> Iterator[Command]:
    yield command
    if isinstance(command, TyperGroup):
        for below in command.commands.values():
            yield from _commands(below)


def help_texts(root: Command) -> Iterator[tuple[object, str, str]]:
    """(holder, attribute, English text) of every text a help of ``root``'s tree
    shows: each command's help, summary and panel, each parameter's help and panel,
    the help option's own."""
    for command in _commands(root):
        # Made on first asking and kept (click's cache): its help is then the one shown.
        help_option = command.get_help_option(Context(command, **command.context_settings))
        params = [*command.params, *([help_option] if help_option else [])]
        for holder in (command, *params):
            for name in ("help", "short_help", "epilog", "rich_help_panel"):
                text = getattr(holder, name, None)
                if isinstance(text, str) and text:
                    yield holder, name, text


def english_words(root: Command) -> Iterator[str]:
    """Every text ``HelpTelling.tell`` looks up, each once: the tree's, then the frame's."""
    seen: dict[str, None] = {}
    for _, _, text in help_texts(root):
        seen.setdefault(text)
    for text in (*_english().values(), USAGE):
        seen.setdefault(text)
    yield from seen


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for the CLI's entry point (babel.cfg): every
    text its ``--help`` shows, from the command tree built as ``wizards`` runs it."""
    import importlib

    module = importlib.import_module("tools.cli.main")
    root = typer.main.get_command(module.app)
    for text in english_words(root):
        yield 1, None, text, ["wizards --help"]
