"""Issue 13, items 6 to 11: no input hangs, every bad input is a clean message and exit 2.

Each adversarial input that used to hang, run out of memory or end in "internal error"
(exit 70) runs under a time bound that the harness enforces (``helpers/timebound.py``): a regression
fails instead of hanging the suite. The limits themselves live in trajan_cli/parsing/limits.py
(and the component counts of Trajan in rules_data/classic.toml).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.card_solver import check_card, distinct_times
from trajan_cli.core.classic.final import commodity_jokers_for, construction_sets
from trajan_cli.core.classic.models import BonusTile, ClassicSheet
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.game import Answer
from trajan_cli.core.scoring import largest_envoy_area
from trajan_cli.core.sheet import Supply
from trajan_cli.core.vocabulary import Colour
from trajan_cli.parsing.classic_sheet import parse_classic_sheet
from trajan_cli.parsing.errors import InputError, Problem, ProblemList
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.limits import (
    MAX_COUNT,
    MAX_FILE_BYTES,
    MAX_FORUM_PLAYERS,
    MAX_FORUM_SPACES,
    MAX_NESTING,
    MAX_PROBLEMS_SHOWN,
)
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.parsing.tomlfile import read_text
from trajan_cli.rulesdata import load_classic_rules

from helpers.hypothesis_profiles import scaled
from helpers.timebound import run_trajan, within

TOM = (EXAMPLES_DIR / "tom.toml").read_text(encoding="utf-8")
TOM_FORUM = (EXAMPLES_DIR / "tom-forum.toml").read_text(encoding="utf-8")
GREEN = (EXAMPLES_DIR / "classic-green.toml").read_text(encoding="utf-8")
CLASSIC = load_classic_rules()
ANY_COLOUR = next(iter(Colour))


def problems_of(parse, text: str, file: str = "t.toml") -> list[Problem]:
    with within(10, "the parser"):
        with pytest.raises(InputError) as info:
            parse(text, file)
    return list(info.value.problems)


def with_supply(key: str, value) -> str:
    """Tom's sheet with ``key = value`` in its [supply] table (in place of Tom's own)."""
    text, found = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", TOM)
    assert found == 1
    return text


def line_of(text: str, needle: str) -> int:
    return next(n for n, raw in enumerate(text.splitlines(), start=1) if needle in raw)


# --- Item 6: counting is closed-form, and every count has a limit ---------------------------


def test_a_trillion_workers_are_refused_at_once_with_the_limit_item6(tmp_path):
    """`card check` with workers = { blue = 1000000000000 } never ended (issue 13, item 6)."""
    colour = ANY_COLOUR.value
    text = with_supply("workers", f"{{ {colour} = 1000000000000 }}")
    sheet = tmp_path / "huge.toml"
    sheet.write_text(text, encoding="utf-8")
    result = run_trajan("card", "check", "all", sheet, timeout=30)
    assert result.returncode == 2, result.stderr
    line = line_of(text, "1000000000000")
    assert f"huge.toml:{line}: '1000000000000': supply.workers.{colour} must be a whole number, " \
           f"0 to {MAX_COUNT}" in " ".join(result.stderr.split())


def test_the_card_solver_counts_a_trillion_workers_at_once_item6(rules, tom):
    """The solver itself no longer steps down one fulfilment at a time (II-1 wants workers
    of different colours)."""
    sheet = replace(tom, supply=Supply(workers={ANY_COLOUR: 10 ** 12}))
    with within(10, "all twelve cards"):
        for card in rules.cards.values():
            check_card(card, sheet)
    assert distinct_times([10 ** 12, 10 ** 12, 3, 0], 2) == 10 ** 12 + 1  # (2 * 10^12 + 3) // 2
    assert distinct_times([10 ** 12], 2) == 0


def times_by_definition(pools: list[int], k: int) -> int:
    """The largest t with sum(min(n, t)) >= k * t, by trying every t (the old way)."""
    return max(t for t in range(sum(pools) // k + 1) if sum(min(n, t) for n in pools) >= k * t)


@settings(max_examples=scaled(400), deadline=None)
@given(pools=st.lists(st.integers(0, 60), max_size=6), k=st.integers(1, 6))
def test_closed_form_distinct_times_matches_its_definition_item6(pools, k):
    # tests/test_card_bruteforce.py checks it against taking sets one by one on small pools.
    assert distinct_times(pools, k) == times_by_definition(pools, k)


@pytest.mark.parametrize("key", ["coins", "tribunes", "builders", "assistants", "ship"])
def test_every_supply_count_has_a_limit_item6(key):
    text = with_supply(key, MAX_COUNT + 1)
    [problem] = problems_of(parse_sheet, text)
    assert (problem.file, problem.token) == ("t.toml", str(MAX_COUNT + 1))
    assert problem.line == line_of(text, f"{key} = {MAX_COUNT + 1}")
    assert f"supply.{key} must be a whole number, 0 to {MAX_COUNT}" in problem.message
    assert parse_sheet(text.replace(str(MAX_COUNT + 1), str(MAX_COUNT)), "t.toml")


def test_track_values_stay_0_to_4_p24_item6():
    text = TOM.replace("library = 4", "library = 5")
    [problem] = problems_of(parse_sheet, text)
    assert "tracks.library must be a whole number, 0 to 4" in problem.message


def test_a_forum_is_at_most_the_stated_number_of_spaces_item6():
    width = 20
    rows = [" ".join([ANY_COLOUR.letter] * width)] * (MAX_FORUM_SPACES // width + 1)
    text = 'players = { T = "Tom" }\ngrid = """\n' + "\n".join(rows) + '\n"""\n'
    [problem] = problems_of(parse_forum, text)
    assert f"more than {MAX_FORUM_SPACES} spaces" in problem.message
    assert problem.line == 3 + MAX_FORUM_SPACES // width  # the row that went past the limit
    fits = text.replace(rows[-1] + "\n", "", 1)
    assert parse_forum(fits, "t.toml").height == MAX_FORUM_SPACES // width


def test_a_forum_names_a_few_players_only_item6():
    marks = ", ".join(f'P{i} = "Player {i}"' for i in range(MAX_FORUM_PLAYERS + 1))
    text = TOM_FORUM.replace('players = { T = "Tom", A = "Anna" }', f"players = {{ {marks} }}")
    problems = problems_of(parse_forum, text)
    assert any(f"names {MAX_FORUM_PLAYERS} at most" in p.message for p in problems)


@pytest.mark.parametrize("key", ["senate_votes", "senate_space", "workers_in_city", "hand_cards"])
def test_trajan_sheet_counts_have_limits_item6(key):
    text = re.sub(rf"(?m)^{key} = \d+$", "", GREEN).replace('name = "Green"\n',
                                                           f'name = "Green"\n{key} = 1000000\n')
    problems = problems_of(parse_classic_sheet, text)
    assert any(p.line == 6 and p.token == "1000000" for p in problems), problems


def test_trajan_forum_tiles_add_up_to_70_spielmaterial_item7():
    assert CLASSIC.forum_tiles == 70  # "70 Forumsplättchen" (Spielmaterial), jokers among them (S. 11)
    text = GREEN.replace("building_jokers = 1", "building_jokers = 60").replace(
        "commodity_jokers = 1", "commodity_jokers = 9")
    [problem] = problems_of(parse_classic_sheet, text)
    # 60 + 9 jokers + 2 games tiles: 71 forum tiles
    assert problem.token == "71" and f"the game has {CLASSIC.forum_tiles}" in problem.message
    assert parse_classic_sheet(text.replace("= 60", "= 59"), "t.toml").building_jokers == 59


def test_trajan_commodity_cards_add_up_to_60_spielmaterial():
    text = GREEN.replace("hand_cards = 2", "hand_cards = 57")  # + 4 in the display
    [problem] = problems_of(parse_classic_sheet, text)
    assert problem.token == "61" and "the game has 60" in problem.message


# --- Item 7: the final scoring's joker search ----------------------------------------------


def test_final_scoring_with_jokers_far_past_the_components_is_quick_item7():
    """240 building jokers took 4 s (400: about 20 s) and 2^31 ran out of memory; 3000
    commodity jokers 17 s. The search is now items x jokers^2, well under a second here."""
    tiles = tuple(BonusTile(BonusKind.COMMODITY, BonusSide.YELLOW, kind) for kind in "abcdefghijkl")
    sheet = ClassicSheet("Green", commodity_jokers=999, bonus_tiles=tiles)
    with within(5, "the joker search"):
        assert construction_sets({"bath": 3, "villa": 2}, 400, CLASSIC).points == 20 * 101
        assert sum(commodity_jokers_for(sheet, CLASSIC).values()) == 999


@pytest.mark.parametrize(("key", "value", "token", "limit"), [
    ("building_jokers", 2 ** 31, 2 ** 31, f"0 to {MAX_COUNT}"),
    ("commodity_jokers", 3000, 3000, f"0 to {MAX_COUNT}"),
    # with Green's commodity joker and 2 games tiles
    ("building_jokers", 240, 243, f"the game has {CLASSIC.forum_tiles} (Spielmaterial)"),
])
def test_classic_final_refuses_more_jokers_than_forum_tiles_item7(tmp_path, key, value, token, limit):
    sheet = tmp_path / "jokers.toml"
    sheet.write_text(re.sub(rf"(?m)^{key} = \d+$", f"{key} = {value}", GREEN), encoding="utf-8")
    result = run_trajan("classic", "final", sheet, timeout=30)
    assert result.returncode == 2, result.stderr
    assert f"'{token}'" in " ".join(result.stderr.split()) and limit in " ".join(result.stderr.split())


# --- Item 8: what Python refuses to read becomes a problem, not an internal error ---------


NESTED = "name = \"Tom\"\nx = " + "[" * 1000 + "]" * 1000 + "\n"
LONG_NUMBER = "name = \"Tom\"\ncoins = " + "9" * 5000 + "\n"
HEX_NUMBER = "name = \"Tom\"\ncoins = 0x" + "f" * 5000 + "\n"
SUPERSCRIPT = TOM.replace('3 = ["active"]', '"³" = ["active"]')


@pytest.mark.parametrize(("text", "line", "words"), [
    (NESTED, 2, f"nested more than {MAX_NESTING} deep"),
    ("a = " + "[" * 50 + "]" * 50, 1, f"nested more than {MAX_NESTING} deep"),  # Python reads it
    (LONG_NUMBER, 2, f"counts go up to {MAX_COUNT}"),
    (HEX_NUMBER, 2, f"counts go up to {MAX_COUNT}"),
    (SUPERSCRIPT, line_of(SUPERSCRIPT, "³"), "'³' is not one of the digits 0-9"),
], ids=["nested-1000", "nested-50", "5000-digits", "hex-digits", "superscript-key"])
def test_what_python_cannot_read_is_a_problem_with_its_line_item8(text, line, words):
    for parse in (parse_sheet, parse_forum, parse_classic_sheet):
        if parse is not parse_sheet and text is SUPERSCRIPT:
            continue
        problems = problems_of(parse, text)
        assert any(p.line == line and words in p.message for p in problems), problems
        assert all(len(str(p)) < 400 for p in problems)  # a short line each


@pytest.mark.parametrize("text", [NESTED, LONG_NUMBER, SUPERSCRIPT], ids=["nested", "digits", "³"])
def test_the_command_line_says_so_with_exit_2_item8(tmp_path, text):
    sheet = tmp_path / "odd.toml"
    sheet.write_text(text, encoding="utf-8")
    result = run_trajan("score", "colonia", sheet, timeout=30)
    assert result.returncode == 2, result.stderr
    assert "odd.toml" in result.stderr and "internal error" not in result.stderr


def test_a_sheet_replayed_from_a_game_file_is_a_clean_problem_item8(tmp_path):
    """The walkthrough's file check words an InputError; anything else escaped as exit 70."""
    from trajan_cli.games.walk import replayed as replay

    from helpers.walkthrough import play, tom_game

    for text in (NESTED, LONG_NUMBER, SUPERSCRIPT):
        bad = tmp_path / "bad.toml"
        bad.write_text(text, encoding="utf-8")
        good = str(EXAMPLES_DIR / "tom-before-payment.toml")
        with within(30, "the walkthrough"):
            result, shown, _ = play(tom_game(), ["file", 0, str(bad), good])
        assert any("bad.toml" in line for line in shown)
        assert result.state.question.key == "pay.rows"
        # The same text stored in a game (as an older version may have saved it).
        answers = list(result.game.lines)
        index = next(i for i, a in enumerate(answers) if isinstance(a.value, dict))
        stored = answers[index]
        answers[index] = Answer(stored.key, stored.cycle, stored.player,
                                {"path": str(bad), "text": text})
        game = replace(result.game, lines=tuple(answers))
        with within(30, "the replay"), pytest.raises(InputError) as info:
            replay(game)
        assert "bad.toml" in str(info.value)


