"""The forum (TOML, docs/formats.md) -> :class:`Forum`, and drawn back as grid text."""

from __future__ import annotations

from pathlib import Path

from ..core.forum import Forum, ForumSquare
from ..core.vocabulary import COLOUR_LETTERS, COLOUR_NAMES, Colour
from ..i18n import _, ngettext
from .errors import ProblemList, with_suggestion
from .grid import strip_comment
from .limits import MAX_FORUM_PLAYERS, MAX_FORUM_SPACES
from .tomlfile import TomlSource, read_text

SQUARE_WORDS: dict[str, Colour | None] = {"e": None, "eagle": None} | COLOUR_LETTERS | COLOUR_NAMES
#: Orange's words became square words when it was named (issue 12); marks chosen before stay.
NOT_MARKS = {"-", *SQUARE_WORDS} - {Colour.ORANGE.letter, Colour.ORANGE.value}
GAP = "-"


def load_forum(path: str | Path) -> Forum:
    return parse_forum(read_text(path), str(path))


def parse_forum(text: str, file: str = "<forum>") -> Forum:
    """Parse a forum file; raises InputError listing every problem found."""
    src = TomlSource(text, file)
    problems = src.problems()
    for key in src.data:
        if key not in ("players", "grid"):
            problems.add(src.line_of(key), key, with_suggestion(
                _("unknown key{suggestion}; a forum file has players and grid"), key, ["players", "grid"]))

    players = _players(src, problems)
    grid_text = src.data.get("grid")
    grid = None
    if not isinstance(grid_text, str):
        problems.add(src.line_of("grid"), None, _('the forum needs its layout: grid = """ ... """'))
    else:
        grid = parse_forum_grid(grid_text, players, problems, src.value_first_line("grid"))
    problems.raise_if_any()
    return Forum(grid=grid, players=players)


def _players(src: TomlSource, problems: ProblemList) -> dict[str, str]:
    raw = src.data.get("players")
    line = src.line_of("players")
    if not isinstance(raw, dict) or not raw:
        problems.add(line, None, _('name the players and their marks: players = {{ T = "Tom", A = "Anna" }}')
                     .format())
        return {}
    if len(raw) > MAX_FORUM_PLAYERS:
        problems.add(line, len(raw), _("{n} players; a forum file names {most} at most (the game is for "
                                       "2 to 4)").format(n=len(raw), most=MAX_FORUM_PLAYERS))
        return {}
    players: dict[str, str] = {}
    for mark, name in raw.items():
        if not mark or ":" in mark or any(ch.isspace() for ch in mark) or mark.casefold() in NOT_MARKS:
            problems.add(line, mark, _("a player mark is a short name without spaces or ':' that is "
                                       "not a square token (b g r y E -)"))
        elif not isinstance(name, str) or not name.strip():
            problems.add(line, mark, _('give the player\'s name: {mark} = "Name"').format(mark=mark))
        elif mark.casefold() in (m.casefold() for m in players):
            problems.add(line, mark, _("this mark is used twice"))
        else:
            players[mark] = name.strip()
    return players


def parse_forum_grid(
    text: str, players: dict[str, str], problems: ProblemList, first_line: int = 1
) -> tuple[tuple[ForumSquare | None, ...], ...] | None:
    start = problems.found
    marks = {m.casefold(): m for m in players}
    known = ", ".join(players) or "-"
    rows: list[tuple[int, list[ForumSquare | None]]] = []
    spaces = 0
    for offset, raw in enumerate(text.splitlines()):
        tokens = strip_comment(raw).split()
        if not tokens:
            continue
        line = first_line + offset
        spaces += len(tokens)
        if spaces > MAX_FORUM_SPACES:
            problems.add(line, None, _("the grid has more than {most} spaces (squares and gaps) by "
                                       "this line; 5 mosaic boards hold far fewer").format(
                                           most=MAX_FORUM_SPACES))
            break
        row: list[ForumSquare | None] = []
        for token in tokens:
            square_part, sep, mark = token.partition(":")
            if token == GAP:
                row.append(None)
                continue
            key = square_part.lower()
            if key == GAP:
                problems.add(line, token, _("a gap (-) has no square to hold an envoy"))
                row.append(None)
                continue
            if key not in SQUARE_WORDS:
                problems.add(line, token, with_suggestion(_(
                    "not a forum token{suggestion}; use b g o y (mosaic squares), E (eagle space), "
                    "- (gap), X:P (square X holding an envoy of player P)"), key, SQUARE_WORDS))
                row.append(None)
                continue
            envoy = None
            if sep:
                envoy = marks.get(mark.casefold())
                if envoy is None:
                    problems.add(line, token, _("envoy of an unknown player {mark!r}; the players are "
                                                "{known} (see players = ...)").format(mark=mark, known=known))
            row.append(ForumSquare(SQUARE_WORDS[key], envoy))
        rows.append((line, row))

    if not rows:
        problems.add(first_line, None, _("the forum grid is empty; type one line per row of squares"))
    else:
        width = len(rows[0][1])
        for line, row in rows[1:]:
            if len(row) != width:
                problems.add(line, None, ngettext("this row has {n} square but the first has {width}; write "
                                                  "- for every gap so that rows line up",
                                                  "this row has {n} squares but the first has {width}; write "
                                                  "- for every gap so that rows line up",
                                                  len(row)).format(n=len(row), width=width))
    if problems.found > start:
        return None
    return tuple(tuple(row) for _line, row in rows)


def render_forum_grid(forum: Forum) -> str:
    def token(square: ForumSquare | None) -> str:
        if square is None:
            return GAP
        base = "E" if square.is_eagle else square.colour.letter
        return f"{base}:{square.envoy}" if square.envoy else base

    width = max((len(token(sq)) for row in forum.grid for sq in row), default=1) + 1
    return "\n".join(
        " ".join(f"{token(sq):<{width}}" for sq in row).rstrip() for row in forum.grid
    ) + "\n"
