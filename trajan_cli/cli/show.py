"""`trajan show ...`: draw a described colonia or forum to compare with the table."""

import typer

from .options import ExampleOption, ForumArgument, SheetArgument, forum_from, say, sheet_from

app = typer.Typer(help="Draw a described colonia or forum in the terminal.", no_args_is_help=True)


@app.command("colonia")
def colonia(sheet: SheetArgument = None, example: ExampleOption = None):
    """Draw the colonia grid with citizens, supply and benefit tracks."""
    from ..render.pictures import colonia_picture

    say(colonia_picture(sheet_from(sheet, example)))


@app.command("forum")
def forum(forum_file: ForumArgument = None, example: ExampleOption = None):
    """Draw the forum with every envoy and eagle space."""
    from ..render.pictures import forum_picture

    board, _ = forum_from(forum_file, example)
    say(forum_picture(board))
