"""Recording into a saved game: lines of the notation (`trajan turn`, the table screen), a
board or the forum (`board import`, `board edit`), a build (`trajan build`), and taking
the last line back (`trajan game undo`).

Each is one :func:`store.change`: the game is read again under its lock and replayed from
the file itself, the new line is judged whole on that state (``GameState.apply``: every
problem, nothing changed when it is refused), and only then appended. Two windows
recording at once therefore never lose each other's lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.game import BUILD_RECORD, FORUM_TRAJANUM, N_, Answer, Game, player_named
from ..i18n import _
from ..parsing.errors import InputError, Problem
from . import store

if TYPE_CHECKING:
    from ..core.state import GameState, LineRefused
    from ..core.tabletop import BuildRecord


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


def table_of(stored: store.Stored, *, remember: bool = True):
    """The game replayed: (its state, its table). Only Forum Trajanum games keep boards.

    From the game's snapshot when one matches (:mod:`.snapshot`): then the table is
    read-only, and the state holds only where the game stands and its standings."""
    from .snapshot import state_of

    game = stored.game
    if game.variant != FORUM_TRAJANUM:
        raise InputError([Problem(str(stored.path), None, game.name, _(
            "boards are kept for Forum Trajanum games only"))])
    state = state_of(stored, remember=remember)
    return state, state.table


def refused(exc: LineRefused, source: str, number: int | None = None, token: str | None = None) -> LineRefused:
    """``exc`` told where it came from (the file or option, the line's number, what names
    it): the command line words it (render.problems.refusal_error)."""
    exc.source, exc.number, exc.token = source, number, token
    return exc


def _board_change(path: Path, make) -> Game:
    """Record what ``make`` (stored, state) -> line or None makes, judged on the game as it
    is on disk now; a board the same as recorded is not recorded."""

    def work(stored: store.Stored, state: GameState) -> list:
        game = stored.game
        if game.variant != FORUM_TRAJANUM:
            raise InputError([Problem(str(path), None, game.name, _(
                "boards are kept for Forum Trajanum games only"))])
        if state.finished:
            raise InputError([Problem(str(path), None, game.name, _(
                "the game is over; its boards are kept as they were scored"))])
        line = make(stored, state)
        if line is None:
            return []
        applied = _apply(state, line, str(path))
        return [applied.line] if applied.changed else []

    return store.change(path, work).stored.game


def _apply(state: GameState, line: Any, source: str, **options):
    from ..core.state import LineRefused

    try:
        return state.apply(line, **options)
    except LineRefused as exc:
        raise refused(exc, source) from None


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
    from dataclasses import replace

    from ..core.turns.moves import BoardLine

    def make(stored: store.Stored, state: GameState):
        player = resolve_player(stored.game, who)
        named = replace(sheet, name=player)
        before = state.table.board(player)
        if base is not False and before != base:
            from ..core.board import blank_sheet
            from ..core.merge import merge_sheets

            named, conflicts = merge_sheets(base or blank_sheet(player), named, before or blank_sheet(player))
            if conflicts:
                raise ChangedMeanwhile(before, named, conflicts)
        return BoardLine(player, named)

    return _board_change(path, make)


def record_forum(path: Path, forum, source: str, *, base=False) -> Game:
    """Record the forum; its marks must name the game's players (or unique starts).
    ``base`` as for :func:`record_sheet`: the forum the edit started from."""
    from ..core.tabletop import resolve_forum_players
    from ..core.turns.moves import ForumLine

    def make(stored: store.Stored, state: GameState):
        game = stored.game
        resolved, problems = resolve_forum_players(forum, game.players)
        if problems:
            raise InputError([Problem(source, None, mark, _(template).format(
                mark=mark, name=forum.players[mark], players=", ".join(game.players)))
                for mark, template in problems])
        now = state.table.forum
        if base is not False and now != base and now is not None:
            from ..core.merge import merge_forums

            resolved, conflicts = merge_forums(base, resolved, now)
            if conflicts:
                raise ChangedMeanwhile(now, resolved, conflicts)
        return ForumLine(resolved)

    return _board_change(path, make)


def record_build(path: Path, player: str, record: BuildRecord) -> Game:
    """Record a build judged legal; judged again under the lock on the board as it is now."""

    def make(stored: store.Stored, state: GameState):
        from ..core.state import LineRefused
        from ..core.turns.problems import TurnRefused
        from ..core.turns.referee import refuse_build_outside_turn

        try:
            refuse_build_outside_turn(state.table, player, _as_build(record), state.rules)
        except TurnRefused as exc:  # a turn was recorded meanwhile
            raise refused(LineRefused(player, exc.problems), str(path)) from None
        return Answer(BUILD_RECORD, state.period, player, record.to_json())

    from ..core.state import LineRefused

    try:
        return _board_change(path, make)
    except LineRefused as exc:
        from ..core.game import Message

        if exc.problems and isinstance(exc.problems[0], Message):  # the build no longer fits
            exc.problems = (Message(N_("not recorded: {reason} (the board changed meanwhile?)"),
                                    {"reason": exc.problems[0]}),)
        raise


def _as_build(record: BuildRecord):
    """A build record (``--citizen``) as the notation's build, to show as a turn's part."""
    from ..core.turns.moves import Build, Envoy
    from ..core.vocabulary import parse_square_name

    return Build(record.tile, tuple(parse_square_name(c) for c in record.cells),
                 pay=tuple(record.spent.items()) or None,
                 envoys=tuple(Envoy(parse_square_name(c)) for c in record.envoys) or None)


def recorded_sheet(name: str, who: str | None):
    """(P's recorded board, the cycle in play, the game's readings, the recorded forum or
    None) for `check build --game`, from one replay: with the forum, the benefit says where
    the envoys may go, as `trajan build` does (p. 25)."""
    if who is None:
        raise InputError([Problem("--player", None, None, _("with --game, say whose board: --player P"))])
    stored = store.load(name)
    state, table = table_of(stored)
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
    if who is None:
        raise InputError([Problem("--player", None, None, _("with --game, say whose envoy: --player P"))])
    stored = store.load(name)
    _state, table = table_of(stored)
    player = resolve_player(stored.game, who)
    if table.forum is None:
        raise no_board(name, None)
    forum, mark = table.forum.with_mark_for(player)
    return forum, mark, table.board(player), stored.game.readings


def take_back(path: Path):
    """Take back the last line of the game at ``path`` (`trajan game undo`, `u` on the table
    screen). Returns (the line taken back or None, the game as saved, its state or None)."""
    line, stored, state = store.take_back(path)
    if state is not None:
        from . import snapshot

        snapshot.save(stored, state)
    return line, stored.game, state


# --- The game record: lines of the notation ------------------------------------------------


class LineRecorded(NamedTuple):
    """One line recorded: the line as kept in the game, and what it did."""

    number: int | None  # the line's number in the file, when read from one
    text: str  # the canonical line kept in the game
    done: Any  # core.turns.referee.TurnDone / BuildDone, or None
    state: Any  # the game's state before the line


class LinesRecorded(NamedTuple):
    game: Game  # as saved
    recorded: list[LineRecorded]
    refusal: Any  # the first line refused: an InputError, or a core.state.LineRefused
    state: Any  # the game's state as saved


def record_lines(path: Path, lines: list[tuple[int | None, str]], source: str, *,
                 as_recorded: bool = False) -> LinesRecorded:
    """Record ``lines`` (number, text) of the game record in order, in one locked change:
    each judged whole on the game as the lines before it left it. At the first line refused
    the rest is not read; the lines before it are recorded. ``as_recorded``: the lines are
    read back from a record written before (`turn --file`, a game log), so a choice an
    earlier reading left unsaid reads as that reading made it."""
    from ..core.state import LineRefused
    from ..parsing.notation import parse_line
    from .record_file import line_text

    recorded: list[LineRecorded] = []
    refusal: list[Any] = []  # an InputError (a line that does not read) or a LineRefused

    def work(stored: store.Stored, state: GameState) -> list:
        recorded.clear()
        refusal.clear()
        game = stored.game
        kept = []
        for number, text in lines:
            try:
                parsed = parse_line(text, game.players, file=source, line=number, periods=game.periods)
                if parsed is None:
                    continue
                if not as_recorded:  # a line read back brings its own box lines with it
                    for fact in facts_from_group_box(state, parsed):
                        before = state.copy()
                        applied = state.apply(fact)
                        kept.append(applied.line)
                        recorded.append(LineRecorded(number, line_text(applied.line), None, before))
                before = state.copy()
                applied = _line(state, parsed, text, source, number, as_recorded)
            except (InputError, LineRefused) as exc:
                refusal.append(exc)
                break
            if applied is None or not applied.changed:
                continue  # a line that changes nothing (a set-up board as recorded)
            kept.append(applied.line)
            recorded.append(LineRecorded(number, line_text(applied.line), applied.done, before))
        return kept

    changed = store.change(path, work)
    return LinesRecorded(changed.stored.game, list(recorded), refusal[0] if refusal else None,
                         changed.state)


def facts_from_group_box(state: GameState, line: Any) -> list[Any]:
    """The ``box`` lines a set-up line needs and the game's record lacks, taken from the
    group's box file (TRAJAN_HOME/box.toml): a player board's side, the faces laid. A game
    copies the facts it uses into its record, so that the record replays the same on any
    machine; what the group's box does not know either is left for the referee to refuse,
    naming it."""
    from ..core.box import Box
    from ..core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp

    if isinstance(line, PlayerSetUp):
        wanted_sides, wanted_faces = [line.side] if state.box.side(line.side) is None else [], []
    elif isinstance(line, ForumSetUp):
        wanted_sides = []
        wanted_faces = list(dict.fromkeys(p.face for p in line.placements if state.box.face(p.face) is None))
    else:
        return []
    if not wanted_sides and not wanted_faces:
        return []
    from . import box_file

    group = box_file.load().box
    sides = [group.side(name) for name in wanted_sides]
    faces = [group.face(name) for name in wanted_faces]
    return ([BoxLine(Box(sides={s.name: s})) for s in sides if s is not None]
            + [BoxLine(Box(faces={f.name: f})) for f in faces if f is not None])


def copy_bar_facts(path: Path) -> list[str]:
    """Copy into the game's record what the group's box knows of the prestige track and the
    slide bar and the record does not (``box track`` and ``box bar`` lines), so that its
    scoring reads the area and Trajan values off the bar instead of asking (p. 27). Done
    when a game is opened for play or scoring; a game set up before the box knew them
    catches up. The lines recorded (none when there is nothing to add)."""
    from ..core.box import BarFace, Box
    from ..core.turns.moves import BoxLine
    from . import box_file

    group = box_file.load().box
    if group.track is None and not group.bar:
        return []
    added: list[str] = []

    def work(stored: store.Stored, state: GameState) -> list:
        added.clear()
        if stored.game.variant != FORUM_TRAJANUM or state.finished:
            return []
        lines: list[Any] = []
        if group.track is not None and state.box.track is None:
            lines.append(BoxLine(Box(track=group.track)))
        lines += [BoxLine(Box(bar={which: group.bar[which]})) for which in BarFace
                  if which in group.bar and which not in state.box.bar]
        kept = []
        for line in lines:
            applied = state.apply(line)  # refused (the record says otherwise): the change is dropped
            kept.append(applied.line)
        from .record_file import line_text

        added.extend(line_text(line) for line in kept)
        return kept

    from ..core.state import LineRefused

    try:
        store.change(path, work)
    except LineRefused:
        return []  # the record's own facts stand; the box file's differing ones are not forced on it
    return list(added)


def _line(state: GameState, parsed: Any, text: str, source: str, number: int | None,
          as_recorded: bool):
    """``parsed`` applied to ``state``: the line as kept and what it did; InputError with
    every reason otherwise."""
    from ..core.records import is_record
    from ..core.state import LineRefused
    from ..core.turns.moves import RoundStart

    game = state.game
    if game.variant != FORUM_TRAJANUM and (not isinstance(parsed, Answer) or is_record(parsed.key)):
        raise InputError([Problem(source, number, text.strip(), _(
            "a Trajan game's record holds its scoring answers only ('score QUARTER PLAYER: KEY = "
            "VALUE', as trajan game log writes them); rounds, turns and boards are kept for Forum "
            "Trajanum games"))])
    if state.finished:
        raise InputError([Problem(source, number, text.strip(), _(
            "the game is over; its record is complete"))])
    if isinstance(parsed, Answer) and parsed.player is not None:
        named = player_named(parsed.player, game.players)
        parsed = parsed._replace(player=named or parsed.player)
    try:
        return state.apply(parsed, as_recorded=as_recorded)
    except LineRefused as exc:
        if isinstance(parsed, RoundStart):  # the header as written names what was refused
            raise refused(exc, source, number, f"round {parsed.cycle.numeral}.{parsed.number}") from None
        if isinstance(parsed, Answer):  # an answer is named by the line as written
            raise refused(exc, source, number, text.strip()) from None
        raise refused(exc, source, number) from None


def record(path: Path, line: Any, source: str) -> tuple[LineRecorded | None, Any, Any]:
    """Record one line given as its value (the table screen builds it, no text between):
    (what was recorded or None, the refusal or None, the ``store.Changed`` or None)."""
    from .record_file import line_text

    done: list[LineRecorded] = []

    def work(stored: store.Stored, state: GameState) -> list:
        done.clear()
        before = state.copy()
        applied = _line(state, line, line_text(line), source, None, False)
        if applied is None or not applied.changed:
            return []
        done.append(LineRecorded(None, line_text(applied.line), applied.done, before))
        return [applied.line]

    from ..core.state import LineRefused

    try:
        changed = store.change(path, work)
    except (InputError, LineRefused) as exc:
        return None, exc, None
    return (done[0] if done else None), None, changed


def record_values(path: Path, lines: list[Any], source: str) -> tuple[LinesRecorded | None, Any]:
    """Record ``lines`` (values, as a screen built them) in one locked change, all or
    none: each judged whole on the game as the lines before it left it; at the first line
    refused nothing is written. (what was recorded or None, the refusal or None)."""
    from ..core.state import LineRefused
    from .record_file import line_text

    recorded: list[LineRecorded] = []

    def work(stored: store.Stored, state: GameState) -> list:
        recorded.clear()
        kept = []
        for line in lines:
            before = state.copy()
            applied = _line(state, line, line_text(line), source, None, False)
            if applied is None or not applied.changed:
                continue
            kept.append(applied.line)
            recorded.append(LineRecorded(None, line_text(applied.line), applied.done, before))
        return kept

    try:
        changed = store.change(path, work)
    except (InputError, LineRefused) as exc:
        return None, exc
    return LinesRecorded(changed.stored.game, list(recorded), None, changed.state), None
