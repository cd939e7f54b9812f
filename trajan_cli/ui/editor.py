"""The board editors, and a developer entry to try them on a file:

    python -m trajan_cli.ui.editor SHEET.toml            # edit a colonia recorded as SHEET
    python -m trajan_cli.ui.editor --blank Tom           # a colonia's set-up
    python -m trajan_cli.ui.editor --forum FORUM.toml    # place envoys on a recorded forum
    python -m trajan_cli.ui.editor --forum-blank Tom,Ann # lay out a forum

It prints the saved board as TOML, or "cancelled".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.forum import Forum
from ..core.sheet import PlayerSheet


def colonia_app(sheet: PlayerSheet, recorded: PlayerSheet | None, *, input: Any = None,
                output: Any = None, first_scoring_done: bool = False, saver: Any = None):
    """The editor state and its Application (tests and the benchmark drive them)."""
    from .app import build_app
    from .colonia_state import ColoniaEditor
    from .screen import draw_colonia

    editor = ColoniaEditor(sheet, recorded, first_scoring_done=first_scoring_done, saver=saver)
    clicks = {"on_cell": editor.click_cell, "on_field": editor.click_field}
    return editor, build_app(editor, draw_colonia, clicks, input=input, output=output)


def forum_app(forum: Forum, recorded: Forum | None, players: Sequence[str] | Mapping[str, str],
              *, input: Any = None, output: Any = None, saver: Any = None):
    from .app import build_app
    from .forum_state import ForumEditor
    from .screen import draw_forum

    editor = ForumEditor(forum, recorded, players, saver)
    clicks = {"on_cell": editor.click_cell, "on_player": editor.click_player}
    return editor, build_app(editor, draw_forum, clicks, input=input, output=output)


def edit_colonia(sheet: PlayerSheet, recorded: PlayerSheet | None, *, input: Any = None,
                 output: Any = None, first_scoring_done: bool = False,
                 saver: Any = None) -> PlayerSheet | None:
    """The edited board, or None when left without saving. With ``saver`` the board is
    recorded on Enter while the editor is open (EditorState says how)."""
    from .app import run

    _editor, app = colonia_app(sheet, recorded, input=input, output=output,
                               first_scoring_done=first_scoring_done, saver=saver)
    return run(app)


def edit_forum(forum: Forum, recorded: Forum | None, players: Sequence[str] | Mapping[str, str],
               *, input: Any = None, output: Any = None, saver: Any = None) -> Forum | None:
    from .app import run

    _editor, app = forum_app(forum, recorded, players, input=input, output=output, saver=saver)
    return run(app)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    from ..core.board import blank_sheet
    from ..i18n import _, resolve_language, set_language
    from ..parsing.errors import InputError
    from ..parsing.forum import load_forum
    from ..parsing.sheet import load_sheet
    from ..parsing.toml_text import forum_toml, sheet_toml

    parser = argparse.ArgumentParser(prog="python -m trajan_cli.ui.editor",
                                     description="Try the board editor on a file.")
    parser.add_argument("sheet", nargs="?", help="a player sheet, taken as the recorded board")
    parser.add_argument("--blank", metavar="NAME", help="a colonia's set-up for this player")
    parser.add_argument("--forum", metavar="FORUM", help="a forum file, taken as recorded")
    parser.add_argument("--forum-blank", metavar="NAMES", help="lay out a forum for these players")
    parser.add_argument("--lang", help="en, de or fr")
    args = parser.parse_args(argv)
    set_language(resolve_language(args.lang))
    if not sys.stdin.isatty():
        print(_("the board editor needs a terminal"), file=sys.stderr)
        return 2
    from prompt_toolkit.output import create_output

    # The board goes to the terminal even when the saved TOML is redirected to a file.
    output = create_output(always_prefer_tty=True)
    try:
        if args.forum or args.forum_blank:
            if args.forum:
                forum = load_forum(args.forum)
                result = edit_forum(forum, forum, list(forum.players.values()), output=output)
            else:
                names = [n.strip() for n in args.forum_blank.split(",") if n.strip()]
                result = edit_forum(Forum(grid=()), None, names, output=output)
            print(forum_toml(result) if result is not None else _("cancelled"))
            return 0
        if args.blank:
            sheet, recorded = blank_sheet(args.blank), None
        elif args.sheet:
            sheet = recorded = load_sheet(args.sheet)
        else:
            parser.error("give a SHEET, --blank NAME, --forum FORUM or --forum-blank NAMES")
        result = edit_colonia(sheet, recorded, output=output)
    except InputError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 2
    print(sheet_toml(result) if result is not None else _("cancelled"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
