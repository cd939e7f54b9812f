"""`trajan card ...`: the twelve Trajan cards (p. 28), and how often a sheet fulfils them."""

import re
from typing import TYPE_CHECKING, Annotated

import typer

from ..i18n import _
from .options import (
    ExampleOption,
    GameOption,
    HouseOption,
    JsonFlag,
    SheetArgument,
    emit,
    game_readings,
    sheet_from,
)

if TYPE_CHECKING:
    from ..core.cards import TrajanCard
    from ..core.ruleset import Rules

app = typer.Typer(help="Trajan cards (p. 28): list them, explain one, check a sheet against them.",
                  no_args_is_help=True)

CardName = Annotated[str, typer.Argument(metavar="CARD", help="A card: I-1 .. III-4.",
                                         show_default=False)]
CardOrAll = Annotated[str, typer.Argument(metavar="CARD|all",
                                          help="A card (I-1 .. III-4, any case) or all.",
                                          show_default=False)]
ValueOption = Annotated[
    int | None,
    typer.Option("--value", metavar="N",
                 help="The value above the Trajan head on your slide bar (3, 5 or 7): "
                      "adds points."),
]

_NUMERALS = {"1": "I", "2": "II", "3": "III"}
_CARD_NAME = re.compile(r"^(I{1,3}|[123])\s*[-_. ]?\s*([1-9])$")


def resolve_cards(text: str, rules: "Rules", allow_all: bool) -> "list[TrajanCard]":
    """'III-4', 'iii-4', '3-4' or (when allowed) 'all'; otherwise exit 2 naming the cards."""
    from ..parsing.errors import InputError, Problem

    wanted = text.strip().upper()
    if allow_all and wanted == "ALL":
        return list(rules.cards.values())
    match = _CARD_NAME.match(wanted)
    if match:
        card_id = f"{_NUMERALS.get(match[1], match[1])}-{match[2]}"
        if card_id in rules.cards:
            return [rules.cards[card_id]]
    names = ", ".join(rules.cards)
    choices = _("{names} or all").format(names=names) if allow_all else names
    message = _("no such Trajan card; use one of {choices}").format(choices=choices)
    raise InputError([Problem("CARD", None, text, message)])


def _check_value(value: int | None, rules: "Rules") -> int | None:
    if value is not None and value not in rules.trajan_values:
        values = ", ".join(str(v) for v in rules.trajan_values)
        raise typer.BadParameter(
            _("{value} is not a Trajan value; read {values} above the Trajan head on your "
              "slide bar").format(value=value, values=values), param_hint="--value")
    return value


@app.command("list")
def list_cards(json: JsonFlag = False):
    """The twelve cards, I-1 .. III-4, with both tasks in words."""
    from ..render.cards import card_list_answer, card_list_report
    from ..rulesdata import load_rules

    rules = load_rules()
    cards = list(rules.cards.values())
    emit(card_list_answer(cards), None if json else card_list_report(cards, rules), json)


@app.command("show")
def show(card: CardName, json: JsonFlag = False):
    """Explain one card's two tasks, with a diagram of its building pattern."""
    from ..render.cards import card_answer, card_show_report
    from ..rulesdata import load_rules

    rules = load_rules()
    (chosen,) = resolve_cards(card, rules, allow_all=False)
    emit(card_answer(chosen), None if json else card_show_report(chosen, rules), json)


@app.command("check")
def check(
    card: CardOrAll,
    sheet: SheetArgument = None,
    value: ValueOption = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
    game: GameOption = None,
    player_name: Annotated[str | None, typer.Option(
        "--player", "-p", metavar="P", help="With --game: whose recorded board.")] = None,
    house: HouseOption = None,
):
    """How often a sheet fulfils a card's tasks (each tile or item used once), and with what."""
    from ..core.card_solver import check_all
    from ..render.cards import check_all_answer, check_answer
    from ..rulesdata import load_rules

    readings = game_readings(game, house)
    if game is not None:
        if sheet is not None or example is not None:
            raise typer.BadParameter(_("with --game the recorded board is checked: leave out the sheet "
                                       "and --example"), param_hint="--game")
        from ..games.recording import recorded_sheet

        player, _cycle, readings, _forum = recorded_sheet(game, player_name)
    else:
        player = sheet_from(sheet, example)
    rules = load_rules().reading(readings)
    cards = resolve_cards(card, rules, allow_all=True)
    value = _check_value(value, rules)
    checks = check_all(cards, player, rules.readings)
    every = card.strip().lower() == "all"
    answer = check_all_answer(checks, value) if every else check_answer(checks[0], value)
    report = None
    if not json:
        from ..render.cards import check_all_report, check_report

        report = (check_all_report(player, checks, rules, value) if every
                  else check_report(player, checks[0], rules, value))
    emit(answer, report, json)
