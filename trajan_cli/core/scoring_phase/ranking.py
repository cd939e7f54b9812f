"""The end of the game (p. 29): the most points wins; level players are told apart by their
active citizens, then by the resources they have left."""

from __future__ import annotations

from ..game import N_, Plural, Step
from ..standings import rank_players
from ..vocabulary import Cycle
from .engine import Script, StageContext
from .memory import PlayerMemory
from .questions import Kind, Question


def final_ranking(ctx: StageContext[Cycle]) -> Script:
    """After cycle III: points, then active citizens, then resources left (p. 29)."""
    players: list[PlayerMemory] = list(ctx.memory.players.values())
    totals = {p.name: p.total for p in players}
    active = {p.name: p.active_citizens for p in players}
    resources: dict[str, int] = {}
    for p in players:
        tied = [q for q in players if (q.total, q.active_citizens) == (p.total, p.active_citizens)]
        if len(tied) < 2:
            continue
        if p.sheet is not None:
            resources[p.name] = p.sheet.supply.resources_left
        else:
            coins = p.coins_left
            resources[p.name] = yield Question(
                "end.resources", Kind.INT, Step.TRAJAN, Cycle.III, p.name,
                N_("Tie-break: how many resources does {player} have left? Count coins, tribunes, "
                   "builders, assistants and workers."), {"player": p.name},
                default=coins, minimum=0, maximum=200,
                table_check=lambda v, coins=coins, name=p.name: None if v >= coins else Plural(  # type: ignore[misc]  # mypy cannot infer a lambda with defaults
                    "the resources left count the coins too, and {player} kept {n} coin after "
                    "paying citizens",
                    "the resources left count the coins too, and {player} kept {n} coins after "
                    "paying citizens", coins, {"player": name}))
    return rank_players(totals, active, resources)
