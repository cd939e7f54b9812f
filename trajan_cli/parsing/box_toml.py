"""The group's box file (TOML) <-> :class:`core.box.GroupBox`.

The file holds what a group typed from its own copy of the game (the temples of each
player board side, the mosaic faces, the prestige track, both sides of the slide bar)
and the group's habits at set-up (the crane colours each player laid last time, the
faces laid last time for each number of players). It is written to be read and edited
by hand; comments are allowed. ``parse_box(box_toml(g)) == g`` for every box the parser
accepts. The format (README, "The box"):

    [sides]                       # each side's four temples
    A = "B2 E3 C5 D4"
    B1 = "B3 D2 C4 E5"

    [faces]                       # each face: rows of b g o y, E eagle space, - gap
    1a = '''
    b b E
    g - g
    '''

    [track]                       # per space: points below the bar, Trajan value above
    points = [0, 1, 2, 3]
    trajan = [3, 3, 5, 5]
    cypresses = [3]               # the spaces (1 = first) the bar's left end stands on at a cypress

    [bar.basic]                   # per slot the area size ('-' none, '8+' 8 or more)
    sizes = "1 2 3"
    head = 2                      # the Trajan head's slot, 1 = first

    [cranes]                      # habits: the colours in the corners last time
    Ann = "A1 o F1 g A6 b F6 y"

    [forums]                      # habits: the faces laid last time, per player count
    3 = "1a A1; 2a D1; 3b A3 turned"
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.box import (
    CORNER_SQUARES,
    SIDE_A,
    BarFace,
    BarSide,
    Box,
    ColoniaSide,
    GroupBox,
    MosaicFace,
    Placement,
    PrestigeTrack,
    bar_problems,
    face_problems,
    side_problems,
    track_problems,
)
from ..core.forum import ForumSquare
from ..core.vocabulary import COLOUR_LETTERS, COLOUR_NAMES, Colour, Square, is_number, parse_square_name
from ..i18n import _
from .errors import ProblemList, with_suggestion
from .forum import GAP, parse_forum_grid
from .notation import cranes_text, placements_text, sizes_text, temples_text  # written as the record writes them
from .tomlfile import TomlSource, read_text, unknown_keys

SECTIONS = ("sides", "faces", "track", "bar", "cranes", "forums")
TRACK_KEYS = ("points", "trajan", "cypresses")
BAR_KEYS = ("sizes", "head")
#: A side's or a face's name: the group's own, short, and one word in a record line.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,15}")
#: The player counts of Forum Trajanum (p. 3), for the forum laid last time.
PLAYER_COUNTS = range(2, 5)
#: The Trajan values a track may print (p. 28); the rules data does not list them.
TRAJAN_VALUES = (3, 5, 7)
TURNED = "turned"
NONE_SIZE = "-"
CRANE_WORDS: dict[str, Colour] = COLOUR_LETTERS | COLOUR_NAMES


def load_box(path: str | Path) -> GroupBox:
    return parse_box(read_text(path), str(path))


def parse_box(text: str, file: str = "<box>") -> GroupBox:
    """The box file's text as a GroupBox; raises InputError listing every problem found
    (file, line, key, what to do)."""
    src = TomlSource(text, file)
    problems = src.problems()
    data = src.data
    unknown_keys(src, problems, data, SECTIONS, where=_("the box file"))
    sides = _sides(src, problems, _table(src, problems, "sides"))
    faces = _faces(src, problems, _table(src, problems, "faces"))
    track = _track(src, problems, data.get("track")) if "track" in data else None
    bar = _bars(src, problems, data.get("bar")) if "bar" in data else {}
    cranes = _cranes(src, problems, _table(src, problems, "cranes"))
    forums = _forums(src, problems, _table(src, problems, "forums"))
    problems.raise_if_any()
    return GroupBox(Box(sides, faces, track, bar), cranes, forums)


def _table(src: TomlSource, problems: ProblemList, name: str) -> dict[str, Any]:
    value = src.data.get(name, {})
    if not isinstance(value, dict):
        problems.add(src.line_of(name), name, _("{key} is a table: write [{key}] on a line of its own, "
                                                "its entries below").format(key=name))
        return {}
    return value


def _name_ok(src: TomlSource, problems: ProblemList, section: str, name: str, seen: set[str]) -> bool:
    line = src.line_of(name, section) or src.line_of(section)
    if not NAME.fullmatch(name):
        problems.add(line, name, _("a name in [{section}] is one word of letters, digits, - and _ "
                                   "(up to 16)").format(section=section))
        return False
    if name.casefold() in seen:
        problems.add(line, name, _("this name is in [{section}] twice (names are the same in any "
                                   "case); keep one").format(section=section))
        return False
    seen.add(name.casefold())
    return True


def _text(src: TomlSource, problems: ProblemList, section: str, key: str, value: Any, example: str) -> str | None:
    if not isinstance(value, str):
        problems.add(src.line_of(key, section) or src.line_of(section), key, _(
            'write it as text in quotes: {example}').format(
            example=example))
        return None
    return value


def _squares(words: list[str]) -> tuple[list[Square], list[str]]:
    squares, bad = [], []
    for word in words:
        try:
            squares.append(parse_square_name(word))
        except ValueError:
            bad.append(word)
    return squares, bad


# --- Facts ----------------------------------------------------------------------------------------


def _sides(src: TomlSource, problems: ProblemList, table: dict[str, Any]) -> dict[str, ColoniaSide]:
    sides: dict[str, ColoniaSide] = {}
    seen: set[str] = set()
    for name, value in table.items():
        if not _name_ok(src, problems, "sides", name, seen):
            continue
        line = src.line_of(name, "sides") or src.line_of("sides")
        if name.upper() == SIDE_A:
            name = SIDE_A
        elif not name.upper().startswith("B"):
            problems.add(line, name, _("a side is A (the same on every board) or a side B, named "
                                       "with B first (B1, B2, B-red ...)"))
            continue
        text = _text(src, problems, "sides", name, value, f'{name} = "B2 E3 C5 D4"')
        if text is None:
            continue
        temples, bad = _squares(text.split())
        for word in bad:
            problems.add(line, word, _("not a square of the colonia; name the four temples like "
                                       "B2 E3 C5 D4"))
        if bad:
            continue
        side = ColoniaSide(name, frozenset(temples))
        if len(set(temples)) != len(temples):
            problems.add(line, name, _("a temple is named twice; name four different squares"))
            continue
        found = side_problems(side)
        for problem in found:
            problems.add(line, name, problem.show())
        if not found:
            sides[name] = side
    return sides


def _faces(src: TomlSource, problems: ProblemList, table: dict[str, Any]) -> dict[str, MosaicFace]:
    faces: dict[str, MosaicFace] = {}
    seen: set[str] = set()
    for name, value in table.items():
        if not _name_ok(src, problems, "faces", name, seen):
            continue
        text = _text(src, problems, "faces", name, value, f"{name} = ''' ... ''' (one line a row)")
        if text is None:
            continue
        line = src.line_of(name, "faces") or src.line_of("faces") or 1
        start = problems.found
        grid = parse_forum_grid(text, {}, problems, _first_value_line(src, line))
        if grid is None or problems.found > start:
            continue
        face = MosaicFace(name, _trimmed(grid))
        found = face_problems(face)
        for problem in found:
            problems.add(line, name, problem.show())
        if not found:
            faces[name] = face
    return faces


def _first_value_line(src: TomlSource, line: int) -> int:
    """The line of a multi-line string's first row (TOML drops a newline right after the
    opening quotes)."""
    raw = src.lines[line - 1] if line <= len(src.lines) else ""
    after = raw.split("=", 1)[1].strip() if "=" in raw else ""
    return line + 1 if after in ('"""', "'''") else line


