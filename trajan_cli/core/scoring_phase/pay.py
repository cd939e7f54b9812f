"""Step 1 of a scoring phase: paying the citizens (p. 27), one player at a time.

How the player's scores are given is decided first: from the boards the game keeps (every
turn of the cycle recorded: nothing to ask but the rows to pay; a board recorded: looked
over in the editor), or, without a board, as quick counts or a player sheet file. Then the
points scored during play (the marker, or the turns), the citizens and the coins, and the
rows paid: 1 coin a row; unpaid rows turn inactive (p. 26).
"""

from __future__ import annotations

from dataclasses import replace

from ..game import N_, Category, Message, Plural, Step
from ..readings import Reactivation
from ..ruleset import Rules
from ..scoring import score_colonia
from ..sheet import PlayerSheet
from ..vocabulary import CellKind, Citizen, CitizenState, Colour, Cycle, square_name
from .engine import Script, StageContext
from .memory import PlayerMemory
from .questions import BOARD, FILE, QUICK, Kind, Option, Question, file_check, joined, note, scored
from .review import board_question


def kept_by_turns(table, cycle: Cycle) -> bool:
    """Every turn of ``cycle`` is in the game record (core.turns)."""
    return table.play.kept_by_turns(cycle)


def pay(ctx: StageContext[Cycle]) -> Script:
    cycle, table, game, rules, parsers = ctx.period, ctx.table, ctx.game, ctx.rules, ctx.parsers
    p: PlayerMemory = ctx.memory.players[ctx.player]
    step = Step.PAY
    if kept_by_turns(table, cycle) and table.board(p.name) is not None:
        # Every turn of the cycle is recorded: the boards are complete and the points of
        # play known, so neither the board review nor the marker is asked.
        p.mode = BOARD
        points = table.play.points_in(cycle)[p.name]
        yield scored(cycle, step, p, Category.PLAY, points,
                     N_("points scored during play, from the turns (columns, finished tracks, "
                        "area bonuses): {points}"), points=points)
    elif table.board(p.name) is not None and not ctx.known.recorded("pay.mode", cycle, p.name):
        # Board mode: the board is recorded, so nothing about it is asked. The group looks
        # it over in the editor (this cycle's tiles, the supply) and the tool reads the rest.
        p.mode = BOARD
        edited = yield board_question(cycle, p.name, table.board(p.name), parsers,
                                      first_scoring_done=table.first_scoring_done)
        if edited is not None:
            table.record(p.name, parsers.sheet(edited["text"], f"<board of {p.name}>"))
    else:
        p.mode = yield Question(
            "pay.mode", Kind.CHOICE, step, cycle, p.name,
            N_("How do you give {player}'s scores this time?"), {"player": p.name},
            options=(Option(QUICK, N_("quick counts: answer a few questions")),
                     Option(FILE, N_("a player sheet file: the tool scores it"))),
            default=p.mode)
    before = p.total
    if kept_by_turns(table, cycle):
        pass  # the points of play are scored above
    else:
        marker = yield Question(
            "pay.marker", Kind.INT, step, cycle, p.name,
            N_("Where is {player}'s marker on the victory point track now, before this scoring? "
               "(add 100 if it has gone round)"), {"player": p.name},
            default=before, minimum=0, maximum=999,
            check=lambda v: None if v >= before else
            Message(N_("the marker stood at {before} after the last scoring and never moves back"),
                    {"before": before}))
        if cycle == game.first_cycle and cycle != Cycle.I:
            # --from-cycle: the marker holds the whole game so far, not one cycle's play.
            text = N_("points before the first scoring kept here (earlier cycles and this cycle's "
                      "play): {points}")
        else:
            text = N_("points scored during the cycle (columns, area bonuses, finished tracks): {points}")
        yield scored(cycle, step, p, Category.PLAY, marker - before, text, points=marker - before)

    previous_citizens, previous_paid = list(p.citizens), set(p.paid_rows)
    sheet: PlayerSheet | None
    if p.mode == BOARD:
        sheet = table.board(p.name)
        assert sheet is not None  # board mode is chosen above only for a recorded board
        citizens = [len(sheet.citizens.get(row, ())) for row in range(1, 7)]
        coins = sheet.supply.coins
    elif p.mode == FILE:
        value = yield Question(
            "pay.sheet", Kind.FILE, step, cycle, p.name,
            N_("{player}'s sheet as it is now, before citizens are paid"), {"player": p.name},
            check=_sheet_check(p, parsers), table_check=_sheet_agrees(p, parsers, rules))
        sheet = parsers.read_recorded_sheet(value["text"], value["path"])
        if not table.problems(p.name, sheet):
            table.record(p.name, sheet)  # a sheet given here becomes the recorded board
        citizens = [len(sheet.citizens.get(row, ())) for row in range(1, 7)]
        coins = sheet.supply.coins
    else:
        sheet = None
        previous = list(p.citizens)
        citizens = yield Question(
            "pay.citizens", Kind.ROWS, step, cycle, p.name,
            N_("Citizens in each row of {player}'s colonia, top row first (0, 1 or 2 each), "
               "including any placed this cycle"), {"player": p.name},
            default=previous, minimum=0, maximum=2,
            check=lambda rows: _citizens_never_leave(rows, previous))
        coins = yield Question(
            "pay.coins", Kind.INT, step, cycle, p.name,
            N_("How many coins does {player} have before paying?"), {"player": p.name},
            default=0, minimum=0, maximum=99)
    p.citizens = list(citizens)

    rows = [row for row in range(1, 7) if citizens[row - 1]]
    cost = rules.coins_per_citizen_row
    if sheet is not None:
        inactive = inactive_rows(sheet)
    elif cycle == game.first_cycle:
        inactive = set()  # no citizen is inactive before a game's first scoring kept here
    else:  # unpaid last time, and no second citizen placed since (p. 26)
        inactive = {row for row in rows if row not in previous_paid
                    and citizens[row - 1] <= previous_citizens[row - 1]}

    def costs(chosen) -> int:
        return payment_cost(chosen, inactive, rules)

    paid: list[int] = []
    every_row = costs(rows) <= coins
    if rows and p.mode == BOARD and every_row and _paid_unasked(ctx, cycle, p.name):
        paid = rows  # saved when the coins paying every row were not asked about
    elif rows:
        affordable = max(len(chosen) for chosen in _subsets(rows) if costs(chosen) <= coins)
        suggested = next(rows[:n] for n in range(len(rows), -1, -1) if costs(rows[:n]) <= coins)
        # A player may always pay fewer rows (p. 27: "not able or willing"); every row is
        # the suggestion when the coins suffice, and stands when nobody can be asked.
        paid = yield Question(
            "pay.rows", Kind.MULTI, step, cycle, p.name,
            N_("Which citizen rows does {player} pay for? ({cost}; {coins}; unpaid rows turn "
               "inactive)"),
            {"player": p.name,
             "cost": _cost_text(cost, inactive, rules),
             "coins": Plural("{player} has {n} coin", "{player} has {n} coins", coins,
                             {"player": p.name})},
            options=tuple(Option(row, N_("row {row}, {citizen}: {citizens}"),
                                 {"row": row, "citizen": Citizen.of_row(row),
                                  "citizens": citizens_count(citizens[row - 1])}) for row in rows),
            default=rows if every_row else suggested, unasked_default=every_row,
            check=lambda chosen: None if costs(chosen) <= coins else
            Plural("too many rows: {n} coin pays for {rows} at most",
                   "too many rows: {n} coins pay for {rows} at most", coins,
                   {"rows": Plural("{n} row", "{n} rows", affordable)}))
    p.paid_rows = set(paid)
    p.coins_left = coins - costs(paid)
    unpaid = [row for row in rows if row not in p.paid_rows]
    p.sheet = None if sheet is None else apply_payment(sheet, p.paid_rows, rules)
    if p.sheet is not None and table.board(p.name) is not None:
        table.sheets[p.name] = p.sheet  # the board as paid: unpaid citizens turned over
    yield note(cycle, step, p.name,
               N_("paid rows: {paid} (coins spent {spent}, left {left}); unpaid, now inactive: {unpaid}"),
               spent=costs(paid), paid=_rows_text(paid), left=p.coins_left,
               unpaid=_rows_text(unpaid))
    return None


