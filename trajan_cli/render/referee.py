"""The referee's words: reasons, payments and benefits as sentences, JSON answers, reports.

JSON answers keep the keys docs/json.md lists (``legal``, ``reasons``, ``payments``, ``benefit``;
``legal``, ``reasons``, ``legal_cells``, ``completes_area``) and add structured ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..core.colonia import Cell
from ..core.referee.build import (
    Benefit,
    BuildVerdict,
    ColumnBenefit,
    EnvoyBenefit,
    TileError,
    TileProblem,
    TrackBenefit,
)
from ..core.referee.payment import Bag, Payment, Resource, Step, StepKind
from ..core.referee.verdict import Rule, Square, Via, Violation
from ..core.ruleset import Rules, TrackStep
from ..core.vocabulary import CellKind, Citizen, GrayType, square_name
from ..i18n import _, ngettext
from .names import citizen_name, colour_name, gray_name

if TYPE_CHECKING:  # the envoy referee is loaded only by `check envoy`
    from ..core.referee.envoy import EnvoyJudgement, EnvoyVerdict

# --- Small words ---------------------------------------------------------------------


def cell_names(squares: Iterable[Square]) -> list[str]:
    return [square_name(*sq) for sq in squares]


def _cells(squares: Iterable[Square]) -> str:
    return ", ".join(cell_names(squares)) or "-"


def _amount(resource: Resource, n: int) -> str:
    # Each language chooses the form by its own rule (French says "0 pièce").
    if resource.colour is not None:
        colour = colour_name(resource.colour)
        return ngettext("{n} {colour} worker", "{n} {colour} workers", n).format(n=n, colour=colour)
    if resource is Resource.BUILDER:
        return ngettext("{n} builder", "{n} builders", n).format(n=n)
    if resource is Resource.ASSISTANT:
        return ngettext("{n} assistant", "{n} assistants", n).format(n=n)
    if resource is Resource.COIN:
        return ngettext("{n} coin", "{n} coins", n).format(n=n)
    return ngettext("{n} tribune", "{n} tribunes", n).format(n=n)


def bag_text(bag: Bag) -> str:
    return " + ".join(_amount(r, n) for r, n in bag) or _("nothing")


def part_name(cell: Cell) -> str:
    if cell.kind is CellKind.GRAY:
        return gray_name(cell.gray)
    return _("{colour} structure").format(colour=colour_name(cell.colour))


def step_text(step: Step, rules: Rules) -> str:
    counts: dict[Resource, int] = {}
    for r in step.give:
        counts[r] = counts.get(r, 0) + 1
    give = " + ".join(_amount(r, n) for r, n in counts.items())
    if step.kind is StepKind.WORKERS_TO_BUILDER:
        return _("{give} -> 1 builder ({page})").format(give=give,
                                                       page=rules.page("workers_to_builder"))
    if step.kind is StepKind.COLOUR_CHANGE:
        return _("{give} build {colour} ({page})").format(
            give=give, colour=colour_name(step.get.colour), page=rules.page("assistant_colour"))
    return _("{citizen}: {give} -> {get} ({page})").format(
        citizen=citizen_name(step.citizen), give=give, get=_amount(step.get, 1),
        page=rules.citizens[step.citizen].page)


# --- Reasons -------------------------------------------------------------------------


def _area_text(area: Iterable[Square], free: Iterable[Square]) -> str:
    return _("{cells} (free: {free})").format(cells=_cells(area), free=_cells(free))


def reason_text(v: Violation, rules: Rules) -> str:
    """One broken rule as a sentence a player understands, with its page."""
    return _capital(_reason_text(v, rules))


def _reason_text(v: Violation, rules: Rules) -> str:
    cells = cell_names(v.cells)
    cell = cells[0] if cells else ""
    page = str(v.page)
    d = v.details
    match v.rule:
        case Rule.COVERED:
            return _("{cell} is still covered by its Colonia tile: a building tile goes only "
                     "on a vacated space ({page}).").format(cell=cell, page=page)
        case Rule.CRANE:
            if d.get("uncovered"):
                return _("{cell} is a corner holding a construction crane: cranes are never "
                         "built over ({page}).").format(cell=cell, page=page)
            return _("{cell} is a corner: its construction crane lies under the Colonia tile "
                     "and is never built over, covered or not ({page}).").format(cell=cell,
                                                                                  page=page)
        case Rule.TEMPLE:
            return _("{cell} is a temple: temples are never built over ({page}).").format(
                cell=cell, page=page)
        case Rule.OCCUPIED:
            return _("{cell} is already built on ({what}): a building tile goes only on a "
                     "vacated space ({page}).").format(cell=cell, what=part_name(d["cell"]),
                                                       page=page)
        case Rule.SAME_SPACE:
            return _("{cell} is given twice: the two halves of a double tile cover two "
                     "spaces ({page}).").format(cell=cell, page=page)
        case Rule.NOT_NEIGHBOURS:
            return _("{a} and {b} are not neighbours: a double tile covers two spaces side by "
                     "side or one above the other ({page}).").format(a=cells[0], b=cells[1],
                                                                      page=page)
        case Rule.NO_PAYMENT:
            return _no_payment_text(d, page)
        case Rule.SQUARE_TAKEN:
            return _("{cell} already holds an envoy of {player} ({page}).").format(
                cell=cell, player=d["player"], page=page)
        case Rule.EAGLE:
            if d["via"] is Via.MARKET:
                return _("{cell} is an eagle space: the third market benefit places an envoy "
                         "on a coloured square, never on an eagle ({page}).").format(cell=cell,
                                                                                    page=page)
            return _("{cell} is an eagle space: an envoy goes there only with the third "
                     "library benefit ({page}).").format(cell=cell, page=page)
        case Rule.NOT_EAGLE:
            return _("{cell} is {colour}: the third library benefit places an envoy on an "
                     "eagle space ({page}).").format(cell=cell, colour=colour_name(d["colour"]),
                                                     page=page)
        case Rule.WRONG_COLOUR:
            return _("{cell} is {square}: an envoy goes on a square of the colour just built, "
                     "{colour} ({page}).").format(
                cell=cell, square=colour_name(d["square_colour"]),
                colour=colour_name(d["colour"]), page=page)
        case Rule.STARTED_AREA:
            areas = "; ".join(_area_text(a, f) for a, f in zip(d["areas"], d["free"], strict=True))
            text = (_("{cell} is outside the started {colour} area, which still has free "
                      "squares, so the envoy must go there: {areas} ({page}; Patrician I may "
                      "ignore this, {ppage}).") if len(d["areas"]) == 1 else
                    _("{cell} is outside the started {colour} areas, which still have free "
                      "squares, so the envoy must go into one of them: {areas} ({page}; "
                      "Patrician I may ignore this, {ppage})."))
            return text.format(cell=cell, colour=colour_name(d["colour"]), areas=areas,
                               page=page, ppage=d["patrician_page"])
        case Rule.NO_ENVOY:
            return _("no envoy is left on your ship, so none can be placed ({page}).").format(
                page=page)
        case Rule.NO_FREE_SQUARE:
            if d["via"] is Via.LIBRARY:
                return _("no eagle space is free in the forum ({page}).").format(page=page)
            if d["via"] is Via.MARKET:
                return _("no coloured square is free in the forum ({page}).").format(page=page)
            return _("no {colour} square is free in the forum ({page}).").format(
                colour=colour_name(d["colour"]), page=page)
    raise AssertionError(v.rule)


def _no_payment_text(details: Mapping, page: str) -> str:
    options = details["missing"]
    if not options:
        return _("your supply cannot pay for this tile ({page}).").format(page=page)
    if len(options) == 1:
        return _("your supply cannot pay for this tile, even with the exchanges allowed this "
                 "turn; it would need {more} in addition ({page}).").format(
            more=bag_text(options[0]), page=page)
    return _("your supply cannot pay for this tile, even with the exchanges allowed this "
             "turn; any one of these in addition would do: {more} ({page}).").format(
        more="; ".join(bag_text(bag) for bag in options), page=page)


def tile_error_text(error: TileError) -> str:
    """What to write instead of a TILE that names no building tile."""
    kinds = _("use lib, col, bas, mkt, b, g, o or y (or long names such as library, green)")
    match error.problem:
        case TileProblem.UNKNOWN_PART:
            return _("not a building; {kinds}").format(kinds=kinds)
        case TileProblem.EMPTY_PART:
            return _("a part of the tile is missing; write a single tile (lib, g) or a double "
                     "tile as two parts joined by + (col+g, g+g)")
        case TileProblem.TOO_MANY_PARTS:
            return _("a tile has one part or two (a double tile, such as col+g or g+g)")
        case TileProblem.TWO_GRAY:
            return _("no double tile shows two gray buildings: a double tile is a gray building "
                     "with a coloured structure (col+g) or two structures of one colour (g+g) "
                     "(p. 23)")
        case TileProblem.TWO_COLOURS:
            return _("no double tile shows two colours: a double tile is a gray building with a "
                     "coloured structure (col+g) or two structures of one colour (g+g) (p. 23)")
    raise AssertionError(error.problem)


# --- Benefits ------------------------------------------------------------------------


def _step_text(step: TrackStep, rules: Rules) -> str:
    if step.action:
        text = _(rules.track_actions[step.action]).rstrip(".")
        return text[:1].lower() + text[1:]
    return _(" and ").join(_gain(name, n) for name, n in step.gain.items())


def step_choice_text(step: TrackStep, rules: Rules) -> str:
    """One benefit to choose from: its space and what it gives, e.g. '[2] 1 builder'."""
    return f"[{step.step}] {_capital(_step_text(step, rules))}"


def _gain(name: str, n: int) -> str:
    if name == "upgrade":
        return ngettext("{n} upgrade", "{n} upgrades", n).format(n=n)
    if name == "worker":
        return ngettext("{n} worker of your choice", "{n} workers of your choice", n).format(n=n)
    return _amount(Resource(name), n)


def _column_points(c: ColumnBenefit, rules: Rules) -> str:
    if c.score is None:
        return _("the column value of the current cycle (3, 2 or 1 in cycle I, II or III; give "
                 "--cycle) + {n} for your active citizens").format(n=c.active_citizens)
    return ngettext("{value} (cycle {cycle}) + {n} for your active citizens = {points} point",
                    "{value} (cycle {cycle}) + {n} for your active citizens = {points} points",
                    c.score.points).format(
        value=c.score.fragment_value, cycle=c.score.cycle.numeral, n=c.active_citizens,
        points=c.score.points)


def benefit_text(b: Benefit, rules: Rules, ship: int) -> str:
    return _capital(_benefit_text(b, rules, ship))


def _benefit_text(b: Benefit, rules: Rules, ship: int) -> str:
    page = rules.page("column_fragments")
    if isinstance(b, ColumnBenefit):
        return _("Triumphal column at {cell}: {points} ({page}).").format(
            cell=square_name(*b.square), points=_column_points(b, rules), page=page)
    if isinstance(b, TrackBenefit):
        name = gray_name_of_track(b)
        if b.to_step is None:
            return _("{building} at {cell}: the {building} track is finished, so no benefit "
                     "any more ({page}).").format(building=name, cell=square_name(*b.square),
                                                   page=rules.page("tracks"))
        text = _("{building} at {cell}: the marker moves from space {a} to {b} ({page}).").format(
            building=name, cell=square_name(*b.square), a=b.from_step, b=b.to_step,
            page=rules.page("tracks"))
        # The benefit reached first, then the earlier ones it may be swapped for.
        offered = [f"[{s.step}] {_with_ship(_step_text(s, rules), s, ship)}."
                   for s in reversed(b.choices)]
        if len(offered) == 1:
            text += " " + _("Take: {benefit}").format(benefit=offered[0])
        else:
            text += " " + _("Choose one: {benefits}").format(benefits=" ".join(offered))
        if b.column is not None:
            text += " " + _("The marker then moves next to Trajan's column and scores like a "
                            "triumphal column: {points}.").format(
                points=_column_points(b.column, rules))
        return text
    if isinstance(b, EnvoyBenefit):
        page = rules.page("envoys")
        colour = colour_name(b.colour)
        if b.envoys == 0:
            text = (_("{colour} structure at {cells}: no envoy waits on your ship, so it "
                      "brings no benefit ({page}).") if len(b.squares) == 1 else
                    _("{colour} structures at {cells}: no envoy waits on your ship, so they "
                      "bring no benefit ({page})."))
            return text.format(colour=colour, cells=_cells(b.squares), page=page)
        if b.free == ():  # the forum is known and holds no square for it
            text = (_("{colour} structure at {cells}.") if len(b.squares) == 1 else
                    _("{colour} structures at {cells}."))
            return text.format(colour=colour, cells=_cells(b.squares)) + " " + \
                no_free_square_text(b.colour, rules)
        text = (_("{colour} structure at {cells}: you may send 1 envoy to an empty {colour} "
                  "square of the forum, if one is free ({page})") if b.envoys == 1 else
                _("{colour} structures at {cells}: you may send up to {n} envoys, one after "
                  "the other, to empty {colour} squares of the forum, while some are free "
                  "({page})"))
        text = text.format(colour=colour, cells=_cells(b.squares), n=b.envoys, page=page)
        if b.envoys < b.wanted:
            text += _("; only {ship} on your ship").format(ship=b.ship)
        return text + "."
    raise AssertionError(b)


def no_free_square_text(colour, rules: Rules) -> str:
    """No square of the forum is free for the structure's envoy: what `trajan check build`
    and `trajan build` both say (p. 25)."""
    return _("No envoy: no {colour} square of the forum is free for it ({page}).").format(
        colour=colour_name(colour), page=rules.page("envoys"))


def no_free_square(verdict: BuildVerdict) -> list[EnvoyBenefit]:
    """The build's envoys that could leave the ship but find no free square in the forum."""
    return [b for b in verdict.benefits
            if isinstance(b, EnvoyBenefit) and b.envoys and b.free == ()]


