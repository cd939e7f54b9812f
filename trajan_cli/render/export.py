"""A finished (or running) game in other formats: CSV, Markdown, JSON and BG Stats.

CSV and Markdown are the standings as a table, one row per player; the CSV's rows also
name the game and its date, so that a group can keep its games in one file. JSON is
`trajan game show --json`. The two BG Stats formats (the app's import file and the link
that opens a play in it) hand over a finished play: the game with its BoardGameGeek id,
the date, how long it took when that is known, where it was played, a comment, and each
player's score, rank and winner flag; an unfinished game is refused for both
(:data:`FINISHED_ONLY`).
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from datetime import UTC
from typing import TYPE_CHECKING, NamedTuple

from ..core.game import FORUM_TRAJANUM, TITLES, TRAJAN, Game
from ..i18n import _, ngettext
from . import tables
from .dates import local_date
from .standings import game_answer, view_of

if TYPE_CHECKING:  # read from a replay or from the game's snapshot alike
    from ..core.standings import Standings
    from ..core.state import GameState as Progress

FORMATS = ("csv", "md", "json", "bgstats", "bgstats-link")
#: The formats that hand a play to BG Stats: the app records finished plays, so both refuse
#: a game that is not over (one rule for the file and the link).
FINISHED_ONLY = ("bgstats", "bgstats-link")

#: Each game's id on BoardGameGeek, which BG Stats matches a game by before its name:
#: boardgamegeek.com/boardgame/244049 (Forum Trajanum, 2018), /102680 (Trajan, 2011).
BGG_IDS = {FORUM_TRAJANUM: 244049, TRAJAN: 102680}

#: A play's length is taken from its record only when it lies between these (minutes): a
#: game typed in afterwards in one go takes seconds, and a file copied or left overnight
#: gives hours that were not played (see :func:`recorded_minutes`).
SHORTEST_PLAY, LONGEST_PLAY = 10, 12 * 60


class PlayDetails(NamedTuple):
    """What BG Stats keeps of a play beyond the scores (all optional): its length in
    minutes, where it was played, and a comment."""

    minutes: int | None = None
    location: str | None = None
    comments: str | None = None

#: The BG Stats app's documented link for handing it a play from another app
#: (https://bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites).
BGSTATS_PLAY_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
#: Characters left as they are: those JavaScript's encodeURIComponent keeps, and ":" and ","
#: which a query may hold as they are (RFC 3986) and every decoder reads back: the link is
#: about a sixth shorter, and so is its QR code.
_QUERY_SAFE = "-_.!~*'():,"


def export(game: Game, progress: Progress | Standings, fmt: str, details: PlayDetails = PlayDetails()) -> str:
    """``game`` (where ``progress`` says it stands) in the format ``fmt``; ``details`` go
    into the BG Stats formats."""
    if fmt == "bgstats":
        return to_bgstats(game, progress, details)
    if fmt == "bgstats-link":
        return to_bgstats_link(game, progress, details)
    return {"csv": to_csv, "md": to_markdown, "json": to_json}[fmt](game, progress)


def csv_header(game: Game) -> list[str]:
    """The columns of the CSV and Markdown tables: the game's name and date, the player's
    name, points per category (all cycles), per cycle, total, place. Games of one kind
    that start at the same cycle share them, so their rows can be kept in one file."""
    view = view_of(game)
    return ["game", "date", "name", *[c.value for c in view.categories],
            *[f"{view.period_key}_{c.numeral}" for c in game.scored_cycles], "total", "place"]


def _rows(game: Game, progress: Progress | Standings) -> list[list]:
    """One row per player, in seating order, as :func:`csv_header` names the columns (the
    place is empty while the game is not over)."""
    view = view_of(game)
    breakdown = progress.breakdown()
    totals = progress.totals()
    cycles = list(game.scored_cycles)
    day = local_date(game.created)
    rows = []
    for name in game.players:
        by_cycle = breakdown.get(name, {})
        categories = [sum(by_cycle.get(c, {}).get(cat, 0) for c in cycles) for cat in view.categories]
        per_cycle = [sum(by_cycle.get(c, {}).values()) for c in cycles]
        place = progress.ranking.place_of(name) if progress.ranking else ""
        rows.append([game.name, day, name, *categories, *per_cycle, totals.get(name, 0), place])
    return rows


def to_csv(game: Game, progress: Progress | Standings, header: bool = True) -> str:
    """The CSV: its header line (unless ``header`` is false: rows to add to a file that
    has it), then one line per player."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(csv_header(game))
    writer.writerows(_rows(game, progress))
    return out.getvalue()


def to_markdown(game: Game, progress: Progress | Standings) -> str:
    """A heading (the game and its date), the standings table, and who won and how (the
    tie-break that decided it), or that the game is not over yet."""
    view = view_of(game)
    names = {c.value: view.category_name(c) for c in view.categories}
    pretty = [names.get(h, h.replace("_", " ")) for h in csv_header(game)[2:]]
    day = local_date(game.created)
    title = f"# {game.name}" + (f" ({TITLES[game.variant]}, {day})" if day else f" ({TITLES[game.variant]})")
    table = tables.table([row[2:] for row in _rows(game, progress)], headers=pretty, tablefmt="github")
    return f"{title}\n\n{table}\n\n{result_line(game, progress)}\n"


def result_line(game: Game, progress: Progress | Standings) -> str:
    """The winner (or winners) with their points and what decided it, as a sentence."""
    ranking = progress.ranking
    if ranking is None:
        return _("Not finished yet: no winner so far.")
    winners, points = ranking.winners, ranking.places[0].points
    reason = view_of(game).ranking_reason(ranking.decided_by)
    if len(winners) == 1:
        return ngettext("{player} wins with {n} point ({reason}).",
                        "{player} wins with {n} points ({reason}).", points).format(
            player=winners[0], n=points, reason=reason)
    return ngettext("{players} share the victory with {n} point ({reason}).",
                    "{players} share the victory with {n} points ({reason}).", points).format(
        players=" & ".join(winners), n=points, reason=reason)