def _trimmed(grid: tuple[tuple[ForumSquare | None, ...], ...]) -> tuple[tuple[ForumSquare | None, ...], ...]:
    """Gaps only at the right of a row add nothing to a face."""
    rows = list(grid)
    while rows and all(square is None for square in rows[-1]):
        rows.pop()
    return tuple(rows)


def _numbers(src: TomlSource, problems: ProblemList, section: str, key: str, value: Any,
             need: bool = True) -> tuple[int, ...] | None:
    line = src.line_of(key, section) or src.line_of(section)
    if value is None:
        if need:
            problems.add(line, key, _("[{section}] needs {key} = [ ... ], a list of whole numbers").format(
                section=section, key=key))
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999
                                              for v in value):
        problems.add(line, key, _("{key} is a list of whole numbers 0 to 999: {key} = [0, 1, 2]").format(key=key))
        return None
    return tuple(value)


def _track(src: TomlSource, problems: ProblemList, table: Any) -> PrestigeTrack | None:
    if not isinstance(table, dict):
        problems.add(src.line_of("track"), "track", _("{key} is a table: write [{key}] on a line of its own, "
                                                      "its entries below").format(key="track"))
        return None
    unknown_keys(src, problems, table, TRACK_KEYS, "track")
    points = _numbers(src, problems, "track", "points", table.get("points"))
    trajan = _numbers(src, problems, "track", "trajan", table.get("trajan"))
    cypresses = _numbers(src, problems, "track", "cypresses", table.get("cypresses", []), need=False)
    if points is None or trajan is None or cypresses is None:
        return None
    if any(c < 1 for c in cypresses):
        # Counted as in the record's 'box track' line: the track's spaces from 1.
        problems.add(src.line_of("cypresses", "track") or src.line_of("track"), "cypresses",
                     _("a cypress is a space of the track, counted from 1"))
        return None
    track = PrestigeTrack(points, trajan, frozenset(c - 1 for c in cypresses))
    found = track_problems(track, TRAJAN_VALUES)
    for problem in found:
        problems.add(src.line_of("track"), "track", problem.show())
    return None if found else track


