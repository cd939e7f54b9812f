"""What the forum editor knows and does, key by key, without any terminal library.

At set-up (no forum recorded yet) the group types the layout: mosaic squares by colour,
eagle spaces, gaps; the grid grows to the right and downwards as squares are typed past
its edge. Once a layout is recorded it is locked (p. 18) and only envoys are placed:
choose the player (Tab or 1-4), place an envoy on a free square, take back one placed in
this edit. Recorded envoys never leave their square (p. 25).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.board import (
    BoardProblem,
    BoardRule,
    forum_growth_problems,
    forum_is_setup,
    forum_square_problem,
)
from ..core.forum import Forum, ForumSquare, Square
from ..core.vocabulary import square_name
from ..i18n import _, ngettext
from ..render.names import colour_name
from .colonia_state import COLOUR_KEYS, DIGITS, MOVES, EditorState, Status

#: The largest forum the editor grows to (five mosaic boards fit well inside, p. 18).
MAX_WIDTH, MAX_HEIGHT = 26, 16
EAGLE_KEYS = ("e", "E")
GAP_KEY = "-"
PLACE_KEYS = (" ", "p", "+")
REMOVE_KEYS = ("x", "delete", "backspace")


def player_marks(known: Mapping[str, str], players: Sequence[str] | Mapping[str, str]) -> dict[str, str]:
    """mark -> name for every player: the forum's own marks, then a short new mark for each
    player it does not know yet (the shortest prefix of the name that the forum file reads
    as a mark and no other player uses)."""
    from ..parsing.forum import GAP, SQUARE_WORDS

    marks = dict(known)
    wanted = list(players.items()) if isinstance(players, Mapping) else [(None, n) for n in players]
    for mark, name in wanted:
        if any(name.casefold() == n.casefold() for n in marks.values()):
            continue
        used = {m.casefold() for m in marks}
        if mark is not None and mark.casefold() not in used:
            marks[mark] = name
            continue
        letters = "".join(ch for ch in name if not ch.isspace() and ch not in ":#-\"'\\") or "P"
        candidates = [letters[:n] for n in range(1, len(letters) + 1)]
        candidates += [f"{letters[0]}{n}" for n in range(2, 100)]
        for candidate in candidates:
            if candidate.casefold() not in used and candidate.casefold() not in SQUARE_WORDS \
                    and candidate != GAP:
                marks[candidate] = name
                break
    return marks


@dataclass(frozen=True)
class Snapshot:
    grid: tuple[tuple[ForumSquare | None, ...], ...]
    cursor: Square
    player: int


class ForumEditor(EditorState):
    def __init__(self, forum: Forum, recorded: Forum | None,
                 players: Sequence[str] | Mapping[str, str] = (), saver=None):
        self.recorded = recorded
        self._names = players
        self.setup = forum_is_setup(recorded)
        self.players = player_marks(forum.players, players)
        self.marks = list(self.players)
        width = forum.width
        self.grid: list[list[ForumSquare | None]] = [
            list(row) + [None] * (width - len(row)) for row in forum.grid]
        self.cursor: Square = (0, 0)
        self.player = 0
        super().__init__(
            _("Set-up: type the forum's squares as laid out on the table (colour keys, e eagle, "
              "- gap), then the envoys.") if self.setup else
            _("Place the envoys sent since the last record. Enter saves, Esc leaves, ? shows "
              "every key."), saver)

    # --- What the screen asks ------------------------------------------------------------

    @property
    def width(self) -> int:
        return max((len(r) for r in self.grid), default=0)

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def bounds(self) -> tuple[int, int]:
        """How far the cursor may go: one column and row past the edge while laying out."""
        grow = 1 if self.setup else 0
        return (max(1, min(self.width + grow, MAX_WIDTH)), max(1, min(self.height + grow, MAX_HEIGHT)))

    def at(self, square: Square) -> ForumSquare | None:
        col, row = square
        if 0 <= row < self.height and 0 <= col < len(self.grid[row]):
            return self.grid[row][col]
        return None

    def forum(self) -> Forum:
        return Forum(grid=tuple(tuple(row) for row in self.grid), players=self.players)

    def recorded_at(self, square: Square) -> ForumSquare | None:
        return self.recorded.at(square) if self.recorded is not None else None

    def changed(self, square: Square) -> bool:
        return not self.setup and self.at(square) != self.recorded_at(square)

    @property
    def mark(self) -> str | None:
        return self.marks[self.player] if self.marks else None

    def envoys(self, mark: str) -> int:
        return sum(1 for row in self.grid for sq in row if sq is not None and sq.envoy == mark)

    # --- Keys -----------------------------------------------------------------------------

    def _key(self, key: str) -> None:
        col, row = self.cursor
        if key in MOVES:
            dc, dr = MOVES[key]
            width, height = self.bounds
            self.cursor = (min(max(col + dc, 0), width - 1), min(max(row + dr, 0), height - 1))
            self.status = Status("")
        elif key in ("home", "end"):
            self.cursor = (0 if key == "home" else self.bounds[0] - 1, row)
        elif key in ("tab", "s-tab") or key in DIGITS:
            self._choose_player(key)
        elif key in COLOUR_KEYS:
            self._lay(ForumSquare(COLOUR_KEYS[key], self._envoy_here()))
        elif key in EAGLE_KEYS:
            self._lay(ForumSquare(None, self._envoy_here()))
        elif key == GAP_KEY:
            self._lay(None)
        elif key in PLACE_KEYS:
            self._place_envoy()
        elif key in REMOVE_KEYS:
            self._remove_envoy()
        else:
            self._unknown(key)

    def click_cell(self, square: Square) -> None:
        self.help = False
        width, height = self.bounds
        if 0 <= square[0] < width and 0 <= square[1] < height:
            self.cursor = square

    def click_player(self, index: int) -> None:
        self.help = False
        if 0 <= index < len(self.marks):
            self.player = index
            self.status = Status(_("placing envoys for {name}").format(name=self.players[self.mark]))

    def _choose_player(self, key: str) -> None:
        if not self.marks:
            return
        if key == "tab":
            self.player = (self.player + 1) % len(self.marks)
        elif key == "s-tab":
            self.player = (self.player - 1) % len(self.marks)
        elif 1 <= int(key) <= len(self.marks):
            self.player = int(key) - 1
        else:
            self.status = Status(ngettext("there is {n} player: 1 chooses it",
                                          "there are {n} players: 1 to {n} chooses one",
                                          len(self.marks)).format(n=len(self.marks)),
                                 refusal=True)
            return
        self.status = Status(_("placing envoys for {name}").format(name=self.players[self.mark]))

    def _envoy_here(self) -> str | None:
        square = self.at(self.cursor)
        return square.envoy if square is not None else None

    def _set(self, square: Square, new: ForumSquare | None, message: str) -> None:
        self.history.append(Snapshot(tuple(tuple(r) for r in self.grid), self.cursor, self.player))
        col, row = square
        while self.height <= row:
            self.grid.append([None] * self.width)
        width = max(self.width, col + 1)
        for cells in self.grid:
            cells.extend([None] * (width - len(cells)))
        self.grid[row][col] = new
        self.status = Status(message)

    def _lay(self, new: ForumSquare | None) -> None:
        square = self.cursor
        what = (_("gap") if new is None else _("eagle space") if new.is_eagle
                else colour_name(new.colour))
        if self.at(square) == new:
            self.status = Status(_("{cell} is {what} already").format(cell=square_name(*square), what=what))
            return
        # At set-up a gap typed over a square takes its envoy away with it (undo brings it back).
        problem = forum_square_problem(self.recorded, self.forum(), square, new)
        if problem is not None:
            self._refuse(problem)
            return
        self._set(square, new, _("{cell}: {what}").format(cell=square_name(*square), what=what))

    def _place_envoy(self) -> None:
        square, mark = self.cursor, self.mark
        here = self.at(square)
        if mark is None:
            return
        if here is None:
            self._refuse(BoardProblem(BoardRule.ENVOY_ON_GAP, square))
            return
        if here.envoy == mark:
            self.status = Status(_("{cell} holds an envoy of {name} already").format(
                cell=square_name(*square), name=self.players[mark]))
            return
        if here.envoy is not None:
            self._refuse(BoardProblem(BoardRule.SQUARE_TAKEN, square,
                                      now=self.players.get(here.envoy, here.envoy)))
            return
        new = ForumSquare(here.colour, mark)
        problem = forum_square_problem(self.recorded, self.forum(), square, new)
        if problem is not None:
            self._refuse(problem)
            return
        self._set(square, new, _("{cell}: envoy of {name}").format(cell=square_name(*square),
                                                                   name=self.players[mark]))

    def _remove_envoy(self) -> None:
        square = self.cursor
        here = self.at(square)
        if here is None or here.envoy is None:
            self.status = Status(_("{cell} holds no envoy").format(cell=square_name(*square)))
            return
        new = ForumSquare(here.colour, None)
        problem = forum_square_problem(self.recorded, self.forum(), square, new)
        if problem is not None:
            self._refuse(problem)
            return
        self._set(square, new, _("{cell}: envoy taken back").format(cell=square_name(*square)))

    # --- Undo, save --------------------------------------------------------------------------

    def _back_to(self, snap: Snapshot) -> None:
        self.grid = [list(row) for row in snap.grid]
        self.cursor, self.player = snap.cursor, snap.player

    def _rebase(self, recorded: Forum, merged: Forum) -> None:
        self.history.append(Snapshot(tuple(tuple(r) for r in self.grid), self.cursor, self.player))
        chosen = self.players.get(self.mark) if self.marks else None
        self.recorded = recorded
        self.setup = forum_is_setup(recorded)
        self.players = player_marks(merged.players, self._names)
        self.marks = list(self.players)
        width = merged.width
        self.grid = [list(row) + [None] * (width - len(row)) for row in merged.grid]
        names = list(self.players.values())
        self.player = names.index(chosen) if chosen in names else 0
        self.cursor = (min(self.cursor[0], max(width - 1, 0)), min(self.cursor[1], max(merged.height - 1, 0)))

    def _conflict_text(self, conflict) -> str:
        if conflict.key is None:
            return _("the forum's layout")
        def who(name):
            return name if name is not None else "-"

        return _("{what}: {theirs} (yours: {mine})").format(
            what=square_name(*conflict.key), theirs=_("envoy of {name}").format(name=who(conflict.theirs)),
            mine=_("envoy of {name}").format(name=who(conflict.mine)))

    def trimmed(self) -> Forum:
        """The forum without rows and columns that hold only gaps at its edges (set-up)."""
        grid = [row for row in self.grid]
        if self.setup:
            while grid and all(sq is None for sq in grid[-1]):
                grid.pop()
            while grid and all(sq is None for sq in grid[0]):
                grid.pop(0)
            while grid and grid[0] and all(row[-1] is None for row in grid):
                grid = [row[:-1] for row in grid]
            while grid and grid[0] and all(row[0] is None for row in grid):
                grid = [row[1:] for row in grid]
        return Forum(grid=tuple(tuple(row) for row in grid), players=self.players)

    def _to_save(self) -> tuple[Forum, list[BoardProblem]]:
        forum = self.trimmed()
        return forum, forum_growth_problems(self.recorded, forum)

