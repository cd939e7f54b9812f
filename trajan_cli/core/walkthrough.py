"""The scoring phase as a script of questions, replayed from a game's answers.

``progress(game, rules)`` feeds the recorded answers into the script and stops at the
first question without an answer. It returns what was scored so far and that question.
Nothing here prompts, prints or touches files: the CLI asks the question, validates the
answer with ``Question.validate`` and saves the game with the answer appended.

The phase follows the rulebook (p. 27): pay citizens, construction cranes, colonia,
forum (eagles and largest area), Trajan card (p. 28); each step player by player. For
each player the group answers with quick counts, or gives the player's sheet (and the
forum file), which the tool then scores itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .classic.vocabulary import ClassicCategory, ClassicStep, Quarter
from .forum import Forum
from .game import N_, FORUM_TRAJANUM, TRAJAN, Answer, Category, Game, GameError, Message, Step
from .ruleset import Rules
from .scoring import score_colonia, score_cranes, score_forum
from .sheet import PlayerSheet
from .standings import Ranking, rank_players
from .vocabulary import Citizen, CitizenState, Colour, Cycle

QUICK, FILE = "quick", "file"


class Kind(StrEnum):
    CHOICE = "choice"  # one of ``options``
    MULTI = "multi"  # any subset of ``options``
    INT = "int"  # a whole number in [minimum, maximum]
    ROWS = "rows"  # six whole numbers, one per colonia row
    NUMBERS = "numbers"  # any count of whole numbers, each in [minimum, maximum]
    FILE = "file"  # {"path": ..., "text": ...} of a sheet or forum file


@dataclass(frozen=True)
class Option:
    value: Any
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    key: str
    kind: Kind
    step: Step | ClassicStep
    cycle: Cycle | Quarter  # the game's scoring period
    player: str | None
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    default: Any = None
    minimum: int = 0
    maximum: int = 200
    #: Further check on a well-formed value: what is wrong with it, or None.
    check: Callable[[Any], Message | None] | None = None

    def validate(self, value: Any) -> tuple[Any, Message | None]:
        """Normalise ``value`` or say what is wrong with it."""
        normal, problem = self._shape(value)
        if problem is None and self.check is not None:
            problem = self.check(normal)
        return normal, problem

    def _shape(self, value: Any) -> tuple[Any, Message | None]:
        allowed = [o.value for o in self.options]
        match self.kind:
            case Kind.CHOICE:
                return (value, None) if value in allowed else (value, Message(N_("choose one of the options")))
            case Kind.MULTI:
                if not isinstance(value, list) or any(v not in allowed for v in value):
                    return value, Message(N_("choose among the options"))
                return sorted(set(value), key=allowed.index), None
            case Kind.INT:
                if isinstance(value, bool) or not isinstance(value, int):
                    return value, Message(N_("type a whole number"))
                if not self.minimum <= value <= self.maximum:
                    return value, Message(N_("type a number from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.ROWS:
                if (not isinstance(value, list) or len(value) != 6
                        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
                    return value, Message(N_("type six whole numbers, one per row, top row first"))
                if any(not self.minimum <= v <= self.maximum for v in value):
                    return value, Message(N_("each row takes a number from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.NUMBERS:
                if (not isinstance(value, list)
                        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
                    return value, Message(N_("type whole numbers separated by spaces"))
                if any(not self.minimum <= v <= self.maximum for v in value):
                    return value, Message(N_("each number is from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.FILE:
                if not (isinstance(value, dict) and isinstance(value.get("text"), str)
                        and isinstance(value.get("path"), str)):
                    return value, Message(N_("give the path of a file"))
                return {"path": value["path"], "text": value["text"]}, None
        raise AssertionError(self.kind)


@dataclass(frozen=True)
class Scored:
    """A line of the standings (``category`` set) or a note about the phase (None)."""

    cycle: Cycle | Quarter
    step: Step | ClassicStep
    player: str | None
    category: Category | ClassicCategory | None
    points: int
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Progress:
    events: tuple[Scored, ...]
    question: Question | None  # None when the game is over
    answered: int
    ranking: Ranking | None  # once the game is over
    table: Any = None  # the boards as recorded (a Tabletop), after the last answer

    @property
    def finished(self) -> bool:
        return self.question is None

    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for e in self.events:
            if e.category is not None and e.player is not None:
                totals[e.player] = totals.get(e.player, 0) + e.points
        return totals

    def breakdown(self) -> dict[str, dict[Cycle, dict[Category, int]]]:
        table: dict[str, dict[Cycle, dict[Category, int]]] = {}
        for e in self.events:
            if e.category is None or e.player is None:
                continue
            cell = table.setdefault(e.player, {}).setdefault(e.cycle, {})
            cell[e.category] = cell.get(e.category, 0) + e.points
        return table

    @property
    def position(self) -> tuple[Cycle, Step] | None:
        return None if self.question is None else (self.question.cycle, self.question.step)


# --- Replay -----------------------------------------------------------------------------

Script = Generator[Question | Scored, Any, Ranking]


#: Each game's scoring script, by ``Game.variant``: (game, rules, parsers) -> script. The
#: scripts of other games register themselves when their module is imported.
SCRIPTS: dict[str, Callable[[Game, Any, Any, Any], Script]] = {}
#: Where those modules are; imported on first use, since they import this module.
SCRIPT_MODULES = {TRAJAN: ".classic.walkthrough"}


def script_for(variant: str) -> Callable[[Game, Any, Any], Script]:
    if variant not in SCRIPTS and variant in SCRIPT_MODULES:
        importlib.import_module(SCRIPT_MODULES[variant], __package__)
    return SCRIPTS[variant]


def progress(game: Game, rules: Any, parsers: Any) -> Progress:
    """Replay every answer; raises GameError when the record does not fit the script.

    ``rules`` and ``parsers`` are those of the game's variant (``Rules`` and ``Parsers``
    for Forum Trajanum). Board records among the answers are applied to the table as they
    come (:mod:`.tabletop`); the script reads the boards from it.
    """
    from .tabletop import Tabletop, apply_record, is_record

    table = Tabletop(game.players)
    script = script_for(game.variant)(game, rules, parsers, table)
    events: list[Scored] = []
    answers = game.answers
    index = 0

    def apply_records() -> int:
        at = index
        while at < len(answers) and is_record(answers[at].key):
            apply_record(table, answers[at], rules, parsers)
            at += 1
        return at

    try:
        item = next(script)
        while True:
            if isinstance(item, Scored):
                events.append(item)
                item = script.send(None)
                continue
            index = apply_records()
            if index == len(answers):
                return Progress(tuple(events), item, index, None, table)
            answer = answers[index]
            if (answer.key, answer.cycle, answer.player) != (item.key, item.cycle, item.player):
                raise GameError(
                    N_("answer {n} ({key} for {player}, cycle {cycle}) is not the question asked "
                       "there ({asked} for {asked_player})"),
                    n=index + 1, key=answer.key, player=answer.player or "-",
                    cycle=answer.cycle.numeral, asked=item.key, asked_player=item.player or "-")
            value, problem = item.validate(answer.value)
            if problem:
                raise GameError(N_("answer {n} ({key}): {problem}"), n=index + 1, key=answer.key,
                                problem=problem)
            index += 1
            item = script.send(value)
    except StopIteration as done:
        index = apply_records()
        if index != len(answers):
            raise GameError(N_("answers beyond the end of the game: {n}"),
                            n=len(answers) - index) from None
        return Progress(tuple(events), None, index, done.value, table)


def answer_for(question: Question, value: Any) -> Answer:
    return Answer(question.key, question.cycle, question.player, value)


@dataclass(frozen=True)
class Parsers:
    """How file answers become models; injected so the core stays free of parsing code."""

    sheet: Callable[[str, str], PlayerSheet]  # (text, file name) -> sheet
    forum: Callable[[str, str], Forum]
    problem_of: Callable[[Exception], str | None]  # a readable message for a parse error
    check_card: Callable[[str, PlayerSheet], tuple[int, int]] | None = None  # card -> (building, collecting)


# --- The script ---------------------------------------------------------------------------


@dataclass
class _Player:
    """What the script remembers of one player between questions and phases."""

    name: str
    total: int = 0
    mode: str = QUICK
    citizens: list[int] = field(default_factory=lambda: [0] * 6)
    paid_rows: set[int] = field(default_factory=set)
    coins_left: int = 0
    cranes_scored: set[Colour] = field(default_factory=set)
    gray_types: list[int] = field(default_factory=lambda: [0] * 6)
    trajan_value: int | None = None
    sheet: PlayerSheet | None = None  # this phase's sheet, after payment

    @property
    def active_citizens(self) -> int:
        return sum(self.citizens[row - 1] for row in self.paid_rows)

    def active_in_row(self, row: int) -> int:
        return self.citizens[row - 1] if row in self.paid_rows else 0


def _game_script(game: Game, rules: Rules, parsers: Parsers, table=None) -> Script:
    players = {name: _Player(name) for name in game.players}
    forum_mode = QUICK
    cards = dict(game.cards)
    for cycle in game.scored_cycles:
        for p in players.values():
            yield from _pay(cycle, p, rules, parsers)
        for p in players.values():
            yield from _cranes(cycle, p, rules)
        for p in players.values():
            yield from _colonia(cycle, p, rules)
        forum_mode = yield from _forum(cycle, list(players.values()), forum_mode, rules, parsers)
        if game.trajan_scoring_in(cycle):
            if cards[cycle] is None:
                cards[cycle] = yield _card_question(cycle, game, rules)
            card = rules.cards.get(cards[cycle])
            if card is None or card.cycle is not cycle:
                raise GameError(N_("{card!r} is not a Trajan card of cycle {cycle}"),
                                card=cards[cycle], cycle=cycle.numeral)
            for p in players.values():
                yield from _trajan(cycle, p, card, rules, parsers)
    return (yield from _final_ranking(list(players.values()), rules))


SCRIPTS[FORUM_TRAJANUM] = _game_script


def scored(cycle, step, p, category, gained: int, text: str, **params) -> Scored:
    """A standings line for player ``p`` (anything with ``name`` and a running ``total``)."""
    p.total += gained
    return Scored(cycle, step, p.name, category, gained, text, params)


def note(cycle, step, player: str | None, text: str, **params) -> Scored:
    return Scored(cycle, step, player, None, 0, text, params)


def file_check(parse: Callable[[str, str], Any], parsers: Any) -> Callable[[Any], Message | None]:
    """A check that a FILE answer parses; ``parsers.problem_of`` words the parser's error."""

    def check(value: dict) -> Message | None:
        try:
            parse(value["text"], value["path"])
        except Exception as exc:  # noqa: BLE001 - the parser's own error, turned into a message
            problem = parsers.problem_of(exc)
            if problem is None:
                raise
            return Message("{problem}", {"problem": problem})  # already in the player's words
        return None

    return check


