"""`trajan play GAME`: the table screen, which follows the game turn by turn."""

from typing import Annotated

import typer

from ..i18n import _
from ..parsing.errors import InputError, Problem


def play(game: Annotated[str, typer.Argument(metavar="GAME", help="The saved game.")]):
    """The table screen: follow the game turn by turn, record each turn, score each cycle."""
    from ..games import recording, store
    from .common import has_terminal

    stored = store.load(game)
    _state, table = recording.table_of(stored)
    if not has_terminal():
        raise InputError([Problem("<terminal>", None, None, _(
            "the table screen needs a terminal; without one, record each line with: trajan turn "
            "\"{game}\" LINE (or --file RECORD)").format(game=game))])
    missing = [recording.no_board(game, p).problems[0] for p in stored.game.players
               if table.board(p) is None]
    if table.forum is None:
        missing.append(recording.no_board(game, None).problems[0])
    if missing:
        raise InputError(missing)
    from ..ui.table.app import play_table
    from .options import say

    play_table(stored.path)
    say(_("Left the table screen; every line recorded is saved. Carry on with: trajan play "
          "\"{game}\"").format(game=game))
