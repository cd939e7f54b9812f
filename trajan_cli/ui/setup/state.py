"""The set-up screen's state, key by key, without any terminal library: :class:`SetupScreen`.

Per player in seating order it asks only what chance or choice decides at set-up (p. 19):
the board side (A, or a side B of the group's copy), the crane colour of each corner, the
row of the citizen drawn, the worker colour dealt; then the mosaic faces laid (p. 18). What
the box of the group's copy does not know yet (a side's temples, a face's squares) is typed
here once, on small pictures whose cursor moves on by itself.

The screen decides no rule: the referee judges the set-up lines when they are recorded. It
only leaves out what cannot be chosen any more (a crane colour laid already, a worker colour
dealt to another player) and fills in what one key would have to repeat (the last corner's
crane, the last worker colour when one is left).

Every key makes a new :class:`View` (immutable): Backspace takes back the last one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...core.box import (
    CORNER_SQUARES,
    SIDE_A,
    Box,
    ColoniaSide,
    GroupBox,
    MosaicFace,
    Placement,
    lay_forum,
    side_problems,
)
from ...core.forum import ForumSquare
from ...core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp
from ...core.vocabulary import BOARD_SIZE, COLOUR_LETTERS, COLUMN_LETTERS, Colour, Square, square_name
from ...i18n import _, ngettext
from ..colonia_state import Status

#: The corners in the order their cranes are asked: A1, F1, A6, F6.
CORNERS: tuple[Square, ...] = ((0, 0), (BOARD_SIZE - 1, 0), (0, BOARD_SIZE - 1), (BOARD_SIZE - 1, BOARD_SIZE - 1))
assert set(CORNERS) == CORNER_SQUARES
COLOUR_KEYS: dict[str, Colour] = {c.letter: c for c in Colour}
#: The keys of a face typed square by square: a colour, an eagle space, a gap.
EAGLE_KEY, GAP_KEY = "e", "-"
NEW_KEY, TURN_KEY, LAST_KEY = "n", "t", "enter"
BACK_KEYS, LEAVE_KEYS, HELP_KEY = ("backspace", "delete", "u", "c-z"), ("c-c", "c-q"), "?"
#: Names given to a face typed here, the first one the box has not got (the group renames
#: them as it likes in `trajan box edit`).
FACE_NAMES = tuple(f"{n}{s}" for n in range(1, 6) for s in "ab")
ROW_KEYS = "123456"


class Step(Enum):
    SIDE = "side"  # which side of the player board
    TEMPLES = "temples"  # a side the box does not know: its four temples
    CRANES = "cranes"  # the crane colour of each corner
    CITIZEN = "citizen"  # the row of the citizen drawn
    WORKER = "worker"  # the worker colour dealt
    FORUM = "forum"  # the next face laid (or as last time, or done)
    FACE = "face"  # a face the box does not know: its squares, typed row by row
    PLACE = "place"  # where a face's top left square lies on the forum
    KEEP = "keep"  # keep what was typed in the group's box? / record
    DONE = "done"


@dataclass(frozen=True)
class PlayerDraft:
    """One player's set-up as far as it is chosen."""

    player: str
    side: str | None = None
    cranes: tuple[tuple[Square, Colour], ...] = ()
    citizen: int | None = None
    worker: Colour | None = None

    def line(self) -> PlayerSetUp:
        assert self.side is not None and self.citizen is not None and self.worker is not None
        return PlayerSetUp(self.player, self.side, self.cranes, self.citizen, self.worker)


@dataclass(frozen=True)
class View:
    """Everything one key may change (one entry of the undo stack)."""

    step: Step
    index: int = 0  # the player being set up (an index into ``SetupScreen.players``)
    drafts: tuple[PlayerDraft, ...] = ()
    box: Box = field(default_factory=Box)  # what is known: the record's and the group's facts, and what was typed
    typed: Box = field(default_factory=Box)  # what was typed here (not in the group's box)
    temples: tuple[Square, ...] = ()  # a side being typed
    pending: str | None = None  # a column letter typed, waiting for its row
    placements: tuple[Placement, ...] = ()
    face_rows: tuple[tuple[ForumSquare | None, ...], ...] = ()  # a face being typed, its rows done
    face_row: tuple[ForumSquare | None, ...] = ()  # ... and the row being typed
    placing: str | None = None  # the face whose cell is asked
    keep: bool | None = None


