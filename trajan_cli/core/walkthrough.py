"""Forum Trajanum's scoring phase as a script of questions (the machinery is :mod:`.script`).

The phase follows the rulebook (p. 27): pay citizens, construction cranes, colonia,
forum (eagles and largest area), Trajan card (p. 28); each step player by player. For
each player the group answers with quick counts, or gives the player's sheet (and the
forum file), which the tool then scores itself.

What the earlier answers fix is held against the later ones: scored cranes, citizens and
gray buildings never go back, and a collecting task whose needs the answers fix is worked
out rather than asked. Checks added after games were saved are ``table_check``s, made when
an answer is given and not on replay, and a question the script now answers itself is
still asked where a saved game holds its answer (``recorded``): old games replay as played.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .colonia import SCORED_CRANE
from .forum import Forum
from .game import N_, FORUM_TRAJANUM, Category, Game, GameError, Message, Plural, Step
from .readings import Reactivation
from .ruleset import Rules
from .scoring import score_colonia, score_cranes, score_forum
from .script import (
    BOARD,
    CHECKPOINT,
    FILE,
    RECHECK,
    QUICK,
    SCRIPTS,
    Kind,
    Option,
    Question,
    Script,
    answered_after,
    file_check,
    joined,
    note,
    recorded,
    scored,
    worded,
)
from .sheet import PlayerSheet
from .standings import rank_players
from .vocabulary import CellKind, Citizen, CitizenState, Colour, Cycle, SocialClass, square_name

#: The keys of the questions this script asks a player, and the whole table. Answers given
#: ahead (parsing/answers.py) may name no others; tests/test_answers_ahead.py holds this
#: list against every question the script can ask.
PLAYER_KEYS = frozenset({
    "pay.mode", "pay.board", "pay.marker", "pay.sheet", "pay.citizens", "pay.coins", "pay.rows",
    "cranes.uncovered", "colonia.gray_types", "forum.mark", "forum.eagles_on", "forum.eagles_beside",
    "forum.eagles_diagonal", "forum.area", "forum.area_points", "trajan.building", "trajan.collecting",
    "trajan.value", "end.resources",
})
TABLE_KEYS = frozenset({"forum.mode", "forum.board", "forum.file", "trajan.card"})


class AnswerShape(NamedTuple):
    """What every question of one key takes, in any game: the widest of its questions
    (``options`` None: any text for a choice; the bounds of a number)."""

    kind: Kind
    options: tuple | None = None
    minimum: int = 0
    maximum: int = 0


def answer_shapes(rules: Rules) -> dict[str, AnswerShape]:
    """The shape of the answer to each key of PLAYER_KEYS and TABLE_KEYS, as the questions
    below ask them (tests/test_answers_ahead.py holds each question the script asks
    against it)."""
    rows = tuple(range(1, 7))
    return {
        "pay.mode": AnswerShape(Kind.CHOICE, (QUICK, FILE)),
        "pay.board": AnswerShape(Kind.BOARD),
        "pay.marker": AnswerShape(Kind.INT, minimum=0, maximum=999),
        "pay.sheet": AnswerShape(Kind.FILE),
        "pay.citizens": AnswerShape(Kind.ROWS, minimum=0, maximum=2),
        "pay.coins": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "pay.rows": AnswerShape(Kind.MULTI, rows),
        "cranes.uncovered": AnswerShape(Kind.MULTI, tuple(c.value for c in Colour)),
        "colonia.gray_types": AnswerShape(Kind.ROWS, minimum=0, maximum=rules.max_gray_types),
        "forum.mode": AnswerShape(Kind.CHOICE, (QUICK, FILE)),
        "forum.board": AnswerShape(Kind.BOARD),
        "forum.file": AnswerShape(Kind.FILE),
        "forum.mark": AnswerShape(Kind.CHOICE),  # a mark of the forum file, or NO_ENVOYS
        "forum.eagles_on": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.eagles_beside": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.eagles_diagonal": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.area": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "forum.area_points": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "trajan.card": AnswerShape(Kind.CHOICE, tuple(rules.cards)),
        "trajan.building": AnswerShape(Kind.INT, minimum=0, maximum=36),
        "trajan.collecting": AnswerShape(Kind.INT, minimum=0, maximum=99),
        "trajan.value": AnswerShape(Kind.CHOICE, tuple(rules.trajan_values)),
        "end.resources": AnswerShape(Kind.INT, minimum=0, maximum=200),
    }


def impossible_answer(key: str, value, rules: Rules) -> Message | None:
    """What the questions of ``key`` take, when ``value`` is no answer any of them could
    accept in any game (a row 7, a mode "xyz", a count "x"); None when one could. Answers
    given ahead are held against it before anything is asked: such a typo is an error, not
    an answer left unused because its question did not come up."""
    shape = answer_shapes(rules).get(key)
    if shape is None:
        return None
    if shape.kind is Kind.FILE:  # given ahead as the file's path
        fits = isinstance(value, str) and bool(value.strip())
        return None if fits else Message(N_("the path of a file, in quotes"))
    if shape.kind is Kind.CHOICE and shape.options is None:
        return None if isinstance(value, str) else Message(N_("a mark of the forum file, in quotes"))
    question = Question(key, shape.kind, Step.PAY, Cycle.I, None, "",
                        options=tuple(Option(v, "") for v in shape.options or ()),
                        minimum=shape.minimum, maximum=shape.maximum)
    if question.validate(value)[1] is None:
        return None
    listed = ", ".join(json.dumps(v) for v in shape.options or ())
    if shape.kind is Kind.INT:
        return Message(N_("a whole number from {low} to {high}"), {"low": shape.minimum, "high": shape.maximum})
    if shape.kind is Kind.CHOICE:
        return Message(N_("one of {options}"), {"options": listed})
    if shape.kind is Kind.MULTI:
        return Message(N_("a list of some of {options}, e.g. [{example}]"),
                       {"options": listed, "example": json.dumps(shape.options[0])})
    if shape.kind is Kind.ROWS:
        return Message(N_("six whole numbers from {low} to {high}, one per row, top row first"),
                       {"low": shape.minimum, "high": shape.maximum})
    return Message(N_("a board as its sheet text: {{ text = \"...\" }}"))

@dataclass(frozen=True)
class Parsers:
    """How file answers become models; injected so the core stays free of parsing code."""

    sheet: Callable[[str, str], PlayerSheet]  # (text, file name) -> sheet
    forum: Callable[[str, str], Forum]
    problem_of: Callable[[Exception], str | None]  # a readable message for a parse error
    #: A line of the game record -> core.turns.moves value (text, the game's players).
    line: Callable[[str, tuple], object] | None = None
    #: card, sheet -> (building times, collecting times, the cells of each building fulfilment)
    check_card: Callable[[str, PlayerSheet], tuple[int, int, tuple]] | None = None
    #: Reads a sheet kept in a saved game, as leniently as when it was saved (None: ``sheet``).
    recorded_sheet: Callable[[str, str], PlayerSheet] | None = None

    def read_recorded_sheet(self, text: str, path: str) -> PlayerSheet:
        return (self.recorded_sheet or self.sheet)(text, path)


# --- The script ---------------------------------------------------------------------------

#: The forum-mark answer of a player without envoys in the forum ("-" is never a mark).
NO_ENVOYS = "-"


@dataclass
class _Player:
    """What the script remembers of one player between questions and phases."""

    name: str
    total: int = 0
    mode: str = QUICK
    citizens: list[int] = field(default_factory=lambda: [0] * 6)
    paid_rows: set[int] = field(default_factory=set)
    coins_left: int = 0
    #: Crane colour -> the cycle it was scored in; then it lies colourless side up (p. 27).
    cranes_scored: dict[Colour, Cycle] = field(default_factory=dict)
    #: How many of the player's cranes are scored, when the game knows it: kept from the
    #: first cycle, or read on a sheet (which shows every uncovered crane). None: unknown.
    crane_count: int | None = None
    gray_types: list[int] = field(default_factory=lambda: [0] * 6)
    trajan_value: int | None = None
    sheet: PlayerSheet | None = None  # this phase's sheet, after payment

    @property
    def active_citizens(self) -> int:
        return sum(self.citizens[row - 1] for row in self.paid_rows)

    def active_in_row(self, row: int) -> int:
        return self.citizens[row - 1] if row in self.paid_rows else 0

    def active_by_class(self) -> dict[SocialClass, int]:
        counts = dict.fromkeys(SocialClass, 0)
        for row in self.paid_rows:
            counts[Citizen.of_row(row).social_class] += self.citizens[row - 1]
        return counts


def _game_script(game: Game, rules: Rules, parsers: Parsers, table=None) -> Script:
    known_cranes = 0 if game.first_cycle == Cycle.I else None
    players = {name: _Player(name, crane_count=known_cranes) for name in game.players}
    forum_mode = QUICK
    cards = dict(game.cards)
    if table is None:
        from .tabletop import Tabletop

        table = Tabletop(game.players, first_cycle=game.first_cycle, start_player=game.start_player,
                         readings=game.readings)
    for cycle in game.scored_cycles:
        for p in players.values():
            yield from _pay(cycle, p, rules, parsers, game, table)
        for p in players.values():
            yield from _cranes(cycle, p, rules, table)
        for p in players.values():
            yield from _colonia(cycle, p, rules)
        forum_mode = yield from _forum(cycle, list(players.values()), forum_mode, rules, parsers, game,
                                       table)
        if game.trajan_scoring_in(cycle):
            if cards[cycle] is None:
                cards[cycle] = yield _card_question(cycle, game, rules)
            card = rules.cards.get(cards[cycle])
            if card is None or card.cycle is not cycle:
                raise GameError(N_("{card!r} is not a Trajan card of cycle {cycle}"),
                                card=cards[cycle], cycle=cycle.numeral)
            for p in players.values():
                yield from _trajan(cycle, p, card, rules, parsers, game)
        table.remember_scoring(cycle)  # the boards as this phase scored them
    return (yield from _final_ranking(list(players.values()), rules))


SCRIPTS[FORUM_TRAJANUM] = _game_script


def kept_by_turns(table, cycle: Cycle) -> bool:
    """Every turn of ``cycle`` is in the game record (core.turns)."""
    return table.play.kept_by_turns(cycle)


def _colour_word(colour: Colour) -> Message:
    # Colour names are catalog messages of their own (render/names.py).
    return Message(colour.value)


def _pay(cycle: Cycle, p: _Player, rules: Rules, parsers: Parsers, game: Game, table) -> Script:
    step = Step.PAY
    mode = p.mode
    while True:  # the question after the checkpoint takes RECHECK: decided anew from there
        p.mode = mode
        yield CHECKPOINT  # the boards as recorded by now decide how this player is asked
        if kept_by_turns(table, cycle) and table.board(p.name) is not None:
            # Every turn of the cycle is recorded: the boards are complete and the points of
            # play known, so neither the board review nor the marker is asked (interface.md).
            p.mode = BOARD
            points = table.play.points_in(cycle)[p.name]
            yield scored(cycle, step, p, Category.PLAY, points,
                         N_("points scored during play, from the turns (columns, finished tracks, "
                            "area bonuses): {points}"), points=points)
        elif table.board(p.name) is not None and not recorded(game, "pay.mode", cycle, p.name):
            # Board mode: the board is recorded, so nothing about it is asked. The group looks
            # it over in the editor (this cycle's tiles, the supply) and the tool reads the rest.
            p.mode = BOARD
            edited = yield _board_question(cycle, p.name, table.board(p.name), parsers,
                                           first_scoring_done=table.first_scoring_done)
            if edited is RECHECK:
                continue
            if edited is not None:
                table.record(p.name, parsers.sheet(edited["text"], f"<board of {p.name}>"))
        else:
            chosen = yield Question(
                "pay.mode", Kind.CHOICE, step, cycle, p.name,
                N_("How do you give {player}'s scores this time?"), {"player": p.name},
                options=(Option(QUICK, N_("quick counts: answer a few questions")),
                         Option(FILE, N_("a player sheet file: the tool scores it"))),
                default=p.mode)
            if chosen is RECHECK:
                continue
            p.mode = chosen
        break
    before = p.total
    if kept_by_turns(table, cycle):
        marker = before  # the points of play are scored above
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
    if p.mode == BOARD:
        sheet = table.board(p.name)
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
    if rows and p.mode == BOARD and every_row and _paid_unasked(game, cycle, p.name):
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
                                  "citizens": _citizens_count(citizens[row - 1])}) for row in rows),
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


def _paid_unasked(game: Game, cycle: Cycle, player: str) -> bool:
    """A game saved when a recorded board whose coins paid every row was paid without a
    question: it went on past the player's marker without an answer for the rows."""
    return (not recorded(game, "pay.rows", cycle, player)
            and answered_after(game, "pay.marker", cycle, player))