def _pay(cycle: Cycle, p: _Player, rules: Rules, parsers: Parsers) -> Script:
    step = Step.PAY
    p.mode = yield Question(
        "pay.mode", Kind.CHOICE, step, cycle, p.name,
        N_("How do you give {player}'s scores this time?"), {"player": p.name},
        options=(Option(QUICK, N_("quick counts: answer a few questions")),
                 Option(FILE, N_("a player sheet file: the tool scores it"))),
        default=p.mode)
    before = p.total
    marker = yield Question(
        "pay.marker", Kind.INT, step, cycle, p.name,
        N_("Where is {player}'s marker on the victory point track now, before this scoring? "
           "(add 100 if it has gone round)"), {"player": p.name},
        default=before, minimum=0, maximum=999,
        check=lambda v: None if v >= before else
        Message(N_("the marker stood at {before} after the last scoring and never moves back"),
                {"before": before}))
    yield scored(cycle, step, p, Category.PLAY, marker - before,
                 N_("points scored during the cycle (columns, area bonuses, finished tracks): {points}"),
                 points=marker - before)

    if p.mode == FILE:
        value = yield Question(
            "pay.sheet", Kind.FILE, step, cycle, p.name,
            N_("{player}'s sheet as it is now, before citizens are paid"), {"player": p.name},
            check=_sheet_check(p, parsers))
        sheet = parsers.sheet(value["text"], value["path"])
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
            check=lambda rows: _never_fewer(rows, previous, N_("citizens")))
        coins = yield Question(
            "pay.coins", Kind.INT, step, cycle, p.name,
            N_("How many coins does {player} have before paying?"), {"player": p.name},
            default=0, minimum=0, maximum=99)
    p.citizens = list(citizens)

    rows = [row for row in range(1, 7) if citizens[row - 1]]
    cost = rules.coins_per_citizen_row
    paid: list[int] = []
    if rows:
        affordable = coins // cost
        paid = yield Question(
            "pay.rows", Kind.MULTI, step, cycle, p.name,
            N_("Which citizen rows does {player} pay for? ({cost} coin per row; {coins} coins; "
               "unpaid rows turn inactive)"), {"player": p.name, "cost": cost, "coins": coins},
            options=tuple(Option(row, N_("row {row}, {citizen}: citizens {n}"),
                                 {"row": row, "citizen": Citizen.of_row(row),
                                  "n": citizens[row - 1]}) for row in rows),
            default=rows[:affordable],
            check=lambda chosen: None if len(chosen) * cost <= coins else
            Message(N_("too many rows: the coins ({coins}) pay for at most {rows}"),
                    {"coins": coins, "rows": affordable}))
    p.paid_rows = set(paid)
    p.coins_left = coins - cost * len(paid)
    unpaid = [row for row in rows if row not in p.paid_rows]
    p.sheet = None if sheet is None else apply_payment(sheet, p.paid_rows, rules)
    yield note(cycle, step, p.name,
               N_("paid rows: {paid} (coins spent {spent}, left {left}); unpaid, now inactive: {unpaid}"),
               spent=cost * len(paid), paid=_rows_text(paid), left=p.coins_left,
               unpaid=_rows_text(unpaid))


