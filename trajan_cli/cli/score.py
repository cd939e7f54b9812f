"""`trajan score ...`: one scoring step on described files."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import (
    CycleOption,
    ExampleOption,
    ForumArgument,
    JsonFlag,
    SheetArgument,
    emit,
    forum_from,
    player_mark,
    sheet_from,
)

app = typer.Typer(help="Score one step of the scoring phase from described files.",
                  no_args_is_help=True)


@app.command("colonia")
def colonia(sheet: SheetArgument = None, example: ExampleOption = None, json: JsonFlag = False):
    """Colonia scoring (p. 27): different gray types per row times its citizen multiplier."""
    from ..core.scoring import score_colonia
    from ..render.answers import colonia_answer
    from ..rulesdata import load_rules

    player = sheet_from(sheet, example)
    rules = load_rules()
    score = score_colonia(player, rules)
    report = None
    if not json:
        from ..render.report import colonia_report

        report = colonia_report(player.name, score, rules)
    emit(colonia_answer(score), report, json)


@app.command("cranes")
def cranes(
    sheet: SheetArgument = None,
    cycle: CycleOption = ...,
    example: ExampleOption = None,
    json: JsonFlag = False,
):
    """Construction cranes (p. 27): each crane showing its colour scores its structures."""
    from ..core.scoring import score_cranes
    from ..render.answers import cranes_answer
    from ..rulesdata import load_rules

    player = sheet_from(sheet, example)
    rules = load_rules()
    score = score_cranes(player.colonia, cycle, rules)
    report = None
    if not json:
        from ..render.report import cranes_report

        report = cranes_report(player.name, score, rules)
    emit(cranes_answer(score), report, json)


@app.command("forum")
def forum(
    forum_file: ForumArgument = None,
    player: Annotated[str | None, typer.Option("--player", metavar="P",
                                               help="Whose envoys: the mark or the name.")] = None,
    patrician_i: Annotated[bool, typer.Option("--patrician-i",
                                              help="Patrician I is active: diagonal eagles count.")] = False,
    area_points: Annotated[int | None, typer.Option("--area-points", metavar="N", min=0,
                                                    help="Points shown under the area size on the slide bar.")] = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
):
    """Forum scoring (p. 27): eagles, and the largest connected group of envoys."""
    from ..core.scoring import score_forum
    from ..render.answers import forum_answer
    from ..rulesdata import load_rules

    board, source = forum_from(forum_file, example)
    mark = player_mark(board, player, source, default=example)
    rules = load_rules()
    score = score_forum(board, mark, rules, patrician_i=patrician_i, area_points=area_points)
    report = None
    if not json:
        from ..render.report import forum_report

        report = forum_report(board.players[mark], score, rules, patrician_i)
    emit(forum_answer(score), report, json)
