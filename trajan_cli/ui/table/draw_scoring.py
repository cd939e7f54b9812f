"""The scoring phase on the table screen (`trajan play`): the standings of the cycle by
category in place of the pictures, the question and its keys; at the game's end, the
ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Category
from ...core.scoring_phase.questions import Kind
from ...core.vocabulary import Cycle
from ...i18n import _
from ...render.ansi import plain
from ...render.standings import ranking_text, view_of
from ..prompts import message
from ..screen import Canvas, keymap_line, wrap

if TYPE_CHECKING:
    from .screen import TableScreen


def draw_scoring(canvas: Canvas, screen: TableScreen) -> None:
    question = screen.position.question
    standings(canvas, screen, question.cycle)
    row = 11
    for line in wrap(message(question), canvas.width - 2)[:3]:
        canvas.put(row, 1, line, "heading", width=canvas.width - 2)
        row += 1
    row += 1
    view = screen.view
    if question.kind is Kind.CHOICE:
        pairs = [(c.key, c.label + (" ←" if c.value == question.default else ""))
                 for c in screen.question_keys()]
        keymap_line(canvas, row, 1, canvas.width - 2, pairs)
    elif question.kind is Kind.MULTI:
        pairs = [(str(c.value), ("[x] " if c.value in view.picked else "[ ] ") + c.label)
                 for c in screen.question_keys()]
        for pair in pairs[:6]:
            keymap_line(canvas, row, 1, canvas.width - 2, [pair])
            row += 1
        canvas.put(row, 1, _("Keys toggle a row; Enter pays the rows marked."), "dim")
    elif question.kind is Kind.BOARD:
        canvas.put(row, 1, _("Enter keeps it as recorded (the board editor opens in trajan score)."),
                   "dim", width=canvas.width - 2)
    else:
        default = question.default
        shown = view.field or ""
        canvas.put(row, 1, "> " + shown, "field", width=30)
        if not shown and default not in (None, "", []):
            canvas.put(row, 3, str(default if not isinstance(default, list) else
                                   " ".join(map(str, default))), "dim")
        canvas.put(row + 1, 1, _("Type the answer, Enter to give it."), "dim")


def draw_scored(canvas: Canvas, screen: TableScreen) -> None:
    """A scoring phase just done: the cycle's final standings, until a key."""
    standings(canvas, screen, screen.scored_cycle)
    position = screen.position
    text = _("The scoring phase of cycle {cycle} is done. Any key goes on to round "
             "{next}.{round}: its street cards (a street card's key counts as the first).").format(
        cycle=screen.scored_cycle.numeral, next=position.cycle.numeral, round=position.round)
    for row, line in enumerate(wrap(text, canvas.width - 2)[:3], start=11):
        canvas.put(row, 1, line, "heading", width=canvas.width - 2)


def standings(canvas: Canvas, screen: TableScreen, cycle) -> None:
    """Each player's points of the cycle by category and the total so far. A category's
    name too long for its column goes on over a second header row (never cut)."""
    view = view_of(screen.game)
    breakdown = screen.session.state.breakdown()
    totals = screen.points()
    categories = list(Category)
    heads = [_two_rows(view.category_name(c)) for c in categories] + [_two_rows(_("Total"))]
    widths = [max(3, *(len(part) for part in head)) + 2 for head in heads]
    canvas.put(2, 1, _("Standings, cycle {cycle}").format(cycle=cycle.numeral), "heading")
    header_rows = max(len(head) for head in heads)
    for offset in range(header_rows):
        line = f"{'':<12}" + "".join(
            f"{head[offset - header_rows + len(head)] if offset >= header_rows - len(head) else '':>{w}}"
            for head, w in zip(heads, widths, strict=True))
        canvas.put(3 + offset, 1, line, "dim", width=canvas.width - 2)
    first = 3 + header_rows
    in_play = screen.play_points(cycle)  # not counted yet: the player's turn comes later
    for row, player in enumerate(screen.game.players):
        cells = dict(breakdown.get(player, {}).get(cycle, {}))
        if player in in_play:
            cells[Category.PLAY] = cells.get(Category.PLAY, 0) + in_play[player]
        line = f"{player[:12]:<12}" + "".join(
            f"{cells[c] if c in cells else '·':>{w}}" for c, w in zip(categories, widths, strict=False))
        line += f"{totals.get(player, 0):>{widths[-1]}}"
        style = "here" if player == (screen.position.question.player if screen.position.question
                                     else None) else ""
        canvas.put(first + row, 1, line, style, width=canvas.width - 2)


def _two_rows(name: str) -> list[str]:
    """A column's name on one row, or on two (broken between words) when it is long."""
    if len(name) <= 12 or " " not in name:
        return [name]
    best = None
    for cut in (i for i, ch in enumerate(name) if ch == " "):
        parts = [name[:cut], name[cut + 1:]]
        if best is None or max(map(len, parts)) < max(map(len, best)):
            best = parts
    return best


def draw_over(canvas: Canvas, screen: TableScreen) -> None:
    standings(canvas, screen, Cycle.III)
    state = screen.session.state
    row = 10
    if state.ranking is not None:
        text = plain(ranking_text(state, view_of(screen.game)))
        for line in text.splitlines()[:10]:
            for part in wrap(line, canvas.width - 2):
                canvas.put(row, 1, part, "heading" if row == 10 else "", width=canvas.width - 2)
                row += 1

