"""Boards back to the text files they are read from: player-sheet TOML and forum TOML.

``parse_sheet(sheet_toml(s)) == s`` and ``parse_forum(forum_toml(f)) == f`` for every board
the parsers accept: this is how a recorded board is exported, shown with ``--json`` and
read back. The files are written the way a player would type them (README formats).
"""

from __future__ import annotations

from ..core.colonia import CORNERS
from ..core.forum import Forum
from ..core.sheet import PlayerSheet, Prestige
from ..core.vocabulary import Colour, Track, square_name
from .forum import render_forum_grid
from .grid import render_colonia

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(text: str) -> str:
    """A bare key when TOML allows one, else a quoted key."""
    if text and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in text):
        return text
    return toml_string(text)


def sheet_toml(sheet: PlayerSheet) -> str:
    lines = [f"name = {toml_string(sheet.name)}", 'colonia = """']
    lines += render_colonia(sheet.colonia).splitlines()
    lines.append('"""')
    if sheet.crane_colours:
        lines += ["", "[cranes]"]
        lines += [f"{square_name(*sq)} = {toml_string(sheet.crane_colours[sq].value)}"
                  for sq in CORNERS if sq in sheet.crane_colours]
    if sheet.citizens:
        lines += ["", "[citizens]"]
        for row in sorted(sheet.citizens):
            states = ", ".join(toml_string(s.value) for s in sheet.citizens[row])
            lines.append(f"{row} = [{states}]")
    s = sheet.supply
    workers = ", ".join(f"{c.value} = {s.workers[c]}" for c in Colour)
    lines += ["", "[supply]", f"coins = {s.coins}", f"tribunes = {s.tribunes}",
              f"builders = {s.builders}", f"assistants = {s.assistants}",
              f"workers = {{ {workers} }}", f"ship = {s.ship}"]
    lines += ["", "[tracks]"] + [f"{t.value} = {sheet.tracks[t]}" for t in Track]
    if sheet.prestige != Prestige():  # written once the game knows something of the bar
        lines += ["", "[prestige]", f"upgrades = {sheet.prestige.upgrades}",
                  f"turned = {'true' if sheet.prestige.turned else 'false'}"]
        if sheet.prestige.to_cypress:
            lines.append(f"cypress = [{', '.join(map(str, sorted(sheet.prestige.to_cypress)))}]")
    return "\n".join(lines) + "\n"


def forum_toml(forum: Forum) -> str:
    players = ", ".join(f"{_key(mark)} = {toml_string(name)}" for mark, name in forum.players.items())
    return "\n".join([f"players = {{ {players} }}", 'grid = """',
                      render_forum_grid(forum).rstrip("\n"), '"""']) + "\n"
