"""Readable scoring reports: every number with where it came from and the rulebook page."""

from __future__ import annotations

from ..core.colonia import name as colonia_name
from ..core.forum import name as forum_name
from ..core.ruleset import Rules
from ..core.scoring import ColoniaScore, CranesScore, ForumScore
from ..i18n import _, ngettext
from . import tables
from .names import citizen_name, colour_name, gray_name


def _table(rows, headers, colalign=None, shrink=()) -> str:
    from .text import terminal_width

    return tables.table(rows, headers=headers, tablefmt="simple", colalign=colalign,
                        width=terminal_width(), shrink=shrink)


def _cells(squares) -> str:
    return ", ".join(squares) if squares else "-"


def colonia_report(player: str, score: ColoniaScore, rules: Rules) -> str:
    rows = []
    for r in score.rows:
        types = ", ".join(gray_name(t) for t in r.gray_types) or "-"
        if r.gray_buildings > len(r.gray_types):
            types += " " + ngettext("({n} building)", "({n} buildings)", r.gray_buildings).format(n=r.gray_buildings)
        # Types x multiplier = points in one column: the gray buildings get the room, so
        # that even the French names fit on two lines at 80 columns.
        rows.append([r.row, citizen_name(r.citizen), r.active_citizens, types,
                     f"{len(r.gray_types)} x {r.multiplier} = {r.points}"])
    table = _table(rows, [_("Row"), _("Citizen"), _("Active"), _("Different gray buildings"), _("Points")],
                   colalign=("right", "left", "right", "left", "right"), shrink=(3,))
    return "\n".join([
        _("Colonia scoring for {player} ({page})").format(player=player,
                                                          page=rules.page("colonia_rows")),
        _("Each row: different gray building types x 1, 2 or 3 for 0, 1 or 2 active citizens."),
        "",
        table,
        "",
        _("Total: {total}").format(total=score.total),
    ])


def cranes_report(player: str, score: CranesScore, rules: Rules) -> str:
    lines = [_("Construction cranes for {player}, scoring after cycle {cycle} ({page})").format(
        player=player, cycle=score.cycle.numeral, page=rules.page("construction_cranes"))]
    if not score.cranes:
        lines.append(_("No crane shows its colour: nothing to score. (A crane scored earlier "
                       "lies colourless, K.)"))
    for c in score.cranes:
        lines.append(ngettext("{cell}: {colour} crane, {n} {colour} structure ({cells}) x {each} "
                              "= {points}",
                              "{cell}: {colour} crane, {n} {colour} structures ({cells}) x {each} "
                              "= {points}", len(c.structures)).format(cell=colonia_name(c.square),
                                                                      colour=colour_name(c.colour),
                                          n=len(c.structures),
                                          cells=_cells([colonia_name(s) for s in c.structures]),
                                          each=c.points_each, points=c.points))
    lines += ["", _("Total: {total}").format(total=score.total)]
    if score.cranes:
        lines.append(_("Then turn these cranes to their colourless side (K)."))
    return "\n".join(lines)


def forum_report(player_name: str, score: ForumScore, rules: Rules, patrician_i: bool) -> str:
    e = score.eagles
    page = rules.page("forum_scoring")
    on, beside, diagonal = rules.eagle_points
    lines = [_("Forum scoring for {player} ({page})").format(player=player_name, page=page), ""]
    lines.append(_("Eagles: {n} on an eagle space x {v} ({cells})").format(
        n=len(e.on), v=on, cells=_cells([forum_name(s) for s in e.on])))
    lines.append(_("        {n} beside an eagle space x {v} ({cells})").format(
        n=len(e.orthogonal), v=beside, cells=_cells([forum_name(s) for s in e.orthogonal])))
    if patrician_i:
        lines.append(_("        {n} diagonal to an eagle space x {v}, Patrician I ({cells})").format(
            n=len(e.diagonal), v=diagonal, cells=_cells([forum_name(s) for s in e.diagonal])))
    lines.append(_("        eagle points: {points}").format(points=e.points))
    if rules.readings.house().get("eagle-envoy"):
        import textwrap

        lines += textwrap.wrap(_("(house rule eagle-envoy=add: an envoy on an eagle space that "
                                 "borders another one is counted on and beside)"), 78,
                               initial_indent=" " * 8, subsequent_indent=" " * 9)
    lines.append("")
    size = len(score.largest_area)
    lines.append(_("Largest connected group of envoys: {n} ({cells})").format(
        n=size, cells=_cells([forum_name(s) for s in score.largest_area])))
    if score.area_points is None:
        lines.append(_("Read the points under {n} on your slide bar and add them "
                       "(or pass --area-points N).").format(n=size))
    else:
        lines.append(_("Points for it, read on the slide bar: {points}").format(
            points=score.area_points))
        lines += ["", _("Total: {total}").format(total=score.total)]
    return "\n".join(lines)