def _sheet_check(p: _Player, parsers: Parsers):
    parse_ok = file_check(parsers.sheet, parsers)
    previous = list(p.citizens)

    def check(value: dict) -> Message | None:
        problem = parse_ok(value)
        if problem:
            return problem
        sheet = parsers.sheet(value["text"], value["path"])
        rows = [len(sheet.citizens.get(row, ())) for row in range(1, 7)]
        return _never_fewer(rows, previous, N_("citizens"))

    return check


def _never_fewer(rows: list[int], previous: list[int], what: str) -> Message | None:
    for row, (now, before) in enumerate(zip(rows, previous, strict=True), start=1):
        if now < before:
            return Message(N_("row {row} had {before} {what} at the last scoring; they never leave "
                              "the colonia"), {"row": row, "before": before, "what": Message(what)})
    return None


def _rows_text(rows) -> str:
    return ", ".join(str(r) for r in sorted(rows)) or "-"


def apply_payment(sheet: PlayerSheet, paid_rows: set[int], rules: Rules) -> PlayerSheet:
    """The sheet after paying: paid rows all active, unpaid rows inactive, coins spent (p. 27)."""
    citizens = {
        row: tuple(CitizenState.ACTIVE if row in paid_rows else CitizenState.INACTIVE for _ in states)
        for row, states in sheet.citizens.items()
    }
    coins = sheet.supply.coins - rules.coins_per_citizen_row * len(paid_rows)
    return replace(sheet, citizens=citizens, supply=replace(sheet.supply, coins=coins))