def _sheet_check(p: _Player, parsers: Parsers):
    """Checked on replay too: the sheet reads, and its citizens never left a row."""
    parse_ok = file_check(parsers.read_recorded_sheet, parsers)
    previous = list(p.citizens)

    def check(value: dict) -> Message | None:
        problem = parse_ok(value)
        if problem:
            return problem
        sheet = parsers.read_recorded_sheet(value["text"], value["path"])
        return _citizens_never_leave([len(sheet.citizens.get(row, ())) for row in range(1, 7)],
                                     previous)

    return check


def _sheet_agrees(p: _Player, parsers: Parsers, rules: Rules):
    """Checked at the table: the sheet passes every check of the parser, belongs to the
    player, and agrees with what the game remembers (scored cranes, gray buildings)."""
    strict_parse = file_check(parsers.sheet, parsers)
    cranes_scored = dict(p.cranes_scored)
    crane_count = p.crane_count
    gray_types = list(p.gray_types)

    def check(value: dict) -> Message | None:
        problem = strict_parse(value)
        if problem:
            return problem
        sheet = parsers.sheet(value["text"], value["path"])
        problems = []
        if sheet.name.casefold() != p.name.casefold():
            problems.append(Message(
                N_('the sheet is named {name} (name = "{name}"), but this is {player}\'s: give '
                   '{player}\'s sheet, or write name = "{player}" in it if it is theirs'),
                {"name": sheet.name, "player": p.name}))
        problems += _scored_cranes_stay_scored(sheet, p.name, cranes_scored, crane_count)
        now = [len(row.gray_types) for row in score_colonia(sheet, rules).rows]
        problems += _buildings_stay(now, gray_types)
        return joined(problems)

    return check


