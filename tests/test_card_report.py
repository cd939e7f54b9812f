"""Readable card answers: the framed colonia picture, card texts and pattern diagrams."""

import re

from trajan_cli.render.pictures import colonia_picture

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def test_framed_cells_keep_their_colour_codes_whole(tom):
    picture = colonia_picture(tom, marked=[(2, 1), (2, 2), (2, 3), (5, 0)])
    # Every escape sequence is complete: none was cut in two by the frame.
    assert picture.count("\x1b[") == len(ESCAPE.findall(picture))
    plain = ESCAPE.sub("", picture)
    assert "[bas]" in plain and "[col]" in plain and "[mkt]" in plain
    assert "[[Kg]" in plain  # the framed crane keeps its colour letter


def test_unmarked_picture_is_unchanged_by_framing_support(tom):
    plain = ESCAPE.sub("", colonia_picture(tom))
    assert "[bas]" not in plain and " bas " in plain and "[Kg]" in plain
