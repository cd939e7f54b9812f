"""A link drawn as a QR code in the terminal, for a phone at the table to open.

segno (pure Python, no dependencies) makes the code; it is imported only here, only for
``--qr``. Each character holds two modules, one above the other (half blocks), so the
modules come out about square. The code is painted black on white, whatever the
terminal's colours; without colour (a pipe, NO_COLOR) the light modules are drawn as
blocks, which reads right on the usual dark background.
"""

from __future__ import annotations

from . import ansi

#: Light modules around the code: the 4 the QR code standard (ISO/IEC 18004) asks for;
#: with less, a phone's camera may not find the code against a busy terminal.
QUIET_ZONE = 4
_HALVES = {(True, True): " ", (True, False): "\u2584", (False, True): "\u2580", (False, False): "\u2588"}


def qr_lines(text: str) -> list[str]:
    """The QR code of ``text`` (error correction L: the smallest code), as lines; a
    ValueError when ``text`` is more than a QR code holds."""
    import segno

    code = segno.make(text, error="l", micro=False, boost_error=False)
    matrix = [[bool(module) for module in row] for row in code.matrix]
    size = len(matrix)
    light = [False] * (size + 2 * QUIET_ZONE)
    rows = [light] * QUIET_ZONE + [[False] * QUIET_ZONE + row + [False] * QUIET_ZONE
                                   for row in matrix] + [light] * QUIET_ZONE
    if len(rows) % 2:
        rows.append(light)
    # (dark above, dark below) -> a character: dark modules stay empty (background).
    return [ansi.paint("".join(_HALVES[(top, bottom)] for top, bottom in zip(upper, lower, strict=True)),
                       "97", "40")
            for upper, lower in zip(rows[::2], rows[1::2], strict=True)]
