"""Step 4 of a scoring phase: the forum (pp. 27-28). Each player's envoys on and beside eagle
spaces score (2 on one, 1 beside one; with Patrician I also 1 diagonally next to one), and
their largest connected group scores what the slide bar shows under its size.

The forum is read from the game's record (every turn recorded: nothing to ask; recorded:
looked over in the editor first), or given for this phase as quick counts or a forum file.
"""

from __future__ import annotations

from ..forum import Forum
from ..game import N_, Category, Message, Plural, Step
from ..scoring import score_forum
from ..vocabulary import Citizen, Cycle
from .bar import AREA_POINTS, area_reading
from .engine import Script, StageContext
from .memory import PlayerMemory
from .pay import kept_by_turns
from .questions import BOARD, FILE, QUICK, Kind, Option, Question, file_check, note, scored
from .review import board_question

#: The forum-mark answer of a player without envoys in the forum ("-" is never a mark).
NO_ENVOYS = "-"


def forum(ctx: StageContext[Cycle]) -> Script:
    cycle, table, game, rules, parsers = ctx.period, ctx.table, ctx.game, ctx.rules, ctx.parsers
    memory = ctx.memory
    players: list[PlayerMemory] = list(memory.players.values())
    step = Step.FORUM
    forum = None
    marks: dict[str, str] = {}
    if table.forum is not None and kept_by_turns(table, cycle):
        forum, mode = table.forum, BOARD  # complete from the turns: nothing to look over
        marks = {p.name: table.mark_of(p.name) or NO_ENVOYS for p in players}
    elif table.forum is not None and not ctx.known.recorded("forum.mode", cycle, None):
        # The forum is recorded: the group looks it over, the tool scores every player.
        edited = yield board_question(cycle, None, table.forum, parsers, game.players)
        if edited is not None:
            table.record_forum(_forum_of_game(edited["text"], parsers, game.players))
        forum, mode = table.forum, BOARD
        marks = {p.name: table.mark_of(p.name) or NO_ENVOYS for p in players}
    else:
        mode = yield Question(
            "forum.mode", Kind.CHOICE, step, cycle, None,
            N_("How do you give the forum this time?"), {},
            options=(Option(QUICK, N_("quick counts for each player")),
                     Option(FILE, N_("a forum file: the tool scores every player"))),
            default=QUICK if memory.forum_mode == BOARD else memory.forum_mode)
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
                mark = yield from _forum_mark(ctx, p, forum, marks)
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
        reading = area_reading(table, cycle, p.name, area)
        points = yield Question(
            AREA_POINTS, Kind.INT, step, cycle, p.name,
            N_("Which number stands under {area} on {player}'s slide bar?"),
            {"player": p.name, "area": area}, default=None if reading is None else reading.value,
            minimum=0, maximum=99, known=reading is not None)
        if reading is None:
            yield scored(cycle, step, p, Category.AREA, points, "{group}", group=Plural(
                "largest group of {n} envoy, read on the slide bar",
                "largest group of {n} envoys, read on the slide bar", area))
        elif points == reading.value:
            yield scored(cycle, step, p, Category.AREA, points, N_("{group}: {source}"),
                         group=_group(area), source=reading.source)
        else:  # the players read another value than the box: theirs counts
            yield scored(cycle, step, p, Category.AREA, points,
                         N_("{group}: {given} as given; the box reads {expected} ({source})"),
                         group=_group(area), given=points, expected=reading.value,
                         source=reading.source)
    if mode == FILE and table.forum is None:
        # The forum file given here becomes the recorded forum, each mark naming its player.
        assert forum is not None  # read from the file above
        named = Forum(forum.grid, {**forum.players,
                                   **{mark: name for name, mark in marks.items() if mark != NO_ENVOYS}})
        table.record_forum(named)
    memory.forum_mode = mode
    return None


def _group(area: int) -> Plural:
    return Plural("largest group of {n} envoy", "largest group of {n} envoys", area)


def _forum_of_game(text: str, parsers, players) -> Forum:
    from ..tabletop import resolve_forum_players

    forum, _problems = resolve_forum_players(parsers.forum(text, "<forum>"), players)
    return forum


def _marks_by_name(forum: Forum, players: list[PlayerMemory]) -> dict[str, str]:
    """Player -> the mark the forum file gives them by mark or name; a mark goes to one player."""
    marks: dict[str, str] = {}
    for p in players:
        mark = forum.resolve_player(p.name)
        if mark is not None and mark not in marks.values():
            marks[p.name] = mark
    return marks


def _forum_mark(ctx: StageContext[Cycle], p: PlayerMemory, forum: Forum, marks: dict[str, str]):
    """Which envoys in the forum file are ``p``'s: the mark that names them, else the group
    chooses among the marks nobody else has, or none (p. 25: a player may have no envoys
    there yet). ``marks`` grows with each choice, so that no two players share a mark."""
    step, cycle = Step.FORUM, ctx.period
    label = {m: Option(m, "{mark} ({name})", {"mark": m, "name": n}) for m, n in forum.players.items()}
    nobody = Option(NO_ENVOYS, N_("no envoys in the forum"))
    own = marks.get(p.name)
    if ctx.known.recorded("forum.mark", cycle, p.name):
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


def _count_question(key: str, step: Step, cycle: Cycle, p: PlayerMemory, text: str) -> Question:
    return Question(key, Kind.INT, step, cycle, p.name, text, {"player": p.name},
                    default=0, minimum=0, maximum=99)


def _area_question(cycle: Cycle, p: PlayerMemory, near_eagles: int) -> Question:
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


