"""Every distinct way to pay for a building tile from a player's supply (pp. 21-23, 26).

A tile part needs builders (gray building) or workers of its colour (structure). Each of
them may come straight from the supply or through the exchanges of this turn:

- workers of one colour replace a builder (p. 21, p. 23);
- an assistant changes a worker's colour (p. 21), for a structure of another colour
  (p. 22) or to pair it with a worker of another colour for a builder (p. 23 b: "2 workers
  of different colours + 1 assistant");
- the exchanges of the active citizens, read from ``citizens.toml`` (p. 26): Craftsman I
  (assistant -> worker of any colour, twice), Craftsman II (assistant -> builder, once),
  Merchant II (coin, tribune or assistant -> another of these, once, in the building
  phase, which is when a build is checked).

An assistant changes one worker's colour once (a second change would only spend another
assistant). A worker received from Craftsman I is an ordinary worker: it may be paired,
and its colour changed.

A house rule may read one more case the other way (``Rules.readings``): with
``assistant-colour=when-missing`` an assistant changes a worker's colour only while no
worker of the colour needed stays in the supply (the English p. 22).

A payment is what leaves the supply. Different routes to the same resources are one
payment; a payment that spends everything another one spends and more is left out
(``minimal=False`` keeps it), since it only pays more for the same tile.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import NamedTuple

from ..colonia import Cell
from ..readings import AssistantColour
from ..ruleset import Rules
from ..sheet import Supply
from ..vocabulary import CellKind, Citizen, Colour, Resource  # noqa: F401 - Resource re-exported

WORKERS = tuple(Resource.worker(c) for c in Colour)
#: The resources a tile is paid with in the end; coins and tribunes only through an exchange.
BASE_RESOURCES = (Resource.BUILDER, Resource.ASSISTANT, *WORKERS)


def supply_counts(supply: Supply) -> Counter[Resource]:
    return +supply.counts()


class StepKind(StrEnum):
    WORKERS_TO_BUILDER = "workers_to_builder"  # p. 21
    COLOUR_CHANGE = "colour_change"  # assistant + worker of another colour, pp. 21-23
    CITIZEN = "citizen"  # an active citizen's exchange, p. 26


# The records are NamedTuples rather than frozen dataclasses: on Python 3.11 each dataclass
# costs about 0.6 ms more to create at import, and every referee command imports this module.
class Step(NamedTuple):
    """One exchange on the way to paying: ``give`` turns into ``get``."""

    kind: StepKind
    give: tuple[Resource, ...]
    get: Resource
    citizen: Citizen | None = None


Bag = tuple[tuple[Resource, int], ...]  # a multiset of resources, sorted, counts > 0


def bag_of(counts: Mapping[Resource, int]) -> Bag:
    order = list(Resource)
    return tuple(sorted(((r, n) for r, n in counts.items() if n > 0),
                        key=lambda item: order.index(item[0])))


class Payment(NamedTuple):
    """What leaves the supply, and one way of getting there (the exchanges, in order)."""

    spent: Bag
    steps: tuple[Step, ...]

    def count(self, resource: Resource) -> int:
        return dict(self.spent).get(resource, 0)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.spent)

    @property
    def workers(self) -> dict[Colour, int]:
        return {r.colour: n for r, n in self.spent if r.colour is not None}

    def exchanges_used(self) -> Counter[Citizen]:
        """The citizens' exchanges this way of paying makes (their limits are per turn)."""
        return Counter(step.citizen for step in self.steps if step.citizen is not None)


class _Route(NamedTuple):
    spent: Counter
    uses: Counter  # citizen -> exchanges used
    steps: tuple[Step, ...]

    def plus(self, other: _Route) -> _Route:  # not __add__: + on a tuple joins tuples
        return _Route(self.spent + other.spent, self.uses + other.uses, self.steps + other.steps)

    def then(self, step: Step) -> _Route:
        uses = self.uses + Counter({step.citizen: 1}) if step.citizen else self.uses
        return _Route(self.spent, uses, self.steps + (step,))


_NOTHING = _Route(Counter(), Counter(), ())


def _sum(routes: Iterable[_Route]) -> _Route:
    total = _NOTHING
    for route in routes:
        total = total.plus(route)
    return total


def _within(counts: Counter, limit: Mapping) -> bool:
    return all(n <= limit.get(key, 0) for key, n in counts.items())


