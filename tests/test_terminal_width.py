"""Every readable answer fits an 80-column terminal (issue 22), in every language.

One table of commands (READABLE), each run with COLUMNS=80 on the shipped examples or on a
three-player game played to its end by the test (tests/helpers/board_table_game.py); no line of
what it prints may be longer than 80 columns. To cover a new command, add a row; a command
that records something (``build``, ``turn``) changes the game the other rows read, so give it
a game of its own (a game is its file: copy ``GAME.json`` under another name first).
Machine formats (--json, CSV, Markdown and BG Stats exports, the BG Stats link) are not laid
out for the terminal and are left out on purpose, and so is the QR code of ``--qr``: a
picture whose size the link decides (tests/test_bgstats_link.py).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import board_table_game as table
from helpers.board_table_game import run_in_process as run
from helpers.terminal_width import ANSI, WIDTH, too_wide

GAME = table.GAME

#: (what, arguments): every readable command, as a player would type it.
READABLE: list[tuple[str, tuple[str, ...]]] = [
    ("help", ("--help",)),
    ("score colonia", ("score", "colonia", "--example", "tom")),
    ("score cranes", ("score", "cranes", "--example", "tom", "--cycle", "3")),
    ("score forum", ("score", "forum", "--example", "tom", "--area-points", "9")),
    ("show colonia", ("show", "colonia", "--example", "tom")),
    ("show forum", ("show", "forum", "--example", "tom")),
    ("card list", ("card", "list")),
    ("card show", ("card", "show", "III-3")),
    ("card show II-2", ("card", "show", "II-2")),
    ("card check", ("card", "check", "III-4", "--example", "tom", "--value", "7")),
    ("card check all", ("card", "check", "all", "--example", "tom")),
    ("card check I-1", ("card", "check", "I-1", "--example", "tom")),
    ("check build", ("check", "build", "--example", "tom", "lib", "C1")),
    ("check build double", ("check", "build", "--example", "tom", "col+g", "C1", "C2", "--cycle", "2")),
    ("check build citizen", ("check", "build", "--example", "tom", "g", "E2", "--citizen", "craftsman-ii")),
    ("check build refused", ("check", "build", "--example", "tom", "lib", "A1")),
    ("check build in a game", ("check", "build", "--game", GAME, "-p", "Bob", "lib", "D4")),
    ("check envoy", ("check", "envoy", "--example", "tom", "--colour", "g")),
    ("check envoy refused", ("check", "envoy", "--example", "tom", "--colour", "g", "H1")),
    ("check envoy library", ("check", "envoy", "--example", "tom", "--via", "library")),
    ("check envoy in a game", ("check", "envoy", "--game", GAME, "--player", "Bob", "--colour", "g")),
    ("rules", ("rules",)),
    ("rules topic", ("rules", "eagles")),
    ("rules search", ("rules", "tie")),
    ("rules editions", ("rules", "editions")),
    ("rules readings", ("rules", "readings")),
    ("rules building", ("rules", "building")),
    ("game show", ("game", "show", GAME)),
    ("game list", ("game", "list")),
    ("board show", ("board", "show", GAME, "-p", "Ann")),
    ("board show cycle", ("board", "show", GAME, "-p", "Bob", "--cycle", "2")),
    ("board show forum", ("board", "show", GAME, "--forum")),
    ("classic needs", ("classic", "needs", "--example", "green", "--demands", "bread,games,religion")),
    ("classic senate", ("classic", "senate", "--example", "green", "--example", "brown")),
    ("classic final", ("classic", "final", "--example", "green")),
    ("classic final brown", ("classic", "final", "--example", "brown")),
    ("classic ship", ("classic", "ship", "--hand", "wine,wine,oil,joker", "--ship", "same", "--side", "front")),
    ("classic move", ("classic", "move", "--bowls", "YYOOGGWW,-,P,P,B,B", "--from", "1", "--tile", "GP")),
    ("classic province", ("classic", "province", "--points", "6", "--foreign", "1")),
    ("demo", ("demo",)),
]
# Every group's and command's --help too.
READABLE += [(f"{group} --help", (group, "--help"))
             for group in ("score", "game", "board", "card", "check", "show", "classic", "build", "rules")]

LANGUAGES = ("en", "de", "fr")
@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The three-player game of tests/helpers/board_table_game.py, scored to its end; what each
    scoring run printed (the walkthrough with its standings tables)."""
    with table.played_in(tmp_path_factory.mktemp("width"), COLUMNS=str(WIDTH)) as printed:
        yield printed


