"""Options and argument helpers shared by the commands."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.vocabulary import Cycle
from ..i18n import _
from ..parsing.errors import InputError, Problem

if TYPE_CHECKING:  # the models are imported by the commands that use them
    from ..core.forum import Forum
    from ..core.sheet import PlayerSheet

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"
EXAMPLES = ("tom",)

JsonFlag = Annotated[
    bool, typer.Option("--json", help="Print one JSON object instead of a report (its keys: docs/json.md).")
]
#: --json of the scoring walks (trajan score, trajan classic score): they ask nothing then.
WalkJsonFlag = Annotated[
    bool, typer.Option("--json", help="With --no-input: print the standings as one JSON object (docs/json.md) "
                                      "instead of the report.")
]
ExampleOption = Annotated[
    str | None,
    typer.Option(
        "--example",
        metavar="NAME",
        help="Use a shipped example instead of a file: 'tom' is the rulebook's p. 28 scoring example.",
    ),
]
SheetArgument = Annotated[
    Path | None,
    typer.Argument(metavar="SHEET", help="Player sheet (TOML); see docs/formats.md.", show_default=False),
]
ForumArgument = Annotated[
    Path | None,
    typer.Argument(metavar="FORUM", help="Forum file (TOML); see docs/formats.md.", show_default=False),
]


def example_file(name: str, suffix: str = "", examples: tuple[str, ...] = EXAMPLES,
                 prefix: str = "") -> Path:
    """The shipped file for ``--example NAME``; an unknown name lists the shipped ones."""
    key = name.strip().lower()
    if key not in examples:
        raise typer.BadParameter(_("unknown example {name!r}; shipped examples: {examples}").format(
                                 name=name, examples=", ".join(examples)),
                                 param_hint="--example")
    return EXAMPLES_DIR / f"{prefix}{key}{suffix}.toml"


def _chosen(path: Path | None, example: str | None, what: str, suffix: str) -> Path:
    if path is not None and example is not None:
        raise typer.BadParameter(_("give either a file or --example, not both"),
                                 param_hint="--example")
    if path is None and example is None:
        raise typer.BadParameter(_("give a file, or --example tom to try the rulebook's example"),
                                 param_hint=what.upper())
    return path if path is not None else example_file(example, suffix)


GameOption = Annotated[str | None, typer.Option(
    "--game", "-g", metavar="GAME",
    help="Judge on this saved game's recorded boards (with --player) instead of files.")]


def sheet_from(path: Path | None, example: str | None) -> PlayerSheet:
    from ..parsing.sheet import load_sheet

    return load_sheet(_chosen(path, example, "sheet", ""))


def forum_from(path: Path | None, example: str | None) -> tuple[Forum, str]:
    """The forum and the name to cite in messages (the file, or the example's name)."""
    from ..parsing.forum import load_forum

    chosen = _chosen(path, example, "forum", "-forum")
    return load_forum(chosen), str(chosen if path is not None else f"example {example}")


def player_mark(forum: Forum, who: str | None, source: str, default: str | None = None) -> str:
    """Resolve --player (mark or name); refuse with the list of players when unknown."""
    players = ", ".join(f"{m} ({n})" for m, n in forum.players.items())
    wanted = who or default
    if wanted is None:
        if len(forum.players) == 1:
            return next(iter(forum.players))
        raise InputError([Problem(source, None, None, _("say whose envoys to score with --player; "
                                                        "players: {players}").format(players=players))])
    mark = forum.resolve_player(wanted)
    if mark is None:
        raise InputError([Problem(source, None, wanted, _("no such player in this forum; players: "
                                                          "{players}").format(players=players))])
    return mark


def parse_cycle(value: str | int | None) -> Cycle | None:
    """--cycle accepts 1, 2, 3 or I, II, III."""
    if value is None or isinstance(value, Cycle):
        return value
    text = str(value).strip().upper()
    for cycle in Cycle:
        if text in (str(int(cycle)), cycle.numeral):
            return cycle
    raise typer.BadParameter(_("{value!r} is not a cycle; use 1, 2 or 3 (or I, II, III)").format(value=value))


CycleOption = Annotated[
    str | None,
    typer.Option("--cycle", metavar="N", help="The cycle just ended: 1, 2 or 3.", callback=parse_cycle),
]


def colour_named(word: str, option: str, problems: list[Problem]):
    """The colour a word names (b, g, o, y or the colour's name; r and red: orange's old
    name), or None with a problem for ``option`` in ``problems``."""
    from ..core.vocabulary import COLOUR_LETTERS, COLOUR_NAMES

    colour = (COLOUR_LETTERS | COLOUR_NAMES).get(word.strip().lower())
    if colour is None:
        problems.append(Problem(option, None, word, _(
            "use b, g, o or y (blue, green, orange, yellow)")))
    return colour


def say(text: str = "", err: bool = False) -> None:
    """Print readable text, its long lines broken at spaces to fit the terminal."""
    from ..render.text import fit

    typer.echo(fit(text), err=err)

HouseOption = Annotated[
    list[str] | None,
    typer.Option("--house", metavar="NAME=VALUE",
                 help="Read an open case the other way (a house rule; repeatable): "
                      "'trajan rules readings' lists them."),
]


def readings_from(house: list[str] | None, variant: str = "forum-trajanum"):
    """The readings --house NAME=VALUE asks for in a ``variant`` game (the tool's own when
    none); every item that does not read is one problem, exit status 2."""
    from ..core.readings import DEFAULT, ReadingError, fields_of, parse_house

    if not house:
        return DEFAULT
    KINDS = fields_of(variant)[1]
    try:
        return parse_house(house, variant)
    except ReadingError as exc:
        problems = []
        for problem in exc.problems:
            if problem.kind == "value":
                values = " | ".join(k.value for k in KINDS[problem.reading])
                text = _("{name} takes {values}").format(name=problem.reading, values=values)
            elif problem.kind == "twice":
                text = _("{name} is given twice").format(name=problem.reading)
            elif problem.kind == "name":
                text = _("not a reading of this game; its readings: {names} ('{command}' explains "
                         "them)").format(names=", ".join(KINDS), command="trajan rules readings" + (
                             " --variant trajan" if variant == "trajan" else ""))
            else:
                text = _("write NAME=VALUE, e.g. {example}").format(
                    example="start-bowl=skip" if variant == "trajan" else "eagle-envoy=add")
            problems.append(Problem("--house", None, problem.token, text))
        raise InputError(problems) from None


def game_readings(game: str | None, house: list[str] | None, variant: str = "forum-trajanum"):
    """The readings of a command judging on a saved game (its house rules) or on files (--house)."""
    if game is not None and house:
        raise typer.BadParameter(_("a saved game plays by its own house rules (trajan game show); "
                                   "leave out --house"), param_hint="--house")
    return readings_from(house, variant)


def emit(answer: dict, report: str | None, as_json: bool) -> None:
    if as_json:
        import json  # only the --json answers need it

        typer.echo(json.dumps(answer, ensure_ascii=False))
    else:
        say(report)
