"""A few ANSI colours for board pictures; the CLI strips them when output is not a terminal."""

from __future__ import annotations

from ..core.vocabulary import Colour

RESET = "\x1b[0m"
# Orange has no code of the basic eight: colour 208 of the 256-colour palette.
_BG = {Colour.BLUE: "44", Colour.GREEN: "42", Colour.ORANGE: "48;5;208", Colour.YELLOW: "43"}
_FG = {Colour.BLUE: "34", Colour.GREEN: "32", Colour.ORANGE: "38;5;208", Colour.YELLOW: "33"}


def paint(text: str, *codes: str) -> str:
    return f"\x1b[{';'.join(codes)}m{text}{RESET}" if codes else text


def on_colour(text: str, colour: Colour) -> str:
    """White bold text on the colour (black on yellow, for contrast)."""
    fg = "30" if colour is Colour.YELLOW else "97"
    return paint(text, "1", fg, _BG[colour])


def in_colour(text: str, colour: Colour) -> str:
    return paint(text, "1", _FG[colour])


def gray_tile(text: str) -> str:
    return paint(text, "1", "30", "47")


def dim(text: str) -> str:
    return paint(text, "2")


def bold(text: str) -> str:
    return paint(text, "1")


def plain(text: str) -> str:
    """``text`` without its colour codes (a full-screen canvas styles its own)."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)
