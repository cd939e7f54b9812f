"""rules_data/ holds the rulebook's figures, each with its page (English edition)."""

from trajan_cli.core.vocabulary import Citizen, Cycle, SocialClass, Track
from trajan_cli.rulesdata import CARD_IDS, data_dir


def test_crane_points_per_cycle_p27(rules):
    assert rules.crane_points == {Cycle.I: 3, Cycle.II: 2, Cycle.III: 1}
    assert rules.page("construction_cranes").en == 27


def test_column_fragment_values_p24(rules):
    assert rules.column_values == {Cycle.I: 3, Cycle.II: 2, Cycle.III: 1}
    assert rules.page("column_fragments").en == 24


def test_row_multiplier_by_active_citizens_p27(rules):
    assert rules.row_multiplier == {0: 1, 1: 2, 2: 3}
    assert rules.max_gray_types == 4


def test_citizen_payment_one_coin_per_row_p27(rules):
    assert rules.coins_per_citizen_row == 1


def test_trajan_values_p28(rules):
    assert rules.trajan_values == (3, 5, 7)


def test_area_bonus_choices_p25(rules):
    assert rules.area_bonus_choices == ("tribune", "assistant", "coin", "upgrade", "points")
    assert rules.area_bonus_points == 2
    assert rules.page("area_bonus").en == 25


def test_eagle_points_p25_p27(rules):
    assert rules.eagle_points == (2, 1, 1)


def test_tie_break_order_end_of_game(rules):
    assert rules.tie_break == ("points", "active_citizens", "resources_left", "shared")
    assert rules.page("tie_break").inferred  # no cross-reference pins this page


def test_introductory_game_scores_one_card_after_cycle_iii_p28(rules):
    assert rules.introductory_trajan_scorings == (Cycle.III,)


def test_citizen_rows_classes_and_second_bonuses_p26(rules):
    expected = {
        Citizen.PATRICIAN_I: (1, SocialClass.PATRICIAN, "envoy"),
        Citizen.PATRICIAN_II: (2, SocialClass.PATRICIAN, "area_bonus"),
        Citizen.MERCHANT_I: (3, SocialClass.MERCHANT, "coin_or_tribune"),
        Citizen.MERCHANT_II: (4, SocialClass.MERCHANT, "coin_or_assistant"),
        Citizen.CRAFTSMAN_I: (5, SocialClass.CRAFTSMAN, "worker"),
        Citizen.CRAFTSMAN_II: (6, SocialClass.CRAFTSMAN, "builder"),
    }
    for citizen, (row, social_class, bonus) in expected.items():
        rule = rules.citizens[citizen]
        assert (rule.row, rule.social_class, rule.second_bonus) == (row, social_class, bonus)
        assert rule.page.en == 26
        assert rules.second_bonus_text[bonus]


def test_citizen_exchanges_p26(rules):
    c = rules.citizens
    assert (c[Citizen.CRAFTSMAN_I].exchange.give, c[Citizen.CRAFTSMAN_I].exchange.get,
            c[Citizen.CRAFTSMAN_I].exchange.times) == (("assistant",), ("worker",), 2)
    assert (c[Citizen.CRAFTSMAN_II].exchange.get, c[Citizen.CRAFTSMAN_II].exchange.times) == (
        ("builder",), 1)
    merchant = c[Citizen.MERCHANT_II].exchange
    assert set(merchant.give) == set(merchant.get) == {"coin", "tribune", "assistant"}
    assert merchant.times == 1 and merchant.building_phase_only
    assert c[Citizen.PATRICIAN_I].exchange is None


def test_benefit_tracks_p24(rules):
    lib, bas, mkt = (rules.tracks[t].steps for t in (Track.LIBRARY, Track.BASILICA, Track.MARKET))
    assert lib[0].gain == {"worker": 1, "tribune": 1}
    assert lib[1].gain == {"builder": 1}
    assert lib[2].action == "envoy_on_eagle"
    assert lib[3].action == "use_colonia_tile"
    assert bas[0].gain == {"assistant": 2}
    assert bas[1].gain == {"tribune": 2}
    assert bas[2].gain == {"upgrade": 1}
    assert bas[3].action == "extra_building_action"
    assert mkt[0].gain == {"coin": 1}
    assert mkt[1].action == "area_bonus"
    assert mkt[2].action == "envoy_on_any_colour"
    assert mkt[3].action == "use_colonia_tile"
    assert rules.track_choose_earlier_from == 2 and rules.track_last_step == 4
    for step in (*lib, *bas, *mkt):
        assert step.action is None or step.action in rules.track_actions


def test_twelve_cards_in_rulebook_order_p28(rules):
    assert tuple(rules.cards) == CARD_IDS
    for card in rules.cards.values():
        assert card.page == 28
        assert card.building.text and card.collecting.text
        assert card.cycle == {"I": 1, "II": 2, "III": 3}[card.id.split("-")[0]]


def test_card_ii_2_notes_the_french_edition(rules):
    card = rules.card("II-2")
    assert [n.item.value for n in card.collecting.needs] == ["tribune", "builder", "assistant"]
    assert "coin" in card.collecting.edition_note["fr"]


def test_edition_page_offsets_match_cross_references(rules):
    # Citizens' abilities: English p. 26, German S. 10, French p. 42.
    page = rules.citizens[Citizen.PATRICIAN_I].page
    assert [page.in_edition(rules.edition_offsets, lang) for lang in ("en", "de", "fr")] == [26, 10, 42]


def test_every_page_lies_in_the_english_rulebook(rules):
    for topic, page in rules.pages.items():
        assert 17 <= page.en <= 32, topic


def test_rules_data_is_found():
    assert (data_dir() / "cards.toml").is_file()
