"""Forum Trajanum's scoring, laid out as stages in the rulebook's order (p. 27).

After round 4 of each cycle: pay citizens, construction cranes, colonia, forum (eagles and
largest area), Trajan card (p. 28; the introductory game scores its one card after cycle
III only); each step player by player, in seating order. After cycle III the ranking with
the tie-breaks (p. 29). A game joined in a later cycle (``first_cycle``) scores from there.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..game import N_, Game, Message, Step
from ..ruleset import Rules
from ..vocabulary import Colour, Cycle
from .colonia import colonia
from .cranes import cranes
from .engine import PLANS, Plan, Stage
from .forum import forum
from .memory import Memory, PlayerMemory
from .pay import pay
from .questions import FILE, QUICK, Kind, Option, Question
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


class AnswerShape(NamedTuple):
    """What every question of one key takes, in any game: the widest of its questions
    (``options`` None: any text for a choice; the bounds of a number)."""

    kind: Kind
    options: tuple | None = None
    minimum: int = 0
    maximum: int = 0


def answer_shapes(rules: Rules) -> dict[str, AnswerShape]:
    """The shape of the answer to each key of PLAYER_KEYS and TABLE_KEYS, as the questions
    below ask them (tests/test_answers_ahead.py holds each question the script asks
    against it)."""
    rows = tuple(range(1, 7))
    return {
        "pay.mode": AnswerShape(Kind.CHOICE, (QUICK, FILE)),
        "pay.board": AnswerShape(Kind.BOARD),
        "pay.marker": AnswerShape(Kind.INT, minimum=0, maximum=999),
        "pay.sheet": AnswerShape(Kind.FILE),
        "pay.citizens": AnswerShape(Kind.ROWS, minimum=0, maximum=2),
        "pay.coins": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "pay.rows": AnswerShape(Kind.MULTI, rows),
        "cranes.uncovered": AnswerShape(Kind.MULTI, tuple(c.value for c in Colour)),
        "colonia.gray_types": AnswerShape(Kind.ROWS, minimum=0, maximum=rules.max_gray_types),
        "forum.mode": AnswerShape(Kind.CHOICE, (QUICK, FILE)),
        "forum.board": AnswerShape(Kind.BOARD),
        "forum.file": AnswerShape(Kind.FILE),
        "forum.mark": AnswerShape(Kind.CHOICE),  # a mark of the forum file, or NO_ENVOYS
        "forum.eagles_on": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.eagles_beside": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.eagles_diagonal": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.area": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.area_points": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "trajan.card": AnswerShape(Kind.CHOICE, tuple(rules.cards)),
        "trajan.building": AnswerShape(Kind.INT, minimum=0, maximum=36),
        "trajan.collecting": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "trajan.value": AnswerShape(Kind.CHOICE, tuple(rules.trajan_values)),
        "end.resources": AnswerShape(Kind.INT, minimum=0, maximum=200),
    }


def impossible_answer(key: str, value, rules: Rules) -> Message | None:
    """What the questions of ``key`` take, when ``value`` is no answer any of them could
    accept in any game (a row 7, a mode "xyz", a count "x"); None when one could. Answers
    given ahead are held against it before anything is asked: such a typo is an error, not
    an answer left unused because its question did not come up."""
    shape = answer_shapes(rules).get(key)
    if shape is None:
        return None
    if shape.kind is Kind.FILE:  # given ahead as the file's path
        fits = isinstance(value, str) and bool(value.strip())
        return None if fits else Message(N_("the path of a file, in quotes"))
    if shape.kind is Kind.CHOICE and shape.options is None:
        return None if isinstance(value, str) else Message(N_("a mark of the forum file, in quotes"))
    question = Question(key, shape.kind, Step.PAY, Cycle.I, None, "",
                        options=tuple(Option(v, "") for v in shape.options or ()),
                        minimum=shape.minimum, maximum=shape.maximum)
    if question.validate(value)[1] is None:
        return None
    listed = ", ".join(json.dumps(v) for v in shape.options or ())
    if shape.kind is Kind.INT:
        return Message(N_("a whole number from {low} to {high}"), {"low": shape.minimum, "high": shape.maximum})
    if shape.kind is Kind.CHOICE:
        return Message(N_("one of {options}"), {"options": listed})
    if shape.kind is Kind.MULTI:
        assert shape.options  # every MULTI shape above lists its options
        return Message(N_("a list of some of {options}, e.g. [{example}]"),
                       {"options": listed, "example": json.dumps(shape.options[0])})
    if shape.kind is Kind.ROWS:
        return Message(N_("six whole numbers from {low} to {high}, one per row, top row first"),
                       {"low": shape.minimum, "high": shape.maximum})
    return Message(N_("a board as its sheet text: {{ text = \"...\" }}"))


def remember(ctx) -> Any:
    """The boards as the phase scored them: its history (``Tabletop.scored``)."""
    ctx.table.remember_scoring(ctx.period)
    return None
    yield  # a stage: a generator that asks nothing


def plan(game: Game, rules: Any) -> Plan:
    known_cranes = 0 if game.first_cycle == Cycle.I else None
    memory = Memory({name: PlayerMemory(name, crane_count=known_cranes) for name in game.players},
                    cards=dict(game.cards))
    stages: list[Stage[Cycle]] = []
    for cycle in game.scored_cycles:
        assert isinstance(cycle, Cycle)  # this plan is Forum Trajanum's: its periods are cycles
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
