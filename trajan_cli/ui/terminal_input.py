"""What the board editor reads from the terminal: keys, and nothing that only looks like one.

prompt_toolkit's input parser reads an escape sequence it does not know (a focus report,
Alt+key, a DCS or OSC string) as an Esc followed by its characters, so the editor left and
dropped the edits; an unterminated bracketed paste made it deaf (Enter, Esc and Ctrl-C
went into the paste); a malformed mouse report raised inside prompt_toolkit and printed a
traceback on the screen. :class:`EditorKeys` sits in front of the parser and passes it
only what is whole and known: plain characters, the key sequences prompt_toolkit knows,
well-formed mouse reports and cursor position reports. Everything else is dropped: an
unknown or malformed sequence, Alt+key, DCS/OSC/APC/PM/SOS strings, and pasted text (the
editor takes keys, not text). A sequence, string or paste still unfinished when the input
pauses (prompt_toolkit flushes after a few milliseconds without input) is over: what
comes after is read as keys again, so nothing makes the editor deaf.
"""

from __future__ import annotations

import re

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding.bindings.mouse import typical_mouse_events, xterm_sgr_mouse_events
from prompt_toolkit.keys import Keys

ESC = "\x1b"
#: DCS, OSC, SOS, PM, APC: a string ended by ST (ESC \) or BEL.
STRINGS = "P]X^_"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
#: The longest escape sequence kept while waiting for its end (a real one is a few bytes).
LONGEST = 64
SGR_MOUSE = re.compile(r"\x1b\[<(\d{1,4});(\d{1,4});(\d{1,4})([Mm])")
URXVT_MOUSE = re.compile(r"\x1b\[(\d{1,4});(\d{1,4});(\d{1,4})M")
CURSOR_REPORT = re.compile(r"\x1b\[\d{1,4};\d{1,4}R")
KNOWN = {text for text, key in ANSI_SEQUENCES.items() if key is not Keys.BracketedPaste and text != ESC}


def _control(ch: str) -> bool:
    """A C0 control (Ctrl-C, Enter...): inside an escape sequence it breaks it, and is a key
    itself. (DEL is not one: an X10 mouse report sends it for column 95.)"""
    return ch < " "


def sequence_end(text: str, start: int) -> int | None:
    """Where the escape sequence at ``text[start]`` (an ESC) ends, or None when ``text``
    stops before it does. A malformed sequence ends before the character that breaks it,
    a control character among them (Ctrl-C after a stray ESC is still Ctrl-C)."""
    n = len(text)
    if start + 1 >= n:
        return None
    kind = text[start + 1]
    if kind == "[":  # CSI: parameters, intermediates, one final character
        at = start + 2
        if at < n and text[at] == "M":  # an X10 mouse report: three characters follow
            for offset in range(1, 4):
                if at + offset >= n:
                    return None
                if _control(text[at + offset]):
                    return at + offset
            return at + 4
        if at < n and text[at] == "[":  # the Linux console's F1-F5: ESC [ [ A
            if at + 1 >= n:
                return None
            return at + 1 if _control(text[at + 1]) else at + 2
        while at < n and "0" <= text[at] <= "?":
            at += 1
        while at < n and " " <= text[at] <= "/":
            at += 1
        if at >= n:
            return None
        return at + 1 if "@" <= text[at] <= "~" else at
    if kind == "O":  # SS3: one character (keypad and function keys)
        if start + 2 >= n:
            return None
        return start + 2 if _control(text[start + 2]) else start + 3
    if kind in STRINGS:
        for at in range(start + 2, n):
            if text[at] == "\x07":
                return at + 1
            if text[at] == ESC:
                if at + 1 >= n:
                    return None
                return at + 2 if text[at + 1] == "\\" else at
            if _control(text[at]):
                return at
        return None
    if kind == ESC:  # Alt with a key that is a sequence itself (Alt+arrow)
        return sequence_end(text, start + 1)
    if _control(kind):
        return start + 1  # a stray ESC before a control key: the key stands
    return start + 2  # Alt+key


def wanted(sequence: str) -> bool:
    """Whether a whole escape sequence is one the editor may see."""
    if sequence in KNOWN or CURSOR_REPORT.fullmatch(sequence):
        return True
    sgr = SGR_MOUSE.fullmatch(sequence)
    if sgr:
        code, x, y, end = sgr.groups()
        return (int(code), end) in xterm_sgr_mouse_events and int(x) >= 1 and int(y) >= 1
    if URXVT_MOUSE.fullmatch(sequence):
        _code, x, y = URXVT_MOUSE.fullmatch(sequence).groups()
        return int(x) >= 1 and int(y) >= 1
    if len(sequence) == 6 and sequence.startswith("\x1b[M"):
        code, x, y = (ord(ch) for ch in sequence[3:])
        return code in typical_mouse_events and 33 <= x < 0xD800 and 33 <= y < 0xD800
    return False


class EditorKeys(Vt100Parser):
    """prompt_toolkit's parser, fed only the keys and reports the editor may see."""

    def reset(self, request: bool = False) -> None:
        super().reset(request)
        self._waiting = ""  # the start of an escape sequence, until its end arrives
        self._pasting = False  # inside a bracketed paste: dropped until its end or a pause

    def feed(self, data: str) -> None:
        super().feed(self._sorted(self._waiting + data))

    def flush(self) -> None:
        if self._waiting and set(self._waiting) == {ESC}:  # nothing came after: Esc pressed
            super().feed(self._waiting)
        self._waiting, self._pasting = "", False
        super().flush()

    def _sorted(self, text: str) -> str:
        self._waiting = ""
        kept: list[str] = []
        at, n = 0, len(text)
        while at < n:
            if self._pasting:
                end = text.find(PASTE_END, at)
                if end < 0:
                    # The end mark may be cut in two: keep what could be its start.
                    tail = max(at, n - len(PASTE_END) + 1)
                    self._waiting = text[tail:] if ESC in text[tail:] else ""
                    return "".join(kept)
                self._pasting, at = False, end + len(PASTE_END)
                continue
            if text[at] != ESC:
                next_escape = text.find(ESC, at)
                stop = n if next_escape < 0 else next_escape
                kept.append(text[at:stop])
                at = stop
                continue
            end = sequence_end(text, at)
            if end is None:
                self._waiting = text[at:] if n - at <= LONGEST else ""
                break
            sequence = text[at:end]
            if sequence == PASTE_START:
                self._pasting = True
            elif wanted(sequence):
                kept.append(sequence)
            at = end
        return "".join(kept)


def install(input) -> None:
    """Put :class:`EditorKeys` in front of a prompt_toolkit input that reads VT100 (a POSIX
    terminal or a pipe); any other input is left as it is."""
    parser = getattr(input, "vt100_parser", None)
    if isinstance(parser, Vt100Parser) and not isinstance(parser, EditorKeys):
        input.vt100_parser = EditorKeys(parser.feed_key_callback)
