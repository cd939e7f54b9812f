"""`trajan score ...`: one scoring step on described files."""

from pathlib import Path
from typing import Annotated

import typer

from ..core.vocabulary import Step
from ..i18n import _
from .common import GameOption
from .options import (
    CycleOption,
    ExampleOption,
    ForumArgument,
    HouseOption,
    JsonFlag,
    SheetArgument,
    WalkJsonFlag,
    emit,
    forum_from,
    game_readings,
    player_mark,
    sheet_from,
)
from .walk import run_walk

app = typer.Typer(
    help="Walk the group through the scoring phase, or score one step (from files, or into a game).",
    invoke_without_command=True,
)


@app.callback()
def walkthrough(
    ctx: typer.Context,
    game: GameOption = None,
    answers: Annotated[Path | None, typer.Option(
        "--answers", metavar="FILE",
        help="Answers given ahead (TOML, one table per player): what it gives is not asked; "
             "see docs/formats.md.")] = None,
    no_input: Annotated[bool, typer.Option(
        "--no-input", help="Ask nothing: a question left open by --answers and the boards is an error.")] = False,
    json: WalkJsonFlag = False,
):
    """Without a step: walk the whole scoring phase for every player of a saved game."""
    ctx.obj = game
    if ctx.invoked_subcommand is None:
        run_walk(game, answers=answers, no_input=no_input, json=json)


def _game_step(ctx: typer.Context, game: str | None, step: Step, *files) -> bool:
    """Run one step of a saved game when --game is given and no file; True if it did."""
    chosen = game or ctx.obj
    if chosen is None or any(f is not None for f in files):
        if chosen is not None:
            raise typer.BadParameter(_("give either files to score or --game, not both"),
                                     param_hint="--game")
        return False
    run_walk(chosen, step)
    return True


@app.command("pay")
def pay(ctx: typer.Context, game: GameOption = None):
    """Pay citizens (p. 27) for every player of a saved game: 1 coin per row with citizens."""
    if not _game_step(ctx, game, Step.PAY):
        run_walk(None, Step.PAY)


@app.command("colonia")
def colonia(ctx: typer.Context, sheet: SheetArgument = None, example: ExampleOption = None,
            json: JsonFlag = False, game: GameOption = None):
    """Colonia scoring (p. 27): different gray types per row times its citizen multiplier."""
    if _game_step(ctx, game, Step.COLONIA, sheet, example):
        return
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
    ctx: typer.Context,
    sheet: SheetArgument = None,
    cycle: CycleOption = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
    game: GameOption = None,
):
    """Construction cranes (p. 27): each crane showing its colour scores its structures."""
    if _game_step(ctx, game, Step.CRANES, sheet, example):
        return
    if cycle is None:
        raise typer.BadParameter(_("say which cycle just ended: --cycle 1, 2 or 3"), param_hint="--cycle")
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
    ctx: typer.Context,
    forum_file: ForumArgument = None,
    player: Annotated[str | None, typer.Option("--player", "-p", metavar="PLAYER",
                                               help="Whose envoys: the mark or the name.")] = None,
    patrician_i: Annotated[bool, typer.Option("--patrician-i",
                                              help="Patrician I is active: diagonal eagles count.")] = False,
    area_points: Annotated[int | None, typer.Option("--area-points", metavar="N", min=0,
                                                    help="Points shown under the area size on the slide bar.")] = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
    game: GameOption = None,
    house: HouseOption = None,
):
    """Forum scoring (p. 27): eagles, and the largest connected group of envoys."""
    readings = game_readings(game, house)
    if _game_step(ctx, game, Step.FORUM, forum_file, example):
        return
    from ..core.scoring import score_forum
    from ..render.answers import forum_answer
    from ..rulesdata import load_rules

    board, source = forum_from(forum_file, example)
    mark = player_mark(board, player, source, default=example)
    rules = load_rules().reading(readings)
    score = score_forum(board, mark, rules, patrician_i=patrician_i, area_points=area_points)
    report = None
    if not json:
        from ..render.report import forum_report

        report = forum_report(board.players[mark], score, rules, patrician_i)
    emit(forum_answer(score), report, json)


@app.command("trajan")
def trajan(ctx: typer.Context, game: GameOption = None):
    """The Trajan card (p. 28) for every player of a saved game."""
    if not _game_step(ctx, game, Step.TRAJAN):
        run_walk(None, Step.TRAJAN)