@pytest.fixture
def columns(played, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    return WIDTH


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("what,args", READABLE, ids=[what for what, _args in READABLE])
def test_every_readable_command_fits_80_columns(columns, what, args, lang):
    code, out = run("--lang", lang, *args)
    assert code == 0, out
    assert out.strip()
    assert too_wide(out) == []


def test_the_walkthrough_and_its_standings_fit_80_columns(played):
    assert len(played) == 3
    for printed in played:
        assert "Standings after" in printed
        assert too_wide(printed) == []


def test_game_show_for_three_players_fits_one_screen(columns):
    code, out = run("game", "show", GAME)
    assert code == 0
    assert len(out.rstrip("\n").splitlines()) <= 24
    points = table.RUNNING[3][table.WINNER]
    assert f"{table.WINNER} wins with {points} points" in " ".join(out.split())


def test_a_highlighted_heading_broken_in_two_is_painted_line_by_line():
    """A colour left open at a line's end would run into the next columns' padding."""
    from trajan_cli.render import ansi, tables

    headers = ["Joueur", ansi.paint("En cours de partie", "1", "7"), "Grues", "Total"]
    text = tables.table([["Ann", 5, 6, 11]], headers, tablefmt="simple", numalign="right",
                        width=36, shrink=range(4))
    lines = text.split("\n")
    assert max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in lines) <= 36
    painted = [line for line in lines if "\x1b[1;7m" in line]
    assert len(painted) >= 2  # the heading went on two lines or more, each painted
    assert all(line.count("\x1b[1;7m") == line.count("\x1b[0m") for line in painted)


@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_wrapper_keeps_every_word_and_breaks_only_at_spaces(width):
    from trajan_cli.render.text import fit

    text = ("  - H1 is outside the started green areas, which still have free squares, so the "
            "envoy must go into one of them: A2, B2, A3, B3 (free: A2, A3); G4, H4 (free: H4) "
            "(p. 25; Patrician I may ignore this, p. 26).")
    lines = fit(text, width).split("\n")
    assert all(len(line) <= width for line in lines)
    assert " ".join(text.split()) == " ".join(" ".join(lines).split())
    assert all(line.startswith("    ") for line in lines[1:])  # under the text after "- "


@given(words=st.lists(st.text(alphabet=st.characters(whitelist_categories=("L", "N", "P")),
                              min_size=1, max_size=14), min_size=1, max_size=60),
       indent=st.integers(0, 6), width=st.integers(20, 120), bullet=st.sampled_from(["", "- ", "1. "]))
def test_wrapping_any_line_keeps_its_words_in_order_within_the_width(words, indent, width, bullet):
    from trajan_cli.render.text import fit

    line = " " * indent + bullet + " ".join(words)
    lines = fit(line, width).split("\n")
    assert " ".join(" ".join(lines).split()) == " ".join(line.split())
    for piece in lines:
        assert len(piece) <= width or len(piece.split()) == 1 or piece.lstrip().startswith("trajan")


#: (what, arguments): refusals, each one message per problem and exit status 2; run on the
#: games of the ``refusing`` fixture.
ERRORS: list[tuple[str, tuple[str, ...]]] = [
    ("game show unknown", ("game", "show", "nope")),
    ("build without --pay", ("build", "fri", "--player", "Tom", "g", "C1", "--envoy", "A2")),
    ("build without a board", ("build", "fri", "--player", "Anna", "lib", "C1")),
    ("turn example, three players", ("turn", "three", "--example", "cycle-1")),
    ("board import that shrinks", ("board", "import", "fri", "--player", "Tom", "TOM")),
]


@pytest.fixture
def refusing(tmp_path, monkeypatch):
    """A two-player game with Tom's board and the forum recorded (cycle III), and a
    three-player game with nothing recorded; errors read at 80 columns."""
    from trajan_cli.cli.options import EXAMPLES_DIR

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    for args in (("game", "new", "fri", "-p", "Tom", "-p", "Anna", "--from-cycle", "3"),
                 ("board", "import", "fri", "--player", "Tom", str(EXAMPLES_DIR / "tom.toml")),
                 ("board", "import", "fri", "--forum", str(EXAMPLES_DIR / "tom-forum.toml")),
                 ("game", "new", "three", "-p", "Ann", "-p", "Bob", "-p", "Cleo",
                  "--cards", "I-1,II-3,III-4")):
        assert run(*args)[0] == 0
    # A board that went back in time: refused with a reason per square (p. 19, p. 20).
    text = (EXAMPLES_DIR / "tom.toml").read_text(encoding="utf-8")
    shrunk = tmp_path / "tom-shrunk.toml"
    shrunk.write_text(text.replace("?   ?   .   lib", "?   ?   ?   lib").replace(
        "lib T   bas lib .   ?", "lib .   bas lib T   ?"), encoding="utf-8")
    return str(shrunk)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("what,args", ERRORS, ids=[what for what, _args in ERRORS])
def test_every_refusal_is_wrapped_at_80_columns(refusing, what, args, lang):
    args = tuple(refusing if arg == "TOM" else arg for arg in args)
    code, out = run("--lang", lang, *args)
    assert code == 2, out
    # Only a word longer than a line (a path to a game in a deep folder) may stick out.
    assert [line for line in too_wide(out) if len(line.split()) > 2] == []
    # A command to type stays on one line; a path is never cut.
    for line in ANSI.sub("", out).splitlines():
        assert not re.search(r"\btrajan( \S+)?$", line) or line.rstrip().endswith(":"), line


