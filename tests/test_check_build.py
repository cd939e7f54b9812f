"""`check_build`: placement (pp. 22-23), the tile grammar, benefits (pp. 24-25)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.colonia import CORNERS, VACATED, gray, structure
from trajan_cli.core.referee.build import (
    ColumnBenefit,
    EnvoyBenefit,
    TileError,
    TileProblem,
    TrackBenefit,
    check_build,
    parse_tile,
    placement_violations,
    places_for,
    with_active,
)
from trajan_cli.core.referee.verdict import Rule
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import (
    CellKind,
    Citizen,
    CitizenState,
    Colour,
    Cycle,
    GrayType,
    Track,
    parse_square_name,
)
from trajan_cli.parsing.errors import ProblemList
from trajan_cli.parsing.grid import parse_colonia
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.render.referee import build_answer, build_report

from helpers.hypothesis_profiles import scaled
from helpers.sheet_strategies import sheets

RICH = Supply(coins=2, tribunes=2, builders=2, assistants=2, ship=3,
              workers={c: 2 for c in Colour})


def make_sheet(grid: str | None = None, supply: Supply = RICH, citizens=None, tracks=None,
               vacated=()) -> PlayerSheet:
    """Tanya with Tom's colonia (p. 28 example) unless ``grid`` is given; ``vacated`` cells
    have their Colonia tile or building taken away."""
    if grid is None:
        colonia = load_sheet(EXAMPLES_DIR / "tom.toml").colonia
    else:
        problems = ProblemList("test")
        colonia = parse_colonia(grid, problems)
        assert not problems, problems
    for name in vacated:
        colonia = colonia.replace(parse_square_name(name), VACATED)
    # The buildings place the track markers (p. 24): keep as many libraries, basilicas and
    # markets as ``tracks`` says (none when not given), the others become columns.
    wanted = {Track(t): n for t, n in (tracks or {}).items()}
    for track in Track:
        kind = GrayType(track.value)
        built = [sq for sq, cell in colonia.squares() if cell.kind is CellKind.GRAY and cell.gray is kind]
        assert len(built) >= wanted.get(track, 0), "Tom's colonia has too few to keep"
        for square in built[wanted.get(track, 0):]:
            colonia = colonia.replace(square, gray(GrayType.COLUMN))
    return PlayerSheet("Tanya", colonia, citizens or {}, supply)


def cells(*names: str):
    return tuple(parse_square_name(n) for n in names)


def judge(tile: str, *where: str, sheet=None, rules=None, cycle=None):
    return check_build(sheet or make_sheet(), parse_tile(tile), cells(*where), rules, cycle=cycle)


def rules_broken(verdict) -> list[tuple[Rule, tuple[str, ...]]]:
    from trajan_cli.core.vocabulary import square_name

    return [(v.rule, tuple(square_name(*c) for c in v.cells)) for v in verdict.violations]


# --- The TILE grammar -------------------------------------------------------------------


@pytest.mark.parametrize("word, part", [
    ("lib", gray(GrayType.LIBRARY)), ("library", gray(GrayType.LIBRARY)),
    ("col", gray(GrayType.COLUMN)), ("triumphal-column", gray(GrayType.COLUMN)),
    ("bas", gray(GrayType.BASILICA)), ("MKT", gray(GrayType.MARKET)),
    ("b", structure(Colour.BLUE)), ("green", structure(Colour.GREEN)),
    ("o", structure(Colour.ORANGE)), ("orange", structure(Colour.ORANGE)), ("Y", structure(Colour.YELLOW)),
    ("r", structure(Colour.ORANGE)), ("red", structure(Colour.ORANGE)),  # orange's old name (issue 12)
])
def test_single_tiles(word, part):
    tile = parse_tile(word)
    assert tile.parts == (part,) and not tile.is_double


def test_double_tiles_keep_the_order_of_the_cells_p23():
    assert parse_tile("col+g").parts == (gray(GrayType.COLUMN), structure(Colour.GREEN))
    assert parse_tile("g+col").parts == (structure(Colour.GREEN), gray(GrayType.COLUMN))
    assert parse_tile("blue+b").parts == (structure(Colour.BLUE),) * 2
    assert parse_tile("lib+o").token == "lib+o"
    assert parse_tile("lib+r").token == "lib+o"  # r: orange's old letter, written as o


@pytest.mark.parametrize("text, token, problem", [
    ("lib+bas", "lib+bas", TileProblem.TWO_GRAY),  # p. 23: no gray + gray tile
    ("g+b", "g+b", TileProblem.TWO_COLOURS),  # p. 23: two structures share a colour
    ("x", "x", TileProblem.UNKNOWN_PART),
    ("col+park", "park", TileProblem.UNKNOWN_PART),
    ("g+", "g+", TileProblem.EMPTY_PART),
    ("", "", TileProblem.EMPTY_PART),
    ("g+g+g", "g+g+g", TileProblem.TOO_MANY_PARTS),
])
def test_tiles_that_do_not_exist_p23(text, token, problem):
    with pytest.raises(TileError) as caught:
        parse_tile(text)
    assert (caught.value.token, caught.value.problem) == (token, problem)


# --- Placement (pp. 22-23) ----------------------------------------------------------------


def test_vacated_space_takes_a_tile_p22(rules):
    verdict = judge("lib", "C1", rules=rules)
    assert verdict.legal and verdict.violations == ()


def test_covered_space_is_refused_p22(rules):
    assert rules_broken(judge("lib", "E1", rules=rules)) == [(Rule.COVERED, ("E1",))]


def test_temple_is_never_built_over_p22(rules):
    verdict = judge("g", "B2", rules=rules)
    assert rules_broken(verdict) == [(Rule.TEMPLE, ("B2",))]
    assert verdict.violations[0].page.en == 22


@pytest.mark.parametrize("where, what", [("D1", "gray"), ("A3", "structure")])
def test_occupied_space_is_refused_p22(rules, where, what):
    verdict = judge("lib", where, rules=rules)
    assert rules_broken(verdict) == [(Rule.OCCUPIED, (where,))]
    assert verdict.violations[0].details["cell"].kind is CellKind(what)


def test_uncovered_cranes_are_never_built_over_p22(rules):
    # F1 shows its colour (Kg), A6 is already scored (K).
    for corner in ("F1", "A6"):
        assert rules_broken(judge("lib", corner, rules=rules)) == [(Rule.CRANE, (corner,))]


def test_covered_crane_corner_breaks_two_rules_p22(rules):
    # A1 is still covered and is a crane corner: both rules are listed.
    assert rules_broken(judge("lib", "A1", rules=rules)) == [(Rule.COVERED, ("A1",)),
                                                            (Rule.CRANE, ("A1",))]


def test_every_corner_is_a_crane_p22(rules):
    # The grid parser refuses '.' on a corner; the core refuses to build there anyway.
    sheet = make_sheet()
    for corner in CORNERS:
        sheet = dataclasses.replace(sheet, colonia=sheet.colonia.replace(corner, VACATED))
    for col, row in CORNERS:
        verdict = check_build(sheet, parse_tile("g"), ((col, row),), rules)
        assert [v.rule for v in verdict.violations] == [Rule.CRANE]


def test_double_tile_on_two_neighbouring_vacated_spaces_p23(rules):
    # C3 vacated beside B3: side by side.
    assert judge("col+g", "B3", "C3", sheet=make_sheet(vacated=["C3"]), rules=rules).legal
    assert judge("g+g", "A4", "A4", rules=rules).violations[0].rule is Rule.SAME_SPACE
    # E1 vacated above E2: one above the other.
    assert judge("b+b", "E1", "E2", sheet=make_sheet(vacated=["E1"]), rules=rules).legal


def test_double_tile_needs_two_neighbouring_spaces_p23(rules):
    # B3 and A4 touch only at a corner.
    verdict = judge("g+g", "B3", "A4", rules=rules)
    assert rules_broken(verdict) == [(Rule.NOT_NEIGHBOURS, ("B3", "A4"))]
    assert verdict.violations[0].page.en == 23
    assert rules_broken(judge("g+g", "C1", "E2", rules=rules)) == [
        (Rule.NOT_NEIGHBOURS, ("C1", "E2"))]


def test_every_violated_rule_is_listed_p22_p23(rules):
    verdict = judge("col+g", "A1", "B2", rules=rules)
    assert rules_broken(verdict) == [
        (Rule.COVERED, ("A1",)), (Rule.CRANE, ("A1",)), (Rule.TEMPLE, ("B2",)),
        (Rule.NOT_NEIGHBOURS, ("A1", "B2")),
    ]
    assert not verdict.legal


def test_placement_and_payment_problems_together(rules):
    poor = make_sheet(supply=Supply())
    verdict = judge("lib", "B2", sheet=poor, rules=rules)
    assert [v.rule for v in verdict.violations] == [Rule.TEMPLE, Rule.NO_PAYMENT]
    assert verdict.payments == () and verdict.missing


def test_no_payment_makes_a_good_space_illegal(rules):
    verdict = judge("lib", "C1", sheet=make_sheet(supply=Supply(workers={Colour.ORANGE: 1})),
                    rules=rules)
    assert not verdict.legal and [v.rule for v in verdict.violations] == [Rule.NO_PAYMENT]
    assert verdict.violations[0].page.en == 22
    double = judge("o+o", "C1", "C2", sheet=make_sheet(supply=Supply(), vacated=["C2"]),
                   rules=rules)
    assert [(v.rule, v.page.en) for v in double.violations] == [(Rule.NO_PAYMENT, 23)]
    assert {dict(b).popitem()[0].value for b in verdict.missing} == {"builder", "worker:orange"}


def test_building_tiles_never_run_out_publisher_ruling(rules):
    # Twenty green structures already built: another one is still judged on its merits.
    grid = "\n".join(["K  g  g  g  g  K", "g  T  g  g  T  g", "g  g  g  g  g  g",
                      "g  g  g  g  g  g", "g  T  g  g  T  .", "K  g  g  g  g  K"])
    verdict = judge("g", "F5", sheet=make_sheet(grid), rules=rules)
    assert verdict.legal


# --- Citizens: only active ones count (p. 26) -------------------------------------------


def test_inactive_craftsman_does_not_exchange_p26(rules):
    supply = Supply(assistants=1)
    inactive = make_sheet(supply=supply, citizens={5: (CitizenState.INACTIVE,)})
    assert not judge("o", "C1", sheet=inactive, rules=rules).legal
    active = make_sheet(supply=supply, citizens={5: (CitizenState.ACTIVE,)})
    assert judge("o", "C1", sheet=active, rules=rules).legal


def test_with_active_turns_up_the_whole_row_or_adds_a_citizen_p27():
    """--citizen names a row paid as a whole (p. 27): a row of two inactive citizens turns
    up both, as paying it would."""
    sheet = make_sheet(citizens={6: (CitizenState.INACTIVE, CitizenState.INACTIVE)})
    turned = with_active(sheet, [Citizen.CRAFTSMAN_II, Citizen.MERCHANT_II])
    assert turned.citizens[6] == (CitizenState.ACTIVE, CitizenState.ACTIVE)
    assert turned.citizens[4] == (CitizenState.ACTIVE,)
    assert turned.active_citizens == 3
    assert with_active(turned, [Citizen.CRAFTSMAN_II]).citizens == turned.citizens


def test_citizen_option_on_a_row_of_two_counts_both_for_a_column_p24_p27(rules):
    """A column scores the column value + 1 per active citizen (p. 24): a row of two
    inactive citizens named with --citizen adds 2, as paying the row would (p. 27)."""
    sheet = make_sheet(citizens={6: (CitizenState.INACTIVE, CitizenState.INACTIVE)})
    judged = with_active(sheet, [Citizen.CRAFTSMAN_II])
    [benefit] = judge("col", "C1", sheet=judged, rules=rules, cycle=Cycle.I).benefits
    assert (benefit.active_citizens, benefit.score.points) == (2, 3 + 2)


# --- Benefits (pp. 24-25) -------------------------------------------------------------------


def test_triumphal_column_tanya_example_p24(rules):
    # p. 24: in the first cycle Tanya builds a column with two citizens: 3 + 2 = 5 points.
    sheet = make_sheet(citizens={3: (CitizenState.ACTIVE,), 5: (CitizenState.ACTIVE,)})
    [benefit] = judge("col", "C1", sheet=sheet, rules=rules, cycle=Cycle.I).benefits
    assert isinstance(benefit, ColumnBenefit)
    assert (benefit.score.fragment_value, benefit.active_citizens, benefit.score.points) == (3, 2, 5)


def test_column_counts_only_active_citizens_p24(rules, tom):
    # Tom: Merchant I, Merchant II and two Craftsmen I active; Craftsman II inactive.
    [benefit] = check_build(tom, parse_tile("col"), cells("C1"), rules, cycle=Cycle.III).benefits
    assert (benefit.score.fragment_value, benefit.active_citizens, benefit.score.points) == (1, 4, 5)


def test_column_value_by_cycle_p24(rules):
    for cycle, value in ((Cycle.I, 3), (Cycle.II, 2), (Cycle.III, 1)):
        [benefit] = judge("col", "C1", rules=rules, cycle=cycle).benefits
        assert benefit.score.points == value


def test_column_without_cycle_gives_no_number(rules):
    [benefit] = judge("col", "C1", rules=rules).benefits
    assert benefit.score is None and benefit.active_citizens == 0


@pytest.mark.parametrize("track", list(Track))
def test_track_first_step_offers_only_its_own_benefit_p24(rules, track):
    token = GrayType(track.value).token
    [benefit] = judge(token, "C1", rules=rules).benefits
    assert isinstance(benefit, TrackBenefit)
    assert (benefit.from_step, benefit.to_step) == (0, 1)
    assert [s.step for s in benefit.choices] == [1] and benefit.column is None


def test_track_from_space_two_offers_earlier_benefits_p24(rules):
    sheet = make_sheet(tracks={Track.LIBRARY: 1, Track.MARKET: 2})
    [library] = judge("lib", "C1", sheet=sheet, rules=rules).benefits
    assert (library.to_step, [s.step for s in library.choices]) == (2, [1, 2])
    assert dict(library.choices[1].gain) == {"builder": 1}  # 2nd library: 1 builder
    [market] = judge("mkt", "C1", sheet=sheet, rules=rules).benefits
    assert [s.step for s in market.choices] == [1, 2, 3]
    assert market.choices[2].action == "envoy_on_any_colour"  # 3rd market


def test_fourth_step_also_scores_like_a_column_p24(rules):
    sheet = make_sheet(tracks={Track.BASILICA: 3}, citizens={1: (CitizenState.ACTIVE,)})
    [benefit] = judge("bas", "C1", sheet=sheet, rules=rules, cycle=Cycle.II).benefits
    assert benefit.to_step == 4 and [s.step for s in benefit.choices] == [1, 2, 3, 4]
    assert benefit.column.score.points == 2 + 1


def test_beyond_the_fourth_step_no_benefit_p24(rules, tom):
    # Tom's library marker stands next to Trajan's column already.
    [benefit] = check_build(tom, parse_tile("lib"), cells("C1"), rules, cycle=Cycle.III).benefits
    assert benefit.to_step is None and benefit.choices == () and benefit.column is None


def test_structure_sends_one_envoy_of_its_colour_p25(rules):
    [benefit] = judge("y", "C1", rules=rules).benefits
    assert isinstance(benefit, EnvoyBenefit)
    assert (benefit.colour, benefit.wanted, benefit.envoys) == (Colour.YELLOW, 1, 1)


def test_double_of_one_colour_sends_two_envoys_p25(rules):
    [benefit] = judge("o+o", "E1", "E2", sheet=make_sheet(vacated=["E1"]), rules=rules).benefits
    assert (benefit.colour, benefit.envoys) == (Colour.ORANGE, 2)


def test_envoys_only_while_the_ship_holds_them_p25(rules):
    one = make_sheet(supply=dataclasses.replace(RICH, ship=1), vacated=["E1"])
    [benefit] = judge("o+o", "E1", "E2", sheet=one, rules=rules).benefits
    assert (benefit.wanted, benefit.envoys) == (2, 1)
    none = make_sheet(supply=dataclasses.replace(RICH, ship=0), vacated=["E1"])
    verdict = judge("o", "E1", sheet=none, rules=rules)
    assert verdict.legal and verdict.benefits[0].envoys == 0  # still may build (p. 25)


def test_gray_and_colour_double_gives_both_benefits_p24_p25(rules):
    benefits = judge("mkt+b", "E1", "E2", sheet=make_sheet(vacated=["E1"]), rules=rules).benefits
    assert [type(b) for b in benefits] == [TrackBenefit, EnvoyBenefit]
    assert benefits[0].track is Track.MARKET and benefits[1].envoys == 1


# --- Random described states: never a crash, and the verdict agrees with the rules --------


def placement_ok(sheet, squares) -> bool:
    """Independent of the referee: vacated, not a corner, and (double) neighbours."""
    for col, row in squares:
        if (col, row) in CORNERS or sheet.colonia.rows[row][col].kind is not CellKind.VACATED:
            return False
    if len(squares) == 2:
        (a, b), (c, d) = squares
        return abs(a - c) + abs(b - d) == 1
    return True


board_squares = st.tuples(st.integers(0, 5), st.integers(0, 5))
tile_words = st.sampled_from(["lib", "col", "bas", "mkt", "b", "g", "o", "r", "y",
                              "col+g", "b+lib", "o+o", "r+r", "y+y", "g+bas", "mkt+y"])


@settings(max_examples=scaled(200), deadline=None)
@given(sheet=sheets(), word=tile_words, first=board_squares, second=board_squares,
       cycle=st.none() | st.sampled_from(list(Cycle)))
def test_random_builds_are_judged_by_the_rules(rules, sheet, word, first, second, cycle):
    tile = parse_tile(word)
    squares = (first, second)[: len(tile.parts)]
    verdict = check_build(sheet, tile, squares, rules, cycle=cycle)
    placement_rules = [v for v in verdict.violations if v.rule is not Rule.NO_PAYMENT]
    assert (not placement_rules) == placement_ok(sheet, squares)
    assert verdict.legal == (placement_ok(sheet, squares) and bool(verdict.payments))
    assert all(v.page.en in (22, 23) for v in placement_rules)
    assert len(verdict.benefits) == len({(p.kind, p.colour) for p in tile.parts
                                          if p.kind is CellKind.STRUCTURE}) + sum(
        p.kind is CellKind.GRAY for p in tile.parts)
    # The answer and the report are made without fail, one reason per rule broken.
    answer = build_answer(verdict, rules, sheet.supply.ship, [])
    assert json.loads(json.dumps(answer))["legal"] is verdict.legal
    assert len(answer["reasons"]) == len(verdict.violations)
    assert all("(p. " in reason for reason in answer["reasons"])
    assert build_report(sheet.name, verdict, rules, sheet.supply.ship, [], "")


@pytest.fixture
def language():
    from trajan_cli import i18n

    yield i18n.set_language
    i18n.set_language("en")


def test_the_referee_counts_in_each_language_s_own_words_p24(language):
    """p. 24: a triumphal column scores "the value on top of Trajan's column" (1 in cycle
    III) plus 1 per active citizen: with none, 1 point, not "1 points"; and a supply part
    is counted by each catalog's plural rule (French says "0 pièce", p. 24's coins)."""
    from trajan_cli.core.referee.build import ColumnBenefit
    from trajan_cli.core.referee.payment import Resource
    from trajan_cli.core.scoring import score_triumphal_column
    from trajan_cli.render.referee import bag_text, benefit_text
    from trajan_cli.rulesdata import load_rules

    rules = load_rules()
    column = ColumnBenefit((2, 2), 0, score_triumphal_column(Cycle.III, 0, rules))
    text = benefit_text(column, rules, 0)
    assert "= 1 point (" in text and "1 points" not in text
    language("fr")
    assert bag_text(((Resource.COIN, 0), (Resource.BUILDER, 1))) == "0 pièce + 1 bâtisseur"
    assert "= 1 point (" in benefit_text(column, rules, 0)
    language("de")
    assert bag_text(((Resource.TRIBUNE, 2),)) == "2 Tribune"


@settings(max_examples=scaled(100), deadline=None)
@given(sheet=sheets(), word=st.sampled_from(["lib", "g", "g+g", "mkt+y"]))
def test_the_places_offered_are_exactly_those_the_placement_rules_allow_pp22_23(rules, sheet, word):
    """Brute force over every space (and every pair of spaces, each pair once) against the
    placement rules: a refused build's "where it may go" misses none and adds none."""
    tile = parse_tile(word)
    squares = [(c, r) for r in range(6) for c in range(6)]
    if tile.is_double:
        wanted = {frozenset(pair) for pair in ((a, b) for a in squares for b in squares if a < b)
                  if not placement_violations(sheet, tile, tuple(sorted(pair)), rules)}
        assert {frozenset(p) for p in places_for(sheet, tile, rules)} == wanted
        assert len(places_for(sheet, tile, rules)) == len(wanted)
    else:
        wanted = {(s,) for s in squares if not placement_violations(sheet, tile, (s,), rules)}
        assert set(places_for(sheet, tile, rules)) == wanted
