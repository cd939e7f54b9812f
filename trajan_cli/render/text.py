"""Text that fits the terminal: the one word wrapper every readable answer goes through.

Reports are built as lines of any length; :func:`fit` breaks the long ones at spaces so that
nothing is wider than the terminal (80 columns when there is none), and a continued line
hangs under where its text began: after a bullet (``- ``, ``1. ``) or after a label set off
by two spaces (``I-1   building:   ``). Colour codes take no room. A single word longer than
the line (a file path, a link) is never cut, nor a command to type (``trajan ...``, also in
quotes or parentheses) that fits on a line of its own, nor a page reference ("p. 22",
"S. 22", "pp. 22-23"), nor a legend's entry joined by no-break spaces (:data:`NO_BREAK`)
unless it is wider than a line.
"""

from __future__ import annotations

import os
import re

#: Used when the width cannot be known (output to a file or pipe without $COLUMNS).
DEFAULT_WIDTH = 80
#: Joins the words of what must stay on one line (a legend's entry); broken only when the
#: whole is wider than a line.
NO_BREAK = "\u00a0"
#: Narrower than this, nothing reads well anyway: lines are laid out for this width.
NARROWEST = 40

# Patterns, compiled on first use (by re's cache): most answers fit and never need them, and
# compiling costs a few milliseconds at start-up.
_ANSI = r"\x1b\[[0-9;]*m"
_SPACES = r"( +)"
# Leading spaces, then a bullet ("-", "*", "•", "1.", "2)", or the "?" of a question asked)
# and its space.
_BULLET = r"( *)((?:[-*•?]|\d+[.)]) +)?"
# A first cell followed by two or more spaces: "I-1   building:   text".
_CELL = r"\S+(?: \S+)*? {2,}"
# A one-word label: "collecting: text", "Supply: text".
_LABEL = r"[^\s:]+: +"
# The first word of a page reference: "p." (English, French), "S." (German), "pp.", after
# an opening parenthesis or not; the number that follows stays beside it.
_PAGE = r"\(?(?:p|pp|S)\."


def plain(text: str) -> str:
    """``text`` without its colour codes."""
    return re.sub(_ANSI, "", text) if "\x1b" in text else text


def terminal_width() -> int:
    """The width to lay text out for: $COLUMNS, else the terminal's, else 80 (never < 40)."""
    value = os.environ.get("COLUMNS", "")
    if value.isascii() and value.isdigit() and int(value) > 0:  # isdigit() alone takes '²
        return max(NARROWEST, int(value))
    try:
        width = os.get_terminal_size(1).columns
    except (OSError, ValueError):  # not a terminal
        return DEFAULT_WIDTH
    return max(NARROWEST, width) if width > 0 else DEFAULT_WIDTH


def visible_len(text: str) -> int:
    """The columns ``text`` takes on screen: colour codes take none."""
    return len(plain(text))


def hang_of(line: str, width: int) -> int:
    """Where a continued line starts: under the text after the indent and bullet, and after
    a one-word label ("Supply: ") or up to two cells set off by two spaces ("I-1   building:
    "), as long as that leaves half the line."""
    bare = plain(line)
    bullet = re.match(_BULLET, bare)
    at = bullet.end()
    if (bullet.group(2) or "").startswith("?"):  # a question and its answer: prose
        return at
    label = re.compile(_LABEL).match(bare, at)
    if label is not None and label.end() <= width // 2:
        return label.end()
    for _cell in range(2):
        cell = re.compile(_CELL).match(bare, at)
        if cell is None or cell.end() > width // 2 or cell.end() >= len(bare):
            break
        at = cell.end()
    return at if at <= width // 2 else 0


def wrap_line(line: str, width: int, hang: int | None = None) -> list[str]:
    """``line`` broken at spaces into lines of at most ``width`` columns; continued lines
    start with ``hang`` spaces (by default :func:`hang_of`)."""
    if visible_len(line) <= width:
        return [line]
    if hang is None:
        hang = hang_of(line, width)
    lead = len(line) - len(line.lstrip(" "))
    parts = _kept_together(re.split(_SPACES, line[lead:]), width - hang)  # word, spaces, ...
    lines: list[str] = []
    current, used, fresh, gap = line[:lead], lead, True, ""
    for index, part in enumerate(parts):
        if index % 2:  # a run of spaces: kept between words on one line, dropped at a break
            gap = part
            continue
        if not part:
            continue
        size = visible_len(part)
        if fresh or used + len(gap) + size <= width:
            current += ("" if fresh else gap) + part
            used += (0 if fresh else len(gap)) + size
        else:
            lines.append(current)
            current, used = " " * hang + part, hang + size
        fresh = False
    lines.append(current)
    return lines


def _kept_together(parts: list[str], room: int) -> list[str]:
    """``parts`` (word, spaces, word, ...) with the words that must stay on one line joined:
    a page reference ("p. 22", "S. 22", "pp. 22-23") and a command to type. From "trajan"
    on (also after a quote or parenthesis), the rest of the line goes on one line if it fits
    in ``room`` columns, else the command up to where it ends (its closing quote, or a word
    ending in , ; : or a parenthesis)."""
    for index in reversed(range(0, len(parts), 2)):  # an entry wider than a line: its words
        if NO_BREAK in parts[index] and visible_len(parts[index]) > room:
            parts[index:index + 1] = re.split(f"({NO_BREAK}+)", parts[index])
    index = 0
    while index + 2 < len(parts):
        word = parts[index]
        if re.fullmatch(_PAGE, plain(word)) and re.match(r"\d", plain(parts[index + 2])):
            parts[index:index + 3] = ["".join(parts[index:index + 3])]
            continue
        bare = plain(word)
        opened = bare[:1] if bare[:1] in "'\"`" else ""
        if bare.lstrip("'\"`(") == "trajan":
            ends = [len(parts)]
            for end in range(index, len(parts), 2):
                last = plain(parts[end]).rstrip(".,;:)") if opened else plain(parts[end])
                if (opened and end > index and last.endswith(opened)) or (
                        not opened and last[-1:] in (",", ";", ":", ")")):
                    ends.append(end + 1)
                    break
            for end in ends:
                if end - index > 1 and visible_len("".join(parts[index:end])) <= room:
                    parts[index:end] = ["".join(parts[index:end])]
                    break
        index += 2
    return parts


def fit(text: str, width: int | None = None) -> str:
    """Every line of ``text`` that is wider than ``width`` (default: the terminal's)
    broken at spaces, continued lines hanging under their text."""
    width = width or terminal_width()
    if all(visible_len(line) <= width for line in text.split("\n")):
        return text
    return "\n".join(piece for line in text.split("\n") for piece in wrap_line(line, width))


def fit_message(text: str, width: int | None = None) -> str:
    """An error message wrapped like :func:`fit`, its continued lines always indented (under
    its label, else two spaces in): each problem starts at the margin, whatever its length."""
    width = width or terminal_width()
    return "\n".join(piece for line in text.split("\n")
                     for piece in wrap_line(line, width, hang_of(line, width) or 2))


def wrap(text: str, width: int | None = None, indent: int = 0, hang: int | None = None) -> list[str]:
    """One paragraph as lines: ``indent`` spaces before the first, ``hang`` (default:
    ``indent``) before the others."""
    width = width or terminal_width()
    return wrap_line(" " * indent + " ".join(text.split()), width,
                     indent if hang is None else hang)
