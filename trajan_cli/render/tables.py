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

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any


def table(rows: Iterable[Any], headers: Any = (), **options: Any) -> str:
    """``tabulate(rows, headers, **options)``, aligned by display width when a cell needs it."""
    if not isinstance(rows, (Sequence, Mapping)):
        rows = list(rows)  # read twice: once here, once by tabulate
    texts = [*_texts(rows), *_header_texts(headers),
             *(value for value in options.values() if isinstance(value, str))]  # missingval...
    module = _tabulate_module(wide=any(needs_wcwidth(text) for text in texts))
    return module.tabulate(rows, headers, **options)


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
