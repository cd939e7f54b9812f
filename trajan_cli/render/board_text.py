"""The words for a board that does not grow as the rules say (core/board.py), translated."""

from __future__ import annotations

from ..core.board import BoardProblem, BoardRule
from ..core.colonia import Cell
from ..core.vocabulary import Citizen, CitizenState, Colour, GrayType, Track, square_name
from ..i18n import N_, _, ngettext, page_label
from .names import citizen_name, colour_name, gray_name

#: Why the rule holds, in a few words (a player reads these in the status line).
REASONS: dict[BoardRule, str] = {
    BoardRule.TEMPLE_MOVED: N_("temples are printed on the board: typed once at set-up, they never move"),
    BoardRule.TEMPLE_BUILT: N_("temples are never built over"),
    BoardRule.TILE_RETURNED: N_("a Colonia tile once taken never goes back"),
    BoardRule.BUILT_CHANGED: N_("a built space never changes or empties"),
    BoardRule.CRANE_COVERED: N_("an uncovered crane is never covered again"),
    BoardRule.CRANE_RECOLOURED: N_("a scored crane stays on its colourless side"),
    BoardRule.CRANE_COLOUR: N_("a corner keeps the crane colour chosen at set-up"),
    BoardRule.CITIZEN_LEFT: N_("citizens never leave their row (unpaid ones turn inactive)"),
    BoardRule.PRESTIGE_BACK: N_("the slide bar only moves right, and once Merchant I turned it "
                                "over it stays turned"),
    BoardRule.PRESTIGE_CYPRESS: N_("an upgrade once made stays as it moved the bar: which upgrades "
                                   "went on to a cypress never changes"),
    BoardRule.CRANE_TURNED: N_("a crane turns to its colourless side only when a scoring phase "
                               "scores it"),
    BoardRule.CITIZEN_UNPAID: N_("a citizen turns inactive only when it is not paid in a scoring "
                                 "phase"),
    BoardRule.CITIZEN_REACTIVATED: N_("an inactive citizen is active again only when paid in a "
                                      "scoring phase, or when a second citizen joins its row"),
    BoardRule.CITIZEN_PLACED: N_("a citizen placed in a row is active, and makes the first one "
                                 "there active again"),
    BoardRule.LAYOUT_CHANGED: N_("the forum layout is fixed once it is laid out"),
    BoardRule.ENVOY_LEFT: N_("an envoy never leaves its square"),
    BoardRule.TEMPLE_COUNT: N_("a colonia has exactly 4 temples"),
    BoardRule.TEMPLE_ON_CORNER: N_("the corners hold the construction cranes, not temples"),
    BoardRule.CORNER_BUILT: N_("the corners hold the construction cranes, never built over"),
    BoardRule.CORNER_VACATED: N_("a corner whose tile is taken shows its crane (crane key)"),
    BoardRule.CRANE_OFF_CORNER: N_("cranes lie only in the four corners"),
    BoardRule.CRANE_TWICE: N_("each colonia has one crane per colour"),
    BoardRule.ROW_FULL: N_("a citizen row has two spaces"),
    BoardRule.NEGATIVE: N_("a count cannot fall below zero"),
    BoardRule.ENVOY_ON_GAP: N_("a gap holds no envoy"),
    BoardRule.SQUARE_TAKEN: N_("a square holds one envoy"),
    BoardRule.NO_SQUARES: N_("the forum has no squares yet: type its layout"),
}


#: A citizen tile's side, as a refusal names it.
CITIZEN_STATES = {CitizenState.ACTIVE: N_("active"), CitizenState.INACTIVE: N_("inactive")}


def supply_label(key: str) -> str:
    """'coins', 'workers.blue', ... as a player reads it."""
    if key.startswith("workers."):
        return _("{colour} workers").format(colour=colour_name(Colour(key.split(".", 1)[1])))
    return {
        "coins": _("coins"), "tribunes": _("tribunes"), "builders": _("builders"),
        "assistants": _("assistants"), "ship": _("envoys on the ship"),
        "prestige.upgrades": _("upgrades on the slide bar"),
        "prestige.turned": _("slide bar turned over"),
        "prestige.cypress": _("upgrades that moved the slide bar on to a cypress"),
    }.get(key, key)


