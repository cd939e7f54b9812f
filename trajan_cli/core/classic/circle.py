"""The action circle: sowing the stones of one bowl („Aktionssteine umverteilen“).

Bowls are numbered 1..6 clockwise (the tableau's places I..VI). The player takes every
stone from one bowl and drops them one by one into the following bowls, clockwise,
choosing which stone goes where; the bowl of the last stone is the target. The start
bowl is not skipped (the tool's reading, rules_data/classic.toml's [readings.start-bowl]),
so six stones come back to it and a seventh goes round to the next bowl once more; with the
house rule start-bowl=skip it is passed over, so a sixth stone goes on to the bowl after
it. The time marker moves one space per stone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..game import N_, Message
from ..readings import StartBowl
from .models import ClassicRules
from .vocabulary import Stone


class MoveError(ValueError):
    """A move the rules do not allow (the start bowl is empty); shown in the player's words."""

    def __init__(self, message: Message):
        super().__init__(message.text)
        self.message = message

    def __str__(self) -> str:
        return self.message.show()


@dataclass(frozen=True)
class Move:
    start: int  # 1-based
    target: int  # 1-based: where the last stone lands
    time_steps: int
    drops: tuple[tuple[int, Stone], ...]  # (bowl, stone) in the order dropped: one way to play it
    bowls_after: tuple[tuple[Stone, ...], ...]
    tile: tuple[Stone, ...] | None  # the Trajan tile's colours at the target, when given
    tile_fulfillable: bool | None  # None without a tile


def _counter_covers(have: Counter, want: Counter) -> bool:
    return all(have[c] >= n for c, n in want.items())


def _path(start: int, stones: int, count: int, skip_start: bool) -> list[int]:
    """The bowls (0-based) the stones drop into, in order, clockwise from ``start``."""
    if skip_start and count > 1:
        others = [(start + step) % count for step in range(1, count)]
        return [others[i % len(others)] for i in range(stones)]
    return [(start + step) % count for step in range(1, stones + 1)]


def sow(
    bowls: Sequence[Sequence[Stone]],
    start: int,
    rules: ClassicRules,
    tile: Sequence[Stone] | None = None,
) -> Move:
    """Play bowl ``start``; with ``tile``, drop the stones so that the target ends up
    holding its colours if any order of dropping can do that.

    The target receives one stone for every lap that reaches it; the stones already in it
    count too (a target that is the start bowl was emptied first). With
    ``rules.readings.start_bowl`` SKIP (a house rule; „Aktionssteine umverteilen“)
    the stones pass over the start bowl, which stays empty. The tile can be met
    exactly when the colours it still lacks are among the stones taken and no more than
    the stones the target receives.
    """
    count = len(bowls)
    taken = list(bowls[start - 1])
    if not taken:
        raise MoveError(Message(N_("bowl {start} is empty; the bowl you play must hold at least one "
                                   "stone"), {"start": start}))
    path = _path(start - 1, len(taken), count, rules.readings.start_bowl is StartBowl.SKIP)
    target = path[-1]
    lying = Counter(() if target == start - 1 else bowls[target])
    lacking = Counter(tile or ()) - lying
    into_target = path.count(target)
    fulfillable = None
    order = list(taken)
    if tile is not None:
        fulfillable = _counter_covers(Counter(taken), lacking) and sum(lacking.values()) <= into_target
        if fulfillable:
            # The lacking colours go into the target's drops, the rest of the stones fill
            # the other drops in the order they were picked up.
            for_target = list(lacking.elements())
            others = list(taken)
            for stone in for_target:
                others.remove(stone)
            order = []
            for bowl in path:
                if bowl == target and for_target:
                    order.append(for_target.pop(0))
                else:
                    order.append(others.pop(0))
    after = [list(b) for b in bowls]
    after[start - 1] = []
    for bowl, stone in zip(path, order, strict=True):
        after[bowl].append(stone)
    return Move(
        start=start,
        target=target + 1,
        time_steps=len(taken) * rules.time_steps_per_stone,
        drops=tuple((bowl + 1, stone) for bowl, stone in zip(path, order, strict=True)),
        bowls_after=tuple(tuple(b) for b in after),
        tile=None if tile is None else tuple(tile),
        tile_fulfillable=fulfillable,
    )
