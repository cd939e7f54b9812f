"""The player sheet (TOML, docs/formats.md) -> :class:`PlayerSheet`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.colonia import CORNERS, Colonia, Square
from ..core.sheet import TRACK_END, PlayerSheet, Prestige, Supply
from ..core.vocabulary import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    CellKind,
    Citizen,
    CitizenState,
    Colour,
    GrayType,
    Track,
    colour_name,
    foreign_digit,
    foreign_digit_text,
    gray_name,
    square_name,
)
from ..i18n import _
from .errors import suggest, with_suggestion
from .grid import parse_colonia
from .tomlfile import TomlSource, read_text, unknown_keys, whole_number

TOP_KEYS = ("name", "colonia", "cranes", "citizens", "supply", "tracks", "prestige")
SUPPLY_COUNTS = ("coins", "tribunes", "builders", "assistants", "ship")
SUPPLY_KEYS = (*SUPPLY_COUNTS, "workers")
COLOUR_KEYS = COLOUR_NAMES | COLOUR_LETTERS  # red and r: orange's old name


def load_sheet(path: str | Path) -> PlayerSheet:
    return parse_sheet(read_text(path), str(path))


def parse_sheet(text: str, file: str = "<sheet>", *, strict: bool = True) -> PlayerSheet:
    """Parse a player sheet; raises InputError listing every problem found.

    ``strict=False`` reads a sheet kept in a game saved before a check was added (a row of
    active and inactive citizens), so that the game still replays.
    """
    src = TomlSource(text, file)
    problems = src.problems()
    data = src.data

    unknown_keys(src, problems, data, TOP_KEYS, None)

    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(src.line_of("name"), name,
                     _('every sheet needs a player name: name = "Tom"'))

    colonia = None
    grid = data.get("colonia")
    if not isinstance(grid, str):
        problems.add(src.line_of("colonia"), None,
                     _('every sheet needs the colonia grid: colonia = """ six lines of six tokens """'))
    else:
        colonia = parse_colonia(grid, problems, first_line=src.value_first_line("colonia"))

    cranes = _cranes(src, problems, data.get("cranes", {}), colonia)
    citizens = _citizens(src, problems, data.get("citizens", {}), strict)
    supply = _supply(src, problems, data.get("supply", {}))
    tracks = _tracks(src, problems, data.get("tracks", {}))
    if colonia is not None and strict:
        _tracks_follow_buildings(src, problems, tracks, colonia)

    prestige = _prestige(src, problems, data.get("prestige", {}))

    problems.raise_if_any()
    return PlayerSheet(name=name.strip(), colonia=colonia, citizens=citizens,
                       supply=supply, crane_colours=cranes, prestige=prestige)


def _table(src, problems, value: Any, section: str) -> dict:
    if isinstance(value, dict):
        return value
    problems.add(src.line_of(section), section, _("[{section}] must be a table of keys").format(section=section))
    return {}


def _cranes(src, problems, raw, colonia: Colonia | None) -> dict[Square, Colour]:
    """[cranes]: the colour of the crane in each corner, the player's choice at set-up (p. 19)."""
    table = _table(src, problems, raw, "cranes")
    corners = {square_name(*square): square for square in CORNERS}
    where: dict[Colour, str] = {}  # colour -> the corner that holds it
    if colonia is not None:  # a corner showing its colour side says it too
        for square in CORNERS:
            cell = colonia.at(square)
            if cell.kind is CellKind.CRANE and cell.colour is not None:
                where.setdefault(cell.colour, square_name(*square))
    cranes: dict[Square, Colour] = {}
    for key, value in table.items():
        line = src.line_of(key, "cranes")
        square = corners.get(key.strip().upper())
        if foreign_digit(key) is not None:
            problems.add(line, key, foreign_digit_text(foreign_digit(key)))
            continue
        if square is None:
            problems.add(line, key, _("{key} is not a corner; cranes lie in the corners A1, F1, A6 "
                                      "and F6 (p. 19)").format(key=key))
            continue
        colour = COLOUR_KEYS.get(str(value).strip().lower()) if isinstance(value, str) else None
        if colour is None:
            problems.add(line, str(value), _("a crane's colour is one of {colours}{suggestion}").format(
                colours=", ".join(colour_name(c) for c in Colour),
                suggestion=suggest(str(value), COLOUR_KEYS)))
            continue
        shown = colonia.at(square) if colonia is not None else None
        if shown is not None and shown.kind is CellKind.CRANE and shown.colour not in (None, colour):
            problems.add(line, key, _("the grid shows the {shown} crane at {cell}, not {colour}; a "
                                      "crane keeps its colour all game (p. 19)").format(
                shown=colour_name(shown.colour), cell=square_name(*square), colour=colour_name(colour)))
            continue
        first = where.get(colour)
        if first is not None and first != square_name(*square):
            problems.add(line, key, _("a second {colour} crane (the first is at {cell}); each colonia "
                                      "has one crane per colour (p. 19)").format(
                colour=colour_name(colour), cell=first))
            continue
        where[colour] = square_name(*square)
        cranes[square] = colour
    return cranes