def inactive_rows(sheet: PlayerSheet) -> set[int]:
    """The rows whose citizens are inactive (a row is paid, and turned, as a whole)."""
    return {row for row, states in sheet.citizens.items()
            if states and all(state is CitizenState.INACTIVE for state in states)}


def payment_cost(paid, inactive: set[int], rules: Rules) -> int:
    """The coins that paying the rows ``paid`` costs: 1 for each row (p. 27). With the house
    rule ``reactivation=per-class``, the inactive rows among them cost 1 for each social
    class (p. 26: "inactive citizens of a social class can be reactivated for 1 coin")."""
    paid = set(paid)
    if rules.readings.reactivation is not Reactivation.PER_CLASS:
        return rules.coins_per_citizen_row * len(paid)
    classes = {Citizen.of_row(row).social_class for row in paid & inactive}
    return rules.coins_per_citizen_row * (len(paid - inactive) + len(classes))


def apply_payment(sheet: PlayerSheet, paid_rows: set[int], rules: Rules) -> PlayerSheet:
    """The sheet after paying: paid rows all active, unpaid rows inactive, coins spent (p. 27)."""
    citizens = {
        row: tuple(CitizenState.ACTIVE if row in paid_rows else CitizenState.INACTIVE for _ in states)
        for row, states in sheet.citizens.items()
    }
    coins = sheet.supply.coins - payment_cost(paid_rows, inactive_rows(sheet), rules)
    return replace(sheet, citizens=citizens, supply=replace(sheet.supply, coins=coins))


