"""Trajan cards for people and scripts: card texts, pattern diagrams, check answers."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from ..core.card_solver import CardCheck, Fulfilment, NearMiss, NeedCheck, Shortfall, TaskCheck
from ..core.cards import BuildingTask, Distinct, Item, Need, PatternKind, TrajanCard
from ..core.colonia import Cell, Square, is_corner
from ..core.colonia import name as square_label
from ..core.ruleset import Rules
from ..core.sheet import PlayerSheet
from ..core.vocabulary import CellKind, Colour, GrayType, SocialClass, Track
from ..i18n import _, ngettext
from . import ansi, tables
from .names import colour_name, gray_name

# --- Words -----------------------------------------------------------------------------


def _item_name(item: Item, count: int) -> str:
    singular, plural = {
        Item.COIN: (_("coin"), _("coins")),
        Item.TRIBUNE: (_("tribune"), _("tribunes")),
        Item.BUILDER: (_("builder"), _("builders")),
        Item.ASSISTANT: (_("assistant"), _("assistants")),
        Item.WORKER: (_("worker"), _("workers")),
        Item.SHIP_ENVOY: (_("envoy on the ship"), _("envoys on the ship")),
        Item.ACTIVE_CITIZEN: (_("active citizen"), _("active citizens")),
        Item.COLUMN: (_("triumphal column in the colonia"), _("triumphal columns in the colonia")),
        Item.SCORED_CRANE: (_("scored crane"), _("scored cranes")),
        Item.COLUMN_MARKER: (_("forum marker next to Trajan's column"),
                             _("forum markers next to Trajan's column")),
        Item.STRUCTURE: (_("coloured structure"), _("coloured structures")),
    }[item]
    return singular if count == 1 else plural


def _kind_name(kind: Hashable) -> str:
    if isinstance(kind, Colour):
        return colour_name(kind)
    if isinstance(kind, SocialClass):
        return {SocialClass.PATRICIAN: _("patrician"), SocialClass.MERCHANT: _("merchant"),
                SocialClass.CRAFTSMAN: _("craftsman")}[kind]
    if isinstance(kind, Track):
        return gray_name(GrayType(kind.value))
    return str(kind)


def _distinct_words(distinct: Distinct) -> str:
    return {Distinct.GRAY_TYPE: _("types"), Distinct.COLOUR: _("colours"),
            Distinct.CLASS: _("social classes")}[distinct]


def _and(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _or(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _times(n: int) -> str:
    return ngettext("{n} time", "{n} times", n).format(n=n)


def span(squares: Sequence[Square]) -> str:
    """'C2-C4' for cells filling a rectangle, else the cells one by one."""
    if not squares:
        return "-"
    cols = [c for c, _r in squares]
    rows = [r for _c, r in squares]
    width, height = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
    if len(squares) > 1 and len(set(squares)) == width * height:
        return f"{square_label((min(cols), min(rows)))}-{square_label((max(cols), max(rows)))}"
    return ", ".join(square_label(sq) for sq in squares)


def _cell_words(cell: Cell) -> str:
    match cell.kind:
        case CellKind.GRAY:
            return gray_name(cell.gray)
        case CellKind.STRUCTURE:
            return _("{colour} structure").format(colour=colour_name(cell.colour))
        case CellKind.TEMPLE:
            return _("temple")
        case CellKind.CRANE:
            return _("crane")
        case CellKind.COVERED:
            return _("still covered")
    return _("empty")


def _feature_name(feature: GrayType | Colour) -> str:
    return gray_name(feature) if isinstance(feature, GrayType) else colour_name(feature)


def _wants(s: Shortfall) -> str:
    """What a missing cell needs; only building kinds can be missing (anchors are fixed)."""
    others = _and([_feature_name(f) for f in s.other_than])
    if s.wants is PatternKind.GRAY:
        return (_("a gray building other than {others}").format(others=others) if others
                else _("a gray building"))
    if s.wants is PatternKind.STRUCTURE:
        return (_("a structure in a colour other than {others}").format(others=others)
                if others else _("a coloured structure"))
    return _("a building tile")


def _has(cell: Cell) -> str:
    match cell.kind:
        case CellKind.COVERED:
            return _("still covered")
        case CellKind.VACATED:
            return _("empty now")
    return _("there now: {what}").format(what=_cell_words(cell))


def _shortfall_words(s: Shortfall) -> str:
    cell = square_label(s.square)
    if s.wants is PatternKind.CRANE:
        return _("the crane at {cell} uncovered").format(cell=cell)
    return _("{wants} at {cell} ({has})").format(wants=_wants(s), cell=cell, has=_has(s.has))


def _grouped_shortfall_words(missing) -> list[str]:
    """The shortfalls in words, those that differ only in their cell said once: 'a building
    tile at each of B1 and B3 (still covered)'."""
    groups: dict[tuple, list] = {}
    for s in missing:
        key = ("crane",) if s.wants is PatternKind.CRANE else (_wants(s), _has(s.has))
        groups.setdefault(key, []).append(s)
    words = []
    for key, group in groups.items():
        if len(group) == 1:
            words.append(_shortfall_words(group[0]))
        elif key == ("crane",):
            words.append(_("the cranes at {cells} uncovered").format(
                cells=_and([square_label(s.square) for s in group])))
        else:
            words.append(_("{wants} at each of {cells} ({has})").format(
                wants=key[0], cells=_and([square_label(s.square) for s in group]), has=key[1]))
    return words


