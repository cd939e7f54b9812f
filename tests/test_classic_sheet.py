"""The Trajan (2011) player sheet: every key, defaults, and every problem with its line."""

from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.classic.models import BonusTile
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide, Demand
from trajan_cli.parsing.classic_sheet import load_classic_sheet, parse_classic_sheet
from trajan_cli.parsing.errors import InputError

from helpers.fuzzing import fuzz, mutate_text, parses_cleanly

GREEN = (EXAMPLES_DIR / "classic-green.toml").read_text()


def problems_of(text: str):
    try:
        parse_classic_sheet(text, "s.toml")
    except InputError as exc:
        return [(p.line, p.token, p.message) for p in exc.problems]
    raise AssertionError("the sheet was accepted")


def test_the_shipped_example_reads_every_key():
    sheet = load_classic_sheet(EXAMPLES_DIR / "classic-green.toml")
    assert (sheet.name, sheet.hand_cards, sheet.workers_in_camp, sheet.legionaries_in_camp) == ("Green", 2, 1, 2)
    assert (sheet.trajan_tiles_on_circle, sheet.workers_in_city, sheet.legionaries_in_provinces) == (3, 5, 2)
    assert sheet.buildings == {"bath": 3, "villa": 2} and sheet.building_jokers == 1
    assert sheet.display == {"wine": 3, "oil": 1} and sheet.commodity_jokers == 1
    assert sheet.forum_needs == {Demand.GAMES: 2} and sheet.trajan_needs == (Demand.RELIGION,)
    assert (sheet.senate_votes, sheet.senate_tiles, sheet.senate_space) == (5, (), None)
    assert sheet.bonus_tiles == (BonusTile(BonusKind.COMMODITY, BonusSide.YELLOW, "wine"),
                                 BonusTile(BonusKind.CITY_WORKERS, BonusSide.GRAY))


def test_missing_keys_count_as_zero_or_empty():
    sheet = parse_classic_sheet('name = "Ann"\n')
    assert (sheet.hand_cards, sheet.buildings, sheet.trajan_needs, sheet.bonus_tiles,
            sheet.senate_tiles) == (0, {}, (), (), ())


def test_inline_bonus_tiles_and_names_in_any_case():
    sheet = parse_classic_sheet('name = "Ann"\ndisplay = { Wine = 2 }\nforum_needs = { BREAD = 1 }\n'
                                'bonus_tiles = [{ kind = "Commodity", type = "WINE", side = "Gray" }]\n'
                                "senate_space = 4\n")
    assert sheet.display == {"wine": 2} and sheet.forum_needs == {Demand.BREAD: 1}
    assert sheet.bonus_tiles == (BonusTile(BonusKind.COMMODITY, BonusSide.GRAY, "wine"),)
    assert sheet.senate_space == 4


def test_every_problem_is_reported_with_its_line_and_token():
    text = "\n".join([
        'name = "Bob"',                           # 1
        "hand_cards = -1",                        # 2
        "workers_in_camp = 9",                    # 3
        "workers_in_city = 9",                    # 4
        'buildings = { bath = "x", joker = 1 }',  # 5
        "display = { wine = 7 }",                 # 6
        "forum_needs = { bred = 1 }",             # 7
        'trajan_needs = ["bread", "wine"]',       # 8
        "senate_tiles = [3, 7]",                  # 9
        "trajan_tiles_on_circle = 7",             # 10
        "colour = 2",                             # 11
        "",                                       # 12
        "[[bonus_tiles]]",                        # 13
        'kind = "comodity"',                      # 14
        'side = "green"',                         # 15
        "",
        "[[bonus_tiles]]",                        # 17
        'kind = "commodity"',                     # 18
        'side = "gray"',                          # 19
        "",
        "[[bonus_tiles]]",                        # 21
        'kind = "needs"',                         # 22
        'type = "wine"',                          # 23
        'side = "yellow"',                        # 24
    ])
    found = problems_of(text)
    lines = [(line, token) for line, token, _ in found]
    assert lines == [(2, "-1"), (4, "18"), (5, "x"), (5, "joker"), (6, "wine = 7"), (7, "bred"), (8, "wine"),
                     (9, "7"), (10, "7"), (11, "colour"), (14, "comodity"), (15, "green"), (18, None), (23, "wine")]
    messages = dict(((line, token), message) for line, token, message in found)
    assert "15 figures" in messages[(4, "18")]
    assert "did you mean 'bread'" in messages[(7, "bred")]
    assert "2 to 5 votes (S. 11)" in messages[(9, "7")]
    assert 'type = "wine"' in messages[(18, None)]
    assert "building_jokers" in messages[(5, "joker")]


def test_name_is_required_and_toml_errors_name_the_line():
    assert problems_of("hand_cards = 2\n")[0][2].startswith("every sheet needs a player name")
    [(line, _, message)] = problems_of('name = "Ann"\nhand_cards = = 2\n')
    assert line == 2 and "not valid TOML" in message


@fuzz(300)
@given(st.data())
def test_mutated_sheets_parse_or_fail_cleanly(data):
    parses_cleanly(parse_classic_sheet, mutate_text(GREEN, data))
