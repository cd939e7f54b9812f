"""Reading hand-typed TOML: syntax errors with their line, and where a key was written.

Every file the player names is read by :func:`read_text`: only a plain file, at most
``MAX_FILE_BYTES`` of it, so that a device (/dev/zero), a pipe or a huge file is refused
at once instead of filling the memory or waiting for ever.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

from ..i18n import _
from .errors import InputError, Problem, ProblemList, with_suggestion
from .limits import MAX_COUNT, MAX_FILE_BYTES, MAX_NESTING

_HEADER = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
_KEY = re.compile(r"""^\s*("?)([^"=\s]+)\1\s*=""")
#: Where tomllib's message says the error is: compiled (by ``re``) only when a file is broken.
_AT_LINE = r"\(at line (\d+), column (\d+)\)"
_BOM = "\ufeff"  # Windows Notepad starts a UTF-8 file with it
#: TOML integers are 64-bit (toml.io: "Arbitrary 64-bit signed integers ... should be
#: accepted"); Python's reader takes any length, so the range is checked here.
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


def _not_plain() -> str:
    return _("is not a plain file (a device, a pipe or a socket); give the path of a text file")


def _too_large(limit: int) -> str:
    return _("is larger than {kb} KB, the most the tool reads (a sheet or a forum is well under "
             "1 KB); check that this is the right file").format(kb=limit // 1024)


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a plain file of at most ``limit`` bytes (a UTF-8 BOM dropped), or an
    InputError naming the file and what to do.

    The file is looked at before it is opened: a pipe would block the open until some
    other program writes to it. It is opened without blocking all the same, in case it
    was swapped for a pipe in between, and checked again.
    """
    path = Path(path)
    message = None
    try:
        kind = path.stat().st_mode
        if stat.S_ISDIR(kind):
            message = _("is a folder, not a file")
        elif not stat.S_ISREG(kind):
            message = _not_plain()
        else:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    message = _not_plain()
                else:
                    data = handle.read(limit + 1)
                    if len(data) > limit:
                        message = _too_large(limit)
                    else:
                        return data.decode("utf-8").removeprefix(_BOM)
    except FileNotFoundError:
        message = _("no such file; check the path")
    except IsADirectoryError:
        message = _("is a folder, not a file")
    except UnicodeDecodeError:
        message = _("is not UTF-8 text; save it as plain text")
    except ValueError:  # a NUL character in the name
        message = _("is not a valid file name")
    except OSError as exc:
        message = _("cannot be read ({reason})").format(reason=exc.strerror)
    raise InputError([Problem(str(path), None, None, message)])


