"""Step 5 of a scoring phase: the Trajan card of the cycle (p. 28). Its building task and
its collecting task count each time they are fulfilled, times the value above the Trajan
head on the slide bar (3, 5 or 7)."""

from __future__ import annotations

from ..game import N_, Category, GameError, Message, Plural, Step
from ..vocabulary import Cycle, square_name
from .bar import TRAJAN_VALUE, trajan_reading
from .engine import Script, StageContext
from .memory import PlayerMemory
from .questions import Kind, Option, Question, joined, note, scored


def card(ctx: StageContext[Cycle]) -> Script:
    """Which Trajan card lies out for the cycle, when it was not named at the start."""
    cycle, memory = ctx.period, ctx.memory
    if memory.cards.get(cycle) is None:
        memory.cards[cycle] = yield card_question(cycle, ctx.rules)
    found = ctx.rules.cards.get(memory.cards[cycle])
    if found is None or found.cycle is not cycle:
        raise GameError(N_("{card!r} is not a Trajan card of cycle {cycle}"),
                        card=memory.cards[cycle], cycle=cycle.numeral)
    return None


def card_question(cycle: Cycle, rules) -> Question:
    ids = [cid for cid, card in rules.cards.items() if card.cycle is cycle]
    return Question("trajan.card", Kind.CHOICE, Step.TRAJAN, cycle, None,
                    N_("Which Trajan card lies out for cycle {cycle}?"), {"cycle": cycle.numeral},
                    options=tuple(Option(cid, "{card}: {building} / {collecting}",
                                         {"card": cid, "building": Message(rules.card(cid).building.text),
                                          "collecting": Message(rules.card(cid).collecting.text)})
                                  for cid in ids),
                    default=ids[0])


def trajan_card(ctx: StageContext[Cycle]) -> Script:
    cycle, rules, parsers = ctx.period, ctx.rules, ctx.parsers
    p: PlayerMemory = ctx.memory.players[ctx.player]
    card = rules.cards.get(ctx.memory.cards[cycle])
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
        collecting = yield from _collecting(ctx, p, card)
    fulfilled = building + collecting
    if fulfilled == 0:
        yield scored(cycle, step, p, Category.TRAJAN, 0,
                     N_("card {card}: no task fulfilled"), card=card.id)
        return None
    reading = trajan_reading(ctx.table, cycle, p.name, rules.trajan_values)
    if reading is not None:
        default = reading.value
    else:
        default = p.trajan_value if p.trajan_value is not None else rules.trajan_values[0]
    value = yield Question(
        TRAJAN_VALUE, Kind.CHOICE, step, cycle, p.name,
        N_("Which value stands above the Trajan head on {player}'s slide bar?"), {"player": p.name},
        options=tuple(Option(v, str(v)) for v in rules.trajan_values),
        default=default, known=reading is not None)
    p.trajan_value = value
    counts = {"card": card.id, "building": building, "collecting": collecting, "value": value}
    if reading is None:
        yield scored(cycle, step, p, Category.TRAJAN, fulfilled * value,
                     N_("card {card}: building {building}x + collecting {collecting}x, x {value}"),
                     **counts)
    elif value == reading.value:
        yield scored(cycle, step, p, Category.TRAJAN, fulfilled * value,
                     N_("card {card}: building {building}x + collecting {collecting}x, x {value} "
                        "({source})"), **counts, source=reading.source)
    else:  # the players read another value than the box: theirs counts
        yield scored(cycle, step, p, Category.TRAJAN, fulfilled * value,
                     N_("card {card}: building {building}x + collecting {collecting}x, x {value} "
                        "as given; the box reads {expected} ({source})"),
                     **counts, expected=reading.value, source=reading.source)
    return None


def _collecting(ctx: StageContext[Cycle], p: PlayerMemory, card):
    """The collecting task in quick counts: worked out where the earlier answers hold all
    it needs (or a need they leave at none), else asked, no more often than they allow."""
    step, cycle = Step.TRAJAN, ctx.period
    limits = _collecting_limits(card, p)
    most = min((times for times, _ in limits), default=None)
    if (most is not None and (len(limits) == len(card.collecting.needs) or most == 0)
            and not ctx.known.recorded("trajan.collecting", cycle, p.name)):
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


def _collecting_limits(card, p: PlayerMemory) -> list[tuple[int, Message]]:
    """For each need of the card's collecting task that the earlier quick counts fix: how
    often it can be met, and why. Coins left after paying, active citizens by social class
    and (when the game knows them all) scored cranes; the rest only the table can see."""
    from ..card_solver import distinct_times
    from ..cards import Item

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


