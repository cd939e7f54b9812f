"""Standings tables, scored lines, the final ranking and the game's JSON answer.

The tables serve both games: a :class:`~.views.View` says which columns a game has, what
its steps and periods are called and how its ranking was decided. What they show is read
from a replay's Progress or from the core.standings.Standings of one (kept in the game's
snapshot): both answer ``totals()``, ``breakdown()``, ``ranking``, ``question`` and
``answered`` alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.game import FORUM_TRAJANUM, TITLES, TRAJAN, Category, Game, Step
from ..core.standings import ACTIVE_CITIZENS, POINTS, RESOURCES_LEFT, SHARED

if TYPE_CHECKING:  # the scoring script is not imported to show standings a snapshot holds
    from ..core.scoring_phase.questions import Scored
    from ..core.standings import Standings
    from ..core.state import GameState as Progress
from ..i18n import _, ngettext
from . import ansi, tables
from .names import fill
from .views import View

#: Which standings column a scoring step fills (pay fills "play": points made in the cycle).
STEP_COLUMNS = {
    Step.PAY: (Category.PLAY,),
    Step.CRANES: (Category.CRANES,),
    Step.COLONIA: (Category.COLONIA,),
    Step.FORUM: (Category.EAGLES, Category.AREA),
    Step.TRAJAN: (Category.TRAJAN,),
}


def category_name(category: Category) -> str:
    return {
        Category.PLAY: _("During play"),
        Category.CRANES: _("Cranes"),
        Category.COLONIA: _("Colonia"),
        Category.EAGLES: _("Eagles"),
        Category.AREA: _("Area"),
        Category.TRAJAN: _("Trajan"),
    }[category]


def step_name(step: Step) -> str:
    return {
        Step.PAY: _("pay citizens"),
        Step.CRANES: _("construction cranes"),
        Step.COLONIA: _("colonia"),
        Step.FORUM: _("forum"),
        Step.TRAJAN: _("Trajan card"),
    }[step]


def ranking_reason(decided_by: str) -> str:
    return {
        POINTS: _("most points"),
        ACTIVE_CITIZENS: _("tie on points, decided by the first tie-break: most active citizens"),
        RESOURCES_LEFT: _("tie on points and active citizens, decided by the second tie-break: "
                          "most resources left"),
        SHARED: _("tie on points, active citizens and resources left: the victory is shared"),
    }[decided_by]


FORUM_TRAJANUM_VIEW = View(tuple(Category), category_name, step_name, STEP_COLUMNS,
                           lambda: _("Cycle {cycle}"), lambda: _("cycle {cycle}"),
                           "cycle", ranking_reason)


def view_of(game: Game) -> View:
    if game.variant == FORUM_TRAJANUM:
        return FORUM_TRAJANUM_VIEW
    from .classic import STANDINGS_VIEW

    return STANDINGS_VIEW


def period_name(game: Game, period) -> str:
    """A cycle or quarter as a sentence names it: "cycle III", "quarter IV"."""
    return view_of(game).period_text().format(cycle=period.numeral)


def event_line(event: Scored) -> str:
    text = fill(event.text, event.params)
    who = event.player or _("the table")
    if event.category is None:
        return f"  {who}: {text}"
    return f"  {who}: {ansi.bold(f'{event.points:+d}')}  {text}"


def _table(rows, headers, shrink=()) -> str:
    """A table for the terminal: the headings of the ``shrink`` columns go on two lines
    ("During / play") when it would be wider than the terminal."""
    from .text import terminal_width

    return tables.table(rows, headers=headers, tablefmt="simple", numalign="right",
                        width=terminal_width(), shrink=shrink)


def standings_table(game: Game, progress: Progress, highlight: tuple[Any, Any] | None = None,
                    steps: Sequence[Any] = ()) -> str:
    """This period's points by category and the running totals. The steps just scored
    (``steps`` and ``highlight``'s step) stand out, and the title names them."""
    view = view_of(game)
    breakdown = progress.breakdown()
    totals = progress.totals()
    cycle = highlight[0] if highlight else _last_cycle(game, progress)
    marked = {column for step in (*steps, *(highlight[1:] if highlight else ()))
              for column in view.step_columns.get(step, ())}
    headers = [_("Player")] + [
        ansi.paint(view.category_name(c), "1", "7") if c in marked else view.category_name(c)
        for c in view.categories
    ] + [view.period_label().format(cycle=cycle.numeral), _("Total")]
    rows = []
    for player in sorted(game.players, key=lambda p: -totals.get(p, 0)):
        cells = breakdown.get(player, {}).get(cycle, {})
        values = [cells.get(c, 0) for c in view.categories]
        shown = [ansi.bold(str(v)) if c in marked else v for c, v in zip(view.categories, values, strict=True)]
        rows.append([player, *shown, sum(values), totals.get(player, 0)])
    named = list(dict.fromkeys((*steps, *(highlight[1:] if highlight else ()))))
    title = _("Standings after {step}, {period}").format(
        step=joined([view.step_name(s) for s in named]), period=period_name(game, cycle)) if highlight \
        else _("Standings")
    lines = ["", ansi.bold(title), _table(rows, headers, shrink=range(len(headers)))]
    if progress.ranking is not None:
        lines += ["", ranking_text(progress, view)]
    return "\n".join(lines)


def joined(names: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _last_cycle(game: Game, progress: Progress):
    cycles = [e.cycle for e in progress.events]
    return max(cycles) if cycles else game.first_cycle


def overview_table(game: Game, progress: Progress | Standings, uncounted: dict | None = None) -> str:
    """Every category per period, for `trajan game show`: a line per player and period
    (the player named on the first), its sum, and the running total. ``uncounted``: period
    -> player -> points scored during play that the scoring phase has not counted yet,
    shown among the points of play (PlayState.uncounted)."""
    view = view_of(game)
    breakdown = progress.breakdown()
    for period, by_player in (uncounted or {}).items():
        for player, points in by_player.items():
            cell = breakdown.setdefault(player, {}).setdefault(period, {})
            cell[Category.PLAY] = cell.get(Category.PLAY, 0) + points
    periods = list(game.scored_cycles)
    headers = [_("Player"), view.period_label().format(cycle="").strip(),
               *(view.category_name(c) for c in view.categories), _("Sum"), _("Total")]
    rows = []
    for player in game.players:
        by_period = breakdown.get(player, {})
        running = 0
        for index, period in enumerate(periods):
            values = [by_period.get(period, {}).get(category, 0) for category in view.categories]
            running += sum(values)
            last = index == len(periods) - 1
            rows.append([player if index == 0 else "", period.numeral, *values, sum(values),
                         ansi.bold(str(running)) if last else running])
    return _table(rows, headers, shrink=range(len(headers)))


def ranking_text(progress: Progress | Standings, view: View = FORUM_TRAJANUM_VIEW) -> str:
    ranking = progress.ranking
    winners = ranking.winners
    points = ranking.places[0].points
    reason = view.ranking_reason(ranking.decided_by)
    if len(winners) == 1:
        head = ngettext("{player} wins with {n} point ({reason}).",
                        "{player} wins with {n} points ({reason}).", points).format(
            player=winners[0], n=points, reason=reason)
    else:
        head = ngettext("{players} share the victory with {n} point ({reason}).",
                        "{players} share the victory with {n} points ({reason}).", points).format(
            players=" & ".join(winners), n=points, reason=reason)
    lines = [ansi.bold(head)]
    for place in ranking.places:
        lines.append(f"  {place.place}. {' & '.join(place.players)}: {place.points}")
    return "\n".join(lines)


def house_lines(game: Game, compact: bool = False) -> list[str]:
    """The game's house rules, one line each with what it means (none: the tool's readings);
    ``compact``: named in one line, wrapped (``trajan game show`` fits one screen)."""
    house = game.readings.house()
    if not house:
        return []
    classic = game.variant == TRAJAN
    if compact:
        from .text import wrap

        rules = ", ".join(f"{name}={value}" for name, value in house.items())
        return wrap((_("House rules (trajan rules readings --variant trajan): {rules}.") if classic else
                     _("House rules (trajan rules readings): {rules}.")).format(rules=rules), hang=2)
    import textwrap

    from ..rulesdata import load_classic_readings, load_readings

    info: dict = dict(load_classic_readings() if classic else load_readings())
    lines = [_("House rules (open cases read the other way; trajan rules readings --variant trajan):")
             if classic else _("House rules (open cases read the other way; trajan rules readings):")]
    for name, value in house.items():
        lines += textwrap.wrap(f"{name}={value}: {_(info[name].values[value])}", 78,
                               initial_indent="  ", subsequent_indent="    ")
    return lines


def game_answer(game: Game, progress: Progress | Standings) -> dict:
    """`trajan game show --json`: players with name and total, and the breakdown.

    A Forum Trajanum game lists "cycles", its cards and whether it is the introductory
    game; a Trajan game lists "quarters". Both say which game they are ("variant").
    """
    view = view_of(game)
    periods = view.period_key + "s"
    totals = progress.totals()
    breakdown = progress.breakdown()
    ranking = progress.ranking
    players = []
    for name in game.players:
        cycles = {
            str(int(c)): {cat.value: breakdown.get(name, {}).get(c, {}).get(cat, 0) for cat in view.categories}
            for c in game.scored_cycles
        }
        entry = {"name": name, "total": totals.get(name, 0), periods: cycles}
        if ranking is not None:
            entry["place"] = ranking.place_of(name)
        players.append(entry)
    answer: dict = {
        "name": game.name,
        "players": players,
        "finished": progress.finished,
        "start_player": game.start_player,
    }
    if game.variant == FORUM_TRAJANUM:
        answer["intro"] = game.intro
        answer["cards"] = {str(int(c)): card for c, card in game.cards_in_play().items()}
    answer["house"] = game.readings.house()  # the open cases read the other way
    answer["answers"] = progress.answered
    answer["variant"] = game.variant
    answer["game"] = TITLES[game.variant]
    if progress.question is not None:
        answer["next"] = {view.period_key: int(progress.question.cycle),
                          "step": progress.question.step.value, "player": progress.question.player}
    answer["what_next"] = progress.next().to_json()  # a turn, a round, a scoring question
    if ranking is not None:
        answer["winners"] = list(ranking.winners)
        answer["decided_by"] = ranking.decided_by
    return answer
