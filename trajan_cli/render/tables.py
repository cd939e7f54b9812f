"""Plain-text tables: tabulate, imported on first use and without wcwidth when no cell needs it.

Why: tabulate does ``try: import wcwidth`` when imported, and wcwidth 0.9 costs about 26 ms
to import against about 1.5 ms for tabulate itself (measured November 2026 on the project's
2-core machine), on every readable table. wcwidth only changes anything for wide characters
(CJK, emoji) and zero-width or combining ones; our tables hold player names, numbers and
en/de/fr labels, so it is imported (and given to tabulate) only when a cell holds such a
character. tabulate reads its module globals ``wcwidth`` and ``WIDE_CHARS_MODE`` at each
call (0.9 and 0.10 alike), so setting them later is enough.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any


def table(rows: Iterable[Any], headers: Any = (), *, width: int | None = None,
          shrink: Sequence[int] = (), **options: Any) -> str:
    """``tabulate(rows, headers, **options)``, aligned by display width when a cell needs it.

    A "simple" table puts two spaces between columns and no padding around the headers.
    With ``width``, the text of the columns ``shrink`` (their headings too) is wrapped at
    spaces until the table fits; when their words are still too long, their headings are
    abbreviated ("Colonia" -> "Col.") and a legend under the table names them in full.
    """
    if not isinstance(rows, (Sequence, Mapping)):
        rows = list(rows)  # read twice: once here, once by tabulate
    texts = [*_texts(rows), *_header_texts(headers),
             *(value for value in options.values() if isinstance(value, str))]  # missingval...
    module = _tabulate_module(wide=any(needs_wcwidth(text) for text in texts))
    padding = module.MIN_PADDING
    if options.get("tablefmt") == "simple":
        module.MIN_PADDING = 0  # tabulate's default pads each header by 2 more: wider, no clearer
    try:
        text = module.tabulate(rows, headers, **options)
        if width is None or not shrink or isinstance(rows, Mapping) or _widest(text) <= width:
            return text
        shrink = list(shrink)
        heads = list(headers) if isinstance(headers, (list, tuple)) else headers
        text = _shrunk(module, rows, heads, width, shrink, options)
        if _widest(text) <= width or not isinstance(heads, list):
            return text
        # Abbreviate the longest headings first, only as many as it takes.
        longest = sorted(shrink, key=lambda c: -max(map(len, str(heads[c]).split()), default=0)
                         if c < len(heads) else 0)
        for count in range(1, len(longest) + 1):
            short, legend = _abbreviated(heads, longest[:count])
            text = _shrunk(module, rows, short, width, shrink, options)
            if _widest(text) <= width:
                break
        return "\n".join([text, *legend])
    finally:
        module.MIN_PADDING = padding


def _widest(text: str) -> int:
    from .text import visible_len

    return max(map(visible_len, text.split("\n")))


def _shrunk(module: Any, rows: Any, heads: Any, width: int, shrink: list[int],
            options: dict) -> str:
    """The table with the widest of the ``shrink`` columns wrapped, one after the other."""
    current, heads = rows, list(heads) if isinstance(heads, list) else heads
    text = module.tabulate(current, heads, **options)
    for _attempt in range(4 * len(shrink)):
        excess = _widest(text) - width
        if excess <= 0:
            break
        widths = _column_widths(text)
        column = max(shrink, key=lambda c: widths[c] if c < len(widths) else 0)
        others = [widths[c] for c in shrink if c != column and c < len(widths)]
        limit = max(_longest_word(current, heads, column), widths[column] - excess,
                    max(others, default=0))  # then the next widest takes its share
        current = _wrapped(current, column, limit)
        if isinstance(heads, list) and column < len(heads):
            heads[column] = _wrapped([heads], column, limit)[0][column]
        wrapped = module.tabulate(current, heads, **options)
        if wrapped == text:
            break
        text = wrapped
    return text


def _abbreviated(headers: list, columns: Sequence[int]) -> tuple[list, list[str]]:
    """Headings cut to their first three letters ("Colonia" -> "Col.") and a legend."""
    from .text import wrap

    short, named = list(headers), []
    for column in columns:
        if column >= len(headers) or not isinstance(headers[column], str):
            continue
        painted = re.fullmatch(_PAINTED, headers[column])
        start, inner, end = painted.groups() if painted else ("", headers[column], "")
        words = [word[:3] + "." if len(word) > 4 and word.isalpha() else word
                 for word in inner.split()]
        if words != inner.split():
            short[column] = start + " ".join(words) + end
            named.append(f"{' '.join(words)} = {inner}")
    return short, wrap(", ".join(named)) if named else []


def _column_widths(text: str) -> list[int]:
    """The widths of a "simple" table's columns, read off its rule of dashes."""
    for line in text.split("\n"):
        if line and set(line) <= {"-", " "}:
            return [len(dashes) for dashes in line.split()]
    return []