def _bars(src: TomlSource, problems: ProblemList, table: Any) -> dict[BarFace, BarSide]:
    bars: dict[BarFace, BarSide] = {}
    if not isinstance(table, dict):
        problems.add(src.line_of("bar"), "bar", _("write each side of the bar as a table: [bar.basic] "
                                                  "and [bar.turned]"))
        return bars
    known = [face.value for face in BarFace]
    for which, side in table.items():
        section = f"bar.{which}"
        line = src.line_of(section) or src.line_of("bar")
        if which not in known:
            problems.add(line, which, with_suggestion(_("the bar has two sides{suggestion}: [bar.basic] "
                                                        "and [bar.turned]"), which, known))
            continue
        if not isinstance(side, dict):
            problems.add(line, which, _("write this side of the bar as a table: [{section}]").format(
                section=section))
            continue
        unknown_keys(src, problems, side, BAR_KEYS, section)
        bar = _bar(src, problems, section, side)
        if bar is not None:
            bars[BarFace(which)] = bar
    return bars


def _bar(src: TomlSource, problems: ProblemList, section: str, table: dict[str, Any]) -> BarSide | None:
    line = src.line_of(section)
    text = table.get("sizes")
    head = table.get("head")
    if not isinstance(text, str):
        problems.add(src.line_of("sizes", section) or line, "sizes", _(
            'give the area size on each slot, left to right: sizes = "- 1 2 3 4+" (- none, 4+ four or more)'))
        return None
    if isinstance(head, bool) or not isinstance(head, int) or head < 1:
        problems.add(src.line_of("head", section) or line, "head", _(
            "give the slot of the Trajan head, 1 for the first: head = 3"))
        return None
    read = parse_sizes(text)
    if isinstance(read, str):
        problems.add(src.line_of("sizes", section), next(w for w in text.split() if not _size_word(w, False)),
                     read)
        return None
    sizes, open_ended = read
    bar = BarSide(sizes, head - 1, open_ended)
    found = bar_problems(bar)
    for problem in found:
        problems.add(src.line_of("sizes", section) or line, "sizes", problem.show())
    return None if found else bar


def _size_word(word: str, last: bool) -> bool:
    digits = word[:-1] if word.endswith("+") and last else word
    return word == NONE_SIZE or is_number(digits) and len(digits) <= 3