def _cranes(cycle: Cycle, p: _Player, rules: Rules) -> Script:
    step = Step.CRANES
    each = rules.crane_points[cycle]
    if p.sheet is not None:
        score = score_cranes(p.sheet.colonia, cycle, rules)
        for crane in score.cranes:
            p.cranes_scored.add(crane.colour)
            yield scored(cycle, step, p, Category.CRANES, crane.points,
                         N_("{colour} crane: {colour} structures {n} x {each}"),
                         colour=crane.colour, n=len(crane.structures), each=each)
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
    for colour in chosen:
        n = yield Question(
            f"cranes.{colour}", Kind.INT, step, cycle, p.name,
            N_("How many {colour} structures are in {player}'s colonia?"),
            {"player": p.name, "colour": Colour(colour)}, default=0, minimum=0, maximum=32)
        p.cranes_scored.add(Colour(colour))
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
            check=lambda rows: _never_fewer(rows, previous, N_("gray building types")))
    p.gray_types = list(types)
    total = 0
    parts = []
    for row in range(1, 7):
        multiplier = rules.row_multiplier[min(2, p.active_in_row(row))]
        total += types[row - 1] * multiplier
        parts.append(f"{types[row - 1]}x{multiplier}")
    yield scored(cycle, step, p, Category.COLONIA, total,
                 N_("colonia rows (types x multiplier): {rows}"), rows=" + ".join(parts))