def near_miss_words(near: NearMiss, distinct: Distinct | None) -> str:
    """'C3-C5 would do with a gray building other than library at C5 (a library stands there)'."""
    fixes = _and(_grouped_shortfall_words(near.missing))
    text = _("{cells} would do with {fixes}").format(cells=_placement_words(near.placement),
                                                     fixes=fixes)
    if distinct is not None and len(near.missing) > 1:
        text += _(", all of different {what}").format(what=_distinct_words(distinct))
    return text


def _placement_words(f: Fulfilment) -> str:
    if not f.anchors:
        return span(f.used)
    return _("{cells} around the {what} at {anchors}").format(
        cells=span(f.used), what=_("crane") if _is_crane_anchor(f) else _("temple"),
        anchors=span(f.anchors))


def _is_crane_anchor(f: Fulfilment) -> bool:
    """Cranes lie only in the corners, and temples never do."""
    return all(is_corner(sq) for sq in f.anchors)


def _fulfilment_words(f: Fulfilment, sheet: PlayerSheet) -> str:
    contents = ", ".join(_cell_words(sheet.colonia.at(sq)) for sq in f.used)
    return f"{_placement_words(f)}: {contents}"


def _need_text(need: Need) -> str:
    text = f"{need.count} {_item_name(need.item, need.count)}"
    if need.distinct is not None:
        text += " " + _("of different {what}").format(what=_distinct_words(need.distinct))
    return text


def _held(check: NeedCheck) -> str:
    """'1', '3 blue, 1 orange' (kinds matter), or '1 (library)' (where markers come from)."""
    held = [(kind, n) for kind, n in check.pools.items() if n and kind is not None]
    if not held:
        return str(check.have)
    if check.need.distinct is None:
        return f"{check.have} ({', '.join(_kind_name(kind) for kind, _n in held)})"
    return ", ".join(f"{n} {_kind_name(kind)}" for kind, n in held)


def _shortage_words(check: NeedCheck) -> str:
    """'1 more coin', '1 more worker of blue, orange or yellow', '4 more ...: 1 blue, 1 green, ...'."""
    text = _("{n} more {item}").format(n=check.more, item=_item_name(check.need.item, check.more))
    room = [(_kind_name(kind), n) for kind, n in check.room.items()]
    if check.forced:
        return text + ": " + _and([f"{n} {kind}" for kind, n in room])
    if room:
        text += " " + _("of {kinds}").format(kinds=_or([kind for kind, _n in room]))
        if any(n < check.more for _kind, n in room):
            text += " " + _("(up to {each})").format(each=_and([f"{n} {kind}" for kind, n in room]))
    return text


# --- JSON answers ----------------------------------------------------------------------


