"""`trajan stats`: a group's history in words, tables and two charts, and as JSON.

The charts are plain text (block characters, no colour: they read the same with NO_COLOR
and in a pipe) and fit the terminal's width down to 40 columns:

- where each player wins and loses points: per category, their average per game against
  the table's, a bar to the left for fewer points, to the right for more;
- each player's scores game by game (oldest first), one small bar per game, on one scale
  for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.history import Summary
from ..i18n import _, ngettext


def _sentence(text: str, width: int) -> str:
    """A line of words, broken at spaces to fit ``width`` (tables and charts are laid out
    to fit by themselves and never broken)."""
    from .text import wrap

    return "\n".join(wrap(text, width, hang=2))

#: A bar's cells grow by halves: full blocks, and a half block at the end.
FULL, HALF_RIGHT, HALF_LEFT = "\u2588", "\u258c", "\u2590"
#: Eight heights for the scores, lowest to highest.
LEVELS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"
AXIS = "\u2502"


def stats_answer(found: Sequence[Summary], filters: dict, left_out: dict) -> dict:
    """The --json answer: the filters as read, one entry per game, and what was left out."""
    from ..core.game import TITLES

    def rounded(value: float) -> float:
        return round(value, 2)

    return {
        "filters": filters,
        "games": [{
            "variant": s.variant,
            "game": TITLES[s.variant],
            "played": len(s.games),
            "first": s.first_day or None,
            "last": s.last_day or None,
            "names": [g.name for g in s.games],
            "players": [{
                "name": f.name, "games": f.games, "wins": f.wins, "best": f.best,
                "average": rounded(f.average), "longest_streak": f.longest_streak,
                "categories": {c: rounded(v) for c, v in f.categories.items()},
                "scores": list(f.scores),
            } for f in s.players],
            "table": {"average": rounded(s.table_average),
                      "categories": {c: rounded(v) for c, v in s.table_categories.items()}},
        } for s in found],
        "left_out": left_out,
    }


def stats_report(found: Sequence[Summary], left_out: dict, width: int = 80) -> str:
    """The readable report: for each game, the players' figures, their averages per
    category, and the two charts; then what was left out."""
    blocks = []
    for summary in found:
        blocks.append(_summary_text(summary, width))
    if not found:
        blocks.append(_sentence(_("No finished game matches."), width))
    leftover = _left_out_text(left_out)
    if leftover:
        blocks.append("\n".join(_sentence(line, width) for line in leftover.split("\n")))
    return "\n\n".join(blocks)


def _summary_text(summary: Summary, width: int) -> str:
    from ..core.game import TITLES
    from . import tables

    view = _view(summary.variant)
    n = len(summary.games)
    head = ngettext("{game}: {n} game", "{game}: {n} games", n).format(game=TITLES[summary.variant], n=n)
    if summary.first_day:
        head += " " + (_("on {day}").format(day=summary.first_day) if summary.first_day == summary.last_day
                       else _("from {first} to {last}").format(first=summary.first_day, last=summary.last_day))
    head = _sentence(head, width)
    figures = tables.table(
        [[f.name, str(f.games), str(f.wins), str(f.best), f"{f.average:.1f}", str(f.longest_streak)]
         for f in summary.players],
        headers=[_("Player"), _("Games"), _("Wins"), _("Best"), _("Average"), _("Longest streak")],
        tablefmt="simple", disable_numparse=True, colalign=("left", *("right",) * 5), width=width,
        shrink=range(6))
    names = {c: view.category_name(_category(summary.variant, c)) for c in summary.categories}
    parts = [head, figures,
             _sentence(_("Average per game by category"), width) + "\n" + category_table(summary, names, width),
             won_and_lost_chart(summary, names, width)]
    if any(len(f.scores) > 1 for f in summary.players):
        parts.append(scores_chart(summary, width))
    return "\n\n".join(parts)


def category_table(summary: Summary, names: dict[str, str], width: int) -> str:
    """Each player's average per game in each category, and the table's: a line per
    player, or, when that is wider than ``width``, a line per category (a column per
    player), whichever fits."""
    from . import tables
    from .text import visible_len

    def cells(values: dict[str, float], total: float) -> list[str]:
        return [*(f"{values[c]:.1f}" for c in summary.categories), f"{total:.1f}"]

    columns = [*(names[c] for c in summary.categories), _("Total")]
    rows = [[f.name, *cells(f.categories, f.average)] for f in summary.players]
    rows.append([_("Table"), *cells(summary.table_categories, summary.table_average)])
    by_player = tables.table(rows, headers=[_("Player"), *columns], tablefmt="simple", disable_numparse=True,
                             colalign=("left", *("right",) * len(columns)))
    if max(visible_len(line) for line in by_player.splitlines()) <= width:
        return by_player
    by_category = tables.table([[heading, *(row[i + 1] for row in rows)] for i, heading in enumerate(columns)],
                               headers=["", *(row[0] for row in rows)], tablefmt="simple", disable_numparse=True,
                               colalign=("left", *("right",) * len(rows)))
    return min(by_player, by_category, key=lambda text: max(visible_len(line) for line in text.splitlines()))


def _view(variant: str):
    """How a game's standings name its categories (render.standings.view_of, by kind)."""
    from ..core.game import FORUM_TRAJANUM

    if variant == FORUM_TRAJANUM:
        from .standings import FORUM_TRAJANUM_VIEW

        return FORUM_TRAJANUM_VIEW
    from .classic import STANDINGS_VIEW

    return STANDINGS_VIEW


