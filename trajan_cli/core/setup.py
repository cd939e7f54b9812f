"""The set-up as the rulebook does it (pp. 18-19), judged and made from the record's lines.

A game set up by its record says only what chance and choice decided: per player the board
side, the crane colour of each corner, the citizen drawn and the worker dealt
(``set-up NAME: ...``, :class:`~.turns.moves.PlayerSetUp`), and the mosaic faces laid on the
forum (``set-up forum: ...``, :class:`~.turns.moves.ForumSetUp`). What the rulebook fixes
comes from rules_data/setup.toml (:class:`~.ruleset.SetUpRules`), and what only the
components print (the temples of a side, the squares of a face) from the record's ``box``
lines (:class:`~.box.Box`). Every problem is a :class:`SetUpProblem`: a rule key, the
rulebook page, and the details, worded by render/setup_text.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from .box import Box, Placement, bar_problems, face_problems, lay_forum, side_problems, track_problems
from .colonia import CORNERS, COVERED, TEMPLE, Colonia
from .forum import Forum
from .game import Message, Plural
from .sheet import PlayerSheet, Prestige, Supply
from .vocabulary import BOARD_SIZE, CellKind, CitizenState, Colour, Square


class SetUpRule(StrEnum):
    """Every rule a set-up or box line can break; the value is the JSON ``rule`` key."""

    STARTED = "setup_started"  # the set-up comes before the first round (p. 18)
    BOARD_RECORDED = "setup_board_recorded"  # one board per player (p. 19)
    SIDE_UNKNOWN = "setup_side_unknown"  # the side's temples come from a box line (p. 18)
    CRANES = "setup_cranes"  # a crane of each colour in each corner (p. 19)
    CITIZEN_ROW = "setup_citizen_row"  # the citizen lies in one of the six rows (p. 19)
    WORKER_TAKEN = "setup_worker_taken"  # one worker of each colour, dealt (p. 19)
    FORUM_RECORDED = "setup_forum_recorded"  # the forum is laid once (p. 18)
    FACE_COUNT = "setup_face_count"  # 3/4/5 mosaic boards for 2/3/4 players (p. 18)
    FORUM_LAYOUT = "setup_forum_layout"  # faces known, laid once, not overlapping (p. 18)
    BOX_FACT = "box_fact"  # a component as a group can describe it (pp. 18-19)
    BOX_DISAGREES = "box_disagrees"  # the record knows this fact otherwise


#: The topic of rules_data/setup.toml whose page each rule cites.
TOPICS: Mapping[SetUpRule, str] = MappingProxyType({
    SetUpRule.STARTED: "setup_start", SetUpRule.BOARD_RECORDED: "setup_side",
    SetUpRule.SIDE_UNKNOWN: "setup_side", SetUpRule.CRANES: "setup_cranes",
    SetUpRule.CITIZEN_ROW: "setup_citizen", SetUpRule.WORKER_TAKEN: "setup_worker",
    SetUpRule.FORUM_RECORDED: "setup_forum", SetUpRule.FACE_COUNT: "setup_forum",
    SetUpRule.FORUM_LAYOUT: "setup_forum", SetUpRule.BOX_FACT: "setup_side",
    SetUpRule.BOX_DISAGREES: "setup_side",
})


class SetUpProblem(NamedTuple):
    """One broken set-up rule: its key, the English rulebook page, and what render needs
    to word it (``params``; ``detail``: a sentence of core.box, already a message)."""

    rule: SetUpRule
    page: int
    params: Mapping[str, Any] = MappingProxyType({})
    detail: Message | Plural | None = None


class SetUpRefused(ValueError):
    """A set-up or box line refused whole, with every problem."""

    def __init__(self, player: str | None, problems: Sequence[SetUpProblem]):
        super().__init__(f"{player or 'the table'}: {len(problems)} problems")
        self.player = player
        self.problems = tuple(problems)


def problem(rule: SetUpRule, rules: Any, detail: Message | Plural | None = None, **params: Any) -> SetUpProblem:
    return SetUpProblem(rule, rules.page(TOPICS[rule]).en, MappingProxyType(params), detail)


# --- The box lines ---------------------------------------------------------------------------


def box_problems(known: Box, line: Box, rules: Any) -> list[SetUpProblem]:
    """Every problem of adding the facts of ``line`` to the record's box ``known``: a fact
    no component could show (four temples on a side, ...), or one the record already
    knows otherwise (the fact the record holds is named)."""
    found: list[SetUpProblem] = []

    def judge(kind: str, name: str, problems: list, before: Any, now: Any) -> None:
        found.extend(problem(SetUpRule.BOX_FACT, rules, p, kind=kind, name=name) for p in problems)
        if before is not None and before != now:
            found.append(problem(SetUpRule.BOX_DISAGREES, rules, kind=kind, name=name, known=before))

    for side in line.sides.values():
        known_side = known.side(side.name)  # names are found in any case: compare the temples
        judge("side", side.name, side_problems(side), known_side,
              known_side and known_side._replace(temples=side.temples))
    for face in line.faces.values():
        known_face = known.face(face.name)
        judge("face", face.name, face_problems(face), known_face,
              known_face and known_face._replace(grid=face.grid))
    if line.track is not None:
        judge("track", "", track_problems(line.track, rules.trajan_values), known.track, line.track)
    for which, bar in line.bar.items():
        judge("bar", which.value, bar_problems(bar), known.bar.get(which), bar)
    return found


def knows_all(known: Box, line: Box) -> bool:
    """``known`` holds every fact of ``line`` already (the line adds nothing)."""
    return (all(known.side(s.name) is not None for s in line.sides.values())
            and all(known.face(f.name) is not None for f in line.faces.values())
            and (line.track is None or known.track is not None)
            and all(which in known.bar for which in line.bar))


# --- A player's board ------------------------------------------------------------------------


def player_problems(line: Any, box: Box, rules: Any, *, started: bool, recorded: bool,
                    workers: Mapping[str, Colour]) -> list[SetUpProblem]:
    """Every problem of ``line`` (a PlayerSetUp for a player of the game): the set-up is
    over (``started``), the player has a board (``recorded``), the side is not in the box,
    the cranes are not one of each colour in each corner, the citizen's row, a worker colour
    another player was dealt (``workers``: player -> colour dealt)."""
    found: list[SetUpProblem] = []
    if started:
        found.append(problem(SetUpRule.STARTED, rules))
    if recorded:
        found.append(problem(SetUpRule.BOARD_RECORDED, rules, player=line.player))
    if box.side(line.side) is None:
        found.append(problem(SetUpRule.SIDE_UNKNOWN, rules, side=line.side,
                             known=" ".join(sorted(box.sides)) or None))
    found += _crane_problems(line.cranes, rules)
    if not 1 <= line.citizen <= BOARD_SIZE:
        found.append(problem(SetUpRule.CITIZEN_ROW, rules, row=line.citizen))
    for other, colour in workers.items():
        if colour == line.worker and other != line.player:
            found.append(problem(SetUpRule.WORKER_TAKEN, rules, colour=colour, player=other))
    return found


def _crane_problems(cranes: Sequence[tuple[Square, Colour]], rules: Any) -> list[SetUpProblem]:
    """One crane in each corner, one of each colour (p. 19)."""
    found: list[SetUpProblem] = []
    squares = [tuple(square) for square, _colour in cranes]
    colours = [Colour(colour) for _square, colour in cranes]
    for square in sorted(set(squares), key=lambda sq: (sq[1], sq[0])):
        if square not in CORNERS:
            found.append(problem(SetUpRule.CRANES, rules, what="off_corner", square=square))
        elif squares.count(square) > 1:
            found.append(problem(SetUpRule.CRANES, rules, what="corner_twice", square=square))
    found += [problem(SetUpRule.CRANES, rules, what="corner_missing", square=square)
              for square in CORNERS if square not in squares]
    for colour in Colour:
        count = colours.count(colour)
        if count != rules.setup.cranes_per_colour:
            found.append(problem(SetUpRule.CRANES, rules, what="colour_count", colour=colour, count=count,
                                 expected=rules.setup.cranes_per_colour))
    return found


def setup_board(line: Any, box: Box, rules: Any) -> PlayerSheet:
    """The board the rulebook's set-up makes for ``line`` (a PlayerSetUp judged sound):
    every colonia space covered but the side's temples, the corners covered by their face-up
    tiles (p. 19 items 4-5); the cranes as laid; the citizen drawn, active, on the left space
    of its row; the starting resources, the worker dealt and the envoy on the ship (item 7
    and item 6, a reading); the slide bar at its start (item 2)."""
    fixed = rules.setup
    side = box.side(line.side)
    temples = side.temples if side is not None else frozenset()
    open_temples = CellKind.TEMPLE.value in fixed.open_spaces
    rows = tuple(tuple(TEMPLE if open_temples and (col, row) in temples else COVERED for col in range(BOARD_SIZE))
                 for row in range(BOARD_SIZE))
    supply = Supply(coins=fixed.supply["coin"], tribunes=fixed.supply["tribune"],
                    builders=fixed.supply["builder"], assistants=fixed.supply["assistant"],
                    workers={Colour(line.worker): fixed.workers_dealt}, ship=fixed.ship)
    return PlayerSheet(name=line.player, colonia=Colonia(rows),
                       citizens={line.citizen: (CitizenState.ACTIVE,) * fixed.citizens_drawn},
                       supply=supply, crane_colours=dict(line.cranes),
                       prestige=Prestige(fixed.bar_upgrades, fixed.bar_side == "turned"))


# --- The forum -------------------------------------------------------------------------------


def forum_problems(placements: Sequence[Placement], box: Box, players: int, rules: Any, *,
                   started: bool, recorded: bool) -> tuple[Forum | None, list[SetUpProblem]]:
    """The forum the faces make, and every problem: the set-up is over, a forum is recorded
    already, not as many faces as the number of players takes (p. 18), a face unknown to
    the box, laid twice, or overlapping another."""
    found: list[SetUpProblem] = []
    if started:
        found.append(problem(SetUpRule.STARTED, rules))
    if recorded:
        found.append(problem(SetUpRule.FORUM_RECORDED, rules))
    wanted = rules.setup.forum_faces.get(players)
    if wanted != len(placements):
        found.append(problem(SetUpRule.FACE_COUNT, rules, players=players, wanted=wanted, count=len(placements)))
    forum, laid = lay_forum(box, placements)
    found += [problem(SetUpRule.FORUM_LAYOUT, rules, p) for p in laid]
    return forum, found