def parse_sizes(text: str) -> tuple[tuple[int | None, ...], bool] | str:
    """``- 1 2 3+`` -> the size on each slot (None for none) and whether the last size
    means "that many or more"; or what is wrong."""
    words = text.split()
    if not words:
        return _("give the area size on each slot, left to right: - 1 2 3 4+ (- none, 4+ four or more)")
    last = max((i for i, w in enumerate(words) if w != NONE_SIZE), default=-1)
    if not all(_size_word(w, i == last) for i, w in enumerate(words)):
        return _("a slot shows a size (1, 2 ...), - for none, or N+ on the last size (N or more)")
    sizes = tuple(None if w == NONE_SIZE else int(w.rstrip("+")) for w in words)
    return sizes, last >= 0 and words[last].endswith("+")


def parse_number_row(text: str, empty: bool = False) -> tuple[int, ...] | str:
    """``0 1 2 3`` (or with commas) -> the numbers, 0 to 999; or what is wrong."""
    words = text.replace(",", " ").split()
    if not words and not empty:
        return _("type the numbers on one line, left to right, separated by spaces")
    if not all(is_number(w) and len(w) <= 3 for w in words):
        bad = next(w for w in words if not (is_number(w) and len(w) <= 3))
        return _("{word} is not a whole number 0 to 999").format(word=bad)
    return tuple(int(w) for w in words)


def side_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a side B, or None."""
    if not NAME.fullmatch(name) or not name.upper().startswith("B"):
        return _("a side B is named with B first, one word of letters, digits, - and _ (B1, B-red ...)")
    return None


def face_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a face, or None."""
    if not NAME.fullmatch(name):
        return _("a face's name is one word of letters, digits, - and _ (up to 16), e.g. 1a")
    return None


# --- Habits ---------------------------------------------------------------------------------------


def parse_cranes(text: str) -> tuple[tuple[tuple[Square, Colour], ...] | None, str | None]:
    """``A1 o F1 g A6 b F6 y`` -> each corner with its crane's colour, or None and why not."""
    words = text.split()
    if len(words) % 2:
        return None, _("name each corner and its crane's colour: A1 o F1 g A6 b F6 y")
    cranes: list[tuple[Square, Colour]] = []
    for corner, colour in zip(words[::2], words[1::2], strict=True):
        try:
            square = parse_square_name(corner)
        except ValueError:
            square = None
        if square not in CORNER_SQUARES:
            return None, _("{word} is not a corner of the colonia (A1, F1, A6, F6)").format(word=corner)
        if colour.lower() not in CRANE_WORDS:
            return None, _("{word} is not a colour; use b g o y").format(word=colour)
        cranes.append((square, CRANE_WORDS[colour.lower()]))
    if len({s for s, _c in cranes}) != len(cranes) or len({c for _s, c in cranes}) != len(cranes):
        return None, _("each corner holds one crane, each of its own colour (p. 19)")
    return tuple(sorted(cranes, key=lambda item: (item[0][1], item[0][0]))), None


def parse_placements(text: str) -> tuple[tuple[Placement, ...] | None, str | None]:
    """``1a A1; 2a D1 turned`` -> the faces laid, or None and why not."""
    placements: list[Placement] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        words = part.split()
        turned = len(words) == 3 and words[2].lower() == TURNED
        if len(words) not in (2, 3) or len(words) == 3 and not turned:
            return None, _("write each face laid as FACE SQUARE, 'turned' after it when laid the other "
                           "way up, separated by ';': 1a A1; 2b D1 turned")
        try:
            at = parse_square_name(words[1])
        except ValueError:
            return None, _("{word} is not a square of the forum (like A1)").format(word=words[1])
        placements.append(Placement(words[0], at, turned))
    if not placements:
        return None, _("name the faces laid: 1a A1; 2b D1 turned")
    return tuple(placements), None


def _cranes(src: TomlSource, problems: ProblemList, table: dict[str, Any]) -> dict[str, tuple]:
    cranes: dict[str, tuple] = {}
    for player, value in table.items():
        text = _text(src, problems, "cranes", player, value, f'"{player}" = "A1 o F1 g A6 b F6 y"')
        if text is None:
            continue
        laid, why = parse_cranes(text)
        if laid is None:
            problems.add(src.line_of(player, "cranes") or src.line_of("cranes"), player, why)
        else:
            cranes[player] = laid
    return cranes


