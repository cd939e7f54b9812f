"""What `trajan game export` adds around the formats (render/export.py): the options that
go with the BG Stats formats (the play's length, location and comment), and writing to a
file: never over an existing one unless asked (--force), or adding a game's rows to a CSV
kept over many games (--append)."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from ..i18n import _
from ..parsing.errors import InputError, Problem


def check_options(fmt: str, *, output: Path | None, force: bool, append: bool, duration: int | None,
                  location: str | None, comments: str | None) -> None:
    """Refuse options that do not go with ``fmt`` or with each other, before the game is read."""
    from ..render.export import FINISHED_ONLY

    if fmt not in FINISHED_ONLY:
        for given, option in ((duration is not None, "--duration"), (location is not None, "--location"),
                              (comments is not None, "--comments")):
            if given:
                raise typer.BadParameter(_("{option} is part of a play in BG Stats: use it with --format "
                                           "bgstats or bgstats-link").format(option=option),
                                         param_hint=option)
    if append and fmt != "csv":
        raise typer.BadParameter(_("--append adds rows to a CSV file: use it with --format csv"),
                                 param_hint="--append")
    if (append or force) and output is None:
        option = "--append" if append else "--force"
        raise typer.BadParameter(_("{option} is about the file written: give it with -o FILE").format(option=option),
                                 param_hint=option)
    if append and force:
        raise typer.BadParameter(_("--append keeps the file and --force replaces it: choose one"),
                                 param_hint="--append")


def play_details(stored, duration: int | None, location: str | None, comments: str | None):
    """The details of the play for BG Stats: ``duration`` as given (0: leave it out), else
    the length the record tells (render.export.recorded_minutes: from the game's creation
    to the last change of its file); the location and comment as given, trimmed."""
    from ..render.export import PlayDetails, recorded_minutes

    if duration is None:
        changed = _last_change(stored.path)
        minutes = None if changed is None else recorded_minutes(stored.game.created, changed)
    else:
        minutes = duration or None
    return PlayDetails(minutes, (location or "").strip() or None, (comments or "").strip() or None)


def _last_change(path: Path) -> float | None:
    """When the game's record file was last changed (its earlier version's JSON file for a
    game not yet written as a record); None when the system cannot say."""
    from ..games.paths import legacy_path

    for candidate in (path, legacy_path(path)):
        try:
            return os.stat(candidate).st_mtime
        except OSError:
            continue
    return None


def write_export(output: Path, text: str, stored, state, fmt: str, *, force: bool, append: bool) -> str:
    """Write the export to ``output``: a new file; with ``force`` over an existing one;
    with ``append`` (CSV) the game's rows added to the file (created with its header when
    missing). Returns what to say."""
    if output.is_dir():
        raise _unwritable(output, IsADirectoryError(), stored, fmt)
    if append and os.path.lexists(output):
        return _append_rows(output, stored, state)
    if not force and os.path.lexists(output):
        hint = (_("the file exists; add --force to replace it, or --append to add this game's rows to it")
                if fmt == "csv" else _("the file exists; add --force to replace it, or choose another file"))
        raise InputError([Problem(str(output), None, None, hint)])
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _unwritable(output, exc, stored, fmt) from None
    if append:
        return _added(len(stored.game.players), output)
    return _("Wrote {path}").format(path=output)


#: A CSV kept over many games is read whole before rows are added: a few hundred bytes a
#: game, so this is thousands of games.
MAX_HISTORY_BYTES = 16 * 2**20


def _append_rows(output: Path, stored, state) -> str:
    """The game's rows added at the end of the CSV file ``output``, which must have the
    same columns and must not hold this game already (same name and date). The file is
    only added to, and cut back if the write fails: what it held is never lost."""
    import csv
    import io

    from ..games.files import append_text
    from ..parsing.tomlfile import read_text
    from ..render.dates import local_date
    from ..render.export import csv_header, to_csv

    game = stored.game
    try:
        size = output.stat().st_size
    except OSError as exc:
        raise _unwritable(output, exc, stored, "csv") from None
    existing = read_text(output, limit=MAX_HISTORY_BYTES)
    rows = list(csv.reader(io.StringIO(existing)))
    if rows and rows[0] != csv_header(game):
        raise InputError([Problem(str(output), 1, None, _(
            "its columns are not this game's (another game, or a game scored from another "
            "cycle); add the game to a file of its own kind, or start another file"))])
    key = [game.name, local_date(game.created)]
    if any(row[:2] == key for row in rows[1:]):
        raise InputError([Problem(str(output), None, game.name, _(
            "this game ({date}) is in the file already; each game is added once").format(date=key[1]))])
    added = to_csv(game, state, header=not rows)
    append_text(output, ("\n" if existing and not existing.endswith("\n") else "") + added, keep=size)
    return _added(len(game.players), output)


def _added(n: int, output: Path) -> str:
    from ..i18n import ngettext

    return ngettext("Added {n} row to {path}", "Added {n} rows to {path}", n).format(n=n, path=output)


def _unwritable(output: Path, exc: OSError, stored, fmt: str) -> InputError:
    what = (_("is a folder; give a file name, e.g. {example}").format(example=output / f"{stored.path.stem}.{fmt}")
            if output.is_dir() else
            _("cannot be written ({reason}); check that its folder exists and is writable").format(
                reason=exc.strerror or exc))
    return InputError([Problem(str(output), None, None, what)])
