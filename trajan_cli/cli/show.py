"""`trajan show ...`: draw a described colonia or forum to compare with the table."""

import typer

from .options import ExampleOption, ForumArgument, JsonFlag, SheetArgument, emit, forum_from, sheet_from

app = typer.Typer(help="Draw a described colonia or forum in the terminal.", no_args_is_help=True)


@app.command("colonia")
def colonia(sheet: SheetArgument = None, example: ExampleOption = None, json: JsonFlag = False):
    """Draw the colonia grid with citizens, supply and benefit tracks."""
    import tomllib

    from ..parsing.toml_text import sheet_toml
    from ..render.pictures import colonia_picture

    player = sheet_from(sheet, example)
    # --json: the sheet as the tool read it, in the keys of the sheet file (docs/formats.md).
    answer = {"sheet": tomllib.loads(sheet_toml(player))} if json else {}
    emit(answer, None if json else colonia_picture(player), json)


@app.command("forum")
def forum(forum_file: ForumArgument = None, example: ExampleOption = None, json: JsonFlag = False):
    """Draw the forum with every envoy and eagle space."""
    import tomllib

    from ..parsing.toml_text import forum_toml
    from ..render.pictures import forum_picture

    board, _ = forum_from(forum_file, example)
    # --json: the forum as the tool read it, in the keys of the forum file (docs/formats.md).
    answer = {"forum": tomllib.loads(forum_toml(board))} if json else {}
    emit(answer, None if json else forum_picture(board), json)
