"""A finished (or running) game in other formats: CSV, Markdown, JSON and BG Stats."""

from __future__ import annotations

import csv
import io
import json
import uuid
from typing import TYPE_CHECKING

from ..core.game import TITLES, Game
from . import tables
from .standings import game_answer, view_of

if TYPE_CHECKING:  # read from a replay or from the game's snapshot alike
    from ..core.script import Progress
    from ..core.standings import Standings

FORMATS = ("csv", "md", "json", "bgstats")


def export(game: Game, progress: Progress | Standings, fmt: str) -> str:
    return {"csv": to_csv, "md": to_markdown, "json": to_json, "bgstats": to_bgstats}[fmt](game, progress)


def _rows(game: Game, progress: Progress | Standings) -> tuple[list[str], list[list]]:
    """One row per player: points per category (all cycles), per cycle, total, place."""
    view = view_of(game)
    breakdown = progress.breakdown()
    totals = progress.totals()
    cycles = list(game.scored_cycles)
    header = ["player", *[c.value for c in view.categories],
              *[f"{view.period_key}_{c.numeral}" for c in cycles], "total", "place"]
    rows = []
    for name in game.players:
        by_cycle = breakdown.get(name, {})
        categories = [sum(by_cycle.get(c, {}).get(cat, 0) for c in cycles) for cat in view.categories]
        per_cycle = [sum(by_cycle.get(c, {}).values()) for c in cycles]
        place = progress.ranking.place_of(name) if progress.ranking else ""
        rows.append([name, *categories, *per_cycle, totals.get(name, 0), place])
    return header, rows


def to_csv(game: Game, progress: Progress | Standings) -> str:
    header, rows = _rows(game, progress)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def to_markdown(game: Game, progress: Progress | Standings) -> str:
    header, rows = _rows(game, progress)
    view = view_of(game)
    names = {c.value: view.category_name(c) for c in view.categories}
    pretty = [names.get(h, h.replace("_", " ")) for h in header]
    return f"# {game.name}\n\n" + tables.table(rows, headers=pretty, tablefmt="github") + "\n"


def to_json(game: Game, progress: Progress | Standings) -> str:
    return json.dumps(game_answer(game, progress), ensure_ascii=False, indent=1) + "\n"


def to_bgstats(game: Game, progress: Progress | Standings) -> str:
    """The backup/import file of the BG Stats app: players, one game, one play with scores."""
    totals = progress.totals()
    winners = set(progress.ranking.winners) if progress.ranking else set()
    namespace = uuid.uuid5(uuid.NAMESPACE_URL, "trajan-cli/" + game.name + "/" + game.created)
    players = [{"id": i + 1, "uuid": str(uuid.uuid5(namespace, "player/" + name)), "name": name}
               for i, name in enumerate(game.players)]
    play_date = (game.created or "").replace("T", " ")[:19]
    data = {
        "players": players,
        "games": [{"id": 1, "uuid": str(uuid.uuid5(namespace, "game")), "name": TITLES[game.variant]}],
        "locations": [],
        "plays": [{
            "uuid": str(uuid.uuid5(namespace, "play")),
            "gameRefId": 1,
            "playDate": play_date,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "rounds": 0,
            "playerScores": [
                {
                    "playerRefId": p["id"],
                    "score": str(totals.get(p["name"], 0)),
                    "winner": p["name"] in winners,
                    "startPlayer": p["name"] == game.start_player,
                    "newPlayer": False,
                    "seatOrder": i + 1,
                    "rank": progress.ranking.place_of(p["name"]) if progress.ranking else 0,
                }
                for i, p in enumerate(players)
            ],
        }],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