# --- Item 9: only plain files, and only so much of them --------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_without_reading_it_item9(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    result = run_trajan("score", "colonia", device, timeout=30)
    assert result.returncode == 2
    assert f"{device}: is not a plain file" in " ".join(result.stderr.split())


def test_a_pipe_without_a_writer_is_refused_not_waited_for_item9(tmp_path):
    fifo = tmp_path / "sheet.toml"
    os.mkfifo(fifo)
    result = run_trajan("score", "colonia", fifo, timeout=30)
    assert result.returncode == 2
    assert "is not a plain file" in " ".join(result.stderr.split())
    with within(10, "read_text on a pipe"), pytest.raises(InputError):
        read_text(fifo)


def test_a_file_over_the_size_limit_is_refused_item9(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text(TOM + "#" * MAX_FILE_BYTES, encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_text(big)
    assert f"larger than {MAX_FILE_BYTES // 1024} KB" in str(info.value)
    exact = tmp_path / "exact.toml"
    exact.write_bytes(b"#" * MAX_FILE_BYTES)
    assert len(read_text(exact)) == MAX_FILE_BYTES
    with pytest.raises(InputError, match="larger than"):  # a text kept in a game file
        parse_sheet(TOM + "#" * MAX_FILE_BYTES, "game.json")


def test_every_user_file_goes_through_the_one_reader_item9():
    """Where player files are handled (commands, parsers, models, reports, the walkthrough
    and what it records), nothing opens a file but parsing/tomlfile.read_text. (The games
    package's store, files and snapshot keep the tool's own game files, through that reader
    too, and rulesdata.py the packaged rules.)"""
    package = EXAMPLES_DIR.parent
    walkthrough = [package / "games" / f"{name}.py" for name in ("walk", "readers", "recording", "table_session")]
    assert all(path.is_file() for path in walkthrough)
    places = [*package.glob("cli/**/*.py"), *package.glob("core/**/*.py"),
              *package.glob("parsing/**/*.py"), *package.glob("render/**/*.py"),
              *walkthrough, package / "ui" / "prompts.py"]
    readers = [path.relative_to(package).as_posix() for path in places
               if re.search(r"\.read_text\(|\bopen\(|\.read_bytes\(|os\.read\(",
                            path.read_text(encoding="utf-8"))]
    assert readers == ["parsing/tomlfile.py"]


# --- Item 10: linear where it was quadratic --------------------------------------------------


def test_largest_area_of_a_200_by_200_forum_is_linear_item10():
    """Separate envoy groups took 58 s (the next group was found with min() each time)."""
    mark = "T"
    grid = tuple(tuple(ForumSquare(ANY_COLOUR, mark if (row + col) % 2 == 0 else None)
                       for col in range(200)) for row in range(200))
    forum = Forum(grid, {mark: "Tom"})
    with within(5, "the largest area"):  # about 0.1 s now, 11 s before on the 2-core machine
        assert largest_envoy_area(forum, mark) == ((0, 0),)


@settings(max_examples=scaled(200), deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=4, max_size=4), min_size=1, max_size=4))
def test_largest_area_keeps_the_first_of_equal_groups(envoys):
    grid = tuple(tuple(ForumSquare(ANY_COLOUR, "T" if on else None) for on in row) for row in envoys)
    forum = Forum(grid, {"T": "Tom"})
    groups, seen = [], set()
    mine = {(c, r) for r, row in enumerate(envoys) for c, on in enumerate(row) if on}
    for start in sorted(mine):  # every group, by its smallest (col, row)
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            c, r = todo.pop()
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n in mine and n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        groups.append(group)
    expected = max(groups, key=len, default=set())  # max keeps the first of equal ones
    assert set(largest_envoy_area(forum, "T")) == expected


