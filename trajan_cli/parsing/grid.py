"""The colonia grid: six lines of six tokens (docs/formats.md), parsed and drawn back."""

from __future__ import annotations

from ..core.colonia import (
    COVERED,
    SCORED_CRANE,
    TEMPLE,
    VACATED,
    Cell,
    Colonia,
    crane,
    gray,
    is_corner,
    structure,
)
from ..core.vocabulary import (
    BOARD_SIZE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    TEMPLE_COUNT,
    CellKind,
    Colour,
    GrayType,
    colour_name,
    square_name,
)
from ..i18n import _, ngettext
from .errors import ProblemList, with_suggestion

# Canonical token first; aliases after. Keys are lower case (tokens are case-insensitive).
TOKENS: dict[str, Cell] = {"?": COVERED, ".": VACATED, "t": TEMPLE, "temple": TEMPLE}
for _g in GrayType:
    TOKENS[_g.token] = TOKENS[_g.value] = gray(_g)
TOKENS["triumphal-column"] = gray(GrayType.COLUMN)
for _l, _c in COLOUR_LETTERS.items():  # r, Kr: orange's old letter still reads
    TOKENS[_l], TOKENS[f"k{_l}"] = structure(_c), crane(_c)
for _n, _c in COLOUR_NAMES.items():
    TOKENS[_n], TOKENS[f"crane:{_n}"] = structure(_c), crane(_c)
TOKENS["k"] = TOKENS["crane"] = TOKENS["crane:scored"] = SCORED_CRANE

CANONICAL = "? . T col lib bas mkt b g o y K Kb Kg Ko Ky"


def token_of(cell: Cell) -> str:
    """The canonical grid token for a cell."""
    match cell.kind:
        case CellKind.COVERED:
            return "?"
        case CellKind.VACATED:
            return "."
        case CellKind.TEMPLE:
            return "T"
        case CellKind.GRAY:
            return cell.gray.token
        case CellKind.STRUCTURE:
            return cell.colour.letter
        case CellKind.CRANE:
            return "K" if cell.colour is None else f"K{cell.colour.letter}"
    raise AssertionError(cell)


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0]


def parse_colonia(text: str, problems: ProblemList, first_line: int = 1) -> Colonia | None:
    """Parse a grid; ``first_line`` is the file line of the text's first line.

    Adds every problem to ``problems`` and returns None when there was any.
    """
    start = problems.found
    rows: list[tuple[int, list[tuple[str, Cell | None]]]] = []
    for offset, raw in enumerate(text.splitlines()):
        tokens = strip_comment(raw).split()
        if not tokens:
            continue
        line = first_line + offset
        parsed = []
        for token in tokens:
            cell = TOKENS.get(token.lower())
            if cell is None:
                problems.add(line, token, with_suggestion(
                    _("not a colonia token{suggestion}; use one of {tokens}"), token, TOKENS,
                    tokens=CANONICAL))
            parsed.append((token, cell))
        rows.append((line, parsed))

    last_line = rows[-1][0] if rows else first_line
    if len(rows) != BOARD_SIZE:
        problems.add(last_line, None, _("rows in the grid: {rows}; a colonia has {size}, top row "
                                        "first").format(rows=len(rows), size=BOARD_SIZE))
    for line, parsed in rows:
        if len(parsed) != BOARD_SIZE:
            extra = parsed[BOARD_SIZE][0] if len(parsed) > BOARD_SIZE else None
            problems.add(line, extra, ngettext("this row has {n} space; each colonia row has {size} (write . "
                                               "for an empty space, ? for a covered one)",
                                               "this row has {n} spaces; each colonia row has {size} (write . "
                                               "for an empty space, ? for a covered one)", len(parsed))
                         .format(n=len(parsed), size=BOARD_SIZE))

    temples: list[tuple[int, str]] = []
    crane_colours: dict[Colour, str] = {}
    for row_index, (line, parsed) in enumerate(rows[:BOARD_SIZE]):
        for col, (token, cell) in enumerate(parsed[:BOARD_SIZE]):
            if cell is None:
                continue
            where = square_name(col, row_index)
            corner = is_corner((col, row_index))
            if corner and cell.kind not in (CellKind.COVERED, CellKind.CRANE):
                problems.add(line, token, _(
                    "{cell} is a corner, where a construction crane lies: write ? (still covered), "
                    "Kb/Kg/Ko/Ky (crane uncovered, not yet scored) or K (scored); cranes are never "
                    "built over (p. 22)").format(cell=where))
            if not corner and cell.kind is CellKind.CRANE:
                problems.add(line, token, _("{cell} is not a corner; cranes lie only in the 4 corners "
                                            "(A1, F1, A6, F6)").format(cell=where))
            if cell.kind is CellKind.TEMPLE:
                temples.append((line, token))
            if cell.kind is CellKind.CRANE and cell.colour is not None:
                if cell.colour in crane_colours:
                    problems.add(line, token, _(
                        "a second {colour} crane (the first is at {cell}); each colonia has one "
                        "crane per colour (p. 19)").format(colour=colour_name(cell.colour),
                                                          cell=crane_colours[cell.colour]))
                crane_colours[cell.colour] = where
    if len(rows) == BOARD_SIZE and len(temples) != TEMPLE_COUNT:
        line, token = temples[TEMPLE_COUNT] if len(temples) > TEMPLE_COUNT else (last_line, None)
        problems.add(line, token, ngettext("the grid shows {n} temple; a colonia has exactly {count}, "
                                           "printed on the board (write T where you see them)",
                                           "the grid shows {n} temples; a colonia has exactly {count}, "
                                           "printed on the board (write T where you see them)", len(temples))
                     .format(n=len(temples), count=TEMPLE_COUNT))

    if problems.found > start:
        return None
    return Colonia(tuple(tuple(cell for _, cell in parsed) for _, parsed in rows))


def render_colonia(colonia: Colonia) -> str:
    """The canonical grid text; ``parse_colonia(render_colonia(c))`` gives ``c`` back."""
    return "\n".join(
        " ".join(f"{token_of(cell):<4}" for cell in row).rstrip() for row in colonia.rows
    ) + "\n"
