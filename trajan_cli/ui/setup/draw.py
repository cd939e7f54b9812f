"""The set-up screen (`trajan play` on a game with no boards yet), drawn at 80 x 24 on the
table screen's canvas, in its look:

    row 0      the game, "set-up", whose board is being set up
    row 1      every player: what is chosen so far
    rows 2-10  the player's colonia as chosen (temples T, each corner's crane, the citizen's
               row) | the forum as laid so far, or the face being typed
    rows 12-15 what the keys choose now (the sides or faces the box knows, the colours left)
    row 19     the set-up line as it is built
    row 20     keys that always work
    rows 22-23 the status line: what the screen asks, or a refusal with its page

It reads without colour: temples ``T``, cranes by their letter, the cursor framed in
brackets, the citizen's row marked with ``●``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, Colour, square_name
from ...i18n import _
from ...parsing.notation import cranes_text, placements_text
from ..screen import Canvas, help_screen, keymap_line, status_lines, too_small, wrap
from ..table.draw import keymap_rows
from .state import CORNERS, Step

if TYPE_CHECKING:
    from .state import PlayerDraft, SetupScreen

GRID_LEFT, GRID_TOP, CELL = 3, 3, 5
FORUM_LEFT, FORUM_CELL = 40, 3
CHOICES_TOP, LINE_ROW, KEYS_ROW, STATUS_ROW = 12, 19, 20, 22


def draw_setup(screen: SetupScreen, width: int, height: int, **_clicks) -> Canvas:
    canvas = Canvas(width, height)
    if width < 80 or height < 24:
        return too_small(canvas, _(
            "The terminal is {width}x{height}; the set-up screen needs at least "
            "{min_width}x{min_height}. Enlarge the window, or leave with Esc (nothing is recorded "
            "before the set-up's last key)."))
    if screen.help:
        return help_screen(canvas, _("The set-up screen: every key"), setup_help(screen), first=1,
                           lines=None, back=_("Press any key to go back to the set-up."))
    canvas.fill(0, "title")
    canvas.put(0, 0, " " + title_text(screen), "title", width=width - 14)
    canvas.put(0, width - 13, _("? all keys").rjust(12), "title", width=12)
    players_line(canvas, screen)
    draft = screen.draft if screen.player is not None else None
    if draft is not None:
        draw_colonia(canvas, screen, draft)
    draw_forum(canvas, screen)
    draw_choices(canvas, screen)
    canvas.put(LINE_ROW, 0, "» " + line_text(screen), "here", width=width)
    keymap_line(canvas, KEYS_ROW, 0, width, [
        ("⌫ u", _("back a step")), ("Esc", _("leave (nothing recorded)")), ("?", _("keys"))])
    if screen.status.text != screen.prompt_text():  # the question is drawn above already
        status_lines(canvas, STATUS_ROW, screen.status)
    return canvas


def title_text(screen: SetupScreen) -> str:
    parts = [_("Set-up")]
    if screen.player is not None:
        parts.append(_("{player}'s board ({n} of {count})").format(
            player=screen.player, n=screen.view.index + 1, count=len(screen.players)))
    elif screen.view.step in (Step.FORUM, Step.FACE, Step.PLACE):
        parts.append(_("the forum: {n} mosaic boards").format(n=screen.faces_wanted()))
    return " · ".join(parts)


def players_line(canvas: Canvas, screen: SetupScreen) -> None:
    x = canvas.put(1, 0, " ")
    for index, draft in enumerate(screen.view.drafts):
        done = draft.worker is not None
        style = "here" if screen.player == draft.player and index == screen.view.index else ""
        x = canvas.put(1, x, draft.player + (" ✓" if done else ""), style)
        x = canvas.put(1, x, "  ")


def draw_colonia(canvas: Canvas, screen: SetupScreen, draft: PlayerDraft) -> None:
    view = screen.view
    side = draft.side
    canvas.put(2, 0, " " + (_("{player}'s colonia, side {side}").format(player=draft.player, side=side)
                            if side else _("{player}'s colonia").format(player=draft.player)),
               "heading", width=FORUM_LEFT - 2)
    known = view.box.side(side) if side else None
    temples = set(known.temples) if known is not None else set(view.temples)
    cranes = dict(draft.cranes)
    for col in range(BOARD_SIZE):
        canvas.put(GRID_TOP, GRID_LEFT + col * CELL, COLUMN_LETTERS[col].center(CELL - 1), "dim")
    asked = None
    if view.step is Step.CRANES and len(draft.cranes) < 4:
        asked = CORNERS[len(draft.cranes)]
    for row in range(BOARD_SIZE):
        y = GRID_TOP + 1 + row
        canvas.put(y, 0, f"{row + 1:>2}", "dim")
        for col in range(BOARD_SIZE):
            square = (col, row)
            x = GRID_LEFT + col * CELL
            token, style = "·", "dim"
            if square in temples:
                token, style = "T", "temple"
            elif square in cranes:
                token, style = "K" + cranes[square].letter, f"crane-{cranes[square].value}"
            elif square in CORNERS:
                token, style = "K", "dim"
            if square == asked or (view.step is Step.TEMPLES and view.pending is not None
                                   and COLUMN_LETTERS.index(view.pending) == col and square not in temples):
                canvas.put(y, x, "[" + token.center(2) + "]", "cursor")
            else:
                canvas.put(y, x, " " + token.center(2) + " ", style)
        citizen = draft.citizen == row + 1
        canvas.put(y, GRID_LEFT + BOARD_SIZE * CELL, "●" if citizen else " ", "here")


def draw_forum(canvas: Canvas, screen: SetupScreen) -> None:
    view = screen.view
    if view.step is Step.FACE:
        canvas.put(2, 1, _("A new face, typed row by row"), "heading", width=FORUM_LEFT - 2)
        rows = list(view.face_rows) + [view.face_row + ("cursor",)]  # type: ignore[operator]
        for r, row in enumerate(rows[-8:]):
            for c, square in enumerate(row):
                x = GRID_LEFT + c * FORUM_CELL
                if x + FORUM_CELL > FORUM_LEFT - 1:
                    break
                if square == "cursor":
                    canvas.put(GRID_TOP + r, x, "[ ]", "cursor")
                else:
                    canvas.put(GRID_TOP + r, x, _square_token(square).center(FORUM_CELL), _square_style(square))
    if not screen.need_forum:
        return
    canvas.put(2, FORUM_LEFT, _("The forum ({laid} of {wanted} faces)").format(
        laid=len(view.placements), wanted=screen.faces_wanted()), "heading", width=canvas.width - FORUM_LEFT)
    forum = screen.forum()
    if forum is None:
        return
    cols = (canvas.width - FORUM_LEFT - 3) // FORUM_CELL
    for col in range(min(forum.width, cols)):
        canvas.put(GRID_TOP, FORUM_LEFT + 3 + col * FORUM_CELL, square_name(col, 0)[:-1].center(FORUM_CELL), "dim")
    for row in range(min(forum.height, CHOICES_TOP - GRID_TOP - 2)):
        y = GRID_TOP + 1 + row
        canvas.put(y, FORUM_LEFT, f"{row + 1:>2}", "dim")
        for col in range(min(forum.width, cols)):
            square = forum.at((col, row))
            canvas.put(y, FORUM_LEFT + 3 + col * FORUM_CELL, _square_token(square).center(FORUM_CELL),
                       _square_style(square) if square is not None else "dim")


def _square_token(square) -> str:
    if square is None:
        return "·"
    return "E" if square.is_eagle else square.colour.letter


def _square_style(square) -> str:
    if square is None:
        return "dim"
    return "eagle" if square.is_eagle else f"tile-{square.colour.value}"


def draw_choices(canvas: Canvas, screen: SetupScreen) -> None:
    """What the keys choose now, and the step's keys."""
    view = screen.view
    step = view.step
    rows: list[list[tuple[str, str]]] = []
    if step is Step.SIDE:
        side_a = view.box.side("A")
        first = [("a", _("side A") if side_a is not None else _("side A (its temples typed once)"))]
        rows = [first + [(str(n), _("side {side}").format(side=s.name))
                         for n, s in enumerate(screen.b_sides(), 1)],
                [("n", _("a side B the box does not know yet (its temples typed once)"))]]
    elif step is Step.TEMPLES:
        rows = [[("A-F 1-6", _("a temple's cell (again: not a temple)"))]]
    elif step is Step.CRANES:
        draft = screen.draft
        rows = [[(c.letter, _colour(c)) for c in screen.cranes_left()]]
        habit = screen.crane_habit()
        if habit is not None and draft is not None and not draft.cranes:
            rows.append([("Enter", _("as last time: {cranes}").format(cranes=cranes_text(habit)))])
    elif step is Step.CITIZEN:
        from ...core.vocabulary import Citizen
        from ...render.names import citizen_name

        rows = [[(str(c.row), citizen_name(c)) for c in Citizen]]
    elif step is Step.WORKER:
        taken = screen.workers_taken()
        rows = [[(c.letter, _colour(c)) for c in Colour if c not in taken]]
    elif step is Step.FORUM:
        laid, wanted = len(view.placements), screen.faces_wanted()
        if laid < wanted:
            rows = [[(key, face.name) for key, face in screen.face_keys().items() if not screen.laid(face)]
                    + [("n", _("a face the box does not know yet"))]]
        else:
            rows = [[("Enter", _("the forum is laid: go on"))]]
        extra = []
        habit = screen.forum_habit()
        if habit is not None:
            extra.append(("Enter", _("as last time: {faces}").format(faces=placements_text(habit))))
        if view.placements:
            extra.append(("t", _("turn {face} half round").format(face=view.placements[-1].face)))
        if extra:
            rows.append(extra)
    elif step is Step.FACE:
        rows = [[("b g o y", _("a square of that colour")), ("e", _("an eagle space")),
                 ("-", _("a gap"))],
                [("Enter", _("ends the row; on an empty row, ends the face"))]]
    elif step is Step.PLACE:
        rows = [[("A-Z 1-9", _("the forum square of the face's top left corner"))]]
    elif step is Step.KEEP:
        if screen.learnt_words():
            rows = [[("y", _("keep it in the group's box and record")),
                     ("n", _("record without keeping it"))]]
        else:
            rows = [[("Enter", _("record the set-up"))]]
    # The question on two lines when it needs them (the keep question names every fact).
    heading = wrap(screen.prompt_text(), canvas.width - 2)
    if len(heading) > 2:
        heading = [heading[0], " ".join(heading[1:])]
    for offset, part in enumerate(heading):
        canvas.put(CHOICES_TOP + offset, 1, part, "heading", width=canvas.width - 2)
    keymap_rows(canvas, CHOICES_TOP + 2, 1, canvas.width - 2, rows, LINE_ROW - CHOICES_TOP - 3)