def _expand(names: Iterable[str]) -> tuple[Resource, ...]:
    """citizens.toml names -> resources; 'worker' means a worker of any colour."""
    out: list[Resource] = []
    for name in names:
        out.extend(WORKERS if name == "worker" else (Resource(name),))
    return tuple(out)


class _Exchange(NamedTuple):
    citizen: Citizen
    give: tuple[Resource, ...]
    get: tuple[Resource, ...]
    times: int


def citizen_exchanges(active: Iterable[Citizen], rules: Rules,
                      used: Mapping[Citizen, int] | None = None) -> tuple[_Exchange, ...]:
    """The exchanges the given active citizens allow this turn, in row order; ``used``:
    how many of them an earlier build of the same turn made (the limits are per turn)."""
    found = []
    for citizen in sorted(set(active), key=lambda c: c.row):
        ex = rules.citizens[citizen].exchange
        left = 0 if ex is None else ex.times - (used or {}).get(citizen, 0)
        if ex is not None and left > 0:  # building_phase_only holds: a build is checked in that phase
            found.append(_Exchange(citizen, _expand(ex.give), _expand(ex.get), left))
    return tuple(found)


_Budget = tuple[tuple[Citizen, int], ...]  # exchanges each citizen may still make


class _Sources:
    """All routes from the supply to one resource, to one tile part, within the supply."""

    def __init__(self, supply: Counter, exchanges: tuple[_Exchange, ...], rules: Rules):
        self.supply = supply
        self.exchanges = exchanges
        self.building = rules.building
        self.times = Counter({ex.citizen: ex.times for ex in exchanges})
        self._memo: dict[tuple[Resource, _Budget], tuple[_Route, ...]] = {}

    def obtain(self, resource: Resource, budget: _Budget) -> tuple[_Route, ...]:
        """Ways to hold one ``resource``; ``budget`` bounds the exchanges along the way."""
        key = (resource, budget)
        if key not in self._memo:
            self._memo[key] = self._obtain(resource, budget)
        return self._memo[key]

    def _obtain(self, resource: Resource, budget: _Budget) -> tuple[_Route, ...]:
        left = dict(budget)
        routes = [_Route(Counter({resource: 1}), Counter(), ())]
        for ex in self.exchanges:
            if left[ex.citizen] == 0 or resource not in ex.get:
                continue
            fewer = tuple((c, n - (c is ex.citizen)) for c, n in budget)
            for give in ex.give:
                if give is resource:
                    continue
                for route in self.obtain(give, fewer):
                    routes.append(route.then(Step(StepKind.CITIZEN, (give,), resource, ex.citizen)))
        if resource is Resource.BUILDER:
            pair = self.building.workers_per_builder
            for colour in Colour:  # each worker of the pair in that colour, or changed to it
                options = self._worker_as(colour, budget)
                worker = Resource.worker(colour)
                for chosen in itertools.combinations_with_replacement(options, pair):
                    routes.append(_sum(chosen).then(
                        Step(StepKind.WORKERS_TO_BUILDER, (worker,) * pair, Resource.BUILDER)))
        return tuple(r for r in routes if self.affordable(r))

    def _worker_as(self, colour: Colour, budget: _Budget) -> list[_Route]:
        """Ways to hold one worker of ``colour``: one of that colour, or one of another
        colour changed by an assistant (p. 21)."""
        wanted = Resource.worker(colour)
        routes = list(self.obtain(wanted, budget))
        assistants = self.building.assistants_per_colour_change
        helpers = [_sum(chosen) for chosen in itertools.combinations_with_replacement(
            self.obtain(Resource.ASSISTANT, budget), assistants)]
        for worker in WORKERS:
            if worker is wanted:
                continue
            step = Step(StepKind.COLOUR_CHANGE, (worker,) + (Resource.ASSISTANT,) * assistants, wanted)
            for route in self.obtain(worker, budget):
                for help_ in helpers:
                    routes.append(route.plus(help_).then(step))
        return [r for r in routes if self.affordable(r)]

    def affordable(self, route: _Route) -> bool:
        return _within(route.spent, self.supply) and _within(route.uses, self.times)

    def _budget(self) -> _Budget:
        return tuple((ex.citizen, ex.times) for ex in self.exchanges)

    def _many(self, resource: Resource, n: int) -> list[_Route]:
        options = self.obtain(resource, self._budget())
        return [_sum(chosen) for chosen in itertools.combinations_with_replacement(options, n)]

    def worker_for(self, colour: Colour) -> list[_Route]:
        """One worker building a structure of ``colour``: its own colour, or changed."""
        return self._worker_as(colour, self._budget())

    def part(self, cell: Cell) -> list[_Route]:
        """Routes paying one part of a tile."""
        if cell.kind is CellKind.GRAY:
            return [r for r in self._many(Resource.BUILDER, self.building.builders_per_gray)
                    if self.affordable(r)]
        if cell.kind is CellKind.STRUCTURE:
            assert cell.colour is not None  # a structure is of a colour (colonia.structure)
            single = self.worker_for(cell.colour)
            return [r for r in (_sum(c) for c in itertools.combinations_with_replacement(
                single, self.building.workers_per_structure)) if self.affordable(r)]
        raise ValueError(f"a tile part is a gray building or a structure, not {cell.kind}")