def to_json(game: Game, progress: Progress | Standings) -> str:
    return json.dumps(game_answer(game, progress), ensure_ascii=False, indent=1) + "\n"


# --- BG Stats ------------------------------------------------------------------------------
#
# The fields are those BG Stats documents: for the link, its page "Push plays to BG Stats
# from other apps or websites" (BGSTATS_PLAY_LINK below): sourceName, sourcePlayId,
# playDate (UTC, "yyyy-MM-dd HH:mm:ss"), durationMin, location and comments; the game with
# name, sourceGameId, bggId and highestWins; each player with name, sourcePlayerId, score,
# rank, winner and startPlayer. For the file, the app's own backup (its "BGStatsExport.json",
# described on its page "Importing own files into Board Game Stats"): players, games (with
# bggId), locations, and plays holding gameRefId, locationRefId, playDate, durationMin,
# comments and playerScores. Checked in November 2026 against those pages as quoted by apps
# that send plays to BG Stats (the pages themselves could not be fetched from here).


def to_bgstats(game: Game, progress: Progress | Standings, details: PlayDetails = PlayDetails()) -> str:
    """The backup/import file of the BG Stats app: players, one game, the location when
    given, one play with scores."""
    totals = progress.totals()
    winners = set(progress.ranking.winners) if progress.ranking else set()
    namespace = uuid.uuid5(uuid.NAMESPACE_URL, "trajan-cli/" + game.name + "/" + game.created)
    players = [{"id": i + 1, "uuid": str(uuid.uuid5(namespace, "player/" + name)), "name": name}
               for i, name in enumerate(game.players)]
    play_date = _utc_date(game.created or "")
    locations = ([{"id": 1, "uuid": str(uuid.uuid5(namespace, "location/" + details.location)),
                   "name": details.location}] if details.location else [])
    play: dict = {
        "uuid": str(uuid.uuid5(namespace, "play")),
        "gameRefId": 1,
        "playDate": play_date,
    }
    if details.minutes:
        play["durationMin"] = details.minutes
    if locations:
        play["locationRefId"] = 1
    if details.comments:
        play["comments"] = details.comments
    play |= {
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
    }
    data = {
        "players": players,
        "games": [{"id": 1, "uuid": str(uuid.uuid5(namespace, "game")), "name": TITLES[game.variant],
                   "bggId": BGG_IDS[game.variant], "highestWins": True, "noPoints": False,
                   "cooperative": False}],
        "locations": locations,
        "plays": [play],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def bgstats_play(game: Game, progress: Progress | Standings, details: PlayDetails = PlayDetails()) -> dict:
    """The play as the BG Stats link carries it: the game (its name and BoardGameGeek id),
    the play's date (when the game was started, UTC), its length, location and comment
    when known, and each player's name, score, rank, winner flag and whether they started.
    Ids stay the same for a game, so a link opened twice is one play."""
    totals = progress.totals()
    ranking = progress.ranking
    winners = set(ranking.winners) if ranking else set()
    namespace = uuid.uuid5(uuid.NAMESPACE_URL, "trajan-cli/" + game.name + "/" + game.created)
    play: dict = {
        "sourceName": "trajan",
        "sourcePlayId": uuid.uuid5(namespace, "play").hex[:16],
        "playDate": _utc_date(game.created),
    }
    if details.minutes:
        play["durationMin"] = details.minutes
    if details.location:
        play["location"] = details.location
    if details.comments:
        play["comments"] = details.comments
    play["game"] = {"name": TITLES[game.variant], "sourceGameId": game.variant,
                    "bggId": BGG_IDS[game.variant], "highestWins": True}
    play["players"] = [{"name": name, "sourcePlayerId": name, "score": totals.get(name, 0),
                        "rank": ranking.place_of(name) if ranking else 0,
                        "winner": name in winners, "startPlayer": name == game.start_player}
                       for name in game.players]
    return play


def to_bgstats_link(game: Game, progress: Progress | Standings, details: PlayDetails = PlayDetails()) -> str:
    """The link that opens the play in the BG Stats app (one line)."""
    from urllib.parse import quote

    data = json.dumps(bgstats_play(game, progress, details), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_PLAY_LINK + quote(data, safe=_QUERY_SAFE) + "\n"


def recorded_minutes(created: str, last_change: float) -> int | None:
    """How long the play took as its record tells it: from when the game was created (the
    record's ``# created`` line) to when its last line was recorded (``last_change``, a
    POSIX time: the record file's last change, as the system keeps it), in whole minutes.

    The record keeps no time of its own for each line, so this is what it can say honestly,
    and only within :data:`SHORTEST_PLAY` to :data:`LONGEST_PLAY`: a shorter span is a game
    typed in after the evening, a longer one a game paused overnight or a file copied
    since; then None (left out; ``--duration`` says it)."""
    from datetime import datetime

    try:
        started = datetime.fromisoformat(created)
    except ValueError:
        return None
    if started.tzinfo is None:  # as recorded by `trajan game new`: always with its offset
        return None
    minutes = round((last_change - started.timestamp()) / 60)
    return minutes if SHORTEST_PLAY <= minutes <= LONGEST_PLAY else None


def _utc_date(created: str) -> str:
    """"2026-11-20T19:05:00+00:00" -> "2026-11-20 19:05:00", the app's format (UTC)."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(created)
    except ValueError:
        return created.replace("T", " ")[:19]
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S")