def _token(cell: Cell) -> str:
    from ..parsing.grid import token_of

    return token_of(cell)


def _near_answer(near: NearMiss | None) -> dict | None:
    if near is None:
        return None
    return {
        "cells": [square_label(sq) for sq in near.placement.used],
        "anchors": [square_label(sq) for sq in near.placement.anchors],
        "missing": [
            {"cell": square_label(s.square), "wants": s.wants.value, "has": _token(s.has),
             "other_than": [f.value for f in s.other_than]}
            for s in near.missing
        ],
        "buildable": near.buildable,
    }


def _needs_answer(needs: Iterable[NeedCheck]) -> list[dict]:
    answer = []
    for n in needs:
        entry = {"item": n.need.item.value, "count": n.need.count, "have": n.have,
                 "times": n.times, "more_for_one_more": n.more}
        if n.need.distinct is not None:
            entry["distinct"] = n.need.distinct.value
            entry["by_kind"] = {str(k): v for k, v in n.pools.items()}
        answer.append(entry)
    return answer


def check_answer(check: CardCheck, value: int | None = None) -> dict:
    """One card's answer with the keys docs/json.md lists (keys may only be added)."""
    task = check.building
    building: dict = {
        "times": task.times,
        "sets": [[square_label(sq) for sq in used] for used in task.sets],
        "anchors": [[square_label(sq) for sq in f.anchors] for f in task.fulfilments],
    }
    if check.card.building.shapes:
        building["candidates"] = len(task.candidates)
        building["nearest"] = _near_answer(task.nearest)
        building["nearest_open"] = _near_answer(task.nearest_open)
    else:
        building["needs"] = _needs_answer(task.needs)
    answer = {
        "card": check.card.id,
        "building": building,
        "collecting": {"times": check.collecting.times,
                       "needs": _needs_answer(check.collecting.needs)},
        "fulfilled": check.fulfilled,
    }
    if value is not None:
        answer["points"] = check.points(value)
        answer["value"] = value
    answer["cycle"] = int(check.card.cycle)
    return answer


def check_all_answer(checks: Iterable[CardCheck], value: int | None = None) -> dict:
    return {"cards": [check_answer(c, value) for c in checks]}


def card_answer(card: TrajanCard) -> dict:
    building: dict = {"text": card.building.text}
    if card.building.shapes:
        building["shapes"] = [[{"at": [c.dx, c.dy], "is": c.kind.value} for c in shape]
                              for shape in card.building.shapes]
        if card.building.distinct is not None:
            building["distinct"] = card.building.distinct.value
    else:
        building["needs"] = [_need_answer(n) for n in card.building.needs]
    return {
        "card": card.id,
        "cycle": int(card.cycle),
        "page": card.page,
        "building": building,
        "collecting": {"text": card.collecting.text,
                       "needs": [_need_answer(n) for n in card.collecting.needs],
                       "edition_note": dict(card.collecting.edition_note)},
    }


def _need_answer(need: Need) -> dict:
    entry = {"item": need.item.value, "count": need.count}
    if need.distinct is not None:
        entry["distinct"] = need.distinct.value
    return entry


def card_list_answer(cards: Iterable[TrajanCard]) -> dict:
    return {"cards": [card_answer(c) for c in cards]}


# --- Card texts and diagrams -----------------------------------------------------------

_LABEL = {
    PatternKind.GRAY: lambda: ansi.gray_tile(" gry "),
    PatternKind.STRUCTURE: lambda: ansi.paint(" str ", "1", "97", "45"),
    PatternKind.TILE: lambda: ansi.paint(" any ", "1", "4"),
    PatternKind.TEMPLE: lambda: ansi.paint(" TTT ", "1", "35"),
    PatternKind.CRANE: lambda: ansi.paint(" [K] ", "1"),
}
_BLANK = "  ·  "


def _variant_lines(shape) -> list[str]:
    xs = [c.dx for c in shape]
    ys = [c.dy for c in shape]
    at = {(c.dx, c.dy): c.kind for c in shape}
    lines = []
    for y in range(min(ys), max(ys) + 1):
        cells = [_LABEL[at[(x, y)]]() if (x, y) in at else _BLANK
                 for x in range(min(xs), max(xs) + 1)]
        lines.append("".join(cells))
    return lines


