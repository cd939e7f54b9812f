"""Trajan (2011)'s scoring, laid out as stages (the engine: core.scoring_phase.engine).

Each quarter end follows the rulebook (S. 9): the table names the three demand tiles;
every player meets the demands; the senate names consul and deputy. After quarter IV comes
the final scoring (S. 9). For each player the group answers with quick counts or gives the
player's sheet, which the tool scores itself. Level on points at the end, the position in
the senate decides (S. 9): the stack left by the last quarter end.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

from ..game import N_, TRAJAN, Game, Message, Plural
from ..scoring_phase.engine import PLANS, Plan, Script, Stage, StageContext
from ..scoring_phase.questions import BOARD, FILE, QUICK, Kind, Option, Question, file_check, note, scored, worded
from ..standings import rank_by
from .board import Difference, after_quarter_end, differences, losses
from .final import final_score
from .models import BonusTile, ClassicRules, ClassicSheet
from .quarter import SENATE, SenateEntry, SenateTie, meet_demands, senate_ranking
from .vocabulary import BonusKind, BonusSide, ClassicCategory, ClassicStep, Demand, Quarter


@dataclass
class PlayerMemory:
    """What the scoring remembers of one player between questions and quarters."""

    name: str
    total: int = 0
    mode: str = QUICK
    sheet: ClassicSheet | None = None  # this quarter end's sheet (file mode)
    votes: tuple[int, int] = (0, 0)  # track votes, senate tile votes: the defaults next time
    bonus_tiles: list[BonusSide] = field(default_factory=list)  # from the start and the senate
    #: What the player holds as the game knows it: the last quarter end's sheet, less what
    #: that quarter end took away (S. 9); None when that quarter end was given in quick counts.
    board: ClassicSheet | None = None
    won: list[BonusSide] = field(default_factory=list)  # bonus tiles won since, kinds unknown
    kept_at: Quarter | None = None  # the quarter end that left the board

    def copy(self) -> PlayerMemory:
        return replace(self, bonus_tiles=list(self.bonus_tiles), won=list(self.won))


@dataclass
class Memory:
    """Every player's memory, each quarter end's demand tiles, and the senate stack."""

    players: dict[str, PlayerMemory]
    demands: dict[Quarter, tuple[Demand, ...]] = field(default_factory=dict)
    stack: tuple[str, ...] = ()

    def copy(self) -> Memory:
        return Memory({n: p.copy() for n, p in self.players.items()}, dict(self.demands), self.stack)


#: The keys of the questions put to one player, and to the whole table (answers given ahead
#: name them; tests/test_classic_answers.py holds every question asked against them).
PLAYER_KEYS = frozenset({
    "needs.mode", "needs.marker", "needs.sheet", "needs.bread", "needs.games", "needs.religion",
    "needs.jokers", "senate.track", "senate.tiles", "final.mode", "final.sheet", "final.won",
    "final.hand_cards", "final.workers_in_camp", "final.legionaries_in_camp",
    "final.trajan_tiles_on_circle", "final.buildings", "final.building_jokers", "final.bonus_tiles",
    "final.bonus", "final.needs", "final.city_workers", "final.legionaries", "final.commodity",
    "final.commodity_jokers",
})
TABLE_KEYS = frozenset({"needs.demands", "senate.top"})


def plan(game: Game, rules: ClassicRules) -> Plan:
    players = {name: PlayerMemory(name) for name in game.players}
    for p in players.values():
        p.bonus_tiles.append(BonusSide.YELLOW)  # each player draws one at set-up, yellow side up
    stages: list[Stage[Quarter]] = []
    for quarter in game.scored_cycles:
        assert isinstance(quarter, Quarter)  # this plan is Trajan's: its periods are quarters
        stages.append(Stage(quarter, "needs", None, demands))
        stages += [Stage(quarter, "needs", p, needs) for p in game.players]
        stages.append(Stage(quarter, "senate", None, senate))
    stages += [Stage(Quarter.IV, "final", p, final) for p in game.players]
    stages.append(Stage(Quarter.IV, "ranking", None, ranking))
    return Plan(tuple(stages), Memory(players))


def demands(ctx: StageContext[Quarter]) -> Script:
    value = yield _demands_question(ctx.period, ctx.rules)
    ctx.memory.demands[ctx.period] = tuple(Demand(d) for d in value.split(","))
    return None


def needs(ctx: StageContext[Quarter]) -> Script:
    p = ctx.memory.players[ctx.player]
    yield from _needs(ctx.period, p, ctx.memory.demands[ctx.period], ctx.rules, ctx.parsers)
    return None


def senate(ctx: StageContext[Quarter]) -> Script:
    ctx.memory.stack = yield from _senate(ctx.period, list(ctx.memory.players.values()), ctx.rules)
    return None


def final(ctx: StageContext[Quarter]) -> Script:
    yield from _final(ctx.memory.players[ctx.player], ctx.rules, ctx.parsers)
    return None


def ranking(ctx: StageContext[Quarter]) -> Script:
    stack = ctx.memory.stack
    seat = {name: len(stack) - i for i, name in enumerate(stack)}  # the top disc counts most
    return rank_by({p.name: p.total for p in ctx.memory.players.values()}, [(SENATE, seat)])
    yield  # a stage: a generator that asks nothing


PLANS[TRAJAN] = plan


# --- 1. The people's demands (S. 9) -------------------------------------------------------------


def _demands_question(quarter: Quarter, rules: ClassicRules) -> Question:
    combos = [",".join(c) for c in itertools.combinations_with_replacement(
        [d.value for d in Demand], rules.demands_per_quarter)]
    return Question("needs.demands", Kind.CHOICE, ClassicStep.NEEDS, quarter, None,
                    N_("Which demand tiles lie face up at the end of quarter {quarter}?"),
                    {"quarter": quarter.numeral},
                    options=tuple(Option(c, ", ".join(f"{{d{i}}}" for i in range(rules.demands_per_quarter)),
                                         {f"d{i}": word(Demand(d)) for i, d in enumerate(c.split(","))})
                                  for c in combos), default=combos[0])


def _needs(quarter: Quarter, p: PlayerMemory, demands, rules: ClassicRules, parsers) -> Script:
    step = ClassicStep.NEEDS
    p.mode = yield _mode_question("needs.mode", step, quarter, p)
    before = p.total
    marker = yield Question(
        "needs.marker", Kind.INT, step, quarter, p.name,
        N_("Where is {player}'s marker on the victory point track now, before this quarter end? "
           "(behind the start space: a negative number)"), {"player": p.name},
        default=before, minimum=-999, maximum=999,
        check=lambda v: None if v >= before else
        Message(N_("the marker stood at {before} after the last scoring and only moves on during play"),
                {"before": before}))
    yield scored(quarter, step, p, ClassicCategory.PLAY, marker - before,
                 N_("points scored during the quarter: {points}"), points=marker - before)

    if p.mode == FILE:
        value = yield Question(
            "needs.sheet", Kind.FILE, step, quarter, p.name,
            N_("{player}'s sheet as quarter {quarter} ends, before the demands are met"),
            {"player": p.name, "quarter": quarter.numeral}, check=file_check(parsers.sheet, parsers),
            table_check=_keeps_the_board(p, parsers))
        p.sheet = parsers.sheet(value["text"], value["path"])
        forum, trajan, jokers = p.sheet.forum_needs, p.sheet.trajan_needs, p.sheet.demand_jokers
    else:
        p.sheet = p.board = None
        forum, trajan, jokers = {}, (), 0
        for kind in dict.fromkeys(demands):
            forum[kind] = yield Question(
                f"needs.{kind.value}", Kind.INT, step, quarter, p.name,
                N_("How many {kind} tiles does {player} have: forum tiles, and Trajan tiles (each "
                   "counts once per quarter end)?"), {"player": p.name, "kind": word(kind)},
                default=0, minimum=0, maximum=99)
        short = sum(max(0, demands.count(k) - forum[k]) for k in forum)
        if short:
            jokers = yield Question(
                "needs.jokers", Kind.INT, step, quarter, p.name,
                N_("How many demand jokers does {player} have?"), {"player": p.name},
                default=0, minimum=0, maximum=99)
    result = meet_demands(demands, forum, trajan, jokers, rules)
    p.won = []
    if p.sheet is not None:
        p.board, p.kept_at = after_quarter_end(p.sheet, result), quarter
    yield scored(quarter, step, p, ClassicCategory.DEMANDS, result.penalty,
                 N_("demands met {met} of {n} (unmet: {unmet}; jokers used {jokers})"),
                 met=result.met, n=len(demands), jokers=result.jokers,
                 unmet=_listed([word(d) for d in result.unmet_demands]))
    return None


def _mode_question(key: str, step: ClassicStep, quarter: Quarter, p: PlayerMemory) -> Question:
    return Question(
        key, Kind.CHOICE, step, quarter, p.name,
        N_("How do you give {player}'s scores this time?"), {"player": p.name},
        options=(Option(QUICK, N_("quick counts: answer a few questions")),
                 Option(FILE, N_("a player sheet file: the tool scores it"))),
        default=p.mode)


# --- 2. The senate (S. 9) ----------------------------------------------------------------------------


def _senate(quarter: Quarter, players: list[PlayerMemory], rules: ClassicRules):
    step = ClassicStep.SENATE
    entries = []
    for p in players:
        if p.sheet is not None:
            track, tiles, space = p.sheet.senate_votes, sum(p.sheet.senate_tiles), p.sheet.senate_space
        else:
            space = None
            track = yield Question(
                "senate.track", Kind.INT, step, quarter, p.name,
                N_("How many votes does the space of {player}'s disc on the senate track show?"),
                {"player": p.name}, default=p.votes[0], minimum=0, maximum=99)
            tiles = yield Question(
                "senate.tiles", Kind.INT, step, quarter, p.name,
                N_("How many votes do {player}'s senate tiles show together?"), {"player": p.name},
                default=0, minimum=0, maximum=99)
        p.votes = (track, tiles)
        entries.append(SenateEntry(p.name, track, tiles, space))
    order: list[str] = []
    while True:
        try:
            result = senate_ranking(entries, order)
            break
        except SenateTie as tie:
            open_ = [n for n in tie.players if n not in order]
            while len(open_) > 1:
                top = yield Question(
                    "senate.top", Kind.CHOICE, step, quarter, None,
                    N_("{players} are level with {votes} and the same votes on the track: whose "
                       "disc is further ahead, or on top where they share a space?"),
                    {"players": ", ".join(open_), "votes": _votes(tie.votes), "i": len(order) + 1},
                    options=tuple(Option(n, "{name}", {"name": n}) for n in open_), default=open_[0])
                order.append(top)
                open_.remove(top)
            order += open_
    by_name = {p.name: p for p in players}
    by_name[result.consul].bonus_tiles.append(rules.consul_side)
    by_name[result.consul].won.append(rules.consul_side)
    yield note(quarter, step, result.consul,
               N_("consul with {votes}: picks a bonus tile and lays it {side} side up"),
               votes=_votes(result.places[0].entry.votes), side=word(rules.consul_side))
    if result.deputy is not None:
        by_name[result.deputy].bonus_tiles.append(rules.deputy_side)
        by_name[result.deputy].won.append(rules.deputy_side)
        yield note(quarter, step, result.deputy,
                   N_("deputy with {votes}: takes the other bonus tile, {side} side up"),
                   votes=_votes(result.places[1].entry.votes), side=word(rules.deputy_side))
    yield note(quarter, step, None, N_("senate discs stacked on the start space, top first: {stack}"),
               stack=", ".join(result.stack))
    return result.stack


# --- Final scoring (S. 9) ------------------------------------------------------------------------------


BONUS_CHOICES = [(kind, side) for kind in BonusKind for side in BonusSide]


def _final(p: PlayerMemory, rules: ClassicRules, parsers) -> Script:
    step, quarter = ClassicStep.FINAL, Quarter.IV
    p.mode = yield _final_mode_question(p)
    if p.mode == BOARD and p.board is not None:
        sheet = yield from _kept_board(p.board, p)
    elif p.mode == FILE:
        value = yield Question(
            "final.sheet", Kind.FILE, step, quarter, p.name,
            N_("{player}'s sheet at the end of the game (after the last quarter end, with the "
               "bonus tiles from the senate)"), {"player": p.name},
            check=file_check(parsers.sheet, parsers), table_check=_agrees_with_board(p, parsers))
        sheet = parsers.sheet(value["text"], value["path"])
    else:
        sheet = yield from _final_counts(p, rules)
    score = final_score(sheet, rules)
    lines = score.lines
    yield scored(quarter, step, p, ClassicCategory.REMAINING,
                 lines["hand_cards"] + lines["workers_in_camp"] + lines["legionaries_in_camp"]
                 + lines["trajan_tiles"],
                 N_("1 point each: hand cards {hand}, workers in the camp {workers}, legionaries in "
                    "the camp {legionaries}, Trajan tiles on the circle {tiles}"),
                 hand=sheet.hand_cards, workers=sheet.workers_in_camp,
                 legionaries=sheet.legionaries_in_camp, tiles=sheet.trajan_tiles_on_circle)
    yield scored(quarter, step, p, ClassicCategory.SETS, score.sets.points,
                 N_("construction sets: {sets}"),
                 sets=_listed([_set_words(s) for s in score.sets.sets]))
    yield scored(quarter, step, p, ClassicCategory.BONUS, lines["bonus_tiles"],
                 N_("bonus tiles: {tiles}"),
                 tiles=_listed([Message(N_("{kind}, {side} side: {points}"),
                                        {"kind": _tile_words(b.tile), "side": word(b.tile.side),
                                         "points": b.points}) for b in score.bonus]))
    return None


def _final_mode_question(p: PlayerMemory) -> Question:
    """How the final scoring is given; when the game keeps the player's board, scoring that
    board is offered first."""
    options: tuple[Option, ...] = (Option(QUICK, N_("quick counts: answer a few questions")),
                                   Option(FILE, N_("a player sheet file: the tool scores it")))
    default = p.mode
    if p.board is not None:
        options = (Option(BOARD, N_("the board the game keeps since the last quarter end")), *options)
        default = BOARD
    return Question("final.mode", Kind.CHOICE, ClassicStep.FINAL, Quarter.IV, p.name,
                    N_("How do you give {player}'s scores this time?"), {"player": p.name},
                    options=options, default=default)


def _kept_board(board: ClassicSheet, p: PlayerMemory):
    """The board as the game keeps it, with the bonus tiles won in the last senate: their
    sides are known (S. 9), their kinds were the player's pick, so they are asked."""
    won = []
    kinds = [k for k in BonusKind if k is not BonusKind.COMMODITY]
    options = [Option(k.value, "{kind}", {"kind": word(k)}) for k in kinds]
    options += [Option(f"{BonusKind.COMMODITY.value}:{card}", N_("commodity: {card}"), {"card": card})
                for card in sorted(board.display)]
    options.append(Option(BonusKind.COMMODITY.value, N_("commodity: a kind not in the display")))
    for i, side in enumerate(p.won, start=1):
        choice = yield Question(
            "final.won", Kind.CHOICE, ClassicStep.FINAL, Quarter.IV, p.name,
            N_("The bonus tile {player} won in the last senate ({side} side up): what does it count?"),
            {"player": p.name, "side": word(side), "i": i}, options=tuple(options), default=options[0].value)
        kind, _colon, card = choice.partition(":")
        commodity = (card or f"another kind {i}") if kind == BonusKind.COMMODITY else None
        won.append(BonusTile(BonusKind(kind), side, commodity))
    return board._replace(bonus_tiles=(*board.bonus_tiles, *won))