def _category(variant: str, value: str):
    from ..core.game import FORUM_TRAJANUM, Category

    if variant == FORUM_TRAJANUM:
        return Category(value)
    from ..core.classic.vocabulary import ClassicCategory

    return ClassicCategory(value)


def won_and_lost_chart(summary: Summary, names: dict[str, str], width: int = 80) -> str:
    """Each player's average per category against the table's: bars to the left of the
    axis for points fewer than a seat at the table makes on average, to the right for more.
    One scale for all: the largest difference takes the whole half."""
    label = max(len(name) for name in names.values())
    number = 6  # "-12.5"
    half = max(4, min(20, (width - 2 - label - 1 - number - 2 - 1) // 2))
    differences = {f.name: {c: f.categories[c] - summary.table_categories[c] for c in summary.categories}
                   for f in summary.players}
    largest = max((abs(d) for by in differences.values() for d in by.values()), default=0.0)
    lines = [_sentence(_("Where the points are won and lost: each category's average per game against "
                         "the table's ({left} fewer, {right} more)").format(left=HALF_LEFT + FULL + AXIS,
                                                                             right=AXIS + FULL + HALF_RIGHT),
                       width)]
    for figures in summary.players:
        lines.append(figures.name)
        for category in summary.categories:
            difference = differences[figures.name][category]
            left, right = bars(difference, largest, half)
            lines.append(f"  {names[category]:<{label}} {difference:+{number}.1f} {left:>{half}}{AXIS}{right}".rstrip())
    return "\n".join(lines)


def bars(value: float, largest: float, half: int) -> tuple[str, str]:
    """The bar of ``value`` on a scale where ``largest`` fills ``half`` cells, in half
    cells: (the part left of the axis, the part right of it); one of them is empty."""
    if largest <= 0:
        return "", ""
    halves = round(abs(value) / largest * 2 * half)
    if halves == 0:
        return "", ""
    full, rest = divmod(halves, 2)
    if value < 0:
        return (HALF_LEFT if rest else "") + FULL * full, ""
    return "", FULL * full + (HALF_RIGHT if rest else "")


def scores_chart(summary: Summary, width: int = 80) -> str:
    """Each player's scores, game by game, oldest first: one block per game, its height on
    one scale from the lowest score of all to the highest; the latest games when there
    are more than the line holds."""
    scores = [s for f in summary.players for s in f.scores]
    low, high = min(scores), max(scores)
    label = max(len(f.name) for f in summary.players)
    room = max(8, width - 2 - label - 1 - 1 - len(f"{low}-{high}") - 3)
    lines = [_sentence(_("Scores game by game, oldest first (from {low} to {high} points)").format(
        low=low, high=high), width)]
    rows = []
    for figures in summary.players:
        shown = figures.scores[-room:]
        more = "\u2026" if len(figures.scores) > room else ""
        low_high = (f"{figures.scores[0]}" if len(set(figures.scores)) == 1
                    else f"{min(figures.scores)}-{max(figures.scores)}")
        rows.append((figures.name, more + "".join(level(s, low, high) for s in shown), low_high))
    marks = max(len(row[1]) for row in rows)
    lines += [f"  {name:<{label}} {bars:<{marks}}  {low_high}" for name, bars, low_high in rows]
    return "\n".join(lines)


def level(score: int, low: int, high: int) -> str:
    """The block for ``score`` between ``low`` (lowest) and ``high`` (highest)."""
    if high == low:
        return LEVELS[len(LEVELS) // 2]
    return LEVELS[round((score - low) / (high - low) * (len(LEVELS) - 1))]


def _left_out_text(left_out: dict) -> str:
    lines = []
    unfinished = left_out.get("unfinished", [])
    if unfinished:
        lines.append(_("Left out, not finished: {games}").format(games=", ".join(unfinished)))
    for damaged in left_out.get("damaged", []):
        lines.append(_("Left out, damaged: {name} ({problem})").format(name=damaged["name"],
                                                                      problem=damaged["problem"]))
    return "\n".join(lines)
