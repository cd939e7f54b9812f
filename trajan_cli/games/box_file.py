"""The group's box file: ``box.toml`` in the tool's home (TRAJAN_HOME).

What a group typed once about its own copy of the game (core.box.Box) and its habits at
set-up, kept so that no value is asked twice. Read by parsing/box_toml.py; written whole
and at once (a temporary file renamed over it), under its own lock in the home's lock
folder, as games are (games/files.py, games/lock.py): two windows that learn at the same
time each keep what the other learnt.

The set-up screen and the scoring walk use :func:`load`, :func:`learn`,
:func:`remember_cranes` and :func:`remember_forum`; ``trajan box`` the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from ..core.box import SIDE_A, BarFace, Box, GroupBox, MosaicFace, Placement
from ..core.vocabulary import Colour, Square
from ..i18n import _
from ..parsing.errors import InputError, Problem
from . import files
from .lock import LOCK_TIMEOUT_SECONDS, locked
from .paths import home as default_home

BOX_FILE = "box.toml"


class Conflict(NamedTuple):
    """A fact given that differs from the one the box file holds: ``kind`` is ``side``,
    ``face``, ``track`` or ``bar``; ``name`` the side's or face's name, the bar's side
    (``basic``, ``turned``), or "" for the track; ``known`` the file's fact, ``given``
    the other (ColoniaSide, MosaicFace, PrestigeTrack or BarSide values)."""

    kind: str
    name: str
    known: Any
    given: Any


class Learnt(NamedTuple):
    """What :func:`learn` did: ``new``, the facts the file did not know and now keeps;
    ``conflicts``, the facts given that differ from the file's (kept as the file had them,
    unless ``replace`` was asked: then the given ones were written)."""

    new: Box
    conflicts: tuple[Conflict, ...]


def box_path(home: Path | None = None) -> Path:
    """Where the group's box file is: ``box.toml`` in ``home`` (default: TRAJAN_HOME)."""
    return (default_home() if home is None else home) / BOX_FILE


def load(home: Path | None = None) -> GroupBox:
    """The group's box as the file holds it; an empty GroupBox when there is no file yet.
    A damaged file raises InputError (file, line, key, what to do)."""
    path = box_path(home)
    if not files.exists(path):
        return GroupBox()
    from ..parsing.box_toml import load_box

    return load_box(path)


def save(group: GroupBox, home: Path | None = None) -> Path:
    """Write ``group`` as the box file (whole, at once, under the lock); its path."""
    path = box_path(home)
    with _locked(path):
        _write(path, group)
    return path


def change(edit: Callable[[GroupBox], GroupBox], home: Path | None = None) -> GroupBox:
    """Read the box file, let ``edit`` make the new one from it, and write that, all under
    the lock (another window's change in between is never lost). The box written."""
    path = box_path(home)
    with _locked(path):
        group = edit(load(home))
        _write(path, group)
    return group


def learn(facts: Box, home: Path | None = None, *, replace: bool = False) -> Learnt:
    """Keep in the box file every fact of ``facts`` it does not know yet.

    A fact the file knows otherwise is never overwritten silently: it is returned as a
    :class:`Conflict` for the caller to show (the file keeps its version), unless
    ``replace``: then the given version is written, and still returned as a conflict so
    the caller can say what changed. The file is written only when something changed.

    The facts must be ones core.box accepts (no ``side_problems``, ``face_problems``,
    ``track_problems``, ``bar_problems``; names of letters, digits, - and _): a fact the
    file could not hold raises ValueError and nothing is written."""
    path = box_path(home)
    with _locked(path):
        group = load(home)
        kept, learnt = _learn(group.box, facts, replace)
        if kept != group.box:
            _write(path, GroupBox(kept, group.cranes, group.forums))
    return learnt


def _learn(known: Box, facts: Box, replace: bool) -> tuple[Box, Learnt]:
    new, conflicts = compare(known, facts)
    kept = known.merged(new)
    if replace:
        kept = kept.merged(_facts_of(conflicts))
    return kept, Learnt(new, conflicts)


def remember_cranes(player: str, cranes: Iterable[tuple[Square, Colour]], home: Path | None = None) -> None:
    """Keep the crane colours ``player`` laid in the corners (each corner with its
    colour), for "as last time" at the next set-up (the name found in any case)."""
    laid = tuple(sorted(cranes, key=lambda item: (item[0][1], item[0][0])))

    def edit(group: GroupBox) -> GroupBox:
        others = {name: c for name, c in group.cranes.items() if name.casefold() != player.casefold()}
        return GroupBox(group.box, {**others, player: laid}, group.forums)

    change(edit, home)