def test_a_shipped_example_is_named_as_the_player_named_it(refusing):
    code, out = run("turn", "three", "--example", "cycle-1")
    assert code == 2
    assert "site-packages" not in out and "examples" not in out and "cycle-1.txt" not in out
    # Round I.1 is not over (Cleo, a third player, has not played): I.2 cannot begin (p. 25).
    assert "cycle-1:14: 'round I.2':" in out
    assert "cycle-1: the 6 lines before it are recorded" in " ".join(out.split())


@pytest.mark.parametrize("width", range(40, 81))
@pytest.mark.parametrize("page", ["p. 22", "S. 22", "pp. 22-23", "(p. 22)", "(S. 6)"])
def test_a_page_reference_is_never_broken_inside(width, page):
    from trajan_cli.render.text import fit

    text = ("  - C2 is still covered by its Colonia tile: a building tile goes only on a vacated "
            f"space {page}; see also {page}, and once more {page}.")
    lines = fit(text, width).split("\n")
    assert not [line for line in lines if re.search(r"\b(p|pp|S)\.$", line)], lines
    assert all(len(line) <= width for line in lines)


@pytest.mark.parametrize("width", [60, 70, 80])
def test_a_command_in_quotes_or_parentheses_stays_on_one_line(width):
    from trajan_cli.render.text import fit

    text = ("/home/ann/games/nope.json: 'nope': no such game; saved games: fri, boards3, golden "
            "(start one with 'trajan game new') or list them (trajan game list shows them all).")
    joined = "\n".join(fit(text, width).split("\n"))
    assert "'trajan game new')" in joined
    assert "trajan game list" in joined


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", range(48, 81, 4))
def test_the_colonia_legend_breaks_only_between_its_entries(lang, width, monkeypatch):
    from trajan_cli import i18n
    from trajan_cli.cli.options import EXAMPLES_DIR
    from trajan_cli.parsing.sheet import parse_sheet
    from trajan_cli.render.pictures import colonia_picture
    from trajan_cli.render.text import fit

    i18n.set_language(lang)
    try:
        drawn = fit(colonia_picture(parse_sheet((EXAMPLES_DIR / "tom.toml").read_text())), width)
    finally:
        i18n.set_language("en")
    legend = ANSI.sub("", drawn).split("\n")
    start = next(i for i, line in enumerate(legend) if line.startswith(("Legend", "Légende")))
    entries = {"en": ["○ inactive citizen", "[Kx] crane not yet scored"],
               "de": ["○ inaktiver Bürger", "[Kx] Baukran, noch nicht gewertet"],
               "fr": ["● citoyen actif", "[Kx] grue pas encore décomptée"]}[lang]
    for entry in entries:
        assert any(entry in line.replace("\u00a0", " ") for line in legend[start:]), legend[start:]


HOUSE = ("eagle-envoy=add", "double-envoys=together", "reactivation=per-class",
         "covered-corner=crane", "assistant-colour=when-missing")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_show_with_every_house_rule_fits_one_screen(refusing, lang):
    """Issue 22: three players and the five house rules took 27 lines."""
    houses = [a for rule in HOUSE for a in ("--house", rule)]
    assert run("game", "new", "house", "-p", "Ann", "-p", "Bob", "-p", "Cleo",
               "--cards", "I-1,II-3,III-4", *houses)[0] == 0
    code, out = run("--lang", lang, "game", "show", "house")
    assert code == 0, out
    assert len(out.rstrip("\n").splitlines()) <= 24, out
    assert too_wide(out) == []
    assert all(rule in " ".join(out.split()) for rule in HOUSE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_show_for_four_players_mid_cycle_fits_one_screen(refusing, tmp_path, lang):
    """Issue 22: the four-player golden game in cycle II, with two house rules, took 27."""
    from pathlib import Path

    record = Path(__file__).parent / "records" / "golden-4p.txt"
    part = tmp_path / "part.txt"
    part.write_text("\n".join(record.read_text(encoding="utf-8").splitlines()[:110]) + "\n",
                    encoding="utf-8")
    assert run("game", "new", "four", "-p", "Dora", "-p", "Emil", "-p", "Fay", "-p", "Gus",
               "--cards", "I-4,II-2,III-1", "--house", "eagle-envoy=add",
               "--house", "double-envoys=together")[0] == 0
    code, out = run("turn", "four", "--file", str(part))
    assert code == 0, out
    code, out = run("--lang", lang, "game", "show", "four")
    assert code == 0, out
    assert "II.3" in out
    assert len(out.rstrip("\n").splitlines()) <= 24, out
    assert too_wide(out) == []
