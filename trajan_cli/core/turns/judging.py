"""The turn being judged: copies of the player's board and the forum, changed part by part
as the referee goes through the line, and every problem found on the way.

Nothing here touches the table until :meth:`Judging.put_on`, and only when no problem was
found: a refused line changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from ..colonia import VACATED, Cell, crane, is_corner
from ..forum import Forum
from ..ruleset import Rules
from ..sheet import PlayerSheet
from ..vocabulary import CellKind, Citizen, Cycle, Square, square_name
from .moves import UPGRADE
from .problems import TurnProblem, TurnRefused, TurnRule


class Judging:
    """A line being judged (a turn, or a build of its own): the player's board and the forum
    as copies, the points scored, and every problem found."""

    def __init__(self, player: str, sheet: PlayerSheet, forum: Forum | None, rules: Rules,
                 cycle: Cycle, as_recorded: bool = False):
        self.player = player
        self.sheet = sheet
        self.forum = forum
        self.rules = rules
        self.cycle = cycle
        self.problems: list[TurnProblem] = []
        self.points = 0
        #: Envoys this turn put onto the ship: its own tile, a fourth library's or market's.
        self.fresh = 0
        #: The line is read back as recorded (see referee.apply_turn).
        self.as_recorded = as_recorded
        self.used: Counter = Counter()  # citizens' exchanges made this turn
        self.extra_builds = 0  # the fourth basilica's extra building action (p. 24)
        self.mark = None if forum is None else forum.mark_of(player)

    def put_on(self, table) -> None:
        """The turn done: its board, forum and points onto the table; refused whole (nothing
        changed) when anything was found wrong."""
        if self.problems:
            raise TurnRefused(self.player, self.problems)
        table.record(self.player, self.sheet)
        if self.forum is not None and self.forum != table.forum:
            table.record_forum(self.forum)
        table.play.points_in(self.cycle)[self.player] += self.points

    def refuse(self, rule: TurnRule, page, **details) -> None:
        self.problems.append(TurnProblem(rule, page, details))

    def page(self, topic: str):
        return self.rules.page(topic)

    # The board, changed step by step.

    def add(self, resources: dict[str, int]) -> None:
        """Resources into the supply; an upgrade moves the slide bar one space (p. 21), or on
        to the next cypress while Merchant I is active and the bar turned over (p. 26; the
        tool always takes the cypress: reading ``bar-cypress``)."""
        counts = dict(resources)
        upgrades = counts.pop(UPGRADE, 0)
        self.sheet = dataclasses.replace(self.sheet, supply=self.sheet.supply.changed(counts))
        if upgrades:
            bar = self.sheet.prestige
            if self.sheet.bar_turned and not bar.turned:  # Merchant I placed at set-up (p. 19)
                bar = bar._replace(turned=True)
            cypress = bar.turned and self.sheet.has_active(Citizen.MERCHANT_I)
            self.sheet = dataclasses.replace(self.sheet, prestige=bar.upgraded(upgrades, to_cypress=cypress))

    def spend(self, resources: dict[str, int]) -> None:
        self.sheet = dataclasses.replace(
            self.sheet, supply=self.sheet.supply.changed({k: -n for k, n in resources.items()}))

    def ship(self, change: int) -> None:
        supply = self.sheet.supply
        self.sheet = dataclasses.replace(self.sheet, supply=dataclasses.replace(
            supply, ship=supply.ship + change))

    def onto_ship(self) -> None:
        """One of the player's own tiles goes onto the ship, back up: an envoy (p. 21)."""
        self.ship(1)
        self.fresh += 1

    def uncover(self, square: Square) -> bool:
        """Take the Colonia tile on ``square``: a vacated space, or a crane colour side up
        (p. 22). False (and a problem) when it cannot be taken."""
        cell = self.sheet.colonia.at(square)
        if cell.kind is not CellKind.COVERED:
            self.refuse(TurnRule.TAKE_NOT_COVERED, self.page("round"), cell=square_name(*square),
                        shown=cell)
            return False
        if is_corner(square):
            colour = self.sheet.crane_colours.get(square)
            if colour is None:
                self.refuse(TurnRule.CRANE_UNKNOWN, self.page("construction_cranes"),
                            cell=square_name(*square))
                return False
            new: Cell = crane(colour)
        else:
            new = VACATED
        self.sheet = dataclasses.replace(self.sheet, colonia=self.sheet.colonia.replace(square, new))
        return True