def _agrees_with_board(p: PlayerMemory, parsers):
    """A sheet for the final scoring must hold what the game keeps (S. 9): nothing is played
    after the last quarter end."""
    board, won = p.board, tuple(p.won)
    if board is None:
        return None

    def agrees(value: dict) -> Message | None:
        found = differences(board, won, parsers.sheet(value["text"], value["path"]))
        if not found:
            return None
        return Message(N_("{player}'s sheet does not hold what the game keeps after the last quarter "
                          "end (S. 9: forum tiles and demand jokers used for the demands and all "
                          "senate tiles leave the game; nothing is played after it): {differences}. "
                          "Correct the sheet, or score the board the game keeps"),
                       {"player": p.name, "differences": _listed([_difference_words(d) for d in found], "; ")})

    return worded(agrees, parsers)


def _keeps_the_board(p: PlayerMemory, parsers):
    """A sheet at a quarter end holds at least what the board kept from the last one of what
    is never given up in play (S. 9, S. 11), and the bonus tiles kept and won since."""
    board, won, kept_at = p.board, tuple(p.won), p.kept_at
    if board is None or kept_at is None:
        return None

    def keeps(value: dict) -> Message | None:
        found = losses(board, won, parsers.sheet(value["text"], value["path"]))
        if not found:
            return None
        return Message(N_("{player}'s sheet holds less than the game keeps from the end of quarter "
                          "{quarter} of what stays until it is used or until the end (S. 9, S. 11: "
                          "forum tiles for the demands, demand and building jokers, construction "
                          "tiles, workers in the city, Trajan tiles, bonus tiles): {differences}"),
                       {"player": p.name, "quarter": kept_at.numeral,
                        "differences": _listed([_difference_words(d) for d in found], "; ")})

    return worded(keeps, parsers)