def _with_ship(text: str, step: TrackStep, ship: int) -> str:
    if ship == 0 and step.action in ("envoy_on_eagle", "envoy_on_any_colour"):
        return text + _(" (no envoy on your ship now)")
    return text


def gray_name_of_track(b: TrackBenefit) -> str:
    return gray_name(GrayType(b.track.value))


def _column_json(c: ColumnBenefit) -> dict:
    return {
        "points": None if c.score is None else c.score.points,
        "column_value": None if c.score is None else c.score.fragment_value,
        "active_citizens": c.active_citizens,
    }


def benefit_json(b: Benefit) -> dict:
    if isinstance(b, ColumnBenefit):
        return {"kind": "column", "cell": square_name(*b.square), **_column_json(b)}
    if isinstance(b, TrackBenefit):
        answer = {
            "kind": "track",
            "cell": square_name(*b.square),
            "track": b.track.value,
            "from": b.from_step,
            "to": b.to_step,
            "choices": [{"step": s.step, "gain": dict(s.gain), "action": s.action}
                        for s in b.choices],
        }
        if b.column is not None:
            answer["column"] = _column_json(b.column)
        return answer
    answer = {"kind": "envoys", "cells": cell_names(b.squares), "colour": b.colour.value,
              "envoys": b.envoys, "wanted": b.wanted, "ship": b.ship}
    if b.free is not None:  # judged on a recorded forum
        answer["free_squares"] = cell_names(b.free)
    return answer


