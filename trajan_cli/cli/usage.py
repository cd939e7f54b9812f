"""Click's own usage errors (an unknown option, a missing argument, a value a parameter
type refuses) as the project shows its errors: in the player's language, wrapped at the
terminal's width, exit status 2.

Typer's Click prints them itself, in English and never wrapped. ``main`` runs the command
tree with ``standalone_mode=False`` so that they reach it, and only then imports this module:
a command that runs costs nothing more. The wording follows Click's (the usage line, "Try
... for help.", "Error: ..."); the reasons Click's other parameter types give ("'x' is not a
valid boolean.") stay as Click words them, the project's own (every callback's
``BadParameter``) are in the player's language already, and so are those of Click's number
types ("'x' is not a whole number.").
"""

from __future__ import annotations

import re

from typer._click import exceptions as click_errors
from typer._click.formatting import HelpFormatter

from ..i18n import _, ngettext
from ..render.text import fit_message, terminal_width


def usage_error_text(error: click_errors.UsageError) -> str:
    """The usage line, the hint to ask for help, a blank line, then the error."""
    lines = []
    ctx = error.ctx
    if ctx is not None:
        lines.append(usage_line(ctx))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(fit_message(_("Try '{command}' for help.").format(
                command=f"{ctx.command_path} {ctx.help_option_names[0]}")))
        lines.append("")
    lines.append(fit_message(_("Error: {problem}").format(problem=problem_text(error))))
    return "\n".join(lines)


def usage_line(ctx) -> str:
    """'Usage: trajan score cranes [OPTIONS] [SHEET]', wrapped at the terminal's width."""
    formatter = HelpFormatter(width=terminal_width())
    formatter.write_usage(ctx.command_path, " ".join(ctx.command.collect_usage_pieces(ctx)),
                          prefix=_("Usage: "))
    return formatter.getvalue().rstrip("\n")


def problem_text(error: click_errors.UsageError) -> str:
    """What Click found wrong, with the words Click adds in the player's language."""
    if isinstance(error, click_errors.MissingParameter):
        return _missing(error)
    if isinstance(error, click_errors.BadParameter):
        name, reason = _parameter_name(error), _reason(error.message)
        if name is None:
            return _("Invalid value: {reason}").format(reason=reason)
        return _("Invalid value for {name}: {reason}").format(name=name, reason=reason)
    if isinstance(error, click_errors.NoSuchOption):
        text = _("No such option: {name}").format(name=error.option_name)
        if error.possibilities:
            text += " " + _("(Possible options: {names})").format(names=", ".join(sorted(error.possibilities)))
        return text
    if isinstance(error, click_errors.BadOptionUsage) and error.message.endswith(" does not take a value."):
        return _("Option {name} does not take a value.").format(name=repr(error.option_name))
    if isinstance(error, click_errors.BadOptionUsage) and " requires " in error.message:
        return _("Option {name} requires a value.").format(name=repr(error.option_name))
    command = re.fullmatch(r"No such command (.+)\.", error.message)
    if command:
        return _("No such command {name}.").format(name=command.group(1))
    extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", error.message)
    if extra:
        words = extra.group(1).split()
        return ngettext("Got unexpected extra argument ({words})", "Got unexpected extra arguments ({words})",
                        len(words)).format(words=extra.group(1))
    return error.format_message()  # a message of Click's that the project never meets


def _reason(message: str) -> str:
    """The reasons Click's number types give, in the player's language; any other as it is
    (the project's own are translated already)."""
    number = re.fullmatch(r"(.*) is not a valid (int|int range|float|float range)\.", message)
    if number:
        kind = number.group(2)
        return (_("{value} is not a whole number.") if kind.startswith("int") else
                _("{value} is not a number.")).format(value=number.group(1))
    outside = re.fullmatch(r"(.*) is not in the range (.*)\.", message)
    if outside:
        return _("{value} is not in the range {range}.").format(value=outside.group(1), range=outside.group(2))
    return message


def _parameter_name(error: click_errors.BadParameter) -> str | None:
    """"'--cycle'", "'CARD'" or "'-p' / '--player'", as Click names a parameter."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)
    if hint is None or isinstance(hint, str):
        return hint
    return " / ".join(repr(h) for h in hint)


def _missing(error: click_errors.MissingParameter) -> str:
    name = _parameter_name(error) or ""
    kind = error.param_type or (error.param.param_type_name if error.param is not None else "parameter")
    text = {"argument": _("Missing argument {name}."), "option": _("Missing option {name}.")}.get(
        kind, _("Missing parameter {name}.")).format(name=name).replace(" .", ".")
    if error.message:
        text += " " + error.message
    choices = getattr(getattr(error.param, "type", None), "choices", None)
    if choices:
        text += " " + _("Choose from: {choices}.").format(choices=", ".join(str(c) for c in choices))
    return text


def abort_text() -> str:
    return _("Aborted!")


def error_text(error: click_errors.ClickException) -> str:
    """Any other error Click shows ("Error: Could not open file ...")."""
    return fit_message(_("Error: {problem}").format(problem=error.format_message()))