class SetupScreen:
    """The set-up of ``players`` (seating order; those with no board yet) in a game of
    ``count`` players; ``forum``: whether the forum is still to be laid. ``group`` is the
    group's box (its facts and habits), ``recorded`` the facts the game's record has."""

    def __init__(self, players: tuple[str, ...], count: int, group: GroupBox,
                 recorded: Box | None = None, forum: bool = True,
                 recorder: Callable[[SetUp], tuple[bool, str | None]] | None = None, rules: Any = None):
        self.players = players
        self.count = count
        self.group = group
        self.recorded = recorded or Box()
        self.need_forum = forum
        self.rules = rules  # the game's rules, for the pages cited (loaded when first needed)
        #: Records the set-up at its last key: (recorded, what to say); None: the caller does.
        self.recorder = recorder
        #: What was said when the set-up was recorded (the box file not written, ...).
        self.said: str | None = None
        self.help = False
        self._leaving = False
        self.done = False
        self.result: SetUp | None = None
        self.history: list[View] = []
        self.status = Status("")
        known = group.box.merged(self.recorded)
        drafts = tuple(PlayerDraft(p) for p in players)
        first = Step.SIDE if players else (Step.FORUM if forum else Step.KEEP)
        self.view = View(first, drafts=drafts, box=known)
        self._start_step()

    # --- Where the set-up stands -----------------------------------------------------------

    @property
    def draft(self) -> PlayerDraft | None:
        view = self.view
        return view.drafts[view.index] if view.index < len(view.drafts) else None

    @property
    def player(self) -> str | None:
        draft = self.draft
        return draft.player if draft is not None and self.view.step in PLAYER_STEPS else None

    def b_sides(self) -> list[ColoniaSide]:
        """The sides B the box knows, in the order of their names: keys 1-9."""
        return sorted((s for s in self.view.box.sides.values() if s.name.casefold() != SIDE_A.casefold()),
                      key=lambda s: s.name.casefold())[:9]

    def face_keys(self) -> dict[str, MosaicFace]:
        """The faces the box knows, by name, on keys 1-9 and 0 (a face keeps its key when
        others are laid)."""
        faces = sorted(self.view.box.faces.values(), key=lambda f: f.name.casefold())[:10]
        return {str((i + 1) % 10): face for i, face in enumerate(faces)}

    def laid(self, face: MosaicFace) -> bool:
        return any(p.face.casefold() == face.name.casefold() for p in self.view.placements)

    def faces_wanted(self) -> int:
        """How many mosaic boards this many players lay (p. 18, rules_data/setup.toml)."""
        return self._rules().setup.forum_faces.get(self.count, self.count + 1)

    def crane_habit(self) -> tuple[tuple[Square, Colour], ...] | None:
        draft = self.draft
        if draft is None:
            return None
        habit = _named(self.group.cranes, draft.player)
        if habit is None or {sq for sq, _c in habit} != set(CORNERS) or len({c for _s, c in habit}) != 4:
            return None
        return tuple(sorted(habit, key=lambda pair: CORNERS.index(pair[0])))

    def forum_habit(self) -> tuple[Placement, ...] | None:
        habit = self.group.forums.get(self.count)
        if not habit or self.view.placements:
            return None
        if any(self.view.box.face(p.face) is None for p in habit):
            return None
        _forum, problems = lay_forum(self.view.box, habit)
        return tuple(habit) if not problems else None

    def workers_taken(self) -> dict[Colour, str]:
        return {d.worker: d.player for d in self.view.drafts if d.worker is not None}

    def cranes_left(self) -> list[Colour]:
        draft = self.draft
        laid = {c for _s, c in draft.cranes} if draft is not None else set()
        return [c for c in Colour if c not in laid]

    def forum(self):
        """The forum the faces laid so far make (None before the first)."""
        if not self.view.placements:
            return None
        forum, _problems = lay_forum(self.view.box, self.view.placements)
        return forum

    def lines(self) -> list[Any]:
        """The lines the set-up records: the box facts the record lacks, then one set-up
        line per player, then the forum's."""
        view = self.view
        sides: dict[str, ColoniaSide] = {}
        for draft in view.drafts:
            side = view.box.side(draft.side) if draft.side is not None else None
            if side is not None and self.recorded.side(side.name) is None:
                sides.setdefault(side.name, side)
        faces: dict[str, MosaicFace] = {}
        for placement in view.placements:
            face = view.box.face(placement.face)
            if face is not None and self.recorded.face(face.name) is None:
                faces.setdefault(face.name, face)
        lines: list[Any] = [BoxLine(Box(sides={s.name: s})) for s in sides.values()]
        lines += [BoxLine(Box(faces={f.name: f})) for f in faces.values()]
        # The prestige track and the slide bar, when the group's box knows them: the game's
        # scoring then reads the area and Trajan values off the bar and asks for neither.
        group = self.group.box
        if group.track is not None and self.recorded.track is None:
            lines.append(BoxLine(Box(track=group.track)))
        lines += [BoxLine(Box(bar={which: bar})) for which, bar in sorted(group.bar.items())
                  if which not in self.recorded.bar]
        lines += [d.line() for d in view.drafts]
        if self.need_forum:
            lines.append(ForumSetUp(view.placements))
        return lines

    # --- Keys ------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        if self.done:
            return
        leaving, self._leaving = self._leaving, False
        if self.help:
            self.help = False
            if key not in LEAVE_KEYS:
                return
        if key in LEAVE_KEYS:
            self.done, self.result = True, None
            return
        if key == "escape":
            if self.view.pending is not None:
                self._set(pending=None)
                self._say(_("The column typed is cleared."))
            elif leaving or not self.history:
                self.done, self.result = True, None
            else:
                self._leaving = True
                self._say(_("Esc again leaves; nothing of the set-up is recorded until its last "
                            "key."), True)
            return
        if key == HELP_KEY:
            self.help = True
            return
        if key in BACK_KEYS:
            self.back()
            return
        handler = {Step.SIDE: self._side_key, Step.TEMPLES: self._temple_key,
                   Step.CRANES: self._crane_key, Step.CITIZEN: self._citizen_key,
                   Step.WORKER: self._worker_key, Step.FORUM: self._forum_key,
                   Step.FACE: self._face_key, Step.PLACE: self._place_key,
                   Step.KEEP: self._keep_key}.get(self.view.step)
        if handler is not None:
            handler(key)

    def back(self) -> None:
        if not self.history:
            self._say(_("Nothing typed yet; Esc leaves."))
            return
        self.view = self.history.pop()
        self._say(_("Taken back; {what}").format(what=self.prompt_text()))

    def _push(self, **changes) -> None:
        self.history.append(self.view)
        self.view = dataclasses.replace(self.view, **changes)

    def _set(self, **changes) -> None:
        self.view = dataclasses.replace(self.view, **changes)

    def _rules(self) -> Any:
        if self.rules is None:
            from ...rulesdata import load_rules

            self.rules = load_rules()
        return self.rules

    def _page(self, topic: str) -> str:
        """The rulebook page of a set-up topic (rules_data/setup.toml), in the player's
        edition."""
        return str(self._rules().page(topic))

    def _say(self, text: str, refusal: bool = False) -> None:
        self.status = Status(text, refusal)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable():
            self._say(_("{key!r} does nothing here; ? shows every key").format(key=key), True)

    def _with_draft(self, **changes) -> tuple[PlayerDraft, ...]:
        drafts = list(self.view.drafts)
        drafts[self.view.index] = dataclasses.replace(drafts[self.view.index], **changes)
        return tuple(drafts)

    def _start_step(self) -> None:
        """What a step fills in by itself when nothing is left to choose, and its prompt."""
        view = self.view
        if view.step is Step.WORKER:
            left = [c for c in Colour if c not in self.workers_taken()]
            if len(left) == 1:  # the last worker colour dealt (p. 19)
                self._set(drafts=self._with_draft(worker=left[0]))
                self._next_player()
                return
        self._say(self.prompt_text())

    def _next_player(self) -> None:
        if self.view.index + 1 < len(self.view.drafts):
            self._set(step=Step.SIDE, index=self.view.index + 1)
        else:
            self._set(step=Step.FORUM if self.need_forum else Step.KEEP, index=len(self.view.drafts))
        self._start_step()

    # --- The board side --------------------------------------------------------------------

    def _side_key(self, key: str) -> None:
        if key == "a":
            side = self.view.box.side(SIDE_A)
            if side is None:
                self._push(step=Step.TEMPLES, temples=(), pending=None, drafts=self._with_draft(side=SIDE_A))
                self._say(_("Side A: type its four temples (a cell each, e.g. B2)."))
                return
            self._push(step=Step.CRANES, drafts=self._with_draft(side=side.name))
            self._start_step()
            return
        if key == NEW_KEY:
            name = self._new_side_name()
            self._push(step=Step.TEMPLES, temples=(), pending=None, drafts=self._with_draft(side=name))
            self._say(_("Side {side}: type its four temples (a cell each, e.g. B2).").format(side=name))
            return
        sides = self.b_sides()
        if key in "123456789" and key and int(key) <= len(sides):
            self._push(step=Step.CRANES, drafts=self._with_draft(side=sides[int(key) - 1].name))
            self._start_step()
            return
        self._unknown(key)

    def _new_side_name(self) -> str:
        number = 1
        while self.view.box.side(f"B{number}") is not None:
            number += 1
        return f"B{number}"

    def _temple_key(self, key: str) -> None:
        view = self.view
        upper = key.upper()
        if view.pending is None:
            if len(key) == 1 and upper in COLUMN_LETTERS:
                self._push(pending=upper)
                self._say(_("Column {column}: now the row, 1-6.").format(column=upper))
                return
            self._unknown(key)
            return
        if len(key) == 1 and upper in COLUMN_LETTERS:  # another column instead
            self._set(pending=upper)
            self._say(_("Column {column}: now the row, 1-6.").format(column=upper))
            return
        if key not in ROW_KEYS or len(key) != 1:
            self._unknown(key)
            return
        square = (COLUMN_LETTERS.index(view.pending), int(key) - 1)
        name = square_name(*square)
        if square in CORNER_SQUARES:
            self._set(pending=None)
            self._say(_("{square} is a corner, where a crane lies, not a temple.").format(square=name), True)
            return
        if square in view.temples:
            temples = tuple(t for t in view.temples if t != square)
            self._push(pending=None, temples=temples)
            self._say(_("{square} is no temple now.").format(square=name))
            return
        temples = view.temples + (square,)
        if len(temples) < 4:
            self._push(pending=None, temples=temples)
            self._say(_("Temple on {square}; {n} more.").format(square=name, n=4 - len(temples)))
            return
        draft = self.draft
        assert draft is not None and draft.side is not None
        side = ColoniaSide(draft.side, frozenset(temples))
        problems = side_problems(side)
        if problems:  # not reached: corners and repeats are refused above
            self._set(pending=None)
            self._say(problems[0].show(), True)
            return
        self._push(pending=None, temples=(), step=Step.CRANES, box=view.box.with_side(side),
                   typed=view.typed.with_side(side))
        self._start_step()

    # --- Cranes, citizen, worker -----------------------------------------------------------

    def _crane_key(self, key: str) -> None:
        draft = self.draft
        assert draft is not None
        if key == LAST_KEY and not draft.cranes:
            habit = self.crane_habit()
            if habit is None:
                self._say(_("No cranes are remembered for {player}: a colour for each corner "
                            "(b g o y).").format(player=draft.player), True)
                return
            self._push(step=Step.CITIZEN, drafts=self._with_draft(cranes=habit))
            self._start_step()
            return
        colour = COLOUR_LETTERS.get(key.lower()) if len(key) == 1 else None
        if colour is None:
            self._unknown(key)
            return
        if colour not in self.cranes_left():
            corner = next(sq for sq, c in draft.cranes if c is colour)
            self._say(_("The {colour} crane lies on {square} already: each corner a crane of "
                        "another colour ({page}).").format(
                colour=_colour(colour), square=square_name(*corner), page=self._page("setup_cranes")), True)
            return
        cranes = draft.cranes + ((CORNERS[len(draft.cranes)], colour),)
        if len(cranes) == 3:  # the last corner takes the last colour
            last = next(c for c in Colour if c not in {c for _s, c in cranes})
            cranes += ((CORNERS[3], last),)
        if len(cranes) == 4:
            self._push(step=Step.CITIZEN, drafts=self._with_draft(cranes=cranes))
            self._start_step()
            return
        self._push(drafts=self._with_draft(cranes=cranes))
        self._say(self.prompt_text())

    def _citizen_key(self, key: str) -> None:
        if len(key) == 1 and key in ROW_KEYS:
            self._push(step=Step.WORKER, drafts=self._with_draft(citizen=int(key)))
            self._start_step()
            return
        self._unknown(key)

    def _worker_key(self, key: str) -> None:
        colour = COLOUR_LETTERS.get(key.lower()) if len(key) == 1 else None
        if colour is None:
            self._unknown(key)
            return
        taken = self.workers_taken()
        if colour in taken:
            self._say(_("The {colour} worker went to {player}: each player is dealt another "
                        "colour ({page}).").format(colour=_colour(colour), player=taken[colour],
                                                    page=self._page("setup_worker")), True)
            return
        self.history.append(self.view)
        self._set(drafts=self._with_draft(worker=colour))
        self._next_player()

    # --- The forum -------------------------------------------------------------------------

    def _forum_key(self, key: str) -> None:
        view = self.view
        wanted = self.faces_wanted()
        if key == LAST_KEY and not view.placements:
            habit = self.forum_habit()
            if habit is None:
                self._say(ngettext("No forum is remembered for {n} player: lay the faces one by one.",
                                   "No forum is remembered for {n} players: lay the faces one by one.",
                                   self.count).format(n=self.count), True)
                return
            self._push(placements=habit, step=Step.KEEP)
            self._start_step()
            return
        if key == TURN_KEY and view.placements:
            last = view.placements[-1]
            turned = last._replace(turned=not last.turned)
            placements = view.placements[:-1] + (turned,)
            _forum, problems = lay_forum(view.box, placements)
            if problems:
                self._say(problems[0].show(), True)
                return
            self._push(placements=placements)
            self._say((_("{face} turned half round.") if turned.turned else _("{face} laid as typed."))
                      .format(face=last.face))
            return
        if key == "enter" and len(view.placements) == wanted:
            self._push(step=Step.KEEP)
            self._start_step()
            return
        if len(view.placements) >= wanted:
            self._unknown(key)
            return
        if key == "enter":
            more = wanted - len(view.placements)
            self._say(ngettext("{n} more face to lay: {wanted} mosaic boards for {count} players ({page}).",
                               "{n} more faces to lay: {wanted} mosaic boards for {count} players ({page}).",
                               more).format(n=more, wanted=wanted, count=self.count,
                                            page=self._page("setup_forum")), True)
            return
        if key == NEW_KEY:
            self._push(step=Step.FACE, face_rows=(), face_row=())
            self._say(self.prompt_text())
            return
        face = self.face_keys().get(key)
        if face is None:
            self._unknown(key)
            return
        if self.laid(face):
            self._say(_("Face {face} is laid already.").format(face=face.name), True)
            return
        self._push(step=Step.PLACE, placing=face.name, pending=None)
        self._say(self.prompt_text())

    def _face_key(self, key: str) -> None:
        view = self.view
        square: ForumSquare | None
        if key == "enter":
            if view.face_row:
                self._push(face_rows=view.face_rows + (view.face_row,), face_row=())
                self._say(self.prompt_text())
                return
            if not any(sq is not None for row in view.face_rows for sq in row):
                self._say(_("A face has at least one square: b g o y for a colour, e for an eagle "
                            "space."), True)
                return
            face = MosaicFace(self._new_face_name(), view.face_rows)
            self._push(step=Step.PLACE, placing=face.name, box=view.box.with_face(face),
                       typed=view.typed.with_face(face), face_rows=(), face_row=(), pending=None)
            self._say(_("Face {face} typed.").format(face=face.name) + " " + self.prompt_text())
            return
        if key in (EAGLE_KEY, EAGLE_KEY.upper()):
            square = ForumSquare(None)
        elif key == GAP_KEY:
            square = None
        elif len(key) == 1 and key.lower() in COLOUR_LETTERS:
            square = ForumSquare(COLOUR_LETTERS[key.lower()])
        else:
            self._unknown(key)
            return
        self._push(face_row=view.face_row + (square,))
        self._say(self.prompt_text())

    def _new_face_name(self) -> str:
        # A face is one side of a double-sided board (p. 18): the name given is on a board
        # none of whose faces is laid in this forum (1a, 2a, 3a ... at a first set-up).
        laid = {p.face[:-1] for p in self.view.placements}
        for name in sorted(FACE_NAMES, key=lambda n: (n[-1], n)):
            if self.view.box.face(name) is None and name[:-1] not in laid:
                return name
        for name in FACE_NAMES:
            if self.view.box.face(name) is None:
                return name
        number = len(FACE_NAMES) + 1
        while self.view.box.face(f"f{number}") is not None:
            number += 1
        return f"f{number}"

    def _place_key(self, key: str) -> None:
        view = self.view
        upper = key.upper()
        if view.pending is None:
            if len(key) == 1 and key.isascii() and upper.isalpha():
                self._push(pending=upper)
                self._say(_("Column {column}: now the row.").format(column=upper))
                return
            self._unknown(key)
            return
        if len(key) == 1 and key.isascii() and upper.isalpha():  # another column instead
            self._set(pending=upper)
            self._say(_("Column {column}: now the row.").format(column=upper))
            return
        if len(key) != 1 or key not in "123456789":
            self._unknown(key)
            return
        at = (ord(view.pending) - ord("A"), int(key) - 1)
        assert view.placing is not None
        placements = view.placements + (Placement(view.placing, at),)
        _forum, problems = lay_forum(view.box, placements)
        if problems:
            self._set(pending=None)
            self._say(problems[0].show(), True)
            return
        self._push(placements=placements, placing=None, pending=None, step=Step.FORUM)
        self._say(self.prompt_text())

    # --- Keeping and recording -------------------------------------------------------------

    def _learnt(self) -> bool:
        typed = self.view.typed
        return bool(typed.sides or typed.faces)

    def _keep_key(self, key: str) -> None:
        if self._learnt():
            if key not in ("y", "n"):
                self._unknown(key)
                return
            self._finish(keep=key == "y")
            return
        if key != "enter":
            self._unknown(key)
            return
        self._finish(keep=False)

    def _finish(self, keep: bool) -> None:
        view = self.view
        result = SetUp(
            lines=tuple(self.lines()), learnt=view.typed if keep else Box(),
            cranes={d.player: d.cranes for d in view.drafts},
            forum=view.placements if self.need_forum else ())
        if self.recorder is not None:
            recorded, said = self.recorder(result)
            if not recorded:  # the referee's refusal: Backspace goes back to change it
                self._say(said or "", True)
                return
            self.said = said
        self.history.append(view)
        self._set(step=Step.DONE, keep=keep)
        self.result = result
        self.done = True

    # --- Words -----------------------------------------------------------------------------

    def prompt_text(self) -> str:
        """What the screen asks now, in a sentence (the status line)."""
        view = self.view
        draft = self.draft
        step = view.step
        if step is Step.SIDE and draft is not None:
            return _("{player}: which side of the player board?").format(player=draft.player)
        if step is Step.TEMPLES and draft is not None:
            left = 4 - len(view.temples)
            return ngettext("Side {side}: {n} temple to type.", "Side {side}: {n} temples to type.",
                            left).format(side=draft.side, n=left)
        if step is Step.CRANES and draft is not None:
            return _("{player}: the crane on {square}?").format(
                player=draft.player, square=square_name(*CORNERS[len(draft.cranes)]))
        if step is Step.CITIZEN and draft is not None:
            return _("{player}: the row of the citizen drawn?").format(player=draft.player)
        if step is Step.WORKER and draft is not None:
            return _("{player}: the worker colour dealt?").format(player=draft.player)
        if step is Step.FORUM:
            laid, wanted = len(view.placements), self.faces_wanted()
            if laid < wanted:
                return _("The forum: face {n} of {wanted}?").format(n=laid + 1, wanted=wanted)
            return _("The forum is laid: Enter goes on.")
        if step is Step.FACE:
            return _("A new face, row {row}, square {n}: b g o y, e eagle, - gap; Enter ends the "
                     "row.").format(row=len(view.face_rows) + 1, n=len(view.face_row) + 1)
        if step is Step.PLACE:
            return _("Face {face}: the forum square of its top left corner (e.g. A1)?").format(
                face=view.placing)
        if step is Step.KEEP:
            if self._learnt():
                return _("Keep {what} in the group's box, so that no one types it again? y keeps, "
                         "n does not; either records the set-up.").format(what=self.learnt_words())
            return _("Enter records the set-up and goes on to the first round.")
        return ""

    def learnt_words(self) -> str:
        typed = self.view.typed
        names = [_("side {side}").format(side=s) for s in typed.sides]
        names += [_("face {face}").format(face=f) for f in typed.faces]
        return ", ".join(names)


@dataclass(frozen=True)
class SetUp:
    """What the set-up screen leaves: the lines to record, in order; what the group's box
    learns (empty when the players said no); the habits to remember."""

    lines: tuple[Any, ...]
    learnt: Box
    cranes: Mapping[str, tuple[tuple[Square, Colour], ...]]
    forum: tuple[Placement, ...]


PLAYER_STEPS = frozenset({Step.SIDE, Step.TEMPLES, Step.CRANES, Step.CITIZEN, Step.WORKER})


def _named(items: Mapping, name: str):
    key = name.casefold()
    return next((v for k, v in items.items() if k.casefold() == key), None)


def _colour(colour: Colour) -> str:
    from ...render.names import colour_name

    return colour_name(colour)
