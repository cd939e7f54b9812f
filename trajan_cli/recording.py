"""Recording boards into a saved game: what `board import`, `board edit` and `build` share.

Each record is one locked read-modify-write of the game file (:func:`store.update`): the
game is read again under the lock, replayed to the table as it stands, the new record is
held against it (a board only grows), and only then appended. Two windows recording at
once therefore never lose each other's records.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