# --- check build ---------------------------------------------------------------------


def bag_json(bag: Bag) -> dict:
    """Resources in the payment shape of docs/json.md: workers by colour, only those spent."""
    counts = dict(bag)
    return {
        "builders": counts.get(Resource.BUILDER, 0),
        "workers": {r.colour.value: n for r, n in bag if r.colour is not None},
        "assistants": counts.get(Resource.ASSISTANT, 0),
        "coins": counts.get(Resource.COIN, 0),
        "tribunes": counts.get(Resource.TRIBUNE, 0),
    }


def payment_json(p: Payment, rules: Rules) -> dict:
    return bag_json(p.spent) | {"exchanges": [step_text(s, rules) for s in p.steps]}


def build_answer(verdict: BuildVerdict, rules: Rules, ship: int, notes: list[str]) -> dict:
    return {
        "legal": verdict.legal,
        "reasons": [reason_text(v, rules) for v in verdict.violations],
        "payments": [payment_json(p, rules) for p in verdict.payments],
        "benefit": " ".join(benefit_text(b, rules, ship) for b in verdict.benefits),
        "tile": verdict.tile.token,
        "cells": cell_names(verdict.squares),
        "violations": [violation_json(v) for v in verdict.violations],
        "missing": [bag_json(b) for b in verdict.missing],
        "benefits": [benefit_json(b) for b in verdict.benefits],
        "citizens": [c.value for c in sorted(verdict.active, key=lambda c: c.row)],
        "notes": notes,
    }


