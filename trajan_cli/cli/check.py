"""`trajan check ...`: the referee for a proposed build or envoy (pp. 22-26).

An illegal proposal is still an answer (exit 0, ``legal`` false, every reason listed);
only input that cannot be judged (a bad TILE, CELL or file) exits with status 2.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..i18n import _
from ..parsing.errors import InputError, Problem
from .options import (
    ExampleOption,
    GameOption,
    HouseOption,
    JsonFlag,
    colour_named,
    emit,
    forum_from,
    game_readings,
    parse_cycle,
    player_mark,
    sheet_from,
)

if TYPE_CHECKING:
    from ..core.forum import Forum

app = typer.Typer(help="Referee: may this tile be built here, may this envoy go there.",
                  no_args_is_help=True)

VIA_CHOICES = ("build", "market", "library")

def _split(words: list[str] | None, example: str | None, needs: str, least: int, most: int,
           usage: str, game: str | None = None) -> tuple[Path | None, list[str]]:
    """The file (unless --example or --game) and the words after it; refuses a wrong count."""
    words = list(words or [])
    if example is not None and game is not None:
        raise typer.BadParameter(_("give either --example or --game, not both"), param_hint="--game")
    if example is None and game is None:
        if not words:
            missing = {"sheet": _("give the sheet file, or --example tom to try the rulebook's example"),
                       "forum": _("give the forum file, or --example tom to try the rulebook's example")}
            raise typer.BadParameter(missing[needs], param_hint=usage)
        path, words = Path(words[0]), words[1:]
    else:
        path = None
    if not least <= len(words) <= most:
        expected = usage.split(" ", 1)[1] if path is None else usage
        named = usage.split()[1:]  # the file's name is taken (or not needed) by now
        if len(words) < least:
            missing = " ".join(n for n in named[len(words):] if not n.startswith("["))
            text = (_("missing after {given}: {missing}").format(missing=missing, given=" ".join(words))
                    if words else _("missing: {missing}").format(missing=missing))
        else:
            text = _("too many words: {extra}").format(extra=" ".join(words[most:]))
        if game:
            text += " " + _("(expected {usage}; with --game, no file)").format(usage=expected)
        elif example:
            text += " " + _("(expected {usage}; with --example, no file)").format(usage=expected)
        else:
            text += " " + _("(expected {usage})").format(usage=expected)
        raise typer.BadParameter(text, param_hint=usage)
    return path, words


def citizens_named(names: list[str] | None, problems: list[Problem]):
    from ..core.vocabulary import Citizen

    known = {c.value: c for c in Citizen} | {str(c.row): c for c in Citizen}
    known |= {c.value.replace("-ii", "-2").replace("-i", "-1"): c for c in Citizen}
    found = []
    for name in names or []:
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key in known:
            found.append(known[key])
        else:
            problems.append(Problem("--citizen", None, name, _(
                "not a citizen; use {names} (or the row 1-6)").format(
                names=", ".join(c.value for c in Citizen))))
    return found


@app.command("build")
def build(
    words: Annotated[list[str] | None, typer.Argument(
        metavar="SHEET TILE CELL [CELL]", show_default=False,
        help="The player sheet, the tile (lib, g, col+g, g+g, ...) and the space for each "
             "part, in order (with --example, leave out SHEET).")] = None,
    citizen: Annotated[list[str] | None, typer.Option(
        "--citizen", metavar="NAME",
        help="Count this citizen as active too (craftsman-i, merchant-ii, ...); repeatable.")] = None,
    cycle: Annotated[str | None, typer.Option(
        "--cycle", metavar="N", callback=parse_cycle,
        help="The current cycle, 1-3: the value on top of Trajan's column (p. 24).")] = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
    game: GameOption = None,
    player: Annotated[str | None, typer.Option(
        "--player", "-p", metavar="P", help="With --game: whose recorded board.")] = None,
    house: HouseOption = None,
):
    """May this tile be built here, every way to pay for it, and what it brings (pp. 22-25)."""
    from ..core.referee.build import check_build, places_for, with_active
    from ..render.referee import build_answer
    from ..rulesdata import load_rules

    path, words = _split(words, example, "sheet", 2, 3, "SHEET TILE CELL [CELL]", game)
    readings = game_readings(game, house)
    problems: list[Problem] = []
    tile, squares = tile_and_cells(words, problems)
    extra = citizens_named(citizen, problems)
    sheet = forum = None
    try:
        if game is not None:
            from ..games.recording import recorded_sheet

            sheet, game_cycle, readings, forum = recorded_sheet(game, player)
            cycle = cycle or game_cycle
        else:
            sheet = sheet_from(path, example)
    except InputError as exc:
        problems.extend(exc.problems)
    if problems:
        raise InputError(problems)

    rules = load_rules().reading(readings)
    added = [c for c in dict.fromkeys(extra) if not sheet.has_active(c)]
    sheet = with_active(sheet, added)
    verdict = check_build(sheet, tile, tuple(squares), rules, cycle=cycle, forum=forum)
    notes = citizen_notes(added)
    places = None if verdict.legal else places_for(sheet, tile, rules)
    report = None
    if not json:
        from ..render.pictures import colonia_picture
        from ..render.referee import build_report

        report = build_report(sheet.name, verdict, rules, sheet.supply.ship, notes,
                              colonia_picture(sheet, marked=vacated(sheet, verdict.squares)), places)
    answer = build_answer(verdict, rules, sheet.supply.ship, notes)
    if places is not None:
        from ..render.referee import cell_names

        answer["places"] = ["+".join(cell_names(p)) for p in places]
    emit(answer, report, json)


def tile_and_cells(words: list[str], problems: list[Problem]):
    """TILE CELL [CELL] -> (tile, squares); what does not read goes to ``problems``."""
    from ..core.referee.build import TileError, parse_tile
    from ..core.vocabulary import BOARD_SIZE, foreign_digit, foreign_digit_text, parse_square_name
    from ..render.referee import tile_error_text

    tile = None
    try:
        tile = parse_tile(words[0])
    except TileError as exc:
        problems.append(Problem("TILE", None, exc.token, tile_error_text(exc)))
    squares = []
    for word in words[1:]:
        if foreign_digit(word) is not None:
            problems.append(Problem("CELL", None, word, foreign_digit_text(foreign_digit(word))))
            continue
        try:
            square = parse_square_name(word)
        except ValueError:
            square = None
        if square is None or not (square[0] < BOARD_SIZE and square[1] < BOARD_SIZE):
            problems.append(Problem("CELL", None, word, _(
                "not a colonia space; name it by column A-F and row 1-6, e.g. C3")))
        else:
            squares.append(square)
    if tile is not None and len(words) - 1 != len(tile.parts):
        problems.append(Problem("CELL", None, " ".join(words[1:]), _(
            "a double tile covers two neighbouring spaces: give two cells, one per part, in "
            "order (p. 23)") if tile.is_double else _(
            "a single tile covers one space: give one cell")))
    return tile, squares


def vacated(sheet, squares):
    """The squares to frame in the picture: only vacated ones, whose drawing has no colour
    codes (framing cuts the first and last character of a cell's drawing)."""
    from ..core.vocabulary import CellKind

    return [sq for sq in squares if sheet.colonia.at(sq).kind is CellKind.VACATED]


def citizen_notes(added) -> list[str]:
    if not added:
        return []
    from ..render.names import citizen_name

    return [_("counted as active because --citizen says so: {names}.").format(
        names=", ".join(citizen_name(c) for c in added))]


@app.command("envoy")
def envoy(
    words: Annotated[list[str] | None, typer.Argument(
        metavar="FORUM [CELL [CELL]]", show_default=False,
        help="The forum file and, optionally, the square to judge (two with --count 2; "
             "with --example, leave out FORUM).")] = None,
    player: Annotated[str | None, typer.Option(
        "--player", metavar="P", help="Whose envoy: the mark or the name.")] = None,
    colour: Annotated[str | None, typer.Option(
        "--colour", "--color", metavar="C",
        help="Colour of the structure just built (b, g, o, y; r is read as o); needed with "
             "--via build.")] = None,
    via: Annotated[str, typer.Option(
        "--via", metavar="build|market|library",
        help="build: for a coloured structure; market, library: the third benefit of that "
             "track (p. 24).")] = "build",
    patrician_i: Annotated[bool, typer.Option(
        "--patrician-i", help="Patrician I is active: the started-area rule may be ignored.")] = False,
    patrician_ii: Annotated[bool, typer.Option(
        "--patrician-ii", help="Patrician II is active: two different area bonuses.")] = False,
    ship: Annotated[int | None, typer.Option(
        "--ship", metavar="N", min=0, help="Envoys waiting on the ship; 0 refuses every square.")] = None,
    count: Annotated[int | None, typer.Option(
        "--count", metavar="N", min=1, max=2,
        help="2: the two envoys of a double tile, the second judged after the first.")] = None,
    example: ExampleOption = None,
    json: JsonFlag = False,
    game: GameOption = None,
    house: HouseOption = None,
):
    """May an envoy go on this forum square, or which squares are legal (pp. 24-26)."""
    from ..core.referee.envoy import Placement, Via, check_envoys
    from ..rulesdata import load_rules

    path, words = _split(words, example, "forum", 0, 2, "FORUM [CELL [CELL]]", game)
    readings = game_readings(game, house)
    problems: list[Problem] = []
    way = via.strip().lower()
    if way not in VIA_CHOICES:
        problems.append(Problem("--via", None, via, _("use build, market or library")))
    built = None
    if colour is not None:
        built = colour_named(colour, "--colour", problems)
    elif way == "build":
        problems.append(Problem("--colour", None, None, _(
            "say the colour of the structure just built: --colour b, g, o or y (blue, green, "
            "orange, yellow)")))
    envoys = count or max(1, len(words))
    if len(words) > envoys:
        problems.append(Problem("CELL", None, " ".join(words), _(
            "two cells are two envoys: use --count 2 (a double tile), or give one cell")))
    if envoys == 2 and way in ("market", "library"):
        problems.append(Problem("--count", None, "2", _(
            "two envoys at once come only from a double tile of one colour (--via build); a "
            "track benefit places one")))
    board, source, mark = None, None, None
    try:
        if game is not None:
            from ..games.recording import recorded_forum

            board, mark, sheet, readings = recorded_forum(game, player)
            source = game
            if sheet is not None:  # what the recorded board shows, unless said otherwise
                from ..core.vocabulary import Citizen

                patrician_i = patrician_i or sheet.has_active(Citizen.PATRICIAN_I)
                patrician_ii = patrician_ii or sheet.has_active(Citizen.PATRICIAN_II)
                ship = sheet.supply.ship if ship is None else ship
        else:
            board, source = forum_from(path, example)
    except InputError as exc:
        problems.extend(exc.problems)
    squares = _forum_cells(board, words, problems) if board is not None else []
    if board is not None and mark is None:
        if player is None and example is None and len(board.players) > 1:
            players = ", ".join(f"{m} ({n})" for m, n in board.players.items())
            problems.append(Problem(source, None, None, _(
                "say whose envoy it is with --player; players: {players}").format(
                players=players)))
        else:
            try:
                mark = player_mark(board, player, source, default=example)
            except InputError as exc:
                problems.extend(exc.problems)
    if problems:
        raise InputError(problems)

    rules = load_rules().reading(readings)
    placement = Placement(Via(way), built, patrician_i, patrician_ii, ship)
    verdict = check_envoys(board, mark, placement, rules, squares=tuple(squares), count=envoys)
    notes = _envoy_notes(envoys, rules)
    report = None
    from ..render.referee import envoy_answer

    if not json:
        from ..render.pictures import forum_picture
        from ..render.referee import envoy_report

        report = envoy_report(board.players[mark], verdict, rules, notes,
                              forum_picture(board, highlight=verdict.envoys[0].legal_squares))
    emit(envoy_answer(verdict, rules, notes), report, json)


def _forum_cells(board: "Forum", words: list[str], problems: list[Problem]):
    from ..core.vocabulary import foreign_digit, foreign_digit_text, parse_square_name, square_name

    squares = []
    last = square_name(board.width - 1, board.height - 1)
    for word in words:
        if foreign_digit(word) is not None:
            problems.append(Problem("CELL", None, word, foreign_digit_text(foreign_digit(word))))
            continue
        try:
            square = parse_square_name(word)
        except ValueError:
            problems.append(Problem("CELL", None, word, _(
                "not a forum square; name it by column letter and row number, from A1 to "
                "{last}").format(last=last)))
            continue
        col, row = square
        if board.at(square) is not None:
            squares.append(square)
        elif row < board.height and col < board.width:
            problems.append(Problem("CELL", None, word, _(
                "that is a gap in the forum (-), not a square")))
        else:
            problems.append(Problem("CELL", None, word, _(
                "outside the forum, which runs from A1 to {last}").format(last=last)))
    return squares


def _envoy_notes(envoys: int, rules) -> list[str]:
    from ..core.readings import DoubleEnvoys

    if envoys < 2:
        return []
    if rules.readings.double_envoys is DoubleEnvoys.TOGETHER:
        return [_("both envoys are judged on the forum as it was before the tile (house rule "
                  "double-envoys=together): an area the first one starts does not draw the second.")]
    return [_("the second envoy is judged on the forum with the first already placed (the "
              "referee's reading of p. 25): an area the first one starts draws the second.")]