def track_label(track: Track) -> str:
    return _("{building} track").format(building=gray_name(GrayType(track.value)))


def value_text(value) -> str:
    """A cell as its grid token, a colour or forum square by name, a count as a number."""
    from ..parsing.grid import token_of

    if value is None:
        return _("nothing")
    if isinstance(value, tuple) and all(isinstance(v, CitizenState) for v in value):
        return " ".join(_(CITIZEN_STATES[v]) for v in value) or _("no citizen")
    if isinstance(value, Cell):
        return token_of(value)
    if isinstance(value, Colour):
        return colour_name(value)
    if value == "eagle":
        return _("an eagle space")
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return square_name(*value)
    return str(value)


def where_text(problem: BoardProblem) -> str | None:
    if problem.square is not None:
        return square_name(*problem.square)
    if problem.row is not None:
        return _("row {row} ({citizen})").format(row=problem.row,
                                                 citizen=citizen_name(Citizen.of_row(problem.row)))
    if isinstance(problem.key, Track):
        return track_label(problem.key)
    if problem.key is not None:
        return supply_label(problem.key)
    return None


def problem_text(problem: BoardProblem) -> str:
    """'C3: was lib, now b; a built space never changes or empties (p. 22)'."""
    reason = _(REASONS[problem.rule])
    page = page_label(problem.page)
    where = where_text(problem)
    if problem.rule is BoardRule.CRANE_TWICE:
        reason = _("the {colour} crane lies at {cell} already; each colonia has one crane per "
                   "colour").format(colour=value_text(problem.now), cell=value_text(problem.was))
        return _("{where}: {reason} ({page})").format(where=where, reason=reason, page=page)
    if problem.rule is BoardRule.TEMPLE_COUNT:
        reason = ngettext("{n} temple; {reason}", "{n} temples; {reason}", problem.now).format(
            n=problem.now, reason=reason)
    elif problem.was is not None or (problem.now is not None and problem.rule in (
        BoardRule.ENVOY_LEFT, BoardRule.LAYOUT_CHANGED, BoardRule.CRANE_COLOUR)
    ):
        def shown(value) -> str:
            if value is None and problem.rule is BoardRule.LAYOUT_CHANGED:
                return _("a gap")
            return value_text(value)

        changed = _("was {was}, now {now}").format(was=shown(problem.was), now=shown(problem.now))
        reason = f"{changed}; {reason}"
    elif problem.now is not None and problem.rule is not BoardRule.NO_SQUARES:
        reason = _("{now}: {reason}").format(now=value_text(problem.now), reason=reason)
    if where is None:
        return _("{reason} ({page})").format(reason=reason, page=page)
    return _("{where}: {reason} ({page})").format(where=where, reason=reason, page=page)


def record_text(line) -> str:
    """A line of the record other than a scoring answer, in a few words: what `game undo`
    took back."""
    from ..core.game import Answer
    from ..core.tabletop import BUILD_RECORD, PLAY_RECORD, SHEET_RECORD
    from ..core.turns.moves import BoardLine, BuildLine, ForumLine

    if isinstance(line, BoardLine):
        return _("{player}'s board as recorded").format(player=line.player)
    if isinstance(line, ForumLine):
        return _("the forum as recorded")
    if isinstance(line, BuildLine):
        from ..parsing.notation import format_line

        return _("{player}'s build: {line}").format(player=line.player,
                                                     line=format_line(line).split(": ", 1)[1])
    if not isinstance(line, Answer):  # a round or a turn
        from ..parsing.notation import format_line

        return format_line(line)
    answer = line
    text = answer.value.get("line") if isinstance(answer.value, dict) else None
    if answer.key == PLAY_RECORD and isinstance(text, str):
        return text
    if answer.key == BUILD_RECORD and isinstance(text, str):
        return _("{player}'s build: {line}").format(player=answer.player, line=text)
    if answer.key == SHEET_RECORD:
        return _("{player}'s board as recorded").format(player=answer.player)
    if answer.key == BUILD_RECORD:
        value = answer.value if isinstance(answer.value, dict) else {}
        return _("{player}'s build of {tile} on {cells}").format(
            player=answer.player, tile=value.get("tile", "?"),
            cells=", ".join(map(str, value.get("cells", ()))))
    return _("the forum as recorded")