def violation_json(v: Violation) -> dict:
    return {"rule": v.rule.value, "cells": cell_names(v.cells), "page": v.page.en}


def build_report(player: str, verdict: BuildVerdict, rules: Rules, ship: int,
                 notes: list[str], picture: str, places: tuple[tuple[Square, ...], ...] | None = None) -> str:
    """The answer to "may I build this?". A refused build says so first, with every reason,
    then only what helps to fix it (where the tile may go, what would pay); the ways to pay
    and the benefit are listed for a build that may be made (a list of them under a refusal
    read as if the build were allowed)."""
    tile = " + ".join(part_name(p) for p in verdict.tile.parts)
    where = _cells(verdict.squares)
    lines = [(_("{player} may build {tile} on {cells}.") if verdict.legal else
              _("{player} may not build {tile} on {cells}:")).format(
        player=player, tile=tile, cells=where)]
    lines += [f"  - {reason_text(v, rules)}" for v in verdict.violations]
    lines.append("")
    if verdict.legal:
        lines += _payment_lines(verdict, rules)
        lines.append("")
        lines.append(_("Benefit:"))
        lines += [f"  - {benefit_text(b, rules, ship)}" for b in verdict.benefits]
    else:
        lines += _fixing_lines(verdict, places)
    lines += [_("Note: {note}").format(note=n) for n in notes]
    lines += ["", picture]
    return "\n".join(lines)


