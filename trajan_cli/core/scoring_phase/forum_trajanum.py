"""Forum Trajanum's scoring, laid out as stages in the rulebook's order (p. 27).

After round 4 of each cycle: pay citizens, construction cranes, colonia, forum (eagles and
largest area), Trajan card (p. 28; the introductory game scores its one card after cycle
III only); each step player by player, in seating order. After cycle III the ranking with
the tie-breaks (p. 29). A game joined in a later cycle (``first_cycle``) scores from there.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..vocabulary import Cycle
from .colonia import colonia
from .cranes import cranes
from .engine import PLANS, Plan, Stage
from .forum import forum
from .memory import Memory, PlayerMemory
from .pay import pay
from .ranking import final_ranking
from .trajan_card import card, trajan_card

#: The keys of the questions the steps ask a player, and the whole table. Answers given
#: ahead (parsing/answers.py) may name no others; tests/test_answers_ahead.py holds this
#: list against every question a step can ask.
PLAYER_KEYS = frozenset({
    "pay.mode", "pay.board", "pay.marker", "pay.sheet", "pay.citizens", "pay.coins", "pay.rows",
    "cranes.uncovered", "colonia.gray_types", "forum.mark", "forum.eagles_on", "forum.eagles_beside",
    "forum.eagles_diagonal", "forum.area", "forum.area_points", "trajan.building", "trajan.collecting",
    "trajan.value", "end.resources",
})
TABLE_KEYS = frozenset({"forum.mode", "forum.board", "forum.file", "trajan.card"})


def remember(ctx) -> Any:
    """The boards as the phase scored them: its history (``Tabletop.scored``)."""
    ctx.table.remember_scoring(ctx.period)
    return None
    yield  # a stage: a generator that asks nothing


def plan(game: Game, rules: Any) -> Plan:
    known_cranes = 0 if game.first_cycle == Cycle.I else None
    memory = Memory({name: PlayerMemory(name, crane_count=known_cranes) for name in game.players},
                    cards=dict(game.cards))
    stages: list[Stage] = []
    for cycle in game.scored_cycles:
        stages += [Stage(cycle, "pay", p, pay) for p in game.players]
        stages += [Stage(cycle, "cranes", p, cranes) for p in game.players]
        stages += [Stage(cycle, "colonia", p, colonia) for p in game.players]
        stages.append(Stage(cycle, "forum", None, forum))
        if game.trajan_scoring_in(cycle):
            stages.append(Stage(cycle, "trajan", None, card))
            stages += [Stage(cycle, "trajan", p, trajan_card) for p in game.players]
        stages.append(Stage(cycle, "remember", None, remember))
    stages.append(Stage(Cycle.III, "ranking", None, final_ranking))
    return Plan(tuple(stages), memory)


PLANS["forum-trajanum"] = plan