#: How a sheet's entries are named in a message (``{item}``: the table's entry).
FIELD_WORDS = {
    "hand_cards": N_("hand cards"),
    "workers_in_camp": N_("workers in the camp"),
    "legionaries_in_camp": N_("legionaries in the camp"),
    "trajan_tiles_on_circle": N_("Trajan tiles on the circle"),
    "workers_in_city": N_("workers in the city quarter"),
    "legionaries_in_provinces": N_("legionaries in provinces"),
    "building_jokers": N_("building jokers"),
    "commodity_jokers": N_("unused commodity jokers"),
    "demand_jokers": N_("demand jokers"),
    "buildings": N_("construction tiles {item}"),
    "display": N_("{item} cards in the display"),
    "forum_needs": N_("forum tiles {item}"),
    "trajan_needs": N_("Trajan tiles {item}"),
    "bonus_tiles": N_("bonus tile {item}"),
    "bonus_won": N_("bonus tiles won in the senate, {item} side up"),
}

#: The game's words in the player's language (the same words render/classic.py uses).
WORDS = {
    Demand.BREAD: N_("bread"), Demand.GAMES: N_("games"), Demand.RELIGION: N_("religion"),
    BonusKind.NEEDS: N_("demands"), BonusKind.CITY_WORKERS: N_("workers in the city"),
    BonusKind.COMMODITY: N_("commodity"), BonusKind.LEGIONARIES: N_("legionaries"),
    BonusKind.YELLOW_TILES: N_("yellow tiles"),
    BonusSide.YELLOW: N_("yellow"), BonusSide.GRAY: N_("gray"),
}


