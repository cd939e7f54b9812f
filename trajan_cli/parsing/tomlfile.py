"""Reading hand-typed TOML: syntax errors with their line, and where a key was written."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ..i18n import _
from .errors import InputError, Problem, ProblemList, suggest

_HEADER = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
_KEY = re.compile(r"""^\s*("?)([^"=\s]+)\1\s*=""")
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def read_text(path: str | Path) -> str:
    """The file's text, or an InputError naming the file and what to do."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        message = _("no such file; check the path")
    except IsADirectoryError:
        message = _("is a folder, not a file")
    except UnicodeDecodeError:
        message = _("is not UTF-8 text; save it as plain text")
    except OSError as exc:
        message = _("cannot be read ({reason})").format(reason=exc.strerror)
    raise InputError([Problem(str(path), None, None, message)])


class TomlSource:
    """A parsed TOML document that can say on which line a key was written."""

    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.lines = text.splitlines()
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            match = _AT_LINE.search(str(exc))
            line = int(match.group(1)) if match else None
            reason = _AT_LINE.sub("", str(exc)).strip()
            token = None
            if line is not None and line <= len(self.lines):
                token = self.lines[line - 1].strip() or None
            raise InputError(
                [Problem(file, line, token, _("not valid TOML ({reason}); check quotes, brackets and "
                                              "'=' on this line").format(reason=reason))]
            ) from None

    def problems(self) -> ProblemList:
        return ProblemList(self.file)

    def line_of(self, key: str, section: str | None = None) -> int | None:
        """The 1-based line where ``key`` is assigned (inside ``[section]`` when given)."""
        current = None
        inline_owner = None
        for number, raw in enumerate(self.lines, start=1):
            header = _HEADER.match(raw)
            if header:
                current = header.group(1).strip()
                if section is None and current == key:
                    return number  # a top-level key written as a [table]
                continue
            match = _KEY.match(raw)
            if not match:
                continue
            name = match.group(2)
            if section is None and current is None and name == key:
                return number
            if section is not None and current == section and name == key:
                return number
            if section is not None and current is None and name == section:
                inline_owner = number  # `section = { key = ... }` written inline
        return inline_owner

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


# --- Checks shared by the sheet parsers -------------------------------------------------


def whole_number(src: TomlSource, problems: ProblemList, value: Any, key: str,
                 section: str | None = None, top: int | None = None) -> int:
    """A whole number >= 0 (and <= top); reports a problem and returns 0 otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (
        top is not None and value > top
    ):
        if top is None:
            message = _("{key} must be a whole number, 0 or more")
        else:
            message = _("{key} must be a whole number, 0 to {top}")
        line = src.line_of(key, section) or (src.line_of(section) if section else None)
        problems.add(line, str(value),
                     message.format(key=f"{section}.{key}" if section else key, top=top))
        return 0
    return value


def unknown_keys(src: TomlSource, problems: ProblemList, table: dict, known,
                 section: str | None = None, where: str | None = None) -> None:
    """Report every key of ``table`` not in ``known``, with a suggestion and the known keys."""
    for key in table:
        if key not in known:
            problems.add(src.line_of(key, section), key,
                         _("unknown key in {where}{suggestion}; known keys: {keys}").format(
                             where=where or (f"[{section}]" if section else _("the sheet")),
                             suggestion=suggest(key, known), keys=", ".join(known)))