def _citizens(src, problems, raw, strict: bool = True) -> dict[int, tuple[CitizenState, ...]]:
    table = _table(src, problems, raw, "citizens")
    rows: dict[int, tuple[CitizenState, ...]] = {}
    citizen_names = {c.value: c.row for c in Citizen}
    for key, states in table.items():
        line = src.line_of(key, "citizens")
        row = _row_number(key) or citizen_names.get(key.lower())
        if foreign_digit(key) is not None:
            problems.add(line, key, foreign_digit_text(foreign_digit(key)))
            continue
        if row is None or not 1 <= row <= 6:
            problems.add(line, key, with_suggestion(
                _("a citizen row is 1..6 (top to bottom) or a citizen name ({names}){suggestion}"),
                key, citizen_names, names=", ".join(citizen_names)))
            continue
        if isinstance(states, str):
            states = [states]
        if not isinstance(states, list) or len(states) > 2:
            problems.add(line, states, _('a row holds at most 2 citizens, left first: '
                                              'e.g. 5 = ["active", "active"]'))
            continue
        parsed = []
        for state in states:
            try:
                parsed.append(CitizenState(str(state).strip().lower()))
            except ValueError:
                problems.add(line, state, _('a citizen is "active" or "inactive"'))
        if strict and len(set(parsed)) > 1:
            # Paid per row (p. 27); a second citizen reactivates the first (p. 26).
            problems.add(line, str(states), _(
                "the citizens of a row are all active or all inactive: a row is paid as a whole "
                "(p. 27) and a second citizen makes the first active again (p. 26); write "
                '{key} = ["active", "active"] or {key} = ["inactive", "inactive"]').format(key=key))
        if row in rows:
            problems.add(line, key, _("row {row} is given twice").format(row=row))
        rows[row] = tuple(parsed)
    return rows


def _row_number(key: str) -> int | None:
    """A row written as its number: ASCII digits only (str.isdigit() also takes '³', which
    int() refuses) and short (int() refuses over 4300 digits)."""
    return int(key) if key.isascii() and key.isdigit() and len(key) <= 3 else None


def _supply(src, problems, raw) -> Supply:
    table = _table(src, problems, raw, "supply")
    unknown_keys(src, problems, table, SUPPLY_KEYS, "supply")
    counts = {k: whole_number(src, problems, table.get(k, 0), k, "supply") for k in SUPPLY_COUNTS}
    workers: dict[Colour, int] = {}
    raw_workers = table.get("workers", {})
    if not isinstance(raw_workers, dict):
        problems.add(src.line_of("workers", "supply"), str(raw_workers),
                     _("workers are given per colour: workers = {{ blue = 0, green = 1, orange = 0, "
                       "yellow = 0 }}").format())
        raw_workers = {}
    for key, value in raw_workers.items():
        colour = COLOUR_KEYS.get(key.lower())
        if colour is None:
            problems.add(src.line_of("workers", "supply"), key, with_suggestion(
                         _("workers come in blue, green, orange and yellow{suggestion}"),
                         key, COLOUR_KEYS))
            continue
        if colour in workers:  # e.g. red and orange, one colour under its old and new name
            problems.add(src.line_of("workers", "supply"), key, _(
                "{colour} workers are given twice; give each colour once").format(
                    colour=colour_name(colour)))
        workers[colour] = whole_number(src, problems, value, "workers", "supply",
                                       label=f"supply.workers.{key}")
    return Supply(workers=workers, **counts)


