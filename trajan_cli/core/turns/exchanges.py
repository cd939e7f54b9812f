"""Exchanges on a turn outside a build's payment (pp. 21, 26, 28): two workers of one
colour for a builder, an assistant changing a worker's colour, an active citizen's
exchange within its limit per turn (the payments' exchanges counted with them).
"""

from __future__ import annotations

from enum import StrEnum

from ..readings import AssistantColour
from ..ruleset import Rules
from ..sheet import Supply
from ..vocabulary import Citizen, Colour
from .judging import Judging
from .moves import Exchange
from .problems import TurnRule


class ExchangeKind(StrEnum):
    """The exchanges a turn may make outside a build's payment."""

    WORKERS_TO_BUILDER = "workers_to_builder"  # two workers of one colour (p. 21)
    COLOUR_CHANGE = "colour_change"  # an assistant changes a worker's colour (pp. 21-22)
    CITIZEN = "citizen"  # an active citizen's exchange (p. 26)


def exchange_kind(give: dict[str, int], get: dict[str, int],
                  rules: Rules) -> tuple[ExchangeKind, Citizen | None] | None:
    """Which exchange ``give`` for ``get`` is (resource names -> counts), and whose, when a
    citizen's; None when the rules allow no such exchange."""
    workers = {f"worker:{c.value}" for c in Colour}
    building = rules.building
    if get == {"builder": 1} and len(give) == 1:
        (name, n), = give.items()
        if name in workers and n == building.workers_per_builder:
            return ExchangeKind.WORKERS_TO_BUILDER, None
    if len(get) == 1 and next(iter(get)) in workers and get[next(iter(get))] == 1:
        wanted = next(iter(get))
        others = {k: n for k, n in give.items() if k != "assistant"}
        if give.get("assistant") == building.assistants_per_colour_change and len(others) == 1:
            (name, n), = others.items()
            if name in workers and name != wanted and n == 1:
                return ExchangeKind.COLOUR_CHANGE, None
    if len(give) == 1 and len(get) == 1 and set(give.values()) == set(get.values()) == {1}:
        given, got = next(iter(give)), next(iter(get))
        for citizen, rule in rules.citizens.items():
            ex = rule.exchange
            if ex is None or given == got:
                continue
            offered = set().union(*(workers if n == "worker" else {n} for n in ex.give))
            taken = set().union(*(workers if n == "worker" else {n} for n in ex.get))
            if given in offered and got in taken:
                return ExchangeKind.CITIZEN, citizen
    return None


def make_exchange(work: Judging, exchange: Exchange) -> None:
    """An exchange made on the turn outside a build's payment, e.g. to hold a Trajan card's
    resources at the scoring (p. 28: on one's turn, never during the scoring): two workers
    of one colour for a builder, an assistant and a worker for a worker of another colour
    (p. 21), an active citizen's exchange within its limit per turn, counted together with
    the exchanges inside this turn's payments (p. 26)."""
    rules = work.rules
    give, get = dict(exchange.give), dict(exchange.get)
    said = {"give": exchange.give, "get": exchange.get}
    found = exchange_kind(give, get, rules)
    if found is None:
        work.refuse(TurnRule.EXCHANGE_NOT_ALLOWED, work.page("workers_to_builder"),
                    citizens=work.page("citizens"), **said)
        return
    kind, citizen = found
    before = len(work.problems)
    if kind is ExchangeKind.CITIZEN:
        assert citizen is not None  # exchange_kind names the citizen whose exchange it found
        allowed = rules.citizens[citizen].exchange
        assert allowed is not None  # exchange_kind found it by this exchange
        page = rules.citizens[citizen].page
        if not work.sheet.has_active(citizen):
            work.refuse(TurnRule.EXCHANGE_NO_CITIZEN, page, citizen=citizen, **said)
        elif work.used[citizen] >= allowed.times:
            work.refuse(TurnRule.EXCHANGE_LIMIT, page, citizen=citizen,
                        times=allowed.times, **said)
    elif kind is ExchangeKind.WORKERS_TO_BUILDER:
        page = work.page("workers_to_builder")
    else:
        page = work.page("assistant_colour")
        wanted = next(iter(get))
        if rules.readings.assistant_colour is AssistantColour.WHEN_MISSING \
                and _held(work.sheet.supply, wanted):
            work.refuse(TurnRule.EXCHANGE_COLOUR_AT_HAND, page, worker=wanted, **said)
    for name, n in exchange.give:
        have = _held(work.sheet.supply, name)
        if have < n:
            work.refuse(TurnRule.EXCHANGE_SHORT, page, what=name, n=n, have=have, **said)
    if len(work.problems) > before:
        return
    work.spend(give)
    work.add(get)
    if citizen is not None:
        work.used[citizen] += 1


def _held(supply: Supply, name: str) -> int:
    """How many of the resource ``name`` (a notation word) the supply holds."""
    if name.startswith("worker:"):
        return supply.workers[Colour(name.split(":", 1)[1])]
    return {"coin": supply.coins, "tribune": supply.tribunes, "builder": supply.builders,
            "assistant": supply.assistants}.get(name, 0)