def _payment_lines(verdict: BuildVerdict, rules: Rules) -> list[str]:
    lines = [_("Ways to pay ({n}), with the exchanges allowed this turn:").format(n=len(verdict.payments))]
    for i, p in enumerate(verdict.payments, 1):
        how = "; ".join(step_text(s, rules) for s in p.steps)
        lines.append(f"  {i}. {bag_text(p.spent)}" + (f"   [{how}]" if how else ""))
    active = ", ".join(citizen_name(c) for c in sorted(verdict.active, key=lambda c: c.row)
                       if rules.citizens[c].exchange is not None)
    if active:
        lines.append(_("  Citizens whose exchanges count: {names} ({page}).").format(
            names=active, page=rules.page("citizens")))
    return lines


def _fixing_lines(verdict: BuildVerdict, places: tuple[tuple[Square, ...], ...] | None) -> list[str]:
    """What a refused build needs: a space the tile may go on, a supply that pays."""
    lines = []
    placement = any(v.rule is not Rule.NO_PAYMENT for v in verdict.violations)
    if placement and places is not None:
        shown = ", ".join("+".join(cell_names(p)) for p in places)
        lines.append(_("To fix it: spaces where this tile may go: {places}.").format(places=shown) if places
                     else _("To fix it: no space of this colonia may take this tile now."))
    if verdict.payments and placement:  # a supply that cannot pay is among the reasons already
        lines.append(ngettext("The supply would pay for it ({n} way).",
                              "The supply would pay for it ({n} ways).", len(verdict.payments))
                     .format(n=len(verdict.payments)))
    return lines


# --- check envoy ---------------------------------------------------------------------


def _envoy_reasons(verdict: EnvoyVerdict, rules: Rules) -> list[str]:
    reasons = []
    for e in verdict.envoys:
        prefix = _("Second envoy: ") if e.number == 2 else ""
        reasons += [prefix + reason_text(v, rules) for v in e.violations]
    return reasons


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def area_bonus_json(verdict: EnvoyVerdict, rules: Rules) -> dict:
    return {"choices": list(rules.area_bonus_choices), "take": verdict.area_bonuses,
            "different": verdict.area_bonuses > 1, "points": rules.area_bonus_points,
            "page": rules.page("area_bonus").en}


def _judgement_json(e: EnvoyJudgement) -> dict:
    return {
        "envoy": e.number,
        "cell": None if e.square is None else square_name(*e.square),
        "legal": e.legal,
        "legal_cells": cell_names(e.legal_squares),
        "completes_area": bool(e.completed_area),
        "completed_area": cell_names(sorted(e.completed_area, key=lambda s: (s[1], s[0]))),
    }


