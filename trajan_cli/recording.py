"""Recording boards into a saved game: what `board import`, `board edit` and `build` share.

Each record is one locked read-modify-write of the game file (:func:`store.update`): the
game is read again under the lock, replayed to the table as it stands, the new record is
held against it (a board only grows), and only then appended. Two windows recording at
once therefore never lose each other's records.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .core.game import BUILD_RECORD, FORUM_RECORD, FORUM_TRAJANUM, SHEET_RECORD, Answer, Game, player_named
from .i18n import _
from .parsing.errors import InputError, Problem

if TYPE_CHECKING:  # the table loads when a record is made, not for every command that reads
    from .core.tabletop import BoardRefused, BuildRecord


def resolve_player(game: Game, who: str, source: str = "--player") -> str:
    """A player of the game by name, in any case, or by the unique start of a name."""
    found = player_named(who, game.players)
    if found is None:
        raise InputError([Problem(source, None, who, _("not a player of {game}; players: {players}")
                                  .format(game=game.name, players=", ".join(game.players)))])
    return found


def no_board(game: str, player: str | None) -> InputError:
    """Nothing recorded yet for ``player``'s board (None: the forum), and how to record it."""
    if player is None:
        text = _("no forum recorded yet; record it with: trajan board import \"{game}\" --forum FILE, "
                 "or lay it out with: trajan board edit \"{game}\" --forum").format(game=game)
    else:
        text = _("no board recorded for {player} yet; record it with: trajan board import \"{game}\" "
                 "--player \"{player}\" SHEET, or: trajan board edit \"{game}\" --player \"{player}\""
                 ).format(game=game, player=player)
    return InputError([Problem(game, None, player, text)])


def table_of(game: Game, path: Path | None = None, *, remember: bool = True):
    """The game replayed: (progress, table). Only Forum Trajanum games keep boards.

    From the game's snapshot when one matches (:mod:`.snapshot`): then the table is
    read-only, and the progress holds only where the game stands and its standings."""
    from .snapshot import state_of

    if game.variant != FORUM_TRAJANUM:
        raise InputError([Problem(str(path or game.name), None, game.name, _(
            "boards are kept for Forum Trajanum games only"))])
    state = state_of(game, path, remember=remember)
    return state, state.table


def refusal(exc: BoardRefused, source: str) -> InputError:
    """Every problem of a refused record, one line each: the player, the cell, the page."""
    from .render.board_text import problem_text

    who = exc.player or _("the forum")
    return InputError([Problem(source, None, who, problem_text(p)) for p in exc.problems])


def _append(path: Path, make: Callable[[Game, Any], Answer | None]) -> Game:
    """Lock, re-read, replay, let ``make`` build the record from the table (or None: no
    change), append it. ``make`` raises to refuse."""
    from . import snapshot, store

    changed: list[Game] = []

    def change(game: Game) -> Game:
        # The old game's snapshot is of no use once the record is added: not written.
        state, table = table_of(game, path, remember=False)
        if state.finished:
            raise InputError([Problem(str(path), None, game.name, _(
                "the game is over; its boards are kept as they were scored"))])
        if isinstance(table, snapshot.SnapshotTable):
            state.table = table.tabletop()  # a real table, to hold the record against
        record = make(game, state)
        if record is None:
            return game
        changed.append(game.with_answer(record))
        return changed[-1]

    saved = store.update(path, change)
    if changed:
        # A record may change what the script asks or scores next, so the new state is
        # the new game replayed (not the old table with the record applied), after the
        # lock is released; the next reading command then finds it.
        snapshot.remember(path, saved)
    return saved