def word(value) -> Message:
    return Message(WORDS[value])


#: The names quick counts give the construction symbols and the kinds of card they do not
#: ask for, by number ("symbol 2"), shown in the player's language.
NUMBERED = {"symbol": N_("symbol {i}"), "kind": N_("kind {i}"), "another kind": N_("another kind {i}")}


def _named(name: str) -> Message | str:
    head, _space, number = name.rpartition(" ")
    if head in NUMBERED and number.isdigit():
        return Message(NUMBERED[head], {"i": int(number)})
    return name


def _tile_words(tile: BonusTile) -> Message:
    if tile.kind is BonusKind.COMMODITY and tile.commodity is not None:
        return Message(N_("commodity: {card}"), {"card": _named(tile.commodity)})
    return word(tile.kind)


def _set_words(s) -> Message | Plural:
    symbol = _named(s.symbol) if s.symbol is not None else Message(N_("any one symbol"))
    if s.jokers:
        return Plural("{size} {symbol} (with {n} building joker)", "{size} {symbol} (with {n} building jokers)",
                      s.jokers, {"size": s.size, "symbol": symbol})
    return Message("{size} {symbol}", {"size": s.size, "symbol": symbol})


def _difference_words(d: Difference) -> Message:
    if d.field == "bonus_tiles":
        item: object = Message(N_("{kind}, {side} side"), {"kind": _tile_words(d.item), "side": word(d.item.side)})
    elif d.field == "bonus_won":
        item = word(d.item)
    elif d.item in WORDS:
        item = word(d.item)
    else:
        item = d.item
    what = Message(FIELD_WORDS[d.field], {"item": item})
    return Message(N_("{what}: {given} on the sheet, {known} kept by the game"),
                   {"what": what, "given": d.given, "known": d.known})