def pattern_diagram(task: BuildingTask) -> str:
    """The building pattern drawn from its shape data: variants side by side."""
    if not task.shapes:
        return ""
    drawn = [_variant_lines(shape) for shape in task.shapes]
    widths = [5 * (max(c.dx for c in s) - min(c.dx for c in s) + 1) for s in task.shapes]
    height = max(len(d) for d in drawn)
    lines = []
    for row in range(height):
        parts = [(d[row] if row < len(d) else " " * w) for d, w in zip(drawn, widths)]
        lines.append("    " + "     ".join(parts))
    kinds = {c.kind for shape in task.shapes for c in shape}
    legend = {
        PatternKind.GRAY: _("gry gray building"),
        PatternKind.STRUCTURE: _("str coloured structure"),
        PatternKind.TILE: _("any building tile"),
        PatternKind.TEMPLE: _("TTT temple"),
        PatternKind.CRANE: _("[K] crane, scored or not"),
    }
    shown = [legend[k] for k in PatternKind if k in kinds]
    if any(len(lines) * width // 5 > len(shape)
           for lines, width, shape in zip(drawn, widths, task.shapes)):
        shown.append(_("· anything"))
    lines.append("")
    lines.append("    " + ansi.dim("   ".join(shown)))
    return "\n".join(lines)


def _edition_lines(card: TrajanCard) -> list[str]:
    languages = {"fr": _("French"), "de": _("German"), "en": _("English")}
    return [
        _("Note: the {language} rulebook prints this task as {text}; the English and German "
          "ones agree on the text above, which the tool uses.").format(
            language=languages.get(lang, lang), text=_(text))
        for lang, text in card.collecting.edition_note.items()
    ]


def card_list_report(cards: Iterable[TrajanCard], rules: Rules) -> str:
    lines = [_("The twelve Trajan cards ({page}); one of each cycle is drawn per game.").format(
        page=rules.page("trajan_cards")), ""]
    for card in cards:
        lines.append(f"{card.id:<6}" + _("building:   {text}").format(text=_(card.building.text)))
        lines.append(" " * 6 + _("collecting: {text}").format(text=_(card.collecting.text)))
        for note in _edition_lines(card):
            lines.append(" " * 18 + note)
    lines += ["", _("trajan card show CARD explains one card with a diagram.")]
    return "\n".join(lines)


def card_show_report(card: TrajanCard, rules: Rules) -> str:
    page = rules.page("trajan_cards")
    values = _or([str(v) for v in rules.trajan_values])
    b = card.building
    lines = [ansi.bold(_("Trajan card {card} (cycle {cycle}, {page})").format(
        card=card.id, cycle=card.cycle.numeral, page=page)), ""]
    lines.append(_("Building task: {text}").format(text=_(b.text)))
    if b.shapes:
        if len(b.shapes) > 1:
            lines.append(_("  any of these {n} variants:").format(n=len(b.shapes)))
        lines += ["", pattern_diagram(b), ""]
        if b.distinct is not None:
            lines.append(_("  The used tiles must all be of different {what}.").format(
                what=_distinct_words(b.distinct)))
        lines.append(_("  Exactly as drawn: a pattern is never turned or mirrored."))
        if any(c.kind.is_anchor for shape in b.shapes for c in shape):
            lines.append(_("  Temples and cranes only mark the place; they are not tiles."))
    else:
        lines.append(_("  Counted anywhere in the colonia: {needs}.").format(
            needs=_and([_need_text(n) for n in b.needs])))
    lines.append(_("  Every fulfilment counts; each tile serves one fulfilment only."))
    lines += ["", _("Collecting task: {text}").format(text=_(card.collecting.text))]
    lines += ["  " + note for note in _edition_lines(card)]
    lines.append(_("  You show the items, you do not pay them; no citizen abilities or "
                   "exchanges during the Trajan scoring. Each item counts for one fulfilment."))
    lines += ["", _("Each fulfilment of either task scores the value above the Trajan head on "
                    "your slide bar ({values}) ({page}).").format(values=values, page=page)]
    return "\n".join(lines)


