"""Snapshots of replayed games: derived, disposable, never needed.

A saved game is its record; what it stands at (the boards, the standings, the position)
is rebuilt by replaying its lines, which costs the scoring steps, the referee and their
imports. A reading command (``board show``, ``check build --game``, ``game list``,
``game show``, ``game export``) first looks for the game's snapshot:
``.snapshots/NAME.json`` beside the game file, holding what a replay of that exact game
gave. It is used only when its key matches:

- the game's content (a hash of its record's text: any line added, taken back or edited by
  hand is another game), and
- the code and rules data (the package and Python versions, and the name and content of
  every ``*.py`` and ``*.toml`` a replay runs on, in the installed package and its rules
  data: a fixed replay never meets a snapshot of the old code, whatever the files' sizes
  and times say).

Anything else (no file, a truncated, corrupt, foreign or stale one, a symbolic link, a
folder that cannot be read or written) is a miss: the game is replayed as before, and a snapshot of a
replay that succeeded is written, best effort. A game that does not replay is reported
as it always was and never snapshotted. Nothing here ever changes an answer or makes a
command fail; deleting the folder only costs the next command a replay. A snapshot file
(or folder) that is a symbolic link is neither read nor written: never written through,
and never replaced by a plain file. Commands that
record something never judge against a snapshot: they replay the game file under its
lock (store.change), so a forged or stale snapshot can mislead a reading command at worst,
never put an illegal record into a game.

The file: one header line (format, keys, a digest of the rest) and the payload as JSON:
the standings (core.standings.Standings: points by player, period and category, totals,
ranking, the next question, the number of answers) and the boards as the sheet and
forum TOML texts they are recorded as. Boards are read back lazily, only the one a
command asks for; each text, and the standings, are checked at write time to read back
as exactly what they came from.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import TypedDict

    class BoardTexts(TypedDict):
        """The table's boards as texts (None: a board that would not read back)."""

        sheets: dict[str, str | None]
        forum: str | None
        scored: dict[str, dict[str, str | None]]
        scored_forum: dict[str, str | None]

try:  # hashlib itself costs ~3 ms to import (OpenSSL); its blake2b is this built-in module
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without it
    from hashlib import blake2b

FOLDER = ".snapshots"
FORMAT = 2  # 2: the standings, not only the totals and position (a format 1 file is a miss)
#: A snapshot is a few tens of KB; anything much larger is not one of ours.
MAX_BYTES = 8 * 2**20


def path_of(game_path: Path) -> Path:
    """Where the snapshot of the game saved at ``game_path`` is kept."""
    return game_path.parent / FOLDER / (game_path.stem + ".json")


# --- Keys --------------------------------------------------------------------------------


def content_key(stored) -> str:
    """A hash of the game as saved (its record's text): another line, another key."""
    text = stored.text
    if not text:  # a game an earlier version saved, not yet written as a record
        from .record_file import record_text

        text = record_text(stored.game)
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=32).hexdigest()


_fingerprint: str | None = None


