"""rules_data/classic.toml holds Trajan (2011)'s figures, each with its German page or section."""

import tomllib
from pathlib import Path

import pytest

import trajan_cli
from trajan_cli.core.classic.models import BonusValue
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide, ShipSide, ShipTile
from trajan_cli.rulesdata import _build_classic, data_dir, load_classic_rules

RULES = load_classic_rules()


def test_every_fact_names_its_section_and_the_pinned_pages():
    assert all(ref.section for ref in RULES.refs.values())
    # The rulebook's cross-references: quarter and game end "Seite 8 u. 9", forum tiles "Seite 11".
    assert (RULES.ref("needs").page, RULES.ref("needs").inferred) == (9, False)
    assert RULES.ref("senate_tiles").page == 11 and RULES.ref("jokers").page == 11
    assert RULES.ref("final").page == 9 and RULES.ref("final").inferred
    assert RULES.ref("ship").page is None and str(RULES.ref("ship")) == "„Hafen-Aktion“"
    assert str(RULES.ref("needs")) == "S. 9"


def test_needs_penalty_0_4_9_15_s9():
    assert RULES.needs_penalty == {0: 0, 1: -4, 2: -9, 3: -15}
    assert RULES.demands_per_quarter == 3 and RULES.trajan_tile_uses == 1


def test_senate_tiles_show_2_to_5_votes_s11():
    assert RULES.senate_tile_votes == (2, 5)
    assert (RULES.consul_side, RULES.deputy_side) == (BonusSide.YELLOW, BonusSide.GRAY)


def test_final_scoring_figures_s9():
    assert RULES.final_points == {"hand_card": 1, "worker_in_camp": 1, "legionary_in_camp": 1,
                                  "trajan_tile_on_circle": 1}
    assert RULES.construction_sets == {3: 10, 4: 20}


def test_bonus_tile_values_yellow_and_gray():
    values = {kind: (rule.sides[BonusSide.YELLOW], rule.sides[BonusSide.GRAY]) for kind, rule in RULES.bonus.items()}
    assert values == {
        BonusKind.NEEDS: (BonusValue(9, once=True), BonusValue(6, once=True)),
        BonusKind.CITY_WORKERS: (BonusValue(1), BonusValue(1, per=2)),
        BonusKind.COMMODITY: (BonusValue(3), BonusValue(2)),
        BonusKind.LEGIONARIES: (BonusValue(2), BonusValue(1)),
        BonusKind.YELLOW_TILES: (BonusValue(3), BonusValue(2)),
    }


def test_ship_tables_front_and_back_hafen_aktion():
    assert RULES.ship == {
        ShipTile.SAME: {ShipSide.FRONT: (2, 6, 12, 20), ShipSide.BACK: (0, 1, 7, 15)},
        ShipTile.PAIRS: {ShipSide.FRONT: (5, 10, 15), ShipSide.BACK: (1, 6, 11)},
        ShipTile.DIFFERENT: {ShipSide.FRONT: (2, 4, 6, 8), ShipSide.BACK: (0, 1, 3, 5)},
    }


def test_components_spielmaterial():
    assert (RULES.stones_per_colour, RULES.bowls, RULES.figures) == (2, 6, 15)
    assert (RULES.construction_tiles, RULES.commodity_kinds, RULES.cards_per_commodity) == (20, 12, 5)
    assert RULES.bonus_tile_count == 12


def test_province_deduction_militaer_aktion():
    assert (RULES.province_deduction, RULES.province_minimum, RULES.province_most_foreign) == (3, 0, 3)


def test_a_broken_penalty_table_is_refused():
    doc = tomllib.loads((data_dir() / "classic.toml").read_text(encoding="utf-8"))
    doc["needs"]["penalty"] = {"0": 0, "1": -4, "2": -2, "3": -15}
    with pytest.raises(ValueError, match="shrink"):
        _build_classic(doc)


def test_classic_data_and_examples_ship_with_the_package():
    package = Path(trajan_cli.__file__).parent
    assert (package / "examples" / "classic-green.toml").is_file()
    assert (package / "examples" / "classic-brown.toml").is_file()
    assert (data_dir() / "classic.toml").is_file()