# --- Check reports ---------------------------------------------------------------------


def _needs_lines(task: TaskCheck) -> list[str]:
    lines = []
    for n in task.needs:
        text = _("{need} per fulfilment: you have {held} -> enough for {times}")
        lines.append("  " + text.format(need=_need_text(n.need), held=_held(n), times=n.times))
    return lines


def _reading_notes(task: TaskCheck, sheet: PlayerSheet) -> list[str]:
    """The readings (docs/readings.md), said where they change the count."""
    notes = []
    items = {n.need.item for n in task.needs}
    if Item.SCORED_CRANE in items:
        fresh = [sq for sq in sheet.colonia.uncovered_cranes() if sheet.colonia.at(sq).colour]
        if fresh:
            notes.append(_("  {cells}: uncovered this cycle, scored in step 1, so it counts as "
                           "scored here.").format(cells=", ".join(square_label(s) for s in fresh)))
    if Item.ACTIVE_CITIZEN in items:
        inactive = sum(len(states) for states in sheet.citizens.values()) - sheet.active_citizens
        if inactive:
            notes.append(ngettext("  {n} inactive citizen does not count (p. 26).",
                                  "  {n} inactive citizens do not count (p. 26).", inactive).format(n=inactive))
    return notes


def _building_lines(check: CardCheck, sheet: PlayerSheet, picture: bool) -> list[str]:
    task, card = check.building, check.card
    lines = [ansi.bold(_("Building task: {text}").format(text=_(card.building.text)))]
    lines += _needs_lines(task)
    if task.times:
        lines.append(_("Fulfilled {times}:").format(times=_times(task.times)))
        for i, f in enumerate(task.fulfilments, 1):
            lines.append(f"  {i}. " + _fulfilment_words(f, sheet))
        if task.candidates and len(task.candidates) > task.times:
            lines.append("  " + _("({n} placements match in all; they overlap, and no more than "
                                  "{times} of them use separate tiles.)").format(
                n=len(task.candidates), times=task.times))
    else:
        lines.append(_("Not fulfilled."))
    lines += _more_lines(check)
    if picture:
        marked: list[Square] = []
        caption = None
        for f in task.fulfilments:
            marked += [*f.used, *f.anchors]
        if marked:
            caption = _("Framed: the tiles of the fulfilments above.")
        elif task.nearest is not None:
            marked = [*task.nearest.placement.used, *task.nearest.placement.anchors]
            caption = _("Framed: the closest placement.")
        from .pictures import colonia_picture

        lines += ["", colonia_picture(sheet, marked=marked)]
        if caption:
            lines.append(caption)
    return lines


def _more_lines(check: CardCheck) -> list[str]:
    task, distinct = check.building, check.card.building.distinct
    if not check.card.building.shapes:
        lead = _("One more would need:") if task.times else _("Missing:")
        short = [_shortage_words(n) for n in task.needs if n.more]
        return [f"{lead} {_and(short)}."] if short else []
    lead = _("One more would need:") if task.times else _("Closest:")
    if task.nearest is None:
        return [_("No other place in this colonia can hold the pattern.") if task.times
                else _("No place in this colonia can hold the pattern.")]
    lines = [f"{lead} {near_miss_words(task.nearest, distinct)}."]
    if task.nearest_open is not None:
        lines.append(_("Still buildable: {text}.").format(
            text=near_miss_words(task.nearest_open, distinct)))
    elif not task.nearest.buildable:
        lines.append(_("(No placement is left that open spaces alone could complete: "
                       "built tiles stay.)"))
    return lines