def record_sheet(path: Path, who: str, sheet, source: str) -> Game:
    """Record ``sheet`` as the board of player ``who`` (refused whole if it breaks growth)."""
    from .render.toml_text import sheet_toml

    def make(game: Game, state) -> Answer | None:
        player = resolve_player(game, who)
        named = _named(sheet, player)
        from .core.tabletop import BoardRefused

        before = state.table.board(player)
        try:
            state.table.record(player, named, strict=True)
        except BoardRefused as exc:
            raise refusal(exc, source) from None
        if before == named:
            return None  # nothing changed: nothing to record (or to undo)
        return Answer(SHEET_RECORD, state.position[0], player, {"text": sheet_toml(named)})

    return _append(path, make)


def record_forum(path: Path, forum, source: str) -> Game:
    """Record the forum; its marks must name the game's players (or unique starts)."""
    from .core.tabletop import BoardRefused, resolve_forum_players
    from .render.toml_text import forum_toml

    def make(game: Game, state) -> Answer | None:
        resolved, problems = resolve_forum_players(forum, game.players)
        if problems:
            raise InputError([Problem(source, None, mark, _(template).format(
                mark=mark, name=forum.players[mark], players=", ".join(game.players)))
                for mark, template in problems])
        try:
            state.table.record_forum(resolved)
        except BoardRefused as exc:
            raise refusal(exc, source) from None
        return Answer(FORUM_RECORD, state.position[0], None, {"text": forum_toml(resolved)})

    return _append(path, make)


def _named(sheet, player: str):
    from dataclasses import replace

    return replace(sheet, name=player)


def record_build(path: Path, player: str, record: BuildRecord) -> Game:
    """Record a build judged legal; judged again under the lock on the board as it is now."""
    from .core.game import GameError
    from .core.tabletop import apply_build
    from .rulesdata import load_rules

    def make(game: Game, state) -> Answer:
        try:
            apply_build(state.table, player, record, load_rules().reading(game.readings),
                        state.position[0])
        except GameError as exc:
            raise InputError([Problem(str(path), None, player, _(
                "not recorded: {reason} (the board changed meanwhile?)").format(reason=exc))]) from None
        return Answer(BUILD_RECORD, state.position[0], player, record.to_json())

    return _append(path, make)


def recorded_sheet(name: str, who: str | None):
    """(P's recorded board, the cycle in play, the game's readings) for `check build --game`."""
    from . import store

    if who is None:
        raise InputError([Problem("--player", None, None, _("with --game, say whose board: --player P"))])
    stored = store.load(name)
    state, table = table_of(stored.game, stored.path)
    player = resolve_player(stored.game, who)
    sheet = table.board(player)
    if sheet is None:
        raise no_board(name, player)
    return sheet, None if state.finished else state.position[0], stored.game.readings


def recorded_forum(name: str, who: str | None):
    """(the recorded forum, P's mark in it, P's recorded board or None, the game's readings)
    for `check envoy --game`.

    A player with no envoy in the forum yet gets a mark, so that the referee can place one."""
    from . import store
    if who is None:
        raise InputError([Problem("--player", None, None, _("with --game, say whose envoy: --player P"))])
    stored = store.load(name)
    _state, table = table_of(stored.game, stored.path)
    player = resolve_player(stored.game, who)
    if table.forum is None:
        raise no_board(name, None)
    forum, mark = table.forum.with_mark_for(player)
    return forum, mark, table.board(player), stored.game.readings


# --- The game record: lines of the notation (issue 19) -------------------------------------


class LineRecorded(NamedTuple):
    """One line recorded: the line as kept in the game, and what it did."""

    number: int | None  # the line's number in the file, when read from one
    text: str  # the canonical line kept in the game
    done: Any  # core.turns.referee.TurnDone / BuildDone, or None
    state: Any  # the game replayed before the line (progress, with its table)


class LinesRecorded(NamedTuple):
    game: Game  # as saved
    recorded: list[LineRecorded]
    refusal: InputError | None  # the first line refused, with every reason
    state: Any  # the saved game replayed (progress with its table)