def _prestige(src, problems, raw) -> Prestige:
    """[prestige]: the slide bar as the game knows it, optional: the upgrades taken,
    whether Merchant I turned the bar over, and which upgrades moved it on to the next
    cypress (``cypress = [3, 4]``: the third and the fourth; pp. 21, 26)."""
    table = _table(src, problems, raw, "prestige")
    unknown_keys(src, problems, table, ("upgrades", "turned", "cypress"), "prestige")
    upgrades = whole_number(src, problems, table.get("upgrades", 0), "upgrades", "prestige")
    turned = table.get("turned", False)
    if not isinstance(turned, bool):
        problems.add(src.line_of("turned", "prestige"), turned,
                     _("prestige.turned is true or false: whether Merchant I turned the slide "
                       "bar over (p. 26)"))
        turned = False
    return Prestige(upgrades, turned, _cypress(src, problems, table.get("cypress", []), upgrades, turned))


def _cypress(src, problems, raw: Any, upgrades: int, turned: bool) -> frozenset[int]:
    """prestige.cypress: the upgrades (1 for the first) that moved the bar on to the next
    cypress, which only a turned bar does (Merchant I, p. 26)."""
    line = src.line_of("cypress", "prestige")
    if not isinstance(raw, list) or any(isinstance(n, bool) or not isinstance(n, int) for n in raw):
        problems.add(line, str(raw), _("prestige.cypress lists the upgrades that moved the bar on to "
                                       "the next cypress, the first upgrade being 1: cypress = [3, 4]"))
        return frozenset()
    wrong = [n for n in raw if not 1 <= n <= upgrades]
    if wrong:
        problems.add(line, str(wrong[0]), _(
            "prestige.cypress names upgrade {n}, but the bar has {upgrades}: number the upgrades "
            "from 1 to {upgrades}").format(n=wrong[0], upgrades=upgrades))
        return frozenset()
    if raw and not turned:
        problems.add(line, str(raw[0]), _(
            "only a slide bar turned over by Merchant I moves on to a cypress (p. 26): set "
            "prestige.turned = true, or leave cypress out"))
        return frozenset()
    return frozenset(raw)


def _tracks_follow_buildings(src, problems, given: dict[Track, int], colonia: Colonia) -> None:
    """[tracks] may be left out: the buildings place the markers. A value given must be
    the one they place (p. 24: one space per library, basilica or market built)."""
    from ..core.sheet import markers_of

    for track, step in markers_of(colonia).items():
        if track in given and given[track] != step:
            built = colonia.count_gray(GrayType(track.value))
            problems.add(src.line_of(track.value, "tracks"), f"{track.value} = {given[track]}", _(
                "the {building} marker moves one space for each {building} built, up to the "
                "fourth (p. 24): with {built} in the colonia it stands at {step}; write {step} "
                "or leave the line out").format(
                    building=gray_name(GrayType(track.value)), built=built, step=step))


def _tracks(src, problems, raw) -> dict[Track, int]:
    table = _table(src, problems, raw, "tracks")
    names = [t.value for t in Track]
    unknown_keys(src, problems, table, names, "tracks")
    valid = {}  # the values that read (a bad one is reported once, not held against the grid)
    for k in names:
        if k in table:
            step = whole_number(src, problems, table[k], k, "tracks", top=TRACK_END)
            if not isinstance(table[k], bool) and table[k] == step:
                valid[Track(k)] = step
    return valid