def line_text(screen: SetupScreen) -> str:
    """The set-up of the player at hand (or the forum) as far as it is chosen."""
    view = screen.view
    draft = screen.draft if screen.player is not None else None
    if draft is None:
        if not screen.need_forum:
            return ""
        return "set-up forum: " + placements_text(view.placements)
    parts = []
    if draft.side:
        parts.append(f"side {draft.side}")
    if draft.cranes:
        parts.append("cranes " + cranes_text(draft.cranes))
    if draft.citizen is not None:
        parts.append(f"citizen {draft.citizen}")
    if draft.worker is not None:
        parts.append(f"worker {draft.worker.letter}")
    return f"set-up {draft.player}: " + "; ".join(parts)


def setup_help(screen: SetupScreen) -> list[tuple[str, str]]:
    return [
        ("a 1-9 n", _("the board side: A, a side B the box knows, or a new side B whose four "
                      "temples you type once")),
        ("b g o y", _("a corner's crane (the last corner takes the colour left), the worker "
                      "colour dealt; a face's square")),
        ("Enter", _("as last time (the cranes, the forum); ends a face's row")),
        ("1-6", _("the row of the citizen drawn ({page})").format(page=screen._page("setup_citizen"))),
        ("1-9 0 n", _("the forum: a face the box knows, or a new face typed square by square")),
        ("A1", _("where a face's top left square lies on the forum")),
        ("t", _("turn the face laid last half round")),
        ("y n", _("keep what was typed in the group's box (or not), and record the set-up")),
        ("Backspace u", _("take back the last key")),
        ("Esc", _("leave; nothing is recorded before the last key")),
    ]


def _colour(colour: Colour) -> str:
    from ...render.names import colour_name

    return colour_name(colour)

