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
    from ..core.state import GameState as Progress
    from ..core.standings import Standings

FORMATS = ("csv", "md", "json", "bgstats", "bgstats-link")

#: The BG Stats app's documented link for handing it a play from another app
#: (https://bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites).
BGSTATS_PLAY_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
#: Characters left as they are: those JavaScript's encodeURIComponent keeps, and ":" and ","
#: which a query may hold as they are (RFC 3986) and every decoder reads back: the link is
#: about a sixth shorter, and so is its QR code.
_QUERY_SAFE = "-_.!~*'():,"


def export(game: Game, progress: Progress | Standings, fmt: str) -> str:
    return {"csv": to_csv, "md": to_markdown, "json": to_json, "bgstats": to_bgstats,
            "bgstats-link": to_bgstats_link}[fmt](game, progress)


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


def bgstats_play(game: Game, progress: Progress | Standings) -> dict:
    """The play as the BG Stats link carries it: the game's name, the play's date (when the
    game was started, UTC) and each player's name, score, rank, winner flag and whether
    they started. Ids stay the same for a game, so a link opened twice is one play."""
    totals = progress.totals()
    ranking = progress.ranking
    winners = set(ranking.winners) if ranking else set()
    namespace = uuid.uuid5(uuid.NAMESPACE_URL, "trajan-cli/" + game.name + "/" + game.created)
    return {
        "sourceName": "trajan",
        "sourcePlayId": uuid.uuid5(namespace, "play").hex[:16],
        "playDate": _utc_date(game.created),
        "game": {"name": TITLES[game.variant], "sourceGameId": game.variant, "highestWins": True},
        "players": [{"name": name, "sourcePlayerId": name, "score": totals.get(name, 0),
                     "rank": ranking.place_of(name) if ranking else 0,
                     "winner": name in winners, "startPlayer": name == game.start_player}
                    for name in game.players],
    }


def to_bgstats_link(game: Game, progress: Progress | Standings) -> str:
    """The link that opens the play in the BG Stats app (one line)."""
    from urllib.parse import quote

    data = json.dumps(bgstats_play(game, progress), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_PLAY_LINK + quote(data, safe=_QUERY_SAFE) + "\n"


def _utc_date(created: str) -> str:
    """"2026-11-20T19:05:00+00:00" -> "2026-11-20 19:05:00", the app's format (UTC)."""
    from datetime import datetime, timezone

    try:
        when = datetime.fromisoformat(created)
    except ValueError:
        return created.replace("T", " ")[:19]
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M:%S")