def _listed(parts: list, sep: str = ", ") -> Message:
    """Shown parts joined, or "-" when there are none."""
    if not parts:
        return Message("-")
    return Message(sep.join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": part for i, part in enumerate(parts)})


def _count(key: str, p: PlayerMemory, text: str, maximum: int = 99, default: int = 0,
           known: int | None = None, **params) -> Question:
    """A count of the final scoring; ``known``: what the kept board says, which the answer
    must be (nothing is played after the last quarter end, S. 9)."""
    return Question(key, Kind.INT, ClassicStep.FINAL, Quarter.IV, p.name, text,
                    {"player": p.name, **params}, default=default if known is None else known,
                    minimum=0, maximum=maximum,
                    table_check=None if known is None else _kept_check(p, lambda board: known, lambda v: v))


def _kept(p: PlayerMemory, key: str) -> int | None:
    return None if p.board is None else getattr(p.board, key)


def _kept_check(p: PlayerMemory, known_of, given_of):
    """A check that an answer agrees with the board the game keeps (none: no check)."""
    board = p.board
    if board is None:
        return None
    known = known_of(board)

    def agrees(value) -> Message | None:
        if given_of(value) == known:
            return None
        shown = " ".join(map(str, known)) if isinstance(known, list) else known
        return Message(N_("the board the game keeps after quarter {quarter} says {known} (S. 9: nothing "
                          "is played after the last quarter end)"),
                       {"quarter": p.kept_at.numeral if p.kept_at else "", "known": "-" if shown == "" else shown})

    return agrees


def _final_counts(p: PlayerMemory, rules: ClassicRules):
    """Quick counts for the final scoring, gathered into a sheet for :func:`final_score`.

    Each commodity bonus tile is taken to show a kind of its own (quick counts do not ask
    which kind); a sheet file scores tiles of the same kind together.
    """
    counts = {}
    for key, text, top in (
        ("hand_cards", N_("How many commodity cards does {player} hold in hand?"), 99),
        ("workers_in_camp", N_("How many of {player}'s workers stand in the workers' camp?"), rules.figures),
        ("legionaries_in_camp", N_("How many of {player}'s legionaries stand in the army camp?"), rules.figures),
        ("trajan_tiles_on_circle", N_("How many Trajan tiles lie on {player}'s action circle?"),
         rules.trajan_tile_places),
    ):
        counts[key] = yield _count(f"final.{key}", p, text, top, known=_kept(p, key))
    symbols = yield Question(
        "final.buildings", Kind.NUMBERS, ClassicStep.FINAL, Quarter.IV, p.name,
        N_("{player}'s construction tiles: how many of each symbol? One number per symbol (e.g. 3 2 1)"),
        {"player": p.name}, default=[], minimum=0, maximum=rules.construction_tiles,
        check=lambda v: None if sum(v) <= rules.construction_tiles else
        Message(N_("there are {n} construction tiles in the game"), {"n": rules.construction_tiles}),
        table_check=_kept_check(p, lambda board: sorted(board.buildings.values(), reverse=True),
                                lambda v: sorted((n for n in v if n), reverse=True)))
    building_jokers = yield _count("final.building_jokers", p, N_("How many building jokers does {player} have?"),
                                   known=_kept(p, "building_jokers"))
    n_tiles = yield _count("final.bonus_tiles", p, N_("How many bonus tiles does {player} have?"),
                           rules.bonus_tile_count, default=len(p.bonus_tiles),
                           known=None if p.board is None else len(p.board.bonus_tiles) + len(p.won))
    tiles = []
    for i in range(1, n_tiles + 1):
        choice = yield Question(
            "final.bonus", Kind.CHOICE, ClassicStep.FINAL, Quarter.IV, p.name,
            N_("{player}'s bonus tile {i} of {n}: what does it count, and which side is up?"),
            {"player": p.name, "i": i, "n": n_tiles},
            options=tuple(Option(f"{k.value}:{s.value}", "{kind}, {side}", {"kind": word(k), "side": word(s)})
                          for k, s in BONUS_CHOICES),
            default=f"{BonusKind.NEEDS.value}:{BonusSide.YELLOW.value}")
        kind, side = choice.split(":")
        tiles.append(BonusTile(BonusKind(kind), BonusSide(side),
                               f"kind {i}" if kind == BonusKind.COMMODITY else None))
    kinds = {t.kind for t in tiles}
    display, extra = {}, {}
    if BonusKind.NEEDS in kinds:
        extra["demand_jokers"] = yield _count(
            "final.needs", p, N_("How many forum tiles for bread, games or religion and demand jokers "
                                 "does {player} have? (Trajan tiles do not count)"),
            known=None if p.board is None else sum(p.board.forum_needs.values()) + p.board.demand_jokers)
    if BonusKind.CITY_WORKERS in kinds:
        extra["workers_in_city"] = yield _count(
            "final.city_workers", p, N_("How many of {player}'s workers stand in the city quarter?"), rules.figures,
            known=_kept(p, "workers_in_city"))
    if BonusKind.LEGIONARIES in kinds:
        extra["legionaries_in_provinces"] = yield _count(
            "final.legionaries", p, N_("How many of {player}'s legionaries stand in provinces?"), rules.figures,
            known=_kept(p, "legionaries_in_provinces"))
    for i, tile in enumerate(tiles, start=1):
        if tile.kind is BonusKind.COMMODITY:
            assert tile.commodity is not None  # a commodity tile is made above with its kind
            display[tile.commodity] = yield _count(
                "final.commodity", p, N_("Bonus tile {i}: how many cards of its kind lie in {player}'s "
                                         "display?"), rules.cards_per_commodity, i=i)
    if display:
        extra["commodity_jokers"] = yield _count(
            "final.commodity_jokers", p, N_("How many unused commodity jokers does {player} have?"),
            known=_kept(p, "commodity_jokers"))
    return ClassicSheet(
        name=p.name, **counts, buildings={f"symbol {i}": n for i, n in enumerate(symbols, start=1)},
        building_jokers=building_jokers, display=display, bonus_tiles=tuple(tiles), **extra)


def _votes(n: int) -> Plural:
    """'1 vote', '2 votes', in the player's language."""
    return Plural("{n} vote", "{n} votes", n)
