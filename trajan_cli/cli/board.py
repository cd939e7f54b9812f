"""`trajan board ...`: the boards a game remembers (docs/boards.md)."""

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _
from ..parsing.errors import InputError, Problem
from .options import JsonFlag, emit, parse_cycle, say

app = typer.Typer(help="The boards a game remembers: record them, show them, edit them.",
                  no_args_is_help=True)

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="The saved game.")]
PlayerOption = Annotated[str | None, typer.Option(
    "--player", "-p", metavar="PLAYER", help="Whose board: a player's name (or its start).")]
ForumFlag = Annotated[bool, typer.Option("--forum", help="The forum instead of a player's board.")]


def _one_board(player: str | None, forum: bool) -> None:
    if (player is None) == (not forum):
        raise typer.BadParameter(_("say which board: --player P or --forum"), param_hint="--player")


@app.command("import")
def import_board(
    game: GameArgument,
    sheet: Annotated[Path | None, typer.Argument(
        metavar="SHEET", show_default=False,
        help="The player's sheet (TOML) as the board stands now; see docs/formats.md.")] = None,
    player: PlayerOption = None,
    forum: Annotated[Path | None, typer.Option(
        "--forum", metavar="FORUM",
        help="Record the forum from this forum file; see docs/formats.md.")] = None,
):
    """Record a player's board (a player sheet) or the forum (a forum file) in a game."""
    from ..games import recording, store

    if (player is None) == (forum is None) or (player is not None) != (sheet is not None):
        raise typer.BadParameter(_("give --player P SHEET, or --forum FORUM"), param_hint="--player")
    stored = store.load(game)
    if forum is not None:
        from ..parsing.forum import load_forum

        recording.record_forum(stored.path, load_forum(forum), str(forum))
        say(_("Recorded the forum in {game}.").format(game=game))
    else:
        from ..parsing.sheet import load_sheet

        name = recording.resolve_player(stored.game, player)
        recording.record_sheet(stored.path, name, load_sheet(sheet), str(sheet))
        say(_("Recorded {player}'s board in {game}.").format(player=name, game=game))
    say(_("Take it back with: trajan game undo \"{game}\"").format(game=game))


@app.command("show")
def show(game: GameArgument, player: PlayerOption = None, forum: ForumFlag = False,
         cycle: Annotated[str | None, typer.Option(
             "--cycle", metavar="N", callback=parse_cycle,
             help="The board as the scoring of cycle N left it (default: as it stands now).")] = None,
         json: JsonFlag = False):
    """Draw a player's recorded board or the recorded forum (now, or as a cycle scored it)."""
    from ..games import recording, store
    from ..parsing.toml_text import forum_toml, sheet_toml

    _one_board(player, forum)
    stored = store.load(game)
    _state, table = recording.table_of(stored)
    if cycle is not None and cycle not in table.scored:
        raise InputError([Problem("--cycle", None, cycle.numeral, _(
            "cycle {cycle} has not been scored in {game} yet").format(cycle=cycle.numeral, game=game))])
    when = {"cycle": int(cycle)} if cycle is not None else {}
    if forum:
        board = table.forum if cycle is None else table.scored_forum.get(cycle)
        if board is None:
            raise recording.no_board(game, None)
        report = None
        if not json:
            from ..render.pictures import forum_picture

            report = "\n".join([_("The forum of {game}").format(game=game), "", forum_picture(board)])
        emit({"forum": forum_toml(board), **when}, report, json)
        return
    name = recording.resolve_player(stored.game, player)
    sheet = table.board(name) if cycle is None else table.scored[cycle].get(name)
    if sheet is None:
        raise recording.no_board(game, name)
    report = None
    if not json:
        from ..render.pictures import colonia_picture

        title = (_("{player}'s board in {game}") if cycle is None else
                 _("{player}'s board in {game}, as cycle {cycle} scored it"))
        report = "\n".join([title.format(player=name, game=game, cycle=getattr(cycle, "numeral", "")),
                            "", colonia_picture(sheet)])
    emit({"player": name, "sheet": sheet_toml(sheet), **when}, report, json)


@app.command("edit")
def edit(game: GameArgument, player: PlayerOption = None, forum: ForumFlag = False):
    """Open the board editor on a player's board or the forum, and record what is saved."""
    from ..games import recording, store
    from .common import has_terminal

    _one_board(player, forum)
    stored = store.load(game)
    if not has_terminal():
        raise InputError([Problem("<terminal>", None, None, _(
            "the board editor needs a terminal; without one, record a board from a file: "
            "trajan board import \"{game}\" --player P SHEET (or --forum FILE)").format(game=game))])
    _state, table = recording.table_of(stored)
    source = _("the board editor")
    if forum:
        from ..core.forum import Forum
        from ..ui import edit_forum

        start = table.forum or Forum(grid=(), players={})
        saver = _saver(lambda edited, base: recording.record_forum(stored.path, edited, source, base=base),
                       table.forum)
        if edit_forum(start, table.forum, stored.game.players, saver=saver) is None:
            say(_("Left without saving."))
            return
        say(_("Recorded the forum in {game}.").format(game=game))
        return
    from ..core.board import blank_sheet
    from ..ui import edit_colonia

    name = recording.resolve_player(stored.game, player)
    recorded = table.board(name)
    saver = _saver(lambda edited, base: recording.record_sheet(stored.path, name, edited, source, base=base),
                   recorded)
    if edit_colonia(recorded or blank_sheet(name), recorded, first_scoring_done=table.first_scoring_done,
                    saver=saver) is None:
        say(_("Left without saving."))
        return
    say(_("Recorded {player}'s board in {game}.").format(player=name, game=game))


def _saver(record, recorded):
    """What the editor calls on Enter: record the board, merged with what another window
    recorded on it since the editor opened; the editor stays open when that is refused (the
    message) or conflicts (the board as recorded now), so no edit is lost."""
    from ..core.state import LineRefused
    from ..games.recording import ChangedMeanwhile

    base = [recorded]

    def save(edited):
        try:
            record(edited, base[0])
        except ChangedMeanwhile as moved:
            base[0] = moved.board
            return moved
        except (InputError, LineRefused) as exc:
            if isinstance(exc, LineRefused):
                from ..render.problems import refusal_error

                exc = refusal_error(exc)
            return "; ".join(p.message if p.token is None else f"{p.token}: {p.message}" for p in exc.problems)
        return None

    return save