def code_fingerprint() -> str:
    """What changes when the code or rules data that a replay runs on changes (computed
    once per process)."""
    global _fingerprint
    if _fingerprint is None:
        _fingerprint = fingerprint_of(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return _fingerprint


#: Folders of the package a replay never runs: the commands, the terminal screens, the
#: rules topics, translations, examples. The fingerprint reads every byte of the rest.
NOT_REPLAYED = frozenset({"__pycache__", "cli", "ui", "locale", "examples", "rules"})


def fingerprint_of(package: str) -> str:
    """The version (and Python's), and the name and content of each ``*.py`` and ``*.toml``
    under the ``package`` folder and its rules data (beside it in a source checkout), but
    for the folders a replay never runs (about 550 KB, read in about 3 ms)."""
    from .. import __version__

    roots = [package]
    if not os.path.isfile(os.path.join(package, "rules_data", "scoring.toml")):
        roots.append(os.path.join(os.path.dirname(package), "rules_data"))
    digest = blake2b(f"{FORMAT}:{__version__}:{sys.version}".encode(), digest_size=16)
    for root in roots:
        for entry in _files(root):
            relative = os.path.relpath(entry.path, os.path.dirname(root))
            digest.update(b"\0" + relative.encode("utf-8", "surrogateescape") + b"\0")
            digest.update(_content(entry.path))
    return digest.hexdigest()


def _content(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return b"?"


def _files(folder: str) -> Iterator[os.DirEntry]:
    """The ``*.py`` and ``*.toml`` files under ``folder``, in a fixed order."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name not in NOT_REPLAYED:
                yield from _files(entry.path)
        elif entry.name.endswith((".py", ".toml")):
            yield entry


def _key(stored) -> dict[str, str]:
    return {"code": code_fingerprint(), "game": content_key(stored)}


# --- Reading -----------------------------------------------------------------------------


def state_of(stored, *, remember: bool = True):
    """What the replay of the game ``stored`` gives: from its snapshot when one matches, else
    replayed (raises InputError when it does not replay, as replaying does) and, with
    ``remember``, snapshotted. Either way the result has ``finished``, ``position``,
    ``totals()``, ``next()`` and ``table`` (the boards; read-only from a snapshot)."""
    found = load(stored)
    if found is not None:
        return found
    from .store import replay

    state = replay(stored)
    if remember:
        save(stored, state)
    return state


def standings_of(stored):
    """Where the game ``stored`` stands, as the standings renderers read it: the
    core.standings.Standings its snapshot holds when one matches, else its replayed state
    (snapshotted; raises InputError when the game does not replay)."""
    state = state_of(stored)
    return state.standings if isinstance(state, Snapshot) else state


def load(stored) -> Snapshot | None:
    """The snapshot of the game ``stored``, or None when there is none that fits."""
    game = stored.game
    try:
        raw = _read_bytes(path_of(stored.path))
        if raw is None:
            return None
        head, _newline, body = raw.partition(b"\n")
        header = json.loads(head)
        if (not isinstance(header, dict) or header.get("format") != FORMAT
                or header.get("digest") != blake2b(body, digest_size=32).hexdigest()
                or {k: header.get(k) for k in ("code", "game")} != _key(stored)):
            return None
        return Snapshot(game, json.loads(body))
    except Exception:  # noqa: BLE001 - any snapshot that does not read is a miss, never an error
        return None


def _read_bytes(path: Path) -> bytes | None:
    """The file's bytes when it is a plain file (not a link) of a sensible size (a pipe
    never blocks)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_NOFOLLOW", 0))  # a link is not a snapshot of ours
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        return handle.read(MAX_BYTES + 1)


class Snapshot:
    """A game's state as its snapshot holds it; reads like the replayed GameState:
    ``standings`` (what the standings renderers read), ``finished``, ``position``,
    ``totals()`` and ``table``."""

    def __init__(self, game, payload: dict):
        from ..core.game import FORUM_TRAJANUM
        from ..core.standings import Standings

        if payload.get("variant") != game.variant:
            raise ValueError("a snapshot of another game")
        self.standings = Standings.from_json(payload["standings"], game.variant)
        boards = payload.get("table")
        if boards is None and game.variant == FORUM_TRAJANUM:
            raise ValueError("a Forum Trajanum snapshot without its boards")
        self.table = None if boards is None else SnapshotTable(game.players, boards, game.first_cycle,
                                                              game.start_player)

    @property
    def finished(self) -> bool:
        return self.standings.finished

    @property
    def position(self):
        return self.standings.position

    def totals(self) -> dict[str, int]:
        return self.standings.totals()

    def next(self):
        """What comes next (core.standings.Next), as the replay answered it."""
        return self.standings.next()


class _Lazy(Mapping):
    """A mapping whose values are board texts, read into boards when first looked up."""

    def __init__(self, texts: Mapping[Any, str], read: Callable[[str], Any]):
        self._texts = texts
        self._read = read

    def __getitem__(self, key):
        return self._read(self._texts[key])

    def __iter__(self):
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


class SnapshotTable:
    """The boards of a snapshot: what reading commands ask of a Tabletop, each board read
    from its text only when asked for. ``tabletop()`` gives a real one to record on."""

    def __init__(self, players: tuple[str, ...], boards: dict, first_cycle=None,
                 start_player: str | None = None):
        from ..core.vocabulary import Cycle

        self.players = tuple(players)
        self.first_cycle = Cycle.I if first_cycle is None else first_cycle
        self.start_player = start_player
        self._read: dict[str, Any] = {}
        self._sheets = _Lazy(dict(boards["sheets"]), self._sheet)
        self._forum = boards["forum"]
        self.scored = {Cycle(int(c)): _Lazy(dict(sheets), self._sheet)
                       for c, sheets in boards["scored"].items()}
        self.scored_forum = _Lazy({Cycle(int(c)): text for c, text in boards["scored_forum"].items()},
                                  self._forum_of)

    def _sheet(self, text: str):
        if text not in self._read:
            from ..parsing.sheet import parse_sheet

            self._read[text] = parse_sheet(text, "<snapshot>", strict=False)
        return self._read[text]

    def _forum_of(self, text: str):
        if text not in self._read:
            from ..parsing.forum import parse_forum

            self._read[text] = parse_forum(text, "<snapshot>")
        return self._read[text]

    @property
    def sheets(self) -> Mapping:
        return self._sheets

    @property
    def forum(self):
        return None if self._forum is None else self._forum_of(self._forum)

    def board(self, player: str):
        return self._sheets.get(player)

    def mark_of(self, player: str) -> str | None:
        forum = self.forum
        return None if forum is None else forum.mark_of(player)

    @property
    def first_scoring_done(self) -> bool:
        from ..core.tabletop import scoring_behind

        return scoring_behind(self.scored, self.first_cycle)

    def tabletop(self):
        """A Tabletop holding the same boards, to hold a new record against."""
        from ..core.tabletop import Tabletop

        return Tabletop(self.players, dict(self._sheets), self.forum,
                        {c: dict(sheets) for c, sheets in self.scored.items()}, dict(self.scored_forum),
                        self.first_cycle, self.start_player)


# --- Writing -----------------------------------------------------------------------------


def save(stored, state) -> None:
    """Keep the snapshot of the game ``stored`` whose replay gave ``state``; best effort:
    nothing is written when a board would not read back exactly, or the folder cannot be
    written, and nothing is said."""
    try:
        body = _payload_text(stored.game, state)
        if body is None:
            return
        header = {"format": FORMAT, **_key(stored), "digest": blake2b(body, digest_size=32).hexdigest()}
        target = path_of(stored.path)
        if target.parent.is_symlink() or target.is_symlink():
            # Never written through a link, and a link is never replaced either: the
            # tool writes no file a link stands for (store.py refuses for the game file
            # and its lock). The snapshot is never needed, so this is silent: the link is
            # left as it is, and readers, which never follow it, replay.
            return
        target.parent.mkdir(exist_ok=True)
        from . import files

        files.clean_stale_temps(target.parent)
        files.atomic_write(target, json.dumps(header) + "\n" + body.decode("utf-8"), durable=False)
    except Exception:  # noqa: BLE001 - a snapshot is never needed: not writing one is no error
        return


def remember(stored) -> None:
    """Replay the game ``stored`` (just saved) and keep its snapshot, so that the next
    reading command finds it; best effort, silent."""
    try:
        from .store import replay

        state = replay(stored)
    except Exception:  # noqa: BLE001 - the game is saved; a snapshot of it is never needed
        return
    save(stored, state)


def forget(path: Path) -> None:
    """Remove the snapshot of the game saved at ``path`` (the game is deleted)."""
    try:
        path_of(path).unlink(missing_ok=True)
    except OSError:
        pass


def forget_orphans(games: Path, names: set[str]) -> None:
    """Remove the snapshots in the games folder ``games`` of every game not among ``names``
    (file names, ``NAME.txt``): games removed or renamed by hand. Best effort, silent."""
    folder = games / FOLDER
    try:
        if folder.is_symlink():
            return
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        stem = entry.name[:-len(".json")]
        if (entry.name.endswith(".json") and not entry.name.startswith(".")
                and not {stem + ".txt", stem + ".json"} & names):
            try:
                os.unlink(entry.path)
            except OSError:
                continue


def _payload_text(game, state) -> bytes | None:
    from ..core.game import FORUM_TRAJANUM
    from ..core.standings import Standings

    standings = Standings.of(state).to_json()
    if Standings.from_json(standings, game.variant).to_json() != standings:
        return None  # would not read back as itself
    payload: dict[str, Any] = {"variant": game.variant, "standings": standings, "table": None}
    if game.variant == FORUM_TRAJANUM:
        payload["table"] = _boards(state.table)
        if payload["table"] is None:
            return None
    return json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _boards(table) -> BoardTexts | None:
    """The table's boards as texts; None when one of them would not read back as itself."""
    from ..parsing.forum import parse_forum
    from ..parsing.sheet import parse_sheet
    from ..parsing.toml_text import forum_toml, sheet_toml

    checked: dict[str, bool] = {}

    def text_of(board, render, parse) -> str | None:
        text = render(board)
        if text not in checked:
            back = parse(text)
            checked[text] = back == board and render(back) == text
        return text if checked[text] else None

    def sheet(board) -> str | None:
        return text_of(board, sheet_toml, lambda t: parse_sheet(t, "<snapshot>", strict=False))

    def forum(board) -> str | None:
        return text_of(board, forum_toml, lambda t: parse_forum(t, "<snapshot>"))

    boards: BoardTexts = {
        "sheets": {p: sheet(s) for p, s in table.sheets.items()},
        "forum": None if table.forum is None else forum(table.forum),
        "scored": {str(int(c)): {p: sheet(s) for p, s in sheets.items()} for c, sheets in table.scored.items()},
        "scored_forum": {str(int(c)): forum(f) for c, f in table.scored_forum.items()},
    }
    texts = [*boards["sheets"].values(), *boards["scored_forum"].values(),
             *(t for sheets in boards["scored"].values() for t in sheets.values())]
    if any(t is None for t in texts) or (table.forum is not None and boards["forum"] is None):
        return None
    return boards