def _cost_text(cost: int, inactive: set[int], rules: Rules) -> Message | Plural:
    per_row = Plural("{n} coin per row", "{n} coins per row", cost)
    if rules.readings.reactivation is not Reactivation.PER_CLASS or not inactive:
        return per_row
    return Message(N_("{per_row}; the inactive rows of one social class: {together} (house rule)"),
                   {"per_row": per_row,
                    "together": Plural("{n} coin for both", "{n} coins for both", cost)})


def _subsets(rows: list[int]):
    for mask in range(1 << len(rows)):
        yield [row for i, row in enumerate(rows) if mask >> i & 1]


def _paid_unasked(ctx: StageContext[Cycle], cycle: Cycle, player: str) -> bool:
    """A game saved when a recorded board whose coins paid every row was paid without a
    question: it went on past the player's marker without an answer for the rows."""
    return (not ctx.known.recorded("pay.rows", cycle, player)
            and ctx.known.answered_after("pay.marker", cycle, player))


def _sheet_check(p: PlayerMemory, parsers):
    """Checked on replay too: the sheet reads, and its citizens never left a row."""
    parse_ok = file_check(parsers.read_recorded_sheet, parsers)
    previous = list(p.citizens)

    def check(value: dict) -> Message | Plural | None:
        problem = parse_ok(value)
        if problem:
            return problem
        sheet = parsers.read_recorded_sheet(value["text"], value["path"])
        return _citizens_never_leave([len(sheet.citizens.get(row, ())) for row in range(1, 7)],
                                     previous)

    return check