def envoy_answer(verdict: EnvoyVerdict, rules: Rules, notes: list[str]) -> dict:
    first = verdict.envoys[0]
    p = verdict.placement
    answer = {
        "legal": verdict.legal,
        "reasons": _envoy_reasons(verdict, rules),
        "legal_cells": cell_names(first.legal_squares),
        "completes_area": verdict.completes_area,
        "cell": None if first.square is None else square_name(*first.square),
        "via": p.via.value,
        "colour": None if p.colour is None or p.via is not Via.BUILD else p.colour.value,
        "violations": [dict(violation_json(v), envoy=e.number)
                       for e in verdict.envoys for v in e.violations],
        "started_areas": [cell_names(area) for area, _free in verdict.started],
        "envoys": [_judgement_json(e) for e in verdict.envoys],
        "notes": notes,
    }
    if verdict.completes_area:
        answer["area_bonus"] = area_bonus_json(verdict, rules)
    if verdict.second_after:
        answer["second_cells"] = {square_name(*first): cell_names(second)
                                  for first, second in verdict.second_after}
    return answer


def _placement_title(player: str, verdict: EnvoyVerdict, rules: Rules) -> str:
    p = verdict.placement
    if p.via is Via.LIBRARY:
        how = _("with the third library benefit, onto an empty eagle space ({page})").format(
            page=rules.page("tracks"))
    elif p.via is Via.MARKET:
        how = _("with the third market benefit, onto any empty coloured square ({page})").format(
            page=rules.page("tracks"))
    else:
        how = _("for the {colour} structure just built ({page})").format(colour=colour_name(p.colour),
                                                           page=rules.page("envoys"))
        if p.patrician_i:
            how += _(", with Patrician I")
    two = len(verdict.envoys) == 2
    return (_("Two envoys of {player}, {how}") if two else _("Envoy of {player}, {how}")).format(
        player=player, how=how)


def envoy_report(player: str, verdict: EnvoyVerdict, rules: Rules, notes: list[str],
                 picture: str) -> str:
    p = verdict.placement
    lines = [_placement_title(player, verdict, rules), ""]
    if p.via is Via.BUILD:
        colour = colour_name(p.colour)
        if verdict.started:
            lines.append(_("Started {colour} areas with free squares: {areas}").format(
                colour=colour, areas="; ".join(_area_text(a, f) for a, f in verdict.started)))
        else:
            lines.append(_("No {colour} area is started: any free {colour} square will do.")
                         .format(colour=colour))
    for e in verdict.envoys:
        label = _("Second envoy") if e.number == 2 else _("Envoy")
        if e.number == 2 and verdict.second_after:
            lines.append(_("Second envoy, after the first on:"))
            lines += [f"  {square_name(*first)}: {_cells(second)}"
                      for first, second in verdict.second_after]
        else:
            lines.append(_("{label}: legal squares: {cells}").format(
                label=label, cells=_cells(e.legal_squares)))
        if e.square is not None:
            verdict_word = _("legal") if e.legal else _("not legal")
            lines.append(_("{label} on {cell}: {verdict}").format(
                label=label, cell=square_name(*e.square), verdict=verdict_word))
        lines += [f"  - {reason_text(v, rules)}" for v in e.violations]
        if e.completed_area:
            cells = _cells(sorted(e.completed_area, key=lambda s: (s[1], s[0])))
            if verdict.area_bonuses > 1:
                text = _("  It completes the area {cells}: take two different area bonuses "
                         "(Patrician II, {ppage}) among {choices} ({page}).")
            else:
                text = _("  It completes the area {cells}: take one area bonus, {choices} "
                         "({page}).")
            lines.append(text.format(cells=cells, choices=area_bonus_words(rules),
                                     page=rules.page("area_bonus"),
                                     ppage=rules.citizens[Citizen.PATRICIAN_II].page))
    lines += [_("Note: {note}").format(note=n) for n in notes]
    lines += ["", picture]
    return "\n".join(lines)


def area_bonus_words(rules: Rules) -> str:
    words = {
        "tribune": _("1 tribune"),
        "assistant": _("1 assistant"),
        "coin": _("1 coin"),
        "upgrade": _("1 upgrade"),
        "points": ngettext("{n} point", "{n} points", rules.area_bonus_points).format(
            n=rules.area_bonus_points),
    }
    return _(" or ").join(words.get(c, c) for c in rules.area_bonus_choices)