def _scored_cranes_stay_scored(sheet: PlayerSheet, player: str, cranes_scored: dict[Colour, Cycle],
                               crane_count: int | None) -> list[Message | Plural]:
    """A crane is scored once and then lies colourless side up to the end (pp. 20, 27)."""
    problems = []
    for square, cell in sheet.colonia.squares():
        if cell.kind is CellKind.CRANE and cell.colour in cranes_scored:
            problems.append(Message(
                N_("{cell} shows the {colour} crane colour side up ({token}), but it was scored in "
                   "cycle {cycle} and has lain colourless side up since (pp. 20, 27): write K at "
                   "{cell}"),
                {"cell": square_name(*square), "colour": _colour_word(cell.colour),
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


def _citizens_never_leave(rows: list[int], previous: list[int]) -> Message | None:
    for row, (now, before) in enumerate(zip(rows, previous, strict=True), start=1):
        if now < before:
            return Message(N_("row {row} had {before} at the last scoring and shows {now} now; "
                              "citizens never leave a row"),
                           {"row": row, "before": _citizens_count(before), "now": _citizens_count(now)})
    return None


def _citizens_count(n: int) -> Plural:
    return Plural("{n} citizen", "{n} citizens", n)


def _buildings_stay(rows: list[int], previous: list[int]) -> list[Message]:
    return [Message(N_("row {row} had {before} at the last scoring and shows {now} now; "
                       "buildings are never removed"),
                    {"row": row, "before": _gray_types_count(before), "now": _gray_types_count(now)})
            for row, (now, before) in enumerate(zip(rows, previous, strict=True), start=1)
            if now < before]


def _gray_types_count(n: int) -> Plural:
    return Plural("{n} different gray building type", "{n} different gray building types", n)


def _rows_text(rows) -> str:
    return ", ".join(str(r) for r in sorted(rows)) or "-"


def apply_payment(sheet: PlayerSheet, paid_rows: set[int], rules: Rules) -> PlayerSheet:
    """The sheet after paying: paid rows all active, unpaid rows inactive, coins spent (p. 27)."""
    citizens = {
        row: tuple(CitizenState.ACTIVE if row in paid_rows else CitizenState.INACTIVE for _ in states)
        for row, states in sheet.citizens.items()
    }
    coins = sheet.supply.coins - payment_cost(paid_rows, inactive_rows(sheet), rules)
    return replace(sheet, citizens=citizens, supply=replace(sheet.supply, coins=coins))


def _cranes(cycle: Cycle, p: _Player, rules: Rules, table) -> Script:
    step = Step.CRANES
    each = rules.crane_points[cycle]
    if p.sheet is not None:
        score = score_cranes(p.sheet.colonia, cycle, rules)
        board = table.board(p.name)
        if board is not None and score.cranes:  # scored cranes turn colourless (p. 27)
            colonia = board.colonia
            for crane in score.cranes:
                colonia = colonia.replace(crane.square, SCORED_CRANE)
            table.sheets[p.name] = replace(board, colonia=colonia)
        for crane in score.cranes:
            if crane.colour in p.cranes_scored:
                # Only in games saved before such sheets were refused: a crane scores once (p. 27).
                yield note(cycle, step, p.name,
                           N_("{colour} crane: scored in cycle {scored_in} already, not scored again"),
                           colour=crane.colour, scored_in=p.cranes_scored[crane.colour].numeral)
                continue
            p.cranes_scored[crane.colour] = cycle
            yield scored(cycle, step, p, Category.CRANES, crane.points,
                         N_("{colour} crane: {colour} structures {n} x {each}"),
                         colour=crane.colour, n=len(crane.structures), each=each)
        p.crane_count = len(p.sheet.colonia.uncovered_cranes())  # all scored by now
        if not score.cranes:
            yield note(cycle, step, p.name, N_("no crane shows its colour"))
        return
    open_colours = [c for c in Colour if c not in p.cranes_scored]
    if not open_colours:
        yield note(cycle, step, p.name, N_("every crane has been scored already"))
        return
    chosen = yield Question(
        "cranes.uncovered", Kind.MULTI, step, cycle, p.name,
        N_("Which of {player}'s cranes show their colour (uncovered this cycle)?"),
        {"player": p.name},
        options=tuple(Option(c.value, "{colour}", {"colour": c}) for c in open_colours), default=[])
    if not chosen:
        yield note(cycle, step, p.name, N_("no crane shows its colour"))
    if p.crane_count is not None:
        p.crane_count += len(chosen)
    for colour in chosen:
        n = yield Question(
            f"cranes.{colour}", Kind.INT, step, cycle, p.name,
            N_("How many {colour} structures are in {player}'s colonia?"),
            {"player": p.name, "colour": Colour(colour)}, default=0, minimum=0, maximum=32)
        p.cranes_scored[Colour(colour)] = cycle
        yield scored(cycle, step, p, Category.CRANES, n * each,
                     N_("{colour} crane: {colour} structures {n} x {each}"),
                     colour=Colour(colour), n=n, each=each)


def _colonia(cycle: Cycle, p: _Player, rules: Rules) -> Script:
    step = Step.COLONIA
    if p.sheet is not None:
        types = [len(r.gray_types) for r in score_colonia(p.sheet, rules).rows]
    else:
        previous = list(p.gray_types)
        types = yield Question(
            "colonia.gray_types", Kind.ROWS, step, cycle, p.name,
            N_("Different gray building types in each row of {player}'s colonia, top row first "
               "(0 to 4 each)"), {"player": p.name},
            default=previous, minimum=0, maximum=rules.max_gray_types,
            check=lambda rows: joined(_buildings_stay(rows, previous)))
    p.gray_types = list(types)
    total = 0
    parts = []
    for row in range(1, 7):
        multiplier = rules.row_multiplier[min(2, p.active_in_row(row))]
        total += types[row - 1] * multiplier
        parts.append(f"{types[row - 1]}x{multiplier}")
    yield scored(cycle, step, p, Category.COLONIA, total,
                 N_("colonia rows (types x multiplier): {rows}"), rows=" + ".join(parts))


def _forum(cycle: Cycle, players: list[_Player], mode: str, rules: Rules, parsers: Parsers,
           game: Game, table):
    step = Step.FORUM
    forum = None
    while True:  # the question after the checkpoint takes RECHECK: decided anew from there
        yield CHECKPOINT  # the forum as recorded by now decides how it is scored
        if table.forum is not None and kept_by_turns(table, cycle):
            forum, mode = table.forum, BOARD  # complete from the turns: nothing to look over
            marks = {p.name: table.mark_of(p.name) or NO_ENVOYS for p in players}
        elif table.forum is not None and not recorded(game, "forum.mode", cycle, None):
            # The forum is recorded: the group looks it over, the tool scores every player.
            edited = yield _board_question(cycle, None, table.forum, parsers, game.players)
            if edited is RECHECK:
                continue
            if edited is not None:
                table.record_forum(_forum_of_game(edited["text"], parsers, game.players))
            forum, mode = table.forum, BOARD
            marks = {p.name: table.mark_of(p.name) or NO_ENVOYS for p in players}
        else:
            chosen = yield Question(
                "forum.mode", Kind.CHOICE, step, cycle, None,
                N_("How do you give the forum this time?"), {},
                options=(Option(QUICK, N_("quick counts for each player")),
                         Option(FILE, N_("a forum file: the tool scores every player"))),
                default=QUICK if mode == BOARD else mode)
            if chosen is RECHECK:
                continue
            mode = chosen
        break
    if mode == FILE:
        value = yield Question("forum.file", Kind.FILE, step, cycle, None,
                               N_("The forum file, as the forum lies now"), {},
                               check=file_check(parsers.forum, parsers))
        forum = parsers.forum(value["text"], value["path"])
        marks = _marks_by_name(forum, players)
    for p in players:
        patrician_i = p.active_in_row(Citizen.PATRICIAN_I.row) > 0
        if forum is not None:
            if mode == BOARD:
                mark = marks[p.name]
            else:
                mark = yield from _forum_mark(cycle, p, forum, marks, game)
            score = score_forum(forum, mark, rules, patrician_i=patrician_i)
            on, beside, diagonal = (len(score.eagles.on), len(score.eagles.orthogonal),
                                    len(score.eagles.diagonal))
            area = len(score.largest_area)
        else:
            on = yield _count_question("forum.eagles_on", step, cycle, p,
                                       N_("How many of {player}'s envoys stand on eagle spaces?"))
            beside = yield _count_question(
                "forum.eagles_beside", step, cycle, p,
                N_("How many of {player}'s other envoys are orthogonally next to an eagle space?"))
            diagonal = 0
            if patrician_i:
                diagonal = yield _count_question(
                    "forum.eagles_diagonal", step, cycle, p,
                    N_("Patrician I: how many of {player}'s remaining envoys touch an eagle space "
                       "only diagonally?"))
            area = yield _area_question(cycle, p, on + beside + diagonal)
        v_on, v_beside, v_diagonal = rules.eagle_points
        eagle_points = on * v_on + beside * v_beside + diagonal * v_diagonal
        if patrician_i:
            yield scored(cycle, step, p, Category.EAGLES, eagle_points,
                         N_("eagles: {on} on x {v_on}, {beside} beside x {v_beside}, "
                            "{diagonal} diagonal x {v_diagonal} (Patrician I)"),
                         on=on, beside=beside, diagonal=diagonal, v_on=v_on, v_beside=v_beside,
                         v_diagonal=v_diagonal)
        else:
            yield scored(cycle, step, p, Category.EAGLES, eagle_points,
                         N_("eagles: {on} on x {v_on}, {beside} beside x {v_beside}"),
                         on=on, beside=beside, v_on=v_on, v_beside=v_beside)
        if area == 0:
            if on + beside + diagonal:  # only in games saved before such counts were refused
                yield scored(cycle, step, p, Category.AREA, 0, N_("largest group: none given, no area points"))
            else:
                yield scored(cycle, step, p, Category.AREA, 0, N_("no envoys in the forum: no area points"))
            continue
        points = yield Question(
            "forum.area_points", Kind.INT, step, cycle, p.name,
            N_("Which number stands under {area} on {player}'s slide bar?"),
            {"player": p.name, "area": area}, default=None, minimum=0, maximum=99)
        yield scored(cycle, step, p, Category.AREA, points, "{group}", group=Plural(
            "largest group of {n} envoy, read on the slide bar",
            "largest group of {n} envoys, read on the slide bar", area))
    if mode == FILE and table.forum is None:
        # The forum file given here becomes the recorded forum, each mark naming its player.
        named = Forum(forum.grid, {**forum.players,
                                   **{mark: name for name, mark in marks.items() if mark != NO_ENVOYS}})
        table.record_forum(named)
    return mode


def _forum_of_game(text: str, parsers: Parsers, players) -> Forum:
    from .tabletop import resolve_forum_players

    forum, _problems = resolve_forum_players(parsers.forum(text, "<forum>"), players)
    return forum


def _board_question(cycle: Cycle, player: str | None, recorded, parsers: Parsers,
                    players=(), first_scoring_done: bool = True) -> Question:
    """Look over a recorded board (``player``) or the forum (None) before it is scored: the
    board editor opens at the table; the answer is the board as saved there, or None.
    A board changed at the table is held to the state rules too (board.state_problems)."""
    from .board import forum_growth_problems
    from .tabletop import BoardRefused, resolve_forum_players

    def grows(value: dict) -> Message | None:
        if player is None:
            forum, marks = resolve_forum_players(parsers.forum(value["text"], "<forum>"), players)
            if marks:
                return Message(N_("the forum names players who do not play: {marks}"),
                               {"marks": ", ".join(m for m, _ in marks)})
            found = forum_growth_problems(recorded, forum)
        else:
            from .board import growth_problems, sheet_problems

            board = parsers.sheet(value["text"], f"<board of {player}>")
            found = sheet_problems(board) + growth_problems(recorded, board)
        if found:
            raise BoardRefused(player, found)  # worded below, like a parser's error
        return None

    grows_in_words = worded(grows, parsers)

    def check(value: dict | None) -> Message | None:
        return None if value is None else grows_in_words(value)

    def changes_as_played(value: dict) -> None:
        from .board import state_problems

        board = parsers.sheet(value["text"], f"<board of {player}>")
        found = state_problems(recorded, board, first_scoring_done=first_scoring_done)
        if found:
            raise BoardRefused(player, found)  # worded below, like a parser's error

    as_played_in_words = worded(changes_as_played, parsers)

    def table_check(value: dict | None) -> Message | None:
        return None if value is None or player is None else as_played_in_words(value)

    if player is None:
        return Question("forum.board", Kind.BOARD, Step.FORUM, cycle, None,
                        N_("The forum as recorded: look it over and place the envoys sent since"),
                        {"players": tuple(players)}, default=recorded, check=check)
    return Question("pay.board", Kind.BOARD, Step.PAY, cycle, player,
                    N_("{player}'s board as recorded: add this cycle's tiles and update the supply"),
                    {"player": player, "first_scoring_done": first_scoring_done}, default=recorded,
                    check=check, table_check=table_check)


def _marks_by_name(forum: Forum, players: list[_Player]) -> dict[str, str]:
    """Player -> the mark the forum file gives them by mark or name; a mark goes to one player."""
    marks: dict[str, str] = {}
    for p in players:
        mark = forum.resolve_player(p.name)
        if mark is not None and mark not in marks.values():
            marks[p.name] = mark
    return marks


def _forum_mark(cycle: Cycle, p: _Player, forum: Forum, marks: dict[str, str], game: Game) -> Script:
    """Which envoys in the forum file are ``p``'s: the mark that names them, else the group
    chooses among the marks nobody else has, or none (p. 25: a player may have no envoys
    there yet). ``marks`` grows with each choice, so that no two players share a mark."""
    step = Step.FORUM
    label = {m: Option(m, "{mark} ({name})", {"mark": m, "name": n}) for m, n in forum.players.items()}
    nobody = Option(NO_ENVOYS, N_("no envoys in the forum"))
    own = marks.get(p.name)
    if recorded(game, "forum.mark", cycle, p.name):
        # A game saved before marks were matched by name, or before marks were kept apart.
        mark = yield Question(
            "forum.mark", Kind.CHOICE, step, cycle, p.name,
            N_("Which mark are {player}'s envoys in the forum file?"), {"player": p.name},
            options=(*label.values(), nobody), default=own or NO_ENVOYS)
    elif own is not None:
        mark = own
        yield note(cycle, step, p.name, N_("envoys marked {mark} in the forum file"), mark=own)
    else:
        free = [m for m in forum.players if m not in marks.values()]
        if free:
            mark = yield Question(
                "forum.mark", Kind.CHOICE, step, cycle, p.name,
                N_("Which mark are {player}'s envoys in the forum file? (marks of other players "
                   "are not offered)"), {"player": p.name},
                options=(*(label[m] for m in free), nobody), default=NO_ENVOYS)
        else:
            mark = NO_ENVOYS
            yield note(cycle, step, p.name,
                       N_("every mark in the forum file is another player's: no envoys in the forum"))
    if mark != NO_ENVOYS:
        marks.setdefault(p.name, mark)
    return mark


def _count_question(key: str, step: Step, cycle: Cycle, p: _Player, text: str) -> Question:
    return Question(key, Kind.INT, step, cycle, p.name, text, {"player": p.name},
                    default=0, minimum=0, maximum=99)


def _area_question(cycle: Cycle, p: _Player, near_eagles: int) -> Question:
    """An envoy on or next to an eagle belongs to some group: the largest holds one at least."""
    def at_least_one(area: int) -> Message | None:
        if near_eagles and area == 0:
            return Message(N_("{player} has {near} on or next to eagle spaces, so the largest "
                              "group holds at least 1 envoy"),
                           {"player": p.name, "near": Plural("{n} envoy", "{n} envoys",
                                                             near_eagles)})
        return None

    return Question("forum.area", Kind.INT, Step.FORUM, cycle, p.name,
                    N_("How many envoys form {player}'s largest connected group?"), {"player": p.name},
                    default=None if near_eagles else 0, minimum=0, maximum=99,
                    table_check=at_least_one)


def _card_question(cycle: Cycle, game: Game, rules: Rules) -> Question:
    ids = [cid for cid, card in rules.cards.items() if card.cycle is cycle]
    return Question("trajan.card", Kind.CHOICE, Step.TRAJAN, cycle, None,
                    N_("Which Trajan card lies out for cycle {cycle}?"), {"cycle": cycle.numeral},
                    options=tuple(Option(cid, "{card}: {building} / {collecting}",
                                         {"card": cid, "building": Message(rules.card(cid).building.text),
                                          "collecting": Message(rules.card(cid).collecting.text)})
                                  for cid in ids),
                    default=ids[0])


def _trajan(cycle: Cycle, p: _Player, card, rules: Rules, parsers: Parsers, game: Game) -> Script:
    step = Step.TRAJAN
    if p.sheet is not None and parsers.check_card is not None:
        building, collecting, sets = parsers.check_card(card.id, p.sheet)
        if sets:  # which tiles make each fulfilment, so the table can check it on the board
            yield note(cycle, step, p.name, N_("card {card}, building task: {sets}"), card=card.id,
                       sets="; ".join(" ".join(square_name(*sq) for sq in cells) for cells in sets))
    else:
        building = yield Question(
            "trajan.building", Kind.INT, step, cycle, p.name,
            N_("Card {card}, building task: how many separate times does {player} fulfil it? "
               "({task}) From a player sheet, 'trajan card check {card} SHEET' works it out."),
            {"player": p.name, "card": card.id, "task": Message(card.building.text)},
            default=0, minimum=0, maximum=36)
        collecting = yield from _collecting(cycle, p, card, game)
    fulfilled = building + collecting
    if fulfilled == 0:
        yield scored(cycle, step, p, Category.TRAJAN, 0,
                     N_("card {card}: no task fulfilled"), card=card.id)
        return
    value = yield Question(
        "trajan.value", Kind.CHOICE, step, cycle, p.name,
        N_("Which value stands above the Trajan head on {player}'s slide bar?"), {"player": p.name},
        options=tuple(Option(v, str(v)) for v in rules.trajan_values),
        default=p.trajan_value if p.trajan_value is not None else rules.trajan_values[0])
    p.trajan_value = value
    yield scored(cycle, step, p, Category.TRAJAN, fulfilled * value,
                 N_("card {card}: building {building}x + collecting {collecting}x, x {value}"),
                 card=card.id, building=building, collecting=collecting, value=value)


def _collecting(cycle: Cycle, p: _Player, card, game: Game) -> Script:
    """The collecting task in quick counts: worked out where the earlier answers hold all
    it needs (or a need they leave at none), else asked, no more often than they allow."""
    step = Step.TRAJAN
    limits = _collecting_limits(card, p)
    most = min((times for times, _ in limits), default=None)
    if (most is not None and (len(limits) == len(card.collecting.needs) or most == 0)
            and not recorded(game, "trajan.collecting", cycle, p.name)):
        yield note(cycle, step, p.name,
                   N_("card {card}, collecting task worked out from the answers so far: {times} "
                      "({reasons})"),
                   card=card.id, times=_times(most),
                   reasons=joined([reason for times, reason in limits if times == most]))
        return most

    def within_limits(times: int) -> Message | None:
        if most is None or times <= most:
            return None
        return Message(N_("{player} can fulfil this collecting task {times} at most: {reasons}"),
                       {"player": p.name, "times": _times(most),
                        "reasons": joined([reason for t, reason in limits if t == most])})

    return (yield Question(
        "trajan.collecting", Kind.INT, step, cycle, p.name,
        N_("Card {card}, collecting task: how many times does {player} fulfil it? ({task})"),
        {"player": p.name, "card": card.id, "task": Message(card.collecting.text)},
        default=0, minimum=0, maximum=99, table_check=within_limits))


def _times(n: int) -> Plural:
    return Plural("{n} time", "{n} times", n)


def _collecting_limits(card, p: _Player) -> list[tuple[int, Message]]:
    """For each need of the card's collecting task that the earlier quick counts fix: how
    often it can be met, and why. Coins left after paying, active citizens by social class
    and (when the game knows them all) scored cranes; the rest only the table can see."""
    from .card_solver import distinct_times
    from .cards import Item

    held: dict[Item, tuple[dict, Message | Plural]] = {
        Item.COIN: ({None: p.coins_left}, Plural("{n} coin left after paying citizens",
                                                 "{n} coins left after paying citizens",
                                                 p.coins_left)),
    }
    by_class = p.active_by_class()
    held[Item.ACTIVE_CITIZEN] = (by_class, Message(
        N_("active citizens by social class: patricians {patrician}, merchants {merchant}, "
           "craftsmen {craftsman}"), {c.value: n for c, n in by_class.items()}))
    if p.crane_count is not None:
        held[Item.SCORED_CRANE] = ({None: p.crane_count}, _scored_cranes(p.crane_count))
    needed = {
        Item.COIN: lambda n: Plural("each time takes {n} coin", "each time takes {n} coins", n),
        Item.ACTIVE_CITIZEN: lambda n: Plural(
            "each time takes {n} active citizen",
            "each time takes {n} active citizens of different social classes", n),
        Item.SCORED_CRANE: lambda n: Plural("each time takes {n} scored construction crane",
                                            "each time takes {n} scored construction cranes", n),
    }
    limits = []
    for need in card.collecting.needs:
        if need.item not in held:
            continue
        pool, have = held[need.item]
        if need.distinct is None:
            times = sum(pool.values()) // need.count
        else:
            times = distinct_times(pool.values(), need.count)
        limits.append((times, Message(N_("{need}; {player} has {have}"),
                                      {"need": needed[need.item](need.count), "player": p.name,
                                       "have": have})))
    return limits


def _scored_cranes(n: int) -> Plural:
    return Plural("{n} scored construction crane", "{n} scored construction cranes", n)


def _final_ranking(players: list[_Player], rules: Rules) -> Script:
    """After cycle III: points, then active citizens, then resources left (p. 29)."""
    totals = {p.name: p.total for p in players}
    active = {p.name: p.active_citizens for p in players}
    resources: dict[str, int] = {}
    for p in players:
        tied = [q for q in players if (q.total, q.active_citizens) == (p.total, p.active_citizens)]
        if len(tied) < 2:
            continue
        if p.sheet is not None:
            resources[p.name] = p.sheet.supply.resources_left
        else:
            coins = p.coins_left
            resources[p.name] = yield Question(
                "end.resources", Kind.INT, Step.TRAJAN, Cycle.III, p.name,
                N_("Tie-break: how many resources does {player} have left? Count coins, tribunes, "
                   "builders, assistants and workers."), {"player": p.name},
                default=coins, minimum=0, maximum=200,
                table_check=lambda v: None if v >= coins else Plural(
                    "the resources left count the coins too, and {player} kept {n} coin after "
                    "paying citizens",
                    "the resources left count the coins too, and {player} kept {n} coins after "
                    "paying citizens", coins, {"player": p.name}))
    return rank_players(totals, active, resources)