def _sheet_agrees(p: PlayerMemory, parsers, rules: Rules):
    """Checked at the table: the sheet passes every check of the parser, belongs to the
    player, and agrees with what the game remembers (scored cranes, gray buildings)."""
    strict_parse = file_check(parsers.sheet, parsers)
    cranes_scored = dict(p.cranes_scored)
    crane_count = p.crane_count
    gray_types = list(p.gray_types)

    def check(value: dict) -> Message | Plural | None:
        problem = strict_parse(value)
        if problem:
            return problem
        sheet = parsers.sheet(value["text"], value["path"])
        problems: list[Message | Plural] = []
        if sheet.name.casefold() != p.name.casefold():
            problems.append(Message(
                N_('the sheet is named {name} (name = "{name}"), but this is {player}\'s: give '
                   '{player}\'s sheet, or write name = "{player}" in it if it is theirs'),
                {"name": sheet.name, "player": p.name}))
        problems += _scored_cranes_stay_scored(sheet, p.name, cranes_scored, crane_count)
        now = [len(row.gray_types) for row in score_colonia(sheet, rules).rows]
        problems += buildings_stay(now, gray_types)
        return joined(problems)

    return check


def _scored_cranes_stay_scored(sheet: PlayerSheet, player: str, cranes_scored: dict[Colour, Cycle],
                               crane_count: int | None) -> list[Message | Plural]:
    """A crane is scored once and then lies colourless side up to the end (pp. 20, 27)."""
    problems: list[Message | Plural] = []
    for square, cell in sheet.colonia.squares():
        if cell.kind is CellKind.CRANE and cell.colour in cranes_scored:
            problems.append(Message(
                N_("{cell} shows the {colour} crane colour side up ({token}), but it was scored in "
                   "cycle {cycle} and has lain colourless side up since (pp. 20, 27): write K at "
                   "{cell}"),
                {"cell": square_name(*square), "colour": colour_word(cell.colour),
                 "token": "K" + cell.colour.letter, "cycle": cranes_scored[cell.colour].numeral}))
    if problems:
        return problems
    colourless = sum(1 for _, cell in sheet.colonia.squares() if cell.crane_scored)
    shown = Plural("{n} colourless crane (K)", "{n} colourless cranes (K)", colourless)
    scored_before = len(cranes_scored) if crane_count is None else crane_count
    if colourless < scored_before:
        return [Plural(
            "{n} of {player}'s cranes was scored in an earlier cycle and stays colourless side "
            "up (K), but the sheet shows {shown}",
            "{n} of {player}'s cranes were scored in earlier cycles and stay colourless side "
            "up (K), but the sheet shows {shown}",
            scored_before, {"player": player, "shown": shown})]
    if crane_count is not None and colourless > crane_count:
        return [Plural(
            "the sheet shows {shown}, but only {n} of {player}'s cranes was scored: a crane "
            "uncovered this cycle shows its colour until it is scored (write its colour, e.g. Kg)",
            "the sheet shows {shown}, but only {n} of {player}'s cranes were scored: a crane "
            "uncovered this cycle shows its colour until it is scored (write its colour, e.g. Kg)",
            crane_count, {"player": player, "shown": shown})]
    return []


def colour_word(colour: Colour) -> Message:
    # Colour names are catalog messages of their own (render/names.py).
    return Message(colour.value)


def _citizens_never_leave(rows: list[int], previous: list[int]) -> Message | None:
    for row, (now, before) in enumerate(zip(rows, previous, strict=True), start=1):
        if now < before:
            return Message(N_("row {row} had {before} at the last scoring and shows {now} now; "
                              "citizens never leave a row"),
                           {"row": row, "before": citizens_count(before), "now": citizens_count(now)})
    return None


def citizens_count(n: int) -> Plural:
    return Plural("{n} citizen", "{n} citizens", n)


def buildings_stay(rows: list[int], previous: list[int]) -> list[Message | Plural]:
    return [Message(N_("row {row} had {before} at the last scoring and shows {now} now; "
                       "buildings are never removed"),
                    {"row": row, "before": _gray_types_count(before), "now": _gray_types_count(now)})
            for row, (now, before) in enumerate(zip(rows, previous, strict=True), start=1)
            if now < before]


def _gray_types_count(n: int) -> Plural:
    return Plural("{n} different gray building type", "{n} different gray building types", n)


def _rows_text(rows) -> str:
    return ", ".join(str(r) for r in sorted(rows)) or "-"