def test_a_file_of_unknown_tokens_lists_20_problems_and_counts_the_rest_item10():
    rows = "\n".join(" ".join(["zzz"] * 30) for _ in range(1500))
    text = f'name = "Tom"\ncolonia = """\n{rows}\n"""\n'
    assert len(text) < MAX_FILE_BYTES
    with within(20, "45000 unknown tokens"):
        problems = problems_of(parse_sheet, text)
    assert len(problems) == MAX_PROBLEMS_SHOWN + 1
    found = 1500 * 30 + 1500 + 1  # every token, every row of 30, and the count of rows
    hidden = found - MAX_PROBLEMS_SHOWN
    assert str(problems[-1]) == f"t.toml: {hidden} more problems not shown; correct the ones " \
                                "above and try again"
    assert [p.line for p in problems[:-1]] == sorted(p.line for p in problems[:-1])


def test_merged_errors_keep_the_count_of_problems_not_shown():
    one = ProblemList("a.toml")
    for n in range(25):
        one.add(n + 1, "x", "wrong")
    with pytest.raises(InputError) as first:
        one.raise_if_any()
    merged = InputError([*first.value.problems, Problem("b.toml", 1, "y", "wrong too")])
    assert merged.more == 6  # 5 unshown of a.toml, and one of the 21 listed now goes unshown
    assert "6 more problems" in str(merged.problems[-1])


