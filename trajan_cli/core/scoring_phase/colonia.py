"""Step 3 of a scoring phase: the colonia rows (p. 27). Each row scores its different gray
building types, times 1, 2 or 3 for its active citizens."""

from __future__ import annotations

from ..game import N_, Category, Step
from ..scoring import score_colonia
from ..vocabulary import Cycle
from .engine import Script, StageContext
from .memory import PlayerMemory
from .pay import buildings_stay
from .questions import Kind, Question, joined, scored


def colonia(ctx: StageContext[Cycle]) -> Script:
    cycle, rules = ctx.period, ctx.rules
    p: PlayerMemory = ctx.memory.players[ctx.player]
    step = Step.COLONIA
    if p.sheet is not None:
        types = [len(r.gray_types) for r in score_colonia(p.sheet, rules).rows]
    else:
        previous = list(p.gray_types)
        types = yield Question(
            "colonia.gray_types", Kind.ROWS, step, cycle, p.name,
            N_("Different gray building types in each row of {player}'s colonia, top row first "
               "(0 to 4 each)"), {"player": p.name},
            default=previous, minimum=0, maximum=rules.max_gray_types,
            check=lambda rows: joined(buildings_stay(rows, previous)))
    p.gray_types = list(types)
    total = 0
    parts = []
    for row in range(1, 7):
        multiplier = rules.row_multiplier[min(2, p.active_in_row(row))]
        total += types[row - 1] * multiplier
        parts.append(f"{types[row - 1]}x{multiplier}")
    yield scored(cycle, step, p, Category.COLONIA, total,
                 N_("colonia rows (types x multiplier): {rows}"), rows=" + ".join(parts))
    return None