def _forum(cycle: Cycle, players: list[_Player], mode: str, rules: Rules, parsers: Parsers):
    step = Step.FORUM
    mode = yield Question(
        "forum.mode", Kind.CHOICE, step, cycle, None,
        N_("How do you give the forum this time?"), {},
        options=(Option(QUICK, N_("quick counts for each player")),
                 Option(FILE, N_("a forum file: the tool scores every player"))),
        default=mode)
    forum = None
    if mode == FILE:
        value = yield Question("forum.file", Kind.FILE, step, cycle, None,
                               N_("The forum file, as the forum lies now"), {},
                               check=file_check(parsers.forum, parsers))
        forum = parsers.forum(value["text"], value["path"])
    for p in players:
        patrician_i = p.active_in_row(Citizen.PATRICIAN_I.row) > 0
        if forum is not None:
            default = forum.resolve_player(p.name) or next(iter(forum.players))
            mark = yield Question(
                "forum.mark", Kind.CHOICE, step, cycle, p.name,
                N_("Which mark are {player}'s envoys in the forum file?"), {"player": p.name},
                options=tuple(Option(m, "{mark} ({name})", {"mark": m, "name": n})
                              for m, n in forum.players.items()), default=default)
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
            area = yield _count_question(
                "forum.area", step, cycle, p,
                N_("How many envoys form {player}'s largest connected group?"))
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
            yield scored(cycle, step, p, Category.AREA, 0, N_("no envoys in the forum: no area points"))
            continue
        points = yield Question(
            "forum.area_points", Kind.INT, step, cycle, p.name,
            N_("Which number stands under {area} on {player}'s slide bar?"),
            {"player": p.name, "area": area}, default=None, minimum=0, maximum=99)
        yield scored(cycle, step, p, Category.AREA, points,
                     N_("largest group of {area} envoys, read on the slide bar"), area=area)
    return mode


def _count_question(key: str, step: Step, cycle: Cycle, p: _Player, text: str) -> Question:
    return Question(key, Kind.INT, step, cycle, p.name, text, {"player": p.name},
                    default=0, minimum=0, maximum=99)


def _card_question(cycle: Cycle, game: Game, rules: Rules) -> Question:
    ids = [cid for cid, card in rules.cards.items() if card.cycle is cycle]
    return Question("trajan.card", Kind.CHOICE, Step.TRAJAN, cycle, None,
                    N_("Which Trajan card lies out for cycle {cycle}?"), {"cycle": cycle.numeral},
                    options=tuple(Option(cid, "{card}: {building} / {collecting}",
                                         {"card": cid, "building": Message(rules.card(cid).building.text),
                                          "collecting": Message(rules.card(cid).collecting.text)})
                                  for cid in ids),
                    default=ids[0])


def _trajan(cycle: Cycle, p: _Player, card, rules: Rules, parsers: Parsers) -> Script:
    step = Step.TRAJAN
    if p.sheet is not None and parsers.check_card is not None:
        building, collecting = parsers.check_card(card.id, p.sheet)
    else:
        building = yield Question(
            "trajan.building", Kind.INT, step, cycle, p.name,
            N_("Card {card}, building task: how many separate times does {player} fulfil it? "
               "({task})"), {"player": p.name, "card": card.id, "task": Message(card.building.text)},
            default=0, minimum=0, maximum=36)
        collecting = yield Question(
            "trajan.collecting", Kind.INT, step, cycle, p.name,
            N_("Card {card}, collecting task: how many times does {player} fulfil it? ({task})"),
            {"player": p.name, "card": card.id, "task": Message(card.collecting.text)},
            default=0, minimum=0, maximum=99)
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
            resources[p.name] = yield Question(
                "end.resources", Kind.INT, Step.TRAJAN, Cycle.III, p.name,
                N_("Tie-break: how many resources does {player} have left? Count coins, tribunes, "
                   "builders, assistants and workers."), {"player": p.name},
                default=p.coins_left, minimum=0, maximum=200)
    return rank_players(totals, active, resources)
