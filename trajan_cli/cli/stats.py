"""`trajan stats`: the group's history over every saved game (core/history.py counts it)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import _
from .options import JsonFlag, emit


def _day(value: str | None) -> str | None:
    """A --since/--until date, "YYYY-MM-DD"."""
    if value is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        raise typer.BadParameter(_("a date is written YYYY-MM-DD, e.g. 2026-11-20")) from None


def stats(
    player: Annotated[list[str] | None, typer.Option(
        "--player", "-p", metavar="PLAYER",
        help="Only games at which this player sat (repeat: all of them).")] = None,
    exact: Annotated[bool, typer.Option(
        "--exact", help="With --player: only games of exactly these players.")] = False,
    since: Annotated[str | None, typer.Option(
        "--since", metavar="YYYY-MM-DD", callback=_day, help="Only games started on that day or later.")] = None,
    until: Annotated[str | None, typer.Option(
        "--until", metavar="YYYY-MM-DD", callback=_day, help="Only games started on that day or earlier.")] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="forum-trajanum|trajan",
        help="One game only: forum-trajanum or trajan, Trajan (2011) (default: both).")] = None,
    json: JsonFlag = False,
):
    """The group's history: games, wins, best and average scores, points per category, streaks.

    Counts every finished saved game (Forum Trajanum and Trajan apart); a shared victory is
    a win for each player sharing it, and a streak counts the games a player played.
    """
    from ..core.game import PERIODS
    from ..core.history import Filters, known_players, selected, summaries

    if exact and not player:
        raise typer.BadParameter(_("--exact needs the players: name each with --player"), param_hint="--exact")
    if since and until and since > until:
        raise typer.BadParameter(_("--since {since} is after --until {until}").format(since=since, until=until),
                                 param_hint="--since")
    if variant is not None:
        variant = variant.strip().lower()
        if variant not in PERIODS:
            raise typer.BadParameter(_("use one of {games}").format(games=", ".join(PERIODS)),
                                     param_hint="--variant")
    games, left_out = _history()
    names = tuple(p.strip() for p in player or ())
    _check_players(names, known_players(games))
    filters = Filters(names, exact, since, until, variant)
    found = summaries(selected(games, filters))
    if not json:  # laid out to the terminal's width here: tables and charts are never broken
        from ..render.stats import stats_report
        from ..render.text import terminal_width

        typer.echo(stats_report(found, left_out, terminal_width()))
        return
    from ..render.stats import stats_answer

    emit(stats_answer(found, filters._asdict() | {"players": list(names)}, left_out), None, True)


def _history():
    """Every finished saved game as the history counts it, and the games left out
    (unfinished, damaged)."""
    from ..core.history import played
    from ..games import store
    from ..games.snapshot import standings_of
    from ..parsing.errors import InputError
    from ..render.dates import local_date

    games = []
    left_out: dict = {"unfinished": [], "damaged": []}
    for listed in store.list_games():
        name = listed.path.stem
        if listed.stored is None:
            left_out["damaged"].append({"name": name, "problem": listed.problem})
            continue
        try:
            standings = standings_of(listed.stored)  # its snapshot when one fits, else replayed
        except InputError as exc:
            left_out["damaged"].append({"name": name, "problem": "; ".join(p.message for p in exc.problems)})
            continue
        game = listed.stored.game
        counted = played(name, game, standings, local_date(game.created))
        if counted is None:
            left_out["unfinished"].append(name)
        else:
            games.append(counted)
    left_out["unfinished"].sort()
    left_out["damaged"].sort(key=lambda entry: entry["name"])
    return games, left_out


def _check_players(names: tuple[str, ...], known: dict[str, str]) -> None:
    """Each --player must have played a finished saved game: a typing mistake would give
    empty figures without a word."""
    import difflib

    from ..core.history import player_key
    from ..parsing.errors import InputError, Problem

    problems = []
    for name in names:
        if player_key(name) in known:
            continue
        close = difflib.get_close_matches(player_key(name), list(known), n=1, cutoff=0.6)
        hint = _(" (did you mean {word!r}?)").format(word=known[close[0]]) if close else ""
        problems.append(Problem("--player", None, name, _(
            "no finished saved game has this player{hint}; players: {players}").format(
            hint=hint, players=", ".join(sorted(known.values(), key=str.casefold)) or "-")))
    if problems:
        raise InputError(problems)

