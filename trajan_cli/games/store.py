"""Saved games: one record file a game (``NAME.txt`` in the games folder), read, replayed
and changed under the game's lock.

A game is the file it was loaded from, and the name a command takes is the file's name.
Every change goes through :func:`change`: it takes the game's OS lock, reads the file again,
replays it (the file itself, never a snapshot: a stale or forged one must not let an
illegal line in), lets the caller apply its lines to that state, and appends them (or,
for :func:`take_back`, cuts the last one off). Two processes working on one game take
turns and each sees what the other wrote; a change that raises writes nothing.

Before each change the file as it was is kept beside it as ``NAME.txt.bak`` (``trajan
game restore`` puts it back). A game saved by an earlier version (``NAME.json``) is read
as it was and written as a record file on its first change; the JSON file stays beside
it. Nothing here prompts or prints: problems are :class:`InputError`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.game import Game, GameError
from ..i18n import _
from ..parsing.errors import InputError, Problem
from . import files
from .lock import locked
from .paths import LEGACY_SUFFIX, SUFFIX, backup_path, game_path, games_dir, legacy_path, valid_name  # noqa: F401

if TYPE_CHECKING:
    from ..core.state import GameState


class Stored(NamedTuple):
    """A game (its header and lines) and the file it was read from (and is saved to)."""

    path: Path
    game: Game
    #: How the file reads now: its text up to the end of its last whole line (what a change
    #: appends after); empty for a game not yet written as a record file.
    text: str = ""
    legacy: bool = False  # read from an earlier version's JSON file


class Listed(NamedTuple):
    """One game file of the games folder: its game, or what is wrong with it."""

    path: Path
    game: Game | None
    problem: str | None  # why it cannot be read; None when it loads
    name_inside: str | None  # the name written inside the file, when it differs from the file's
    stored: Stored | None = None  # the game as read, when it loads


class GameChanged(Exception):
    """The file no longer holds the game a change was meant for: another process wrote it."""

    def __init__(self, current: Stored, state: Any = None):
        super().__init__(current.game.name)
        self.current = current
        self.state = state


# --- Reading ---------------------------------------------------------------------------


def load(name: str) -> Stored:
    """The game saved as NAME; an unknown name lists the saved games."""
    path = game_path(name)
    if not files.occupied(path) and not files.occupied(legacy_path(path)):
        known = ", ".join(e.path.stem for e in list_games()) or "-"
        raise InputError([Problem(str(path), None, name,
                                  _("no such game; saved games: {known} (start one with 'trajan "
                                    "game new')").format(known=known))])
    return read(path)


def locate(name: str) -> Path:
    """Where the game saved as NAME is, without reading it (a change reads it under its
    lock); an unknown name lists the saved games."""
    path = game_path(name)
    if not files.occupied(path) and not files.occupied(legacy_path(path)):
        load(name)  # says which games there are
    return path


def load_game(name: str) -> Game:
    return load(name).game


def exists(name: str) -> bool:
    path = game_path(name)
    return files.exists(path, kind="file") or files.exists(legacy_path(path), kind="file")


def occupied(path: Path) -> bool:
    return files.occupied(path) or files.occupied(legacy_path(path))


def read(path: Path) -> Stored:
    """Load a game file (its record; an earlier version's JSON when there is no record file
    yet); a damaged one is an InputError pointing at the backup."""
    path = path.with_suffix(SUFFIX) if path.suffix == LEGACY_SUFFIX else path
    if not files.occupied(path) and files.occupied(legacy_path(path)):
        return _read_legacy(path)
    return _record_of(path, files.read_text(path))


def _record_of(path: Path, text: str) -> Stored:
    """The game the record file ``path`` holds, ``text`` as read from it. A file that holds
    exactly the record this process read or wrote last is not parsed again."""
    from .record_file import read_record

    held = _last.get(path)
    if held is not None and held[0].text and _whole_lines(text) == held[0].text:
        return held[0]
    try:
        read_back = read_record(text, str(path), name=path.stem if valid_name(path.stem) else None)
    except InputError as exc:
        raise _with_backup_hint(exc, path) from None
    kept = text.encode("utf-8", "surrogatepass")[:read_back.complete].decode("utf-8", "surrogatepass")
    return Stored(path, read_back.game, kept)


def _read_legacy(path: Path) -> Stored:
    """A game an earlier version saved as JSON answers, as the lines of a record."""
    old = legacy_path(path)
    try:
        return _legacy_game(path, files.read_text(old), old)
    except InputError as exc:
        raise _with_backup_hint(exc, old) from None  # its backup, NAME.json.bak


def _legacy_game(path: Path, text: str, source: Path) -> Stored:
    """The game in ``text``, an earlier version's JSON file (``source``: the file it is read
    from, named in every problem), as the lines of a record to be saved at ``path``."""
    import json
    from dataclasses import replace

    old = source
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(str(old), exc.lineno, None,
                                  _("damaged game file ({reason})").format(reason=exc.msg))]) from None
    except (ValueError, RecursionError) as exc:
        raise InputError([Problem(str(old), None, None,
                                  _("damaged game file ({reason})").format(reason=_absurd(exc)))]) from None
    if isinstance(data, dict) and valid_name(path.stem):
        data = {**data, "name": path.stem}
    try:
        game = Game.from_json(data)
    except GameError as exc:
        raise InputError([Problem(str(old), None, None,
                                  _("damaged game file: {reason}").format(reason=_message_of(exc)))]) from None
    except RecursionError as exc:
        raise InputError([Problem(str(old), None, None,
                                  _("damaged game file: {reason}").format(reason=_absurd(exc)))]) from None
    from .readers import script_inputs
    from .record_file import lines_of_answers

    _rules, parsers = script_inputs(game)
    try:
        lines = lines_of_answers(game, game.lines, parsers)
    except InputError as exc:
        raise InputError([Problem(str(old), None, None, _("damaged game file: {reason}").format(
            reason="; ".join(p.message for p in exc.problems)))]) from None
    return Stored(path, replace(game, lines=tuple(lines)), "", legacy=True)


def _with_backup_hint(exc: InputError, path: Path) -> InputError:
    hint = backup_hint(path)
    if not hint:
        return exc
    problems = list(exc.problems)
    problems[-1] = problems[-1]._replace(message=problems[-1].message + hint)
    return InputError(problems)


def backup_hint(path: Path) -> str:
    keep = backup_path(path)
    try:
        if not keep.is_file():
            return ""
    except OSError:
        return ""
    return _("; the previous good copy is {path} (put it back with: trajan game restore \"{name}\")").format(
        path=keep, name=path.stem)


def _message_of(exc: GameError) -> str:
    try:
        return str(exc)
    except (RecursionError, ValueError) as inner:
        return _absurd(inner)


_absurd = files.absurd_reason


def list_games() -> list[Listed]:
    """Every game of the games folder, most recently saved first, damaged ones too."""
    folder = games_dir()
    try:
        entries = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise files.folder_unusable(folder / f"*{SUFFIX}", exc) from None
    names = {e for e in entries if e.endswith(SUFFIX)}
    # A game an earlier version saved, not yet converted: its record file is not there yet.
    names |= {e for e in entries if e.endswith(LEGACY_SUFFIX)
              and e[:-len(LEGACY_SUFFIX)] + SUFFIX not in names}
    found: list[tuple[float, Listed]] = []
    for entry in names:
        path = folder / entry
        try:
            when = path.stat().st_mtime
        except OSError:
            if not files.is_link(path):
                continue  # removed while we were listing
            found.append((0.0, Listed(path, None, _("a link to a file that is not there ({target})").format(
                target=files.link_target(path)), None)))
            continue
        stem = entry.rsplit(".", 1)[0]
        if not valid_name(stem):
            problem = _("the file name is not a game name: rename the file (letters, digits, "
                        "space, _ . -) to open it")
            found.append((when, Listed(path, None, problem, None)))
            continue
        try:
            stored = read(path)
        except InputError as exc:
            if not files.there(path):
                continue  # removed while we were listing
            found.append((when, Listed(path, None, "; ".join(
                p.message if p.line is None else _("line {line}: {problem}").format(line=p.line, problem=p.message)
                for p in exc.problems), None)))
            continue
        # The file the game is in: NAME.json for a game an earlier version saved, until
        # this version writes it as NAME.txt (stored.path).
        found.append((when, Listed(path, stored.game, None, _name_inside(stored), stored)))
    found.sort(key=lambda item: (-item[0], item[1].path.name))
    return [listed for _when, listed in found]


def _name_inside(stored: Stored) -> str | None:
    """The name the record's header gives, when it differs from the file's (a copy, or a
    file renamed by hand: the file's name is the game's name now)."""
    from .record_file import NEW_GAME

    for row in stored.text.split("\n", 4)[:4]:
        if row.startswith(NEW_GAME):
            import shlex

            try:
                inside = shlex.split(row[len(NEW_GAME):])[0]
            except (ValueError, IndexError):
                return None
            return inside if inside != stored.path.stem else None
    return None


# --- Replaying --------------------------------------------------------------------------


def replay(stored: Stored, rules: Any = None) -> GameState:
    """The state the game's record leaves (``core.state.GameState.replay``): the one way a
    saved game is replayed. A line that no longer fits (the file was edited by hand) is an
    InputError naming the file and the line."""
    from ..core.state import GameState, LineRefused
    from .readers import script_inputs

    game = stored.game
    held = _last.get(stored.path)
    if held is not None and stored.text and held[0].text == stored.text and rules is None:
        return held[1].copy()  # this process replayed exactly this record already
    try:
        state = GameState.replay(game, *script_inputs(game, rules))
    except LineRefused as exc:
        raise damaged(stored, exc) from None
    except (GameError, RecursionError, ValueError) as exc:  # absurd content of a hand edit
        raise damaged(stored, exc) from None
    if rules is None and stored.text and not stored.legacy:
        _remember(stored, state)  # a change that follows finds it
    return state


def damaged(stored: Stored, exc: Exception) -> InputError:
    """A line that no longer replays: the file was edited by hand or is damaged."""
    from ..core.state import LineRefused

    where = stored.path if not stored.legacy else legacy_path(stored.path)  # the file read
    if isinstance(exc, LineRefused):
        from .readers import problem_words

        number = getattr(exc, "number", None)
        if number is not None and not stored.legacy:
            from .record_file import read_record

            try:
                number = read_record(stored.text, str(stored.path)).numbers[number - 1]
            except (InputError, IndexError):
                pass
        reason = "; ".join(problem_words(p) for p in exc.problems)
        return InputError([Problem(str(where), None if stored.legacy else number, None,
                                   _("the record does not replay: {reason}").format(reason=reason)
                                   + backup_hint(where))])
    reason = _message_of(exc) if isinstance(exc, GameError) else _absurd(exc)
    return InputError([Problem(str(where), None, None,
                               _("the record does not replay: {reason}").format(reason=reason)
                               + backup_hint(where))])


# --- Changing -----------------------------------------------------------------------------


class Changed(NamedTuple):
    """What :func:`change` wrote: the game as saved, and the state its record leaves."""

    stored: Stored
    state: GameState
    lines: list  # the lines appended


def change(path: Path, work: Callable[[Stored, GameState], list], *, rules: Any = None) -> Changed:
    """The one way to add to a saved game: lock it, read it again, replay it, let ``work``
    apply its lines to the state (``GameState.apply``) and return them as kept, append
    them, unlock. ``work`` may raise (a line refused, :class:`GameChanged`): then nothing is
    written. A game an earlier version saved is written as a record file first."""
    with locked(path):
        stored = _current(path)
        state = _replayed(stored, rules)
        lines = work(stored, state)
        if not lines:
            return Changed(stored, state, [])
        from dataclasses import replace

        from .record_file import line_text, record_text

        game = replace(stored.game, lines=(*stored.game.lines, *lines))
        if stored.legacy:
            text = record_text(game)
            _guard_size(path, text)
            files.refuse_link(path)
            files.clean_stale_temps(path.parent, locked_game=path)
            files.write_text(path, text)
        else:
            added = "".join(line_text(line) + "\n" for line in lines)
            _guard_size(path, stored.text + added)
            files.clean_stale_temps(path.parent, locked_game=path)
            _keep_backup(path, stored)
            files.append_text(path, added, keep=len(stored.text.encode("utf-8", "surrogatepass")))
            text = stored.text + added
        after = Stored(path, game, text)
        _remember(after, state)
    return Changed(after, state, lines)


def append(path: Path, *lines: Any) -> Changed:
    """Record ``lines`` (values of the notation), each judged whole on the game as it is on
    disk now: the simplest way in for a script. Raises ``core.state.LineRefused``."""
    return change(path, lambda _stored, state: [state.apply(line).line for line in lines])


def take_back(path: Path, *, rules: Any = None) -> tuple[Any, Stored, GameState | None]:
    """Take back the game's last line (`trajan game undo`, `u` on the table screen), in one
    locked change of what is on disk now: (the line taken back or None when there is none,
    the game as saved, its state)."""
    with locked(path):
        stored = _current(path)
        if not stored.game.lines:
            return None, stored, None
        from dataclasses import replace

        from .record_file import record_text

        game = replace(stored.game, lines=stored.game.lines[:-1])
        shorter = Stored(path, game, "")
        state = replay(shorter, rules)
        if stored.legacy:
            text = record_text(game)
            files.write_text(path, text)
        else:
            text = _without_last_line(stored)
            files.clean_stale_temps(path.parent, locked_game=path)
            _keep_backup(path, stored)
            files.cut_to(path, len(text.encode("utf-8", "surrogatepass")))
        after = Stored(path, game, text)
        _remember(after, state)
    return stored.game.lines[-1], after, state


def _without_last_line(stored: Stored) -> str:
    """The record's text up to its last line of the notation (comments after it go too).
    Only the rows from the end back to that line are read again."""
    from ..parsing.notation import parse_line

    rows = stored.text.split("\n")
    game = stored.game
    for number in range(len(rows), 0, -1):
        if parse_line(rows[number - 1], game.players, file=str(stored.path), line=number,
                      periods=game.periods) is not None:
            return "".join(row + "\n" for row in rows[:number - 1])
    raise AssertionError("a game with lines has a line in its record")  # pragma: no cover


def _current(path: Path) -> Stored:
    """The game as the file holds it now (read under the lock)."""
    files.refuse_link(path)
    if not files.exists(path, kind="file") and not files.exists(legacy_path(path), kind="file"):
        raise InputError([Problem(str(path), None, path.stem, _(
            "the game file is gone (removed or renamed by someone else); nothing was saved"))])
    return read(path)


def _whole_lines(text: str) -> str:
    """``text`` up to the end of its last line break (an unfinished last line is not recorded)."""
    return text if not text or text.endswith("\n") else text[:text.rfind("\n") + 1]


#: The last record file this process read (and replayed) or wrote, and the state it leaves:
#: a change reads the file again under the lock, and when it holds exactly that text, the
#: game and its state stand (a game of thousands of lines is not parsed and replayed again
#: for each answer).
_last: dict[Path, tuple[Stored, Any]] = {}


def _replayed(stored: Stored, rules: Any) -> GameState:
    return replay(stored, rules)


def _remember(stored: Stored, state: GameState) -> None:
    _last.clear()
    _last[stored.path] = (stored, state.copy())


def _keep_backup(path: Path, stored: Stored) -> None:
    """The file as it was, kept beside it before it changes: a backup that cannot be
    written (a read-only folder, a full disk) stops the change, said with what to do, so
    that `trajan game restore` always has the previous copy. A backup that is a link is
    refused before anything is written: trajan never writes through a link."""
    keep = backup_path(path)
    files.refuse_link(keep)
    try:
        files.atomic_write(keep, stored.text, durable=False)
    except OSError as exc:
        raise files.unwritable(path, exc) from None


def _guard_size(path: Path, text: str) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > files.MAX_GAME_FILE_BYTES:
        raise InputError([Problem(str(path), None, path.stem, _(
            "not saved: the game would take {size} MB, more than the {limit} MB a game file may "
            "hold; start a new game (trajan game new) or take back answers with trajan game undo"
        ).format(size=round(size / 2**20, 1), limit=files.MAX_GAME_FILE_BYTES // 2**20))])


def create(game: Game) -> Stored:
    """Save a new game as NAME.txt; a game of that name already saved is refused (exit 2),
    also when two processes start one at the same moment."""
    from .record_file import record_text

    path = game_path(game.name)
    with locked(path):
        if occupied(path):
            raise InputError([Problem(str(path), None, game.name, _(
                "a game of that name exists; pick another name or remove it with 'trajan game delete'"))])
        text = record_text(game)
        files.clean_stale_temps(path.parent, locked_game=path)
        files.write_text(path, text)
    return Stored(path, game, text)


def save_game(game: Game) -> Path:
    """Write ``game`` as NAME.txt (its own name), whatever the file held: for setting up
    games (tests, scripts). Commands change games with :func:`change`."""
    from .record_file import record_text

    path = game_path(game.name)
    text = record_text(game)
    with locked(path):
        files.refuse_link(path)
        _guard_size(path, text)
        files.clean_stale_temps(path.parent, locked_game=path)
        files.write_text(path, text)
    return path


class Restored(NamedTuple):
    stored: Stored  # the game as restored; its path is the file put back (NAME.json: an earlier version's)
    replaced: Game | None  # the version it replaced, now the backup (None: missing or damaged)
    damaged_kept: bool  # the replaced file was damaged, and is now the backup


def restore(name: str) -> Restored:
    """Swap NAME.txt and NAME.txt.bak: the backup becomes the game, and the version it
    replaces becomes the backup (so a second restore goes back). A game an earlier version
    saved and this one has not written yet is NAME.json, its backup NAME.json.bak: those
    two are swapped."""
    path = game_path(name)
    with locked(path):
        old = legacy_path(path)
        if (not files.occupied(path) and not files.occupied(backup_path(path))
                and files.occupied(backup_path(old))):
            game = _swap(name, old, lambda text, source: _legacy_game(path, text, source).game)
            return game._replace(stored=Stored(old, game.stored.game, "", legacy=True))
        from .record_file import read_record

        return _swap(name, path, lambda text, source: read_record(text, str(source), name=name).game)


def _swap(name: str, path: Path, game_of: Callable[[str, Path], Game]) -> Restored:
    """Swap ``path`` and its backup, each read with ``game_of(text, file)``; under the lock."""
    keep = backup_path(path)
    files.refuse_link(path)
    files.refuse_link(keep)
    if not files.exists(keep, kind="file"):
        raise InputError([Problem(str(keep), None, name, _(
            "no backup of this game to restore (one is kept from the second save on)"))])
    backup_text = files.read_text(keep)
    try:
        restored = game_of(backup_text, keep)
    except InputError as exc:
        raise InputError([Problem(str(keep), None, name, _(
            "the backup is damaged too, so it is not put back: {reason}").format(
            reason="; ".join(p.message for p in exc.problems)))]) from None
    current_text = None
    replaced = None
    if files.exists(path, kind="file"):
        current_text = files.read_text(path)
        try:
            replaced = game_of(current_text, path)
        except InputError:
            replaced = None
    files.clean_stale_temps(path.parent, locked_game=path)
    files.write_text(path, backup_text)
    if current_text is not None:
        files.write_text(keep, current_text)
    _last.clear()
    return Restored(Stored(path, restored, backup_text), replaced, current_text is not None and replaced is None)


def delete_game(name: str) -> Path:
    """Remove the game's file, its backup and an earlier version's file (a link is removed,
    never what it points to); returns the path the game had."""
    path = game_path(name)
    with locked(path):
        try:
            for gone in (path, backup_path(path), legacy_path(path), backup_path(legacy_path(path))):
                gone.unlink(missing_ok=True)
        except OSError as exc:
            raise files.unwritable(path, exc) from None
        files.clean_stale_temps(path.parent, locked_game=path)
        _last.clear()
    # The lock file stays: removing it while another process waits on it would let two in.
    return path
