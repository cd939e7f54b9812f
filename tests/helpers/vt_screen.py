"""What a full-screen program shows in a pseudo-terminal, for tests that drive one (pexpect).

A full-screen prompt_toolkit application redraws only the characters that changed and
skips the others with cursor moves, so a status line's text is seldom in the byte stream
in one piece; which pieces depends on how the keys were batched. ``Screen`` keeps the
character grid the way a terminal does, for the few control sequences such programs use
(cursor moves and positions, erasing, colours ignored), and ``wait_for_text`` waits until
a text stands on it.

    screen = watch(child, rows=40, columns=120)   # every byte pexpect reads is drawn on it
    wait_for_text(child, screen, "E1: library", timeout=30)
"""

from __future__ import annotations

import re
import time

CSI = re.compile(r"\x1b\[([0-9;?<=>]*)[ -/]*([@-~])")
OTHER_ESCAPE = re.compile(r"\x1b(?:[()*+].|[\]P^_][^\x07\x1b]*(?:\x07|\x1b\\)|[=>78c]|[@-Z\\-_])")


class Screen:
    def __init__(self, rows: int, columns: int):
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.row = self.col = 0
        self._pending = ""

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.grid)

    def write(self, data: str) -> None:
        """Draw what the program wrote (a pexpect ``logfile_read``)."""
        data = self._pending + data
        self._pending = ""
        i = 0
        while i < len(data):
            ch = data[i]
            if ch == "\x1b":
                match = CSI.match(data, i) or OTHER_ESCAPE.match(data, i)
                if match is None:
                    if len(data) - i < 32:  # cut in the middle: wait for the rest
                        self._pending = data[i:]
                        return
                    i += 1
                    continue
                if match.re is CSI:
                    self._csi(match.group(1), match.group(2))
                i = match.end()
                continue
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif ch == "\b":
                self.col = max(self.col - 1, 0)
            elif ch >= " ":
                if self.col < self.columns:
                    self.grid[self.row][self.col] = ch
                self.col = min(self.col + 1, self.columns - 1)
            i += 1

    def flush(self) -> None:
        pass

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # modes (alternate screen, mouse, cursor shown): nothing drawn
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        n = numbers[0] if numbers and numbers[0] else 1
        if final == "A":
            self.row = max(self.row - n, 0)
        elif final == "B":
            self.row = min(self.row + n, self.rows - 1)
        elif final == "C":
            self.col = min(self.col + n, self.columns - 1)
        elif final == "D":
            self.col = max(self.col - n, 0)
        elif final in "Hf":
            row = numbers[0] if numbers and numbers[0] else 1
            col = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.row, self.col = min(row, self.rows) - 1, min(col, self.columns) - 1
        elif final == "G":
            self.col = min(n, self.columns) - 1
        elif final == "d":
            self.row = min(n, self.rows) - 1
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                self._erase_line(self.row, self.col, self.columns)
                for r in range(self.row + 1, self.rows):
                    self._erase_line(r, 0, self.columns)
            elif mode == 1:
                for r in range(self.row):
                    self._erase_line(r, 0, self.columns)
                self._erase_line(self.row, 0, self.col + 1)
            else:
                for r in range(self.rows):
                    self._erase_line(r, 0, self.columns)
        elif final == "K":
            mode = numbers[0] if numbers else 0
            spans = {0: (self.col, self.columns), 1: (0, self.col + 1)}
            start, end = spans.get(mode, (0, self.columns))
            self._erase_line(self.row, start, end)

    def _erase_line(self, row: int, start: int, end: int) -> None:
        for c in range(start, end):
            self.grid[row][c] = " "


def watch(child, rows: int, columns: int) -> Screen:
    """A screen that draws everything ``child`` (a pexpect spawn of that size) writes."""
    screen = Screen(rows, columns)
    child.logfile_read = screen
    return screen


def wait_for_text(child, screen: Screen, text: str, timeout: float) -> None:
    """Read from ``child`` until ``text`` stands on the screen; fail after ``timeout``."""
    import pexpect

    deadline = time.monotonic() + timeout
    while text not in screen.text():
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} not on the screen after {timeout} s:\n{screen.text()}")
        try:
            child.read_nonblocking(65536, timeout=0.2)
        except pexpect.TIMEOUT:
            continue
