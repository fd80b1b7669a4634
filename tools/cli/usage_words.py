"""Click's usage errors said in the reader's language, from their structure.

The click that typer vendors writes its usage errors ("Missing argument
'game_id'.", "No such option: --nope") in English, with no catalogue. Each kind
is said here from what the exception holds — the parameter, the option's name,
the value refused and why (typer's pydantic error: its type and bounds), the
choices, the close matches — as a phrase of the project's catalogue, never by
reading click's sentence. A kind this module does not know is left as click
says it.

Where each is raised is where it is said (``tools/cli/help_words.py``): a
command's parse (``SaidCommand``: its options, arguments and values, and the
arguments left over), a group's parse, its lookup of a command and its missing
command (``SaidGroup``).
The text is made when typer prints the error, in the language the root group
speaks meanwhile; the usage line, the hint and the exit code 2 stay typer's."""

from __future__ import annotations

from difflib import get_close_matches
from enum import Enum
from typing import IO, Any

import typer
from typer._click.core import Context
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperGroup, TyperOption

from domain.kernel.phrases import Arg, Phrase, either, phrase, plain, plural


class SaidUsage(UsageError):
    """A usage error as a phrase, told when it is shown."""

    def __init__(self, said: Phrase, ctx: Context | None) -> None:
        super().__init__(plain(said), ctx)
        self.said = said

    def format_message(self) -> str:
        from services.words.telling import Teller

        return Teller(str, str)(self.said)

    def show(self, file: IO[Any] | None = None) -> None:
        """The error as typer prints it without rich (``TYPER_USE_RICH=0``): the
        usage line, the hint and the error, each in the reader's language."""
        from services.words.telling import Teller

        told = Teller(str, str)
        ctx = self.ctx
        if ctx is not None:
            typer.echo(ctx.get_usage(), file=file, err=file is None, color=ctx.color)
            if ctx.command.get_help_option(ctx) is not None:
                asked = quoted(f"{ctx.command_path} {ctx.help_option_names[0]}")
                hint = told(phrase("Try {command} for help.", command=asked))
                typer.echo(f"{hint}\n", file=file, err=file is None, color=ctx.color)
        said = told(phrase("Error: {message}", message=self.said))
        typer.echo(said, file=file, err=file is None, color=ctx.color if ctx else None)


def extra_arguments(rest: list[str], ctx: Context) -> SaidUsage:
    """Arguments left over once a command has all it takes."""
    shown = " ".join(_shown(arg) for arg in rest)
    return SaidUsage(
        plural(
            "Got unexpected extra argument ({args})",
            "Got unexpected extra arguments ({args})",
            len(rest),
            args=shown,
        ),
        ctx,
    )


def usage_phrase(e: UsageError) -> Phrase | None:
    """What a usage error of a parse says, from its fields (None: a kind not known here)."""
    if isinstance(e, MissingParameter) and e.param is not None:
        if isinstance(e.param, TyperOption):
            return phrase("Missing option {name}.", name=_param_name(e.param))
        return phrase("Missing argument {name}.", name=_param_name(e.param))
    if isinstance(e, BadParameter) and e.param is not None:
        why = _refused_value(e)
        if why is None:
            return None
        return phrase("Invalid value for {name}: {why}", name=_param_name(e.param), why=why)
    if isinstance(e, NoSuchOption):
        option = _shown(e.option_name)
        if not e.possibilities:
            return phrase("No such option: {option}", option=option)
        options = ", ".join(sorted(e.possibilities))
        return phrase(
            "No such option: {option} (Possible options: {options})", option=option, options=options
        )
    if isinstance(e, BadOptionUsage) and e.ctx is not None:
        return _option_misused(e.option_name, e.ctx)
    return None


def no_such_command(group: TyperGroup, ctx: Context, name: str) -> SaidUsage:
    """No command ``name`` in ``group``, with the names close to it (as typer finds them)."""
    said = quoted(_shown(name))
    close = get_close_matches(name, list(group.commands)) if group.suggest_commands else []
    if not close:
        return SaidUsage(phrase("No such command {name}.", name=said), ctx)
    names = either(quoted(c) for c in close)
    return SaidUsage(
        phrase("No such command {name}. Did you mean {names}?", name=said, names=names), ctx
    )


def missing_command(ctx: Context) -> SaidUsage:
    """A group given options and no command."""
    return SaidUsage(phrase("Missing command."), ctx)


def quoted(text: str) -> Phrase:
    """A name or a value the reader typed, quoted as their language quotes."""
    return phrase("'{text}'", text=text)


def _param_name(param: Any) -> Arg:
    """A parameter as typer names it in an error: an option by its flags (and the
    variable it may come from), an argument by its name."""
    if not isinstance(param, TyperOption):
        return quoted(param.display_name_raw)
    first, *more = param.opts or [param.display_name_raw]
    flags: Arg = quoted(first)
    for flag in more:
        flags = phrase("{flags} / {flag}", flags=flags, flag=quoted(flag))
    if param.show_envvar and isinstance(param.envvar, str):
        return phrase("{option} (env var: {var})", option=flags, var=quoted(param.envvar))
    return flags


def _refused_value(e: BadParameter) -> Phrase | None:
    """Why typer refused a value, from the pydantic error it was refused by."""
    errors = getattr(e.__cause__, "errors", None)
    if errors is None:
        return None
    first: dict[str, Any] = next(iter(errors(include_url=False)), {})
    kind, bounds = first.get("type"), first.get("ctx") or {}
    value = _shown(str(first.get("input", "")))
    if kind == "int_parsing":
        return phrase("{value} is not a valid integer.", value=quoted(value))
    if kind == "greater_than_equal":
        return phrase("{value} is below the minimum, {least}.", value=value, least=bounds["ge"])
    if kind == "less_than_equal":
        return phrase("{value} is above the maximum, {most}.", value=value, most=bounds["le"])
    choices = e.param.type_descriptor.choices if e.param is not None else None
    if kind == "value_error" and choices:
        named = either(quoted(_choice(c)) for c in choices)
        return phrase("{value} is not one of {choices}.", value=quoted(value), choices=named)
    return None


def _option_misused(option_name: str, ctx: Context) -> Phrase | None:
    """An option given no value where it takes one, or one where it takes none."""
    option = next(
        (
            p
            for p in ctx.command.params
            if isinstance(p, TyperOption) and option_name in (*p.opts, *p.secondary_opts)
        ),
        None,
    )
    if option is None:
        return None
    name = quoted(_shown(option_name))
    if option.is_flag or option.count:
        return phrase("Option {option} does not take a value.", option=name)
    if option.nargs == 1:
        return phrase("Option {option} requires an argument.", option=name)
    # No option of ours takes several values at once.
    return None


def _choice(choice: object) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)


def _shown(text: str) -> str:
    """Typed text shown without the control characters it may hold (a terminal
    would act on them): each written as its escape."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
