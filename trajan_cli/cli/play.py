"""`trajan play GAME`: the table screen, which follows the game turn by turn."""

from typing import Annotated

import typer

from ..i18n import _
from ..parsing.errors import InputError, Problem


def play(game: Annotated[str, typer.Argument(metavar="GAME", help="The saved game.")]):
    """The table screen: follow the game turn by turn, record each turn, score each cycle."""
    from ..games import recording, setup_session, store
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
    if missing and not setup_session.before_first_round(stored.game):
        raise InputError(missing)  # a game under way: its set-up is past (p. 18)
    if missing:
        # No boards yet: the set-up on its own screen (pp. 18-19), then the first round.
        from ..ui.setup.app import play_setup

        screen = play_setup(stored.path)
        if screen.result is None:
            from .options import say

            say(_("Left the set-up; nothing of it is recorded. Carry on with: trajan play "
                  "\"{game}\"").format(game=game))
            return
    note = screen.said if missing and screen.said else None
    from ..ui.table.app import play_table
    from .options import say

    recording.copy_bar_facts(stored.path)  # the group's slide bar: the scoring reads it, asks nothing
    # What the set-up left to say (the box file not written, a fact the box knew otherwise)
    # goes on the table screen's status line, where it is seen; and again after leaving.
    play_table(stored.path, note=note)
    if note:
        say(note)
    say(_("Left the table screen; every line recorded is saved. Carry on with: trajan play "
          "\"{game}\"").format(game=game))