def record_lines(path: Path, lines: list[tuple[int | None, str]], source: str) -> LinesRecorded:
    """Record ``lines`` (number, text) of the game record in order, in one locked update:
    each judged whole on the game as the lines before it left it. At the first line refused
    the rest is not read; the lines before it are recorded."""
    from . import snapshot, store
    from .session import replay

    recorded: list[LineRecorded] = []
    refusal: list[InputError] = []
    after: list = [None]

    def change(game: Game) -> Game:
        recorded.clear()
        refusal.clear()
        after[0] = None
        for number, text in lines:
            try:
                answer, done, state, canonical = _line_answer(game, path, number, text, source,
                                                              after[0])
            except InputError as exc:
                refusal.append(exc)
                break
            if answer is None:
                after[0] = state  # nothing changed: the game as it was
            else:
                game = game.with_answer(answer)
                recorded.append(LineRecorded(number, canonical, done, state))
                # A board record leaves the script where it was: the state it was judged on,
                # with the record applied to its table, is the new game replayed. An answer
                # moves the script on: that takes a replay.
                from .core.tabletop import is_record

                after[0] = (dataclasses.replace(state, answered=state.answered + 1)
                            if is_record(answer.key) else None)
        return game

    saved = store.update(path, change)
    state = after[0]
    if state is None:
        state = replay(saved, where=path)
    if recorded:
        snapshot.save(path, saved, state)  # the next reading command finds it
    return LinesRecorded(saved, list(recorded), refusal[0] if refusal else None, state)


def _line_answer(game: Game, path: Path, number: int | None, text: str, source: str,
                 state=None):
    """The record (Answer) one line adds to ``game``, checked as the rules say; raises
    InputError with every reason. (None, ...) for a blank line or one that changes nothing.
    ``state``: ``game`` replayed already (the lines of a file one after the other), else
    it is replayed here."""
    from .core.game import PLAY_RECORD
    from .core.tabletop import is_record
    from .core.turns.moves import AnswerLine, BoardLine, BuildLine, ForumLine, RoundStart, Turn
    from .core.turns.problems import TurnRefused
    from .parsing.notation import format_line, parse_line
    from .session import replay

    if game.variant != FORUM_TRAJANUM:
        raise InputError([Problem(source, number, game.name, _(
            "the game record is kept for Forum Trajanum games only"))])
    parsed = parse_line(text, game.players, file=source, line=number)
    if parsed is None:
        return None, None, state, ""
    from .core.turns.moves import AnswerLine as _Answer

    if state is None or isinstance(parsed, _Answer):
        # An answer meets the question as the records made meanwhile shape it (they are
        # applied before the script asks): replayed afresh.
        state = replay(game, where=path)
    if state.finished:
        raise InputError([Problem(source, number, text.strip(), _(
            "the game is over; its record is complete"))])
    cycle = state.position[0]
    table = state.table
    rules = _rules_of(game)
    try:
        if isinstance(parsed, AnswerLine) and is_record(parsed.key):
            return _record_as_is(parsed, state, rules, source, number, text), None, state, \
                format_line(parsed)
        if isinstance(parsed, AnswerLine):
            return (_scoring_answer(parsed, state, source, number, text), None, state,
                    format_line(parsed))
        if isinstance(parsed, (RoundStart, Turn)):
            _no_turns_while_scoring(game, table, cycle, source, number, text)
            from .core.turns.referee import apply_turn, start_round

            if isinstance(parsed, RoundStart):
                start_round(table.play, parsed, set(table.scored), rules)
                canonical, done = format_line(parsed), None
            else:
                done = apply_turn(table, parsed, rules)
                canonical = format_line(done.turn)
            return Answer(PLAY_RECORD, cycle, None, {"line": canonical}), done, state, canonical
        if isinstance(parsed, BuildLine):
            from .core.turns.referee import apply_build_line

            player = resolve_player(game, parsed.player, source)
            done = apply_build_line(table, player, parsed.build, rules, cycle)
            canonical = format_line(BuildLine(player, done.build))
            return (Answer(BUILD_RECORD, cycle, player, {"line": canonical.split(": ", 1)[1]}),
                    done, state, canonical)
        if isinstance(parsed, BoardLine):
            from .core.tabletop import BoardRefused
            from .render.toml_text import sheet_toml

            player = resolve_player(game, parsed.player, source)
            named = _named(parsed.sheet, player)
            before = table.board(player)
            try:
                table.record(player, named, strict=True)
            except BoardRefused as exc:
                raise _at_line(refusal(exc, source), number) from None
            if before == named:
                return None, None, state, format_line(parsed)
            return (Answer(SHEET_RECORD, cycle, player, {"text": sheet_toml(named)}), None, state,
                    format_line(BoardLine(player, named)))
        if isinstance(parsed, ForumLine):
            from .core.tabletop import BoardRefused, resolve_forum_players
            from .render.toml_text import forum_toml

            resolved, problems = resolve_forum_players(parsed.forum, game.players)
            if problems:
                raise InputError([Problem(source, number, mark, _(template).format(
                    mark=mark, name=parsed.forum.players[mark], players=", ".join(game.players)))
                    for mark, template in problems])
            if table.forum == resolved:
                return None, None, state, format_line(parsed)
            try:
                table.record_forum(resolved)
            except BoardRefused as exc:
                raise _at_line(refusal(exc, source), number) from None
            return (Answer(FORUM_RECORD, cycle, None, {"text": forum_toml(resolved)}), None, state,
                    format_line(ForumLine(resolved)))
    except TurnRefused as exc:
        from .render.turns import problem_text

        who = exc.player or _("the table")
        raise InputError([Problem(source, number, who, problem_text(p)) for p in exc.problems]) from None
    raise AssertionError(parsed)