def _longest_word(rows: Any, headers: Any, column: int) -> int:
    from .text import visible_len

    cells = [row[column] for row in rows if column < len(row)]
    if isinstance(headers, list) and column < len(headers):
        cells.append(headers[column])
    return max((visible_len(word) for cell in cells if isinstance(cell, str)
                for word in cell.split()), default=1)


#: A cell painted whole: its colour code, its text, the reset (compiled on first use).
_PAINTED = r"(?s)(\x1b\[[0-9;]*m)([^\x1b]*)(\x1b\[0m)"


def _wrapped(rows: Any, column: int, limit: int) -> list:
    """``rows`` with the text of ``column`` broken at spaces into lines of ``limit``."""
    from .text import wrap_line

    def cell(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        painted = re.fullmatch(_PAINTED, value)
        if painted is None:
            return "\n".join(wrap_line(" ".join(value.split()), limit, 0))
        # A painted cell is painted line by line: a colour left open would run into the padding.
        start, inner, end = painted.groups()
        return "\n".join(start + line + end for line in wrap_line(" ".join(inner.split()), limit, 0))

    return [[cell(v) if i == column else v for i, v in enumerate(row)] for row in rows]


def needs_wcwidth(text: str) -> bool:
    """Whether ``text`` has a character whose display width is not 1: an East Asian wide
    or full-width one (CJK, most emoji), or a combining, zero-width or format one."""
    if text.isascii():
        return False
    import unicodedata  # standard library, about 0.4 ms, and only for non-ASCII text

    for char in text:
        if char.isascii():
            continue
        if unicodedata.east_asian_width(char) in ("W", "F"):
            return True
        if unicodedata.category(char) in ("Mn", "Me", "Mc", "Cf"):
            return True
        if "\u1160" <= char <= "\u11ff" or "\ud7b0" <= char <= "\ud7ff":
            return True  # Hangul jungseong/jongseong: letters, but of width 0 after a choseong
    return False


def _tabulate_module(wide: bool) -> Any:
    module = sys.modules.get("tabulate")
    if module is None:
        if wide or "wcwidth" in sys.modules:
            import tabulate as module  # wcwidth is wanted or already paid for
        else:
            # None in sys.modules makes tabulate's `import wcwidth` raise ImportError, which
            # it takes as "no wcwidth". Always removed again: prompt_toolkit and questionary
            # import wcwidth later in the same process.
            sys.modules["wcwidth"] = None  # type: ignore[assignment]
            try:
                import tabulate as module
            finally:
                if "wcwidth" in sys.modules and sys.modules["wcwidth"] is None:
                    del sys.modules["wcwidth"]
    if wide and not (module.wcwidth is not None and module.WIDE_CHARS_MODE):
        try:
            import wcwidth
        except ImportError:  # not installed: tabulate counts characters, as it would itself
            return module
        module.wcwidth = wcwidth
        module.WIDE_CHARS_MODE = True
    return module


def _texts(rows: Any) -> Iterator[str]:
    """The text of every cell (and dictionary key, which headers="keys" prints)."""
    if isinstance(rows, Mapping):  # columns by name
        yield from _header_texts(list(rows))
        for column in rows.values():
            yield from _cell_texts(column)
        return
    for row in rows:
        if isinstance(row, Mapping):
            yield from _header_texts(list(row))
            yield from _cell_texts(row.values())
        elif isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            yield from _cell_texts([row])
        else:
            yield from _cell_texts(row)


def _header_texts(headers: Any) -> Iterator[str]:
    if isinstance(headers, Mapping):
        headers = [*headers.keys(), *headers.values()]
    elif isinstance(headers, (str, bytes)):  # "keys", "firstrow"
        headers = [headers]
    yield from _cell_texts(headers)


def _cell_texts(cells: Iterable[Any]) -> Iterator[str]:
    for cell in cells:
        if isinstance(cell, str):
            yield cell
        elif isinstance(cell, bytes):
            yield cell.decode("utf-8", "replace")
        elif cell is None or isinstance(cell, (int, float)):
            continue  # printed in ASCII
        else:
            yield str(cell)