def _collecting_lines(check: CardCheck, sheet: PlayerSheet) -> list[str]:
    task = check.collecting
    lines = [ansi.bold(_("Collecting task: {text}").format(text=_(check.card.collecting.text)))]
    lines += ["  " + note for note in _edition_lines(check.card)]
    lines += _needs_lines(task)
    lines += _reading_notes(task, sheet)
    lines.append(_("Fulfilled {times}.").format(times=_times(task.times)) if task.times
                 else _("Not fulfilled."))
    short = [_shortage_words(n) for n in task.needs if n.more]
    if short:
        lead = _("One more would need:") if task.times else _("Missing:")
        lines.append(f"{lead} {_and(short)}.")
    return lines


def _total_line(check: CardCheck, rules: Rules, value: int | None) -> str:
    if value is None:
        return _("Trajan scoring, fulfilments: {b} + {c} = {n}; each scores the value above the "
                 "Trajan head ({values}): pass --value N for the points.").format(
            b=check.building.times, c=check.collecting.times, n=check.fulfilled,
            values=_or([str(v) for v in rules.trajan_values]))
    return _("Trajan scoring, fulfilments: {b} + {c} = {n}, x {value} = {points}").format(
        b=check.building.times, c=check.collecting.times, n=check.fulfilled, value=value,
        points=check.points(value))


def check_report(sheet: PlayerSheet, check: CardCheck, rules: Rules, value: int | None) -> str:
    lines = [ansi.bold(_("Trajan card {card} for {player} ({page})").format(
        card=check.card.id, player=sheet.name, page=rules.page("trajan_cards"))), ""]
    lines += _building_lines(check, sheet, picture=True)
    lines.append("")
    lines += _collecting_lines(check, sheet)
    lines += ["", _total_line(check, rules, value)]
    return "\n".join(lines)


def check_all_report(sheet: PlayerSheet, checks: Sequence[CardCheck], rules: Rules,
                     value: int | None) -> str:
    headers = [_("Card"), _("Building"), _("Collecting"), _("Fulfilled")]
    rows = []
    for c in checks:
        row = [c.card.id, c.building.times, c.collecting.times, c.fulfilled]
        if value is not None:
            row.append(c.points(value))
        rows.append(row)
    if value is not None:
        headers.append(_("Points x {value}").format(value=value))
    lines = [ansi.bold(_("All Trajan cards for {player} ({page})").format(
        player=sheet.name, page=rules.page("trajan_cards"))), "",
             tables.table(rows, headers=headers, tablefmt="simple")]
    built = [c for c in checks if c.building.times]
    if built:
        lines.append("")
    for c in built:
        sets = "; ".join(_placement_words(f) for f in c.building.fulfilments)
        lines.append(_("{card} building: {sets}").format(card=c.card.id, sets=sets))
    lines += ["", _("trajan card check CARD SHEET draws one card's tiles and says what is "
                    "missing.")]
    return "\n".join(lines)


def progress_lines(check: CardCheck) -> list[str]:
    """A player's progress on the cycle's card in three short lines (the table screen):
    each task fulfilled so far, and what one more fulfilment (or the first) lacks."""
    task = check.building
    lines = [_("Trajan card {card}: fulfilled {b} + {c}").format(
        card=check.card.id, b=task.times, c=check.collecting.times)]
    building = _("building {times}").format(times=_times(task.times)) if task.times else \
        _("building: not yet")
    if task.times and task.fulfilments:
        building += " (" + ", ".join(span(f.used) for f in task.fulfilments) + ")"
    more = _more_lines(check)
    if more and task.times:
        building = _("{task}; {more}").format(task=building, more=more[0][:1].lower() + more[0][1:])
    elif more:  # "closest: ..." says it is not fulfilled yet: a narrow screen keeps the room
        building = _("building: {more}").format(more=more[0][:1].lower() + more[0][1:])
    lines.append(building)
    collecting = (_("collecting {times}").format(times=_times(check.collecting.times))
                  if check.collecting.times else _("collecting: not yet"))
    short = [_shortage_words(n) for n in check.collecting.needs if n.more]
    if short and check.collecting.times:
        collecting = _("{task}; {lead}: {what}.").format(task=collecting, lead=_("one more would need"),
                                                         what=_and(short))
    elif short:
        collecting = _("collecting: missing {what}.").format(what=_and(short))
    lines.append(collecting)
    return lines