def payments(
    parts: Iterable[Cell],
    supply: Supply,
    active: Iterable[Citizen],
    rules: Rules,
    *,
    minimal: bool = True,
    used: Mapping[Citizen, int] | None = None,
    within: Bag | None = None,
) -> list[Payment]:
    """Every distinct payment for a tile made of ``parts``, cheapest first (``used``: the
    exchanges an earlier build of this turn made already).

    ``within``: only the payments that spend a part of that bag, searched on the supply cut
    down to it (the house rule ``assistant-colour=when-missing`` still looks at the whole
    supply). A route is kept or dropped by what it spends, so the routes spending exactly
    ``within`` are found as the whole search finds them, in the same order: a payment
    named is judged without going through every other way to pay."""
    have = supply_counts(supply)
    search = have if within is None else have & Counter(dict(within))
    return _payments(tuple(parts), search, citizen_exchanges(active, rules, used), rules, minimal,
                     whole=have)


def _payments(parts, supply: Counter, exchanges, rules: Rules, minimal: bool,
              whole: Counter | None = None) -> list[Payment]:
    """The payments from ``supply``; ``whole``: the player's whole supply, when ``supply``
    is cut down (the house rule's colour changes are judged against the whole)."""
    whole = supply if whole is None else whole
    sources = _Sources(supply, exchanges, rules)
    best: dict[Bag, _Route] = {}
    when_missing = rules.readings.assistant_colour is AssistantColour.WHEN_MISSING
    for chosen in itertools.product(*(sources.part(p) for p in parts)):
        total = _sum(chosen)
        if not sources.affordable(total):
            continue
        if when_missing and _changes_while_at_hand(total, whole):
            continue
        key = bag_of(total.spent)
        if key not in best or len(total.steps) < len(best[key].steps):
            best[key] = total
    bags = list(best)
    if minimal:
        bags = [b for b in bags if not any(_smaller(o, b) for o in bags)]
    found = [Payment(b, best[b].steps) for b in bags]
    order = list(Resource)
    return sorted(found, key=lambda p: (p.size, len(p.steps),
                                        [(order.index(r), -n) for r, n in p.spent]))


def _changes_while_at_hand(route: _Route, supply: Counter) -> bool:
    """An assistant changes a worker into a colour of which a worker stays in the supply
    (refused by the house rule ``assistant-colour=when-missing``, after the English p. 22:
    an assistant helps when the worker of the right colour is missing)."""
    return any(step.kind is StepKind.COLOUR_CHANGE and route.spent[step.get] < supply[step.get]
               for step in route.steps)


def _smaller(small: Bag, big: Bag) -> bool:
    """``small`` spends a proper part of what ``big`` spends."""
    return small != big and _within(Counter(dict(small)), dict(big))


def missing(
    parts: Iterable[Cell],
    supply: Supply,
    active: Iterable[Citizen],
    rules: Rules,
    most: int = 4,
    used: Mapping[Citizen, int] | None = None,
) -> list[Bag]:
    """The fewest builders, assistants or workers that, added, would make the tile payable.

    Every smallest addition is listed (several colours may do). Empty when even ``most``
    more resources would not help, or when the tile can be paid already.
    """
    parts = tuple(parts)
    have = supply_counts(supply)
    exchanges = citizen_exchanges(active, rules, used)
    if _payments(parts, have, exchanges, rules, minimal=True):
        return []
    for size in range(1, most + 1):
        found = []
        for extra in itertools.combinations_with_replacement(BASE_RESOURCES, size):
            if _payments(parts, have + Counter(extra), exchanges, rules, minimal=True):
                found.append(bag_of(Counter(extra)))
        if found:
            return found
    return []
