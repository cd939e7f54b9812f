"""Recording boards into a saved game: what `board import`, `board edit` and `build` share.

Each record is one locked read-modify-write of the game file (:func:`store.update`): the
game is read again under the lock, replayed to the table as it stands (from the file
itself, never from a snapshot: a stale or forged one must not let an illegal build in),
the new record is held against a copy of that table (a board only grows), then fed to
the replay itself, as a replay of the game with it would apply it (a recorded game always
replays; core.script.Replay.extend gives what a whole replay gives), and only then
written. Two windows recording at once therefore never lose each other's records.
"""

from __future__ import annotations

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
    change), check that the game with it replays, append it. ``make`` raises to refuse.

    ``make`` gets the replay with a copy of its table to try the record on; the record is
    then fed to the replay itself (core.script.Replay.extend gives what a replay of the
    game with it gives), which is the check that the game still replays."""
    from dataclasses import replace

    from . import snapshot, store
    from .session import Replayed

    replayed: list = []

    def change(game: Game) -> Game:
        replayed.clear()
        if game.variant != FORUM_TRAJANUM:
            raise InputError([Problem(str(path), None, game.name, _(
                "boards are kept for Forum Trajanum games only"))])
        replay = Replayed(game, where=path)
        state = replay.progress
        if state.finished:
            raise InputError([Problem(str(path), None, game.name, _(
                "the game is over; its boards are kept as they were scored"))])
        record = make(game, replace(state, table=state.table.copy()))
        if record is None:
            return game
        new = game.with_answer(record)
        try:
            replayed.append(replay.of(new))
        except InputError as exc:
            raise InputError([Problem(str(path), None, record.player, _(
                "not recorded: the game would no longer replay with it ({reason})").format(
                reason="; ".join(p.message for p in exc.problems)))]) from None
        return new

    saved = store.update(path, change)
    if replayed:  # the next reading command finds the game as saved, replayed
        snapshot.save(path, saved, replayed[-1])
    return saved


class ChangedMeanwhile(Exception):
    """The board was recorded on elsewhere since the edit began, and the edit changes some of
    the same values differently: nothing is recorded. ``board`` is the board as recorded now,
    ``merged`` the edit merged with it (the edit kept where they conflict), ``conflicts`` the
    values both changed (core.merge.Conflict)."""

    def __init__(self, board, merged, conflicts):
        super().__init__(f"{len(conflicts)} conflicts")
        self.board, self.merged, self.conflicts = board, merged, conflicts


def record_sheet(path: Path, who: str, sheet, source: str, *, base=False) -> Game:
    """Record ``sheet`` as the board of player ``who`` (refused whole if it breaks growth).

    ``base``, when given, is the board the edit started from (None: no board then): if the
    board was recorded on since, the edit is merged with what was recorded (core.merge), and
    :class:`ChangedMeanwhile` is raised when both changed a value differently."""
    from .render.toml_text import sheet_toml

    def make(game: Game, state) -> Answer | None:
        player = resolve_player(game, who)
        named = _named(sheet, player)
        from .core.tabletop import BoardRefused

        before = state.table.board(player)
        if base is not False and before != base:
            from .core.board import blank_sheet
            from .core.merge import merge_sheets

            named, conflicts = merge_sheets(base or blank_sheet(player), named, before or blank_sheet(player))
            if conflicts:
                raise ChangedMeanwhile(before, named, conflicts)
        try:
            state.table.record(player, named, strict=True)
        except BoardRefused as exc:
            raise refusal(exc, source) from None
        if before == named:
            return None  # nothing changed: nothing to record (or to undo)
        return Answer(SHEET_RECORD, state.position[0], player, {"text": sheet_toml(named)})

    return _append(path, make)


def record_forum(path: Path, forum, source: str, *, base=False) -> Game:
    """Record the forum; its marks must name the game's players (or unique starts).
    ``base`` as for :func:`record_sheet`: the forum the edit started from."""
    from .core.tabletop import BoardRefused, resolve_forum_players
    from .render.toml_text import forum_toml

    def make(game: Game, state) -> Answer | None:
        resolved, problems = resolve_forum_players(forum, game.players)
        if problems:
            raise InputError([Problem(source, None, mark, _(template).format(
                mark=mark, name=forum.players[mark], players=", ".join(game.players)))
                for mark, template in problems])
        now = state.table.forum
        if base is not False and now != base and now is not None:
            from .core.merge import merge_forums

            resolved, conflicts = merge_forums(base, resolved, now)
            if conflicts:
                raise ChangedMeanwhile(now, resolved, conflicts)
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
        from .core.turns.problems import TurnRefused
        from .core.turns.referee import refuse_build_outside_turn
        from .render.turns import problem_text

        rules = load_rules().reading(game.readings)
        try:
            refuse_build_outside_turn(state.table, player, _as_build(record), rules)
        except TurnRefused as exc:  # a turn was recorded meanwhile
            raise InputError([Problem(str(path), None, player, problem_text(p))
                              for p in exc.problems]) from None
        try:
            apply_build(state.table, player, record, rules, state.position[0])
        except GameError as exc:
            raise InputError([Problem(str(path), None, player, _(
                "not recorded: {reason} (the board changed meanwhile?)").format(reason=exc))]) from None
        return Answer(BUILD_RECORD, state.position[0], player, record.to_json())

    return _append(path, make)


def _as_build(record: BuildRecord):
    """A build record (``--citizen``) as the notation's build, to show as a turn's part."""
    from .core.turns.moves import Build, Envoy
    from .core.vocabulary import parse_square_name

    return Build(record.tile, tuple(parse_square_name(c) for c in record.cells),
                 pay=tuple(record.spent.items()) or None,
                 envoys=tuple(Envoy(parse_square_name(c)) for c in record.envoys) or None)


def recorded_sheet(name: str, who: str | None):
    """(P's recorded board, the cycle in play, the game's readings, the recorded forum or
    None) for `check build --game`, from one replay: with the forum, the benefit says where
    the envoys may go, as `trajan build` does (p. 25)."""
    from . import store

    if who is None:
        raise InputError([Problem("--player", None, None, _("with --game, say whose board: --player P"))])
    stored = store.load(name)
    state, table = table_of(stored.game, stored.path)
    player = resolve_player(stored.game, who)
    sheet = table.board(player)
    if sheet is None:
        raise no_board(name, player)
    cycle = None if state.finished else state.position[0]
    return sheet, cycle, stored.game.readings, table.forum


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


def take_back(path: Path):
    """Take back the last answer or record of the game at ``path`` (`trajan game undo`, `u`
    on the table screen), in one locked update of what is on disk now. Returns (the answer
    taken back or None when there was none, the game as saved, the game replayed or None)."""
    from . import store
    from .session import replay
    from .snapshot import save

    taken: list = []

    def change(current: Game) -> Game:
        # What is on disk now: another window may have answered or taken back meanwhile.
        taken.clear()
        if not current.answers:
            return current
        shorter = current.without_last_answer()
        taken.append((current.answers[-1], replay(shorter, where=path)))
        return shorter

    game = store.update(path, change)
    if not taken:
        return None, game, None
    last, state = taken[-1]
    save(path, game, state)  # the game as it is now was just replayed: keep that
    return last, game, state


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


def record_lines(path: Path, lines: list[tuple[int | None, str]], source: str, *,
                 as_recorded: bool = False) -> LinesRecorded:
    """Record ``lines`` (number, text) of the game record in order, in one locked update:
    each judged whole on the game as the lines before it left it. At the first line refused
    the rest is not read; the lines before it are recorded. ``as_recorded``: the lines are
    a record read back (a file `trajan game log` wrote), read as a replay reads them
    (core.turns.referee.apply_turn).

    The game file read under the lock is replayed once (never a snapshot: a forged or stale
    one must not let an illegal line in). Each line is judged on a copy of that table, and
    a line recorded is then fed to the replay (core.script.Replay.extend: what a replay of
    the game with it gives, the record applied as a replay applies it), which is the check
    that the game as saved replays, and what is returned and snapshotted. During play the
    game waits at the next phase's first question, asked right after a checkpoint: the
    script goes back there (core.script.RECHECK) and the turn costs no second replay."""
    from . import snapshot, store
    from .session import Replayed

    recorded: list[LineRecorded] = []
    refusal: list[InputError] = []
    after: list = [None]

    def change(game: Game) -> Game:
        recorded.clear()
        refusal.clear()
        replayed = Replayed(game, where=path)
        after[0] = replayed.progress
        for number, text in lines:
            try:
                answer, done, canonical = _line_answer(game, path, number, text, source, after[0],
                                                       as_recorded=as_recorded)
            except InputError as exc:
                refusal.append(exc)
                break
            if answer is None:
                continue  # a blank line, or one that changes nothing
            longer = game.with_answer(answer)
            try:
                state = replayed.of(longer)
            except InputError as exc:  # judged legal, yet the game would not replay with it
                refusal.append(InputError([Problem(source, number, text.strip(), _(
                    "not recorded: the game would no longer replay with it ({reason})").format(
                    reason="; ".join(p.message for p in exc.problems)))]))
                after[0] = None  # the replay stopped midway: the game as saved is replayed anew
                break
            recorded.append(LineRecorded(number, canonical, done, after[0]))
            game, after[0] = longer, state
        return game

    saved = store.update(path, change)
    state = after[0]
    if state is None:
        from .session import replay

        state = replay(saved, where=path)
    if recorded:
        snapshot.save(path, saved, state)  # the next reading command finds it
    return LinesRecorded(saved, list(recorded), refusal[0] if refusal else None, state)


def _line_answer(game: Game, path: Path, number: int | None, text: str, source: str, state, *,
                 as_recorded: bool = False):
    """(the record (Answer) one line adds to ``game``, what it did, the line as kept),
    checked as the rules say on a copy of ``state``'s table (``state``: ``game`` replayed;
    it is left as it was); raises InputError with every reason. (None, None, text) for a
    blank line or one that changes nothing."""
    from .core.game import PLAY_RECORD
    from .core.tabletop import is_record
    from .core.turns.moves import AnswerLine, BoardLine, BuildLine, ForumLine, RoundStart, Turn
    from .core.turns.problems import TurnRefused
    from .parsing.notation import format_line, parse_line

    parsed = parse_line(text, game.players, file=source, line=number)
    if parsed is None:
        return None, None, ""
    if game.variant != FORUM_TRAJANUM and (not isinstance(parsed, AnswerLine) or is_record(parsed.key)):
        raise InputError([Problem(source, number, text.strip(), _(
            "a Trajan game's record holds its scoring answers only ('score QUARTER PLAYER: KEY = "
            "VALUE', as trajan game log writes them); rounds, turns and boards are kept for Forum "
            "Trajanum games"))])
    if isinstance(parsed, AnswerLine) and parsed.cycle not in {int(p) for p in game.periods}:
        from .core.game import TITLES
        from .parsing.notation import ROMAN

        raise InputError([Problem(source, number, text.strip(), _(
            "{game} has no scoring period {period}").format(game=TITLES[game.variant],
                                                            period=ROMAN[parsed.cycle]))])
    if state.finished:
        raise InputError([Problem(source, number, text.strip(), _(
            "the game is over; its record is complete"))])
    if game.variant != FORUM_TRAJANUM:
        return _scoring_answer(parsed, state, game, source, number, text), None, format_line(parsed)
    cycle = state.position[0]
    table = state.table.copy()  # the line is tried on a copy: the replay's own stays as it was
    rules = _rules_of(game)
    try:
        if isinstance(parsed, AnswerLine) and is_record(parsed.key):
            return _record_as_is(parsed, table, rules, source, number, text), None, format_line(parsed)
        if isinstance(parsed, AnswerLine):
            return _scoring_answer(parsed, state, game, source, number, text), None, format_line(parsed)
        if isinstance(parsed, (RoundStart, Turn)):
            _no_turns_while_scoring(game, table, cycle, source, number, text)
            from .core.turns.referee import apply_turn, start_round

            if isinstance(parsed, RoundStart):
                start_round(table.play, parsed, set(table.scored), rules)
                canonical, done = format_line(parsed), None
            else:
                done = apply_turn(table, parsed, rules, as_recorded=as_recorded)
                canonical = format_line(done.turn)
            return Answer(PLAY_RECORD, cycle, None, {"line": canonical}), done, canonical
        if isinstance(parsed, BuildLine):
            from .core.turns.referee import apply_build_line, refuse_build_outside_turn

            player = resolve_player(game, parsed.player, source)
            if not as_recorded:  # a record read back may hold build lines made before the rule
                refuse_build_outside_turn(table, player, parsed.build, rules)
            done = apply_build_line(table, player, parsed.build, rules, cycle,
                                    as_recorded=as_recorded)
            canonical = format_line(BuildLine(player, done.build))
            return (Answer(BUILD_RECORD, cycle, player, {"line": canonical.split(": ", 1)[1]}),
                    done, canonical)
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
                return None, None, format_line(parsed)
            return (Answer(SHEET_RECORD, cycle, player, {"text": sheet_toml(named)}), None,
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
                return None, None, format_line(parsed)
            try:
                table.record_forum(resolved)
            except BoardRefused as exc:
                raise _at_line(refusal(exc, source), number) from None
            return (Answer(FORUM_RECORD, cycle, None, {"text": forum_toml(resolved)}),
                    None, format_line(ForumLine(resolved)))
    except TurnRefused as exc:
        from .render.turns import problem_text

        if exc.player is not None:
            who = exc.player
        elif isinstance(parsed, RoundStart):  # the header as written names what was refused
            who = f"round {parsed.cycle.numeral}.{parsed.number}"
        else:
            who = _("the table")
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


def _record_as_is(line, table, rules, source: str, number, text: str) -> Answer:
    """A board record written out whole (``score I Ann: board.build = {...}``, as `game log`
    writes one that has no line of its own): kept when it fits the table as it stands."""
    from .core.game import GameError
    from .core.tabletop import apply_record
    from .core.vocabulary import Cycle
    from .session import default_parsers

    answer = Answer(line.key, Cycle(line.cycle), line.player, line.value)
    try:
        apply_record(table, answer, rules, default_parsers(rules))
    except GameError as exc:
        raise InputError([Problem(source, number, text.strip(), str(exc))]) from None
    return answer


def _scoring_answer(line, state, game: Game, source: str, number, text: str) -> Answer:
    """A ``score`` line: the answer to the question the scoring phase asks there."""
    from .core.script import answer_for
    from .render.standings import period_name

    question = state.question
    wanted = (line.key, int(line.cycle), line.player)
    asked = (question.key, int(question.cycle), question.player)
    if wanted != asked:
        raise InputError([Problem(source, number, text.strip(), _(
            "the scoring phase asks {key} for {player} in {period} here").format(
                key=question.key, player=question.player or "-",
                period=period_name(game, question.cycle)))])
    value, problem = question.validate(line.value)
    if problem is not None:
        raise InputError([Problem(source, number, text.strip(), problem.show())])
    return answer_for(question, value)
