"""Step 2 of a scoring phase: the construction cranes uncovered this cycle (p. 27). Each
scores its colour's structures in the colonia (3, 2 or 1 points each in cycles I, II, III)
and then lies colourless side up for the rest of the game."""

from __future__ import annotations

from dataclasses import replace

from ..colonia import SCORED_CRANE
from ..game import N_, Category, Step
from ..scoring import score_cranes
from ..vocabulary import Colour, Cycle
from .engine import Script, StageContext
from .memory import PlayerMemory
from .questions import Kind, Option, Question, note, scored


def cranes(ctx: StageContext[Cycle]) -> Script:
    cycle, table, rules = ctx.period, ctx.table, ctx.rules
    p: PlayerMemory = ctx.memory.players[ctx.player]
    step = Step.CRANES
    each = rules.crane_points[cycle]
    if p.sheet is not None:
        score = score_cranes(p.sheet.colonia, cycle, rules)
        board = table.board(p.name)
        if board is not None and score.cranes:  # scored cranes turn colourless (p. 27)
            colonia = board.colonia
            for crane in score.cranes:
                colonia = colonia.replace(crane.square, SCORED_CRANE)
            table.sheets[p.name] = replace(board, colonia=colonia)
        for crane in score.cranes:
            if crane.colour in p.cranes_scored:
                # Only in games saved before such sheets were refused: a crane scores once (p. 27).
                yield note(cycle, step, p.name,
                           N_("{colour} crane: scored in cycle {scored_in} already, not scored again"),
                           colour=crane.colour, scored_in=p.cranes_scored[crane.colour].numeral)
                continue
            p.cranes_scored[crane.colour] = cycle
            yield scored(cycle, step, p, Category.CRANES, crane.points,
                         N_("{colour} crane: {colour} structures {n} x {each}"),
                         colour=crane.colour, n=len(crane.structures), each=each)
        p.crane_count = len(p.sheet.colonia.uncovered_cranes())  # all scored by now
        if not score.cranes:
            yield note(cycle, step, p.name, N_("no crane shows its colour"))
        return None
    open_colours = [c for c in Colour if c not in p.cranes_scored]
    if not open_colours:
        yield note(cycle, step, p.name, N_("every crane has been scored already"))
        return None
    chosen = yield Question(
        "cranes.uncovered", Kind.MULTI, step, cycle, p.name,
        N_("Which of {player}'s cranes show their colour (uncovered this cycle)?"),
        {"player": p.name},
        options=tuple(Option(c.value, "{colour}", {"colour": c}) for c in open_colours), default=[])
    if not chosen:
        yield note(cycle, step, p.name, N_("no crane shows its colour"))
    if p.crane_count is not None:
        p.crane_count += len(chosen)
    for colour in chosen:
        n = yield Question(
            f"cranes.{colour}", Kind.INT, step, cycle, p.name,
            N_("How many {colour} structures are in {player}'s colonia?"),
            {"player": p.name, "colour": Colour(colour)}, default=0, minimum=0, maximum=32)
        p.cranes_scored[Colour(colour)] = cycle
        yield scored(cycle, step, p, Category.CRANES, n * each,
                     N_("{colour} crane: {colour} structures {n} x {each}"),
                     colour=Colour(colour), n=n, each=each)
    return None