def _forums(src: TomlSource, problems: ProblemList, table: dict[str, Any]) -> dict[int, tuple[Placement, ...]]:
    forums: dict[int, tuple[Placement, ...]] = {}
    for count, value in table.items():
        line = src.line_of(count, "forums") or src.line_of("forums")
        if not is_number(count) or int(count) not in PLAYER_COUNTS:
            problems.add(line, count, _("a key in [forums] is the number of players, 2 to 4"))
            continue
        text = _text(src, problems, "forums", count, value, f'{count} = "1a A1; 2a D1; 3b A3 turned"')
        if text is None:
            continue
        laid, why = parse_placements(text)
        if laid is None:
            problems.add(line, count, why)
        else:
            forums[int(count)] = laid
    return forums


# --- Writing --------------------------------------------------------------------------------------

HEADER = """\
# The box: what this group's own copy of Forum Trajanum prints, typed once by the group.
# trajan reads it for set-up and scoring; edit it by hand or with `trajan box edit`.
# Lines starting with # are comments. `trajan box show` lists what is known."""


def _key(text: str) -> str:
    from .toml_text import _key as key

    return key(text)


def face_text(face: MosaicFace) -> str:
    """A face's grid as rows of forum tokens (``b g o y``, ``E``, ``-``)."""
    width = face.width
    return "\n".join(" ".join(_token(square) for square in tuple(row) + (None,) * (width - len(row)))
                     for row in face.grid)


def _token(square: ForumSquare | None) -> str:
    return GAP if square is None else "E" if square.is_eagle else square.colour.letter


def box_toml(group: GroupBox) -> str:
    """The box file's text: the parser reads it back as ``group``."""
    from .toml_text import toml_string

    box = group.box
    out = [HEADER, ""]
    out += ["# Each side of the player boards: its four temples (side A is the same on every board;",
            "# a side B is named with B first).", "[sides]"]
    out += [f"{_key(s.name)} = {toml_string(temples_text(s))}" for s in _sorted(box.sides)]
    out += ["", "# Each face of the mosaic boards: one line a row; b g o y squares, E eagle space, - gap.",
            "[faces]"]
    for face in _sorted(box.faces):
        out += [f"{_key(face.name)} = '''", face_text(face), "'''"]
    if box.track is not None:
        t = box.track
        out += ["", "# The prestige track: per space, left to right, the points below the bar and the Trajan",
                "# value above it; the spaces (1 = the first) the bar's left end stands on when it lies",
                "# on a cypress.", "[track]",
                f"points = [{', '.join(map(str, t.points))}]", f"trajan = [{', '.join(map(str, t.trajan))}]",
                f"cypresses = [{', '.join(str(c + 1) for c in sorted(t.cypresses))}]"]
    if box.bar:
        out += ["", "# Each side of the slide bar: per slot the area size (- none, 8+ eight or more), and",
                "# the slot of the Trajan head (1 = first)."]
    for which in BarFace:
        bar = box.bar.get(which)
        if bar is not None:
            out += [f"[bar.{which.value}]", f"sizes = {toml_string(sizes_text(bar))}", f"head = {bar.head + 1}", ""]
    if box.bar:
        out.pop()
    if group.cranes:
        out += ["", "# Kept by trajan: the crane colours each player laid in the corners last time.", "[cranes]"]
        out += [f"{_key(p)} = {toml_string(cranes_text(c))}" for p, c in group.cranes.items()]
    if group.forums:
        out += ["", "# Kept by trajan: the faces laid last time, for each number of players.", "[forums]"]
        out += [f"{n} = {toml_string(placements_text(group.forums[n]))}" for n in sorted(group.forums)]
    return "\n".join(out) + "\n"


def _sorted(items: Mapping[str, Any]) -> list[Any]:
    return [items[name] for name in sorted(items, key=lambda n: (n.casefold(), n))]
