"""Everything that asks in the terminal: the only package importing questionary and
prompt_toolkit. ``prompts`` asks the walkthrough's questions (``ahead`` takes them from a
file given ahead), ``choose`` the few questions of other commands, and the full-screen board
editors below are opened by the commands that need them. The package ``table`` is the table
screen of `trajan play` (``table.app.play_table``), one module for each step of a turn.

Importing this package costs nothing: prompt_toolkit is loaded only when an editor or the
table screen opens.

    edit_colonia(sheet, recorded, first_scoring_done=...) -> the new PlayerSheet, or None
    edit_forum(forum, recorded, players)   -> the new Forum, or None

``saver``, when given, records the board on Enter while the editor is still open (a
refusal or a conflict with what another window recorded meanwhile keeps it open, the
edits on screen; colonia_state.EditorState says how). ``recorded`` is the board as last
recorded: every edit is judged against it ("a board only
grows", core/board.py). ``None`` (or a colonia without temples, a forum without squares)
means the set-up: the temples, crane colours or the forum layout are typed then.
``first_scoring_done``: a scoring phase lies behind the table, so a set-up may show scored
cranes and inactive citizens (only a scoring makes them, core/board.py state_problems).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..core.forum import Forum
    from ..core.sheet import PlayerSheet


def edit_colonia(sheet: PlayerSheet, recorded: PlayerSheet | None, *, input: Any = None,
                 output: Any = None, first_scoring_done: bool = False,
                 saver: Any = None) -> PlayerSheet | None:
    from .editor import edit_colonia as run

    return run(sheet, recorded, input=input, output=output, first_scoring_done=first_scoring_done,
               saver=saver)


def edit_forum(forum: Forum, recorded: Forum | None, players: Sequence[str] | Mapping[str, str],
               *, input: Any = None, output: Any = None, saver: Any = None) -> Forum | None:
    from .editor import edit_forum as run

    return run(forum, recorded, players, input=input, output=output, saver=saver)