def test_a_message_made_by_a_function_is_made_only_when_listed():
    made = []
    problems = ProblemList("f")
    for n in range(MAX_PROBLEMS_SHOWN + 5):
        problems.add(n, "t", lambda n=n: made.append(n) or "m")
    assert made == list(range(MAX_PROBLEMS_SHOWN)) and problems.found == MAX_PROBLEMS_SHOWN + 5


def test_a_long_token_is_cut_in_the_message():
    problem = Problem("f", 1, "x" * 10_000, "wrong")
    assert len(str(problem)) < 100


def test_envoys_of_a_double_tile_on_the_largest_forum_are_judged_quickly(monkeypatch):
    """Judging two envoys grows with the square of the forum: the space limit bounds it,
    and the colour areas (which envoys never change) are found once, not per first square."""
    from trajan_cli.core.referee.envoy import Placement, check_envoys
    from trajan_cli.core.referee.verdict import Via
    from trajan_cli.rulesdata import load_rules

    width = 20
    square = ANY_COLOUR.letter
    rows = [" ".join((f"{square}:T" if (row + col) % 2 == 0 else square) for col in range(width))
            for row in range(MAX_FORUM_SPACES // width)]
    forum = parse_forum('players = { T = "Tom" }\ngrid = """\n' + "\n".join(rows) + '\n"""\n')
    searched = []
    areas = Forum.colour_areas
    monkeypatch.setattr(Forum, "colour_areas", lambda self, colour: searched.append(1) or areas(self, colour))
    with within(20, "two envoys on the largest forum"):
        verdict = check_envoys(forum, "T", Placement(Via.BUILD, ANY_COLOUR), load_rules(), count=2)
    assert len(verdict.second_after) == MAX_FORUM_SPACES // 2
    assert len(searched) <= 3  # the first envoy, the double tile's second, the verdict


# --- Item 11: a byte order mark -------------------------------------------------------------


def test_a_file_starting_with_a_bom_reads_like_any_other_item11(tmp_path, cli):
    """Windows Notepad starts UTF-8 files with EF BB BF; it was 'Invalid statement' on line 1."""
    sheet = tmp_path / "notepad.toml"
    sheet.write_bytes(b"\xef\xbb\xbf" + TOM.encode("utf-8"))
    plain = tmp_path / "plain.toml"
    plain.write_text(TOM, encoding="utf-8")
    with_bom, without = cli("score", "colonia", sheet, "--json"), cli("score", "colonia", plain, "--json")
    assert with_bom.code == 0, with_bom.err
    assert with_bom.out == without.out
    assert parse_sheet("\ufeff" + TOM, "t.toml") == parse_sheet(TOM, "t.toml")
    forum = tmp_path / "forum.toml"
    forum.write_bytes(b"\xef\xbb\xbf" + TOM_FORUM.encode("utf-8"))
    assert cli("score", "forum", forum, "--player", "T").code == 0