def _at_line(error: InputError, number: int | None) -> InputError:
    return InputError([p._replace(line=number) for p in error.problems])


def _rules_of(game: Game):
    from .rulesdata import load_rules

    return load_rules().reading(game.readings)  # the game's house rules


def _no_turns_while_scoring(game: Game, table, cycle, source: str, number, text: str) -> None:
    """A turn of a cycle whose scoring phase has begun is refused: the phase scores the
    boards as the cycle left them (p. 27)."""
    from .core.tabletop import is_record

    play = table.play
    in_play = play.cycle if play.cycle is not None and not play.cycle_over else cycle
    if any(not is_record(a.key) and a.cycle >= in_play for a in game.answers):
        raise InputError([Problem(source, number, text.strip(), _(
            "the scoring phase of cycle {cycle} has begun: its turns are over; finish it with "
            "trajan score, or take its answers back with trajan game undo").format(
                cycle=in_play.numeral))])


def _record_as_is(line, state, rules, source: str, number, text: str) -> Answer:
    """A board record written out whole (``score I Ann: board.build = {...}``, as `game log`
    writes one that has no line of its own): kept when it fits the table as it stands."""
    from .core.game import GameError
    from .core.tabletop import apply_record
    from .core.vocabulary import Cycle
    from .session import default_parsers

    answer = Answer(line.key, Cycle(line.cycle), line.player, line.value)
    try:
        apply_record(state.table, answer, rules, default_parsers(rules))
    except GameError as exc:
        raise InputError([Problem(source, number, text.strip(), str(exc))]) from None
    return answer


def _scoring_answer(line, state, source: str, number, text: str) -> Answer:
    """A ``score`` line: the answer to the question the scoring phase asks there."""
    from .core.script import answer_for

    question = state.question
    wanted = (line.key, int(line.cycle), line.player)
    asked = (question.key, int(question.cycle), question.player)
    if wanted != asked:
        raise InputError([Problem(source, number, text.strip(), _(
            "the scoring phase asks {key} for {player} in cycle {cycle} here").format(
                key=question.key, player=question.player or "-", cycle=question.cycle.numeral))])
    value, problem = question.validate(line.value)
    if problem is not None:
        raise InputError([Problem(source, number, text.strip(), problem.show())])
    return answer_for(question, value)