class TomlSource:
    """A parsed TOML document that can say on which line a key was written.

    Beyond TOML's own rules it refuses what no sheet needs and Python's reader copes
    badly with: a text over ``MAX_FILE_BYTES``, tables and lists nested deeper than
    ``MAX_NESTING``, integers outside TOML's 64-bit range. A UTF-8 BOM is dropped.
    """

    def __init__(self, text: str, file: str):
        text = text.removeprefix(_BOM)
        self.text = text
        self.file = file
        self.lines = text.splitlines()
        self._index: tuple[dict, dict, dict] | None = None
        if len(text) > MAX_FILE_BYTES:  # a text kept in a game file, not read by read_text
            raise InputError([Problem(file, None, None, _too_large(MAX_FILE_BYTES))])
        import tomllib  # ~3 ms; read_text alone (every saved game is read through it) needs none

        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            match = re.search(_AT_LINE, str(exc))
            line = int(match.group(1)) if match else None
            reason = re.sub(_AT_LINE, "", str(exc)).strip()
            token = None
            if line is not None and line <= len(self.lines):
                token = self.lines[line - 1].strip() or None
            raise InputError(
                [Problem(file, line, token, _("not valid TOML ({reason}); check quotes, brackets and "
                                              "'=' on this line").format(reason=reason))]
            ) from None
        except RecursionError:
            raise InputError([Problem(file, self._deepest_line(), None, _too_deep())]) from None
        except ValueError:  # Python refuses to read an integer of over 4300 digits
            line = next((n for n, raw in enumerate(self.lines, start=1)
                         if re.search(r"[0-9_]{4300}", raw)), None)
            raise InputError([Problem(file, line, None, _too_long_number())]) from None
        self._check_values()

    def problems(self) -> ProblemList:
        return ProblemList(self.file)

    def _deepest_line(self) -> int | None:
        """The line where brackets first open deeper than MAX_NESTING (strings not skipped:
        only a hint for the player)."""
        depth = 0
        for number, raw in enumerate(self.lines, start=1):
            for char in raw:
                depth += (char in "[{") - (char in "]}")
                if depth > MAX_NESTING:
                    return number
        return None

    def _check_values(self) -> None:
        """Refuse nesting past MAX_NESTING and integers beyond 64 bits, with their lines."""
        problems = self.problems()
        deep_reported = False
        todo: list[tuple[Any, int, tuple[str, ...]]] = [(self.data, 0, ())]
        while todo:  # no recursion: the data may be nested a few hundred deep
            value, depth, path = todo.pop()
            if isinstance(value, (dict, list)):
                if depth > MAX_NESTING:
                    if not deep_reported:
                        problems.add(self._line_of_path(path), None, _too_deep())
                        deep_reported = True
                    continue
                if isinstance(value, dict):
                    todo.extend((child, depth + 1, (*path, key)) for key, child in value.items())
                else:
                    todo.extend((child, depth + 1, path) for child in value)
            elif (isinstance(value, int) and not isinstance(value, bool)
                  and not _INT64[0] <= value <= _INT64[1]):
                problems.add(self._line_of_path(path), value, _too_long_number())
        problems.raise_if_any()

    def _line_of_path(self, path: tuple[str, ...]) -> int | None:
        if not path:
            return None
        if len(path) == 1:
            return self.line_of(path[0])
        return self.line_of(path[1], path[0]) or self.line_of(path[0])

    def _key_lines(self) -> tuple[dict, dict, dict]:
        """Where each key is written, found in one pass over the lines: top-level keys
        (or [tables] of that name), keys by [section], and inline ``section = { ... }``."""
        if self._index is None:
            top: dict[str, int] = {}
            inside: dict[tuple[str, str], int] = {}
            inline: dict[str, int] = {}
            current = None
            for number, raw in enumerate(self.lines, start=1):
                header = _HEADER.match(raw)
                if header:
                    current = header.group(1).strip()
                    top.setdefault(current, number)  # a top-level key written as a [table]
                    continue
                match = _KEY.match(raw)
                if not match:
                    continue
                name = match.group(2)
                if current is None:
                    top.setdefault(name, number)
                    inline[name] = number  # the last one, as a reader scanning down finds it
                else:
                    inside.setdefault((current, name), number)
            self._index = (top, inside, inline)
        return self._index

    def line_of(self, key: str, section: str | None = None) -> int | None:
        """The 1-based line where ``key`` is assigned (inside ``[section]`` when given)."""
        top, inside, inline = self._key_lines()
        if section is None:
            return top.get(key)
        return inside.get((section, key)) or inline.get(section)

    def table_array_lines(self, name: str) -> list[int]:
        """The line of each ``[[name]]`` header, in file order."""
        header = re.compile(r"^\s*\[\[\s*" + re.escape(name) + r"\s*\]\]")
        return [number for number, raw in enumerate(self.lines, start=1) if header.match(raw)]

    def line_in_block(self, start: int, key: str) -> int | None:
        """The line where ``key`` is assigned in the table whose header is on line ``start``."""
        for number in range(start + 1, len(self.lines) + 1):
            raw = self.lines[number - 1]
            if _HEADER.match(raw):
                return None
            match = _KEY.match(raw)
            if match and match.group(2) == key:
                return number
        return None

    def value_first_line(self, key: str) -> int:
        """The file line of the first line of a top-level string value (multi-line aware)."""
        line = self.line_of(key) or 1
        raw = self.lines[line - 1] if line <= len(self.lines) else ""
        after = raw.split("=", 1)[1].lstrip() if "=" in raw else ""
        for quote in ('"""', "'''"):
            if after.startswith(quote):
                rest = after[len(quote):]
                # TOML drops a newline that directly follows the opening quotes.
                return line + 1 if rest == "" else line
        return line


def _too_deep() -> str:
    return _("lists or tables nested more than {n} deep; a sheet or forum needs 3 at most").format(
        n=MAX_NESTING)


def _too_long_number() -> str:
    return _("a number far out of range; counts go up to {top}").format(top=MAX_COUNT)


# --- Checks shared by the sheet parsers -------------------------------------------------


def whole_number(src: TomlSource, problems: ProblemList, value: Any, key: str,
                 section: str | None = None, top: int = MAX_COUNT, label: str | None = None) -> int:
    """A whole number from 0 to ``top``; reports a problem and returns 0 otherwise.

    ``top`` is a limit the components set, else the tool's own generous MAX_COUNT (no
    table holds a thousand workers; the limit keeps every answer quick).
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        line = src.line_of(key, section) or (src.line_of(section) if section else None)
        name = label or (f"{section}.{key}" if section else key)
        problems.add(line, value, _("{key} must be a whole number, 0 to {top}").format(key=name, top=top))
        return 0
    return value


def unknown_keys(src: TomlSource, problems: ProblemList, table: dict, known,
                 section: str | None = None, where: str | None = None) -> None:
    """Report every key of ``table`` not in ``known``, with a suggestion and the known keys."""
    for key in table:
        if key not in known:
            problems.add(src.line_of(key, section), key, with_suggestion(
                _("unknown key in {where}{suggestion}; known keys: {keys}"), key, known,
                where=where or (f"[{section}]" if section else _("the sheet")), keys=", ".join(known)))
