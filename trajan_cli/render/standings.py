"""Standings tables, scored lines, the final ranking and the game's JSON answer."""

from __future__ import annotations

from ..core.game import Category, Game, Step
from ..core.standings import ACTIVE_CITIZENS, POINTS, RESOURCES_LEFT, SHARED
from ..core.vocabulary import Cycle
from ..core.walkthrough import Progress, Scored
from ..i18n import _
from . import ansi
from .names import fill

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


def event_line(event: Scored) -> str:
    text = fill(event.text, event.params)
    who = event.player or _("the table")
    if event.category is None:
        return f"  {who}: {text}"
    return f"  {who}: {ansi.bold(f'{event.points:+d}')}  {text}"


def _table(rows, headers) -> str:
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", numalign="right")


def standings_table(game: Game, progress: Progress, highlight: tuple[Cycle, Step] | None = None) -> str:
    """This cycle's points by category and the running totals; the step just scored stands out."""
    breakdown = progress.breakdown()
    totals = progress.totals()
    cycle = highlight[0] if highlight else _last_cycle(game, progress)
    marked = set(STEP_COLUMNS[highlight[1]]) if highlight else set()
    headers = [_("Player")] + [
        ansi.paint(category_name(c), "1", "7") if c in marked else category_name(c) for c in Category
    ] + [_("Cycle {cycle}").format(cycle=cycle.numeral), _("Total")]
    rows = []
    for player in sorted(game.players, key=lambda p: -totals.get(p, 0)):
        cells = breakdown.get(player, {}).get(cycle, {})
        values = [cells.get(c, 0) for c in Category]
        shown = [ansi.bold(str(v)) if c in marked else v for c, v in zip(Category, values, strict=True)]
        rows.append([player, *shown, sum(values), totals.get(player, 0)])
    title = _("Standings after {step}, cycle {cycle}").format(
        step=step_name(highlight[1]), cycle=cycle.numeral) if highlight else _("Standings")
    lines = ["", ansi.bold(title), _table(rows, headers)]
    if progress.ranking is not None:
        lines += ["", ranking_text(progress)]
    return "\n".join(lines)


def _last_cycle(game: Game, progress: Progress) -> Cycle:
    cycles = [e.cycle for e in progress.events]
    return max(cycles) if cycles else game.first_cycle


def overview_table(game: Game, progress: Progress) -> str:
    """Every category per cycle, for `trajan game show`."""
    breakdown = progress.breakdown()
    totals = progress.totals()
    cycles = list(game.scored_cycles)
    headers = [_("Player"), _("Category")] + [c.numeral for c in cycles] + [_("Sum")]
    rows = []
    for player in game.players:
        by_cycle = breakdown.get(player, {})
        for category in Category:
            values = [by_cycle.get(c, {}).get(category, 0) for c in cycles]
            rows.append([player, category_name(category), *values, sum(values)])
        per_cycle = [sum(by_cycle.get(c, {}).values()) for c in cycles]
        rows.append([ansi.bold(player), ansi.bold(_("Total")), *per_cycle, ansi.bold(str(totals.get(player, 0)))])
    return _table(rows, headers)


def ranking_text(progress: Progress) -> str:
    ranking = progress.ranking
    winners = ranking.winners
    points = ranking.places[0].points
    reason = {
        POINTS: _("most points"),
        ACTIVE_CITIZENS: _("tie on points, decided by the first tie-break: most active citizens"),
        RESOURCES_LEFT: _("tie on points and active citizens, decided by the second tie-break: "
                          "most resources left"),
        SHARED: _("tie on points, active citizens and resources left: the victory is shared"),
    }[ranking.decided_by]
    if len(winners) == 1:
        head = _("{player} wins with {points} points ({reason}).").format(
            player=winners[0], points=points, reason=reason)
    else:
        head = _("{players} share the victory with {points} points ({reason}).").format(
            players=" & ".join(winners), points=points, reason=reason)
    lines = [ansi.bold(head)]
    for place in ranking.places:
        lines.append(f"  {place.place}. {' & '.join(place.players)}: {place.points}")
    return "\n".join(lines)


def game_answer(game: Game, progress: Progress) -> dict:
    """`trajan game show --json`: players with name and total, and the breakdown."""
    totals = progress.totals()
    breakdown = progress.breakdown()
    ranking = progress.ranking
    players = []
    for name in game.players:
        cycles = {
            str(int(c)): {cat.value: breakdown.get(name, {}).get(c, {}).get(cat, 0) for cat in Category}
            for c in game.scored_cycles
        }
        entry = {"name": name, "total": totals.get(name, 0), "cycles": cycles}
        if ranking is not None:
            entry["place"] = ranking.place_of(name)
        players.append(entry)
    answer = {
        "name": game.name,
        "players": players,
        "finished": progress.finished,
        "start_player": game.start_player,
        "intro": game.intro,
        "cards": {str(int(c)): card for c, card in game.cards_in_play().items()},
        "answers": progress.answered,
    }
    if progress.question is not None:
        answer["next"] = {"cycle": int(progress.question.cycle), "step": progress.question.step.value,
                          "player": progress.question.player}
    if ranking is not None:
        answer["winners"] = list(ranking.winners)
        answer["decided_by"] = ranking.decided_by
    return answer