def remember_forum(player_count: int, placements: Iterable[Placement], home: Path | None = None) -> None:
    """Keep the faces laid for a game of ``player_count`` players, for "as last time"."""
    laid = tuple(placements)
    change(lambda group: GroupBox(group.box, group.cranes, {**group.forums, player_count: laid}), home)


def import_box(other: GroupBox, home: Path | None = None, *, replace: bool = False) -> Learnt:
    """Merge a box file given (``trajan box import``): its facts as :func:`learn` takes
    them, and its habits for the players and player counts this box has none for (all of
    them with ``replace``)."""
    learnt: list[Learnt] = []

    def merged(group: GroupBox) -> GroupBox:
        kept, what = _learn(group.box, other.box, replace)
        learnt.append(what)
        ours = {name.casefold() for name in group.cranes}
        cranes = dict(group.cranes)
        for name, laid in other.cranes.items():
            if replace:
                cranes = {n: c for n, c in cranes.items() if n.casefold() != name.casefold()}
            if replace or name.casefold() not in ours:
                cranes[name] = laid
        forums = {**other.forums, **group.forums} if not replace else {**group.forums, **other.forums}
        return GroupBox(kept, cranes, forums)

    change(merged, home)
    return learnt[0]


def compare(known: Box, given: Box) -> tuple[Box, tuple[Conflict, ...]]:
    """What ``given`` knows that ``known`` does not (a Box), and where the two differ."""
    new = Box()
    conflicts: list[Conflict] = []
    for side in given.sides.values():
        if side.name.upper() == SIDE_A:
            side = side._replace(name=SIDE_A)
        ours = known.side(side.name)
        if ours is None:
            new = new.with_side(side)
        elif ours.temples != side.temples:
            conflicts.append(Conflict("side", ours.name, ours, side))
    for face in map(normal_face, given.faces.values()):
        mine = known.face(face.name)
        if mine is None:
            new = new.with_face(face)
        elif normal_face(mine).grid != face.grid:
            conflicts.append(Conflict("face", mine.name, mine, face))
    if given.track is not None:
        if known.track is None:
            new = new.with_track(given.track)
        elif known.track != given.track:
            conflicts.append(Conflict("track", "", known.track, given.track))
    for which in BarFace:
        bar = given.bar.get(which)
        if bar is None:
            continue
        if which not in known.bar:
            new = new.with_bar(which, bar)
        elif known.bar[which] != bar:
            conflicts.append(Conflict("bar", which.value, known.bar[which], bar))
    return new, tuple(conflicts)


def normal_face(face: MosaicFace) -> MosaicFace:
    """The face with its rows as wide as the widest and no row of gaps only at the bottom:
    the way the box file reads a face back, so that a face compares equal however it was
    made."""
    width = face.width
    rows = [tuple(row) + (None,) * (width - len(row)) for row in face.grid]
    while rows and all(square is None for square in rows[-1]):
        rows.pop()
    return face._replace(grid=tuple(rows))


def is_empty(box: Box) -> bool:
    return not box.sides and not box.faces and box.track is None and not box.bar


def _facts_of(conflicts: Iterable[Conflict]) -> Box:
    box = Box()
    for conflict in conflicts:
        if conflict.kind == "side":
            box = box.with_side(conflict.given._replace(name=conflict.name))
        elif conflict.kind == "face":
            box = box.with_face(conflict.given._replace(name=conflict.name))
        elif conflict.kind == "track":
            box = box.with_track(conflict.given)
        else:
            box = box.with_bar(BarFace(conflict.name), conflict.given)
    return box


def _busy() -> str:
    return _("another trajan has been changing the box file for {seconds} s; finish or stop it, "
             "then try again").format(seconds=int(LOCK_TIMEOUT_SECONDS))


def _unwritable(path: Path, exc: OSError) -> InputError:
    return InputError([Problem(str(path), None, None, _(
        "cannot save the box file here ({reason}); make the folder writable or free some space, "
        "or choose another folder with TRAJAN_HOME").format(reason=files.reason_of(exc)))])


def _locked(path: Path):
    return locked(path, busy=_busy, unwritable_as=_unwritable)


def _write(path: Path, group: GroupBox) -> None:
    """Write ``group``; a box the file could not hold (it would not read back) raises
    ValueError and leaves the file as it was."""
    from ..parsing.box_toml import box_toml, parse_box

    text = box_toml(group)
    try:
        same = parse_box(text, str(path)) == group
    except InputError as exc:
        raise ValueError(f"not a box the file can hold: {exc}") from None
    if not same:
        raise ValueError("not a box the file can hold: it would not read back the same")
    files.refuse_link(path)
    try:
        files.atomic_write(path, text)
    except OSError as exc:
        raise _unwritable(path, exc) from None
