"""Trajan (2011): the referee of the six actions (`trajan classic move` with a sheet).

Each test is built from the German rulebook's text; its docstring names the section (the
rulebook's text pins no page for the actions) or the page (S. 11 for the forum tiles and the
Trajan tiles' special actions).
"""

import pytest

from trajan_cli.core.classic.actions import (
    Action,
    ForumTake,
    ForumTile,
    Situation,
    circle_problems,
    judge,
    reached,
    supply,
)
from trajan_cli.core.classic.circle import sow
from trajan_cli.core.classic.models import ClassicSheet
from trajan_cli.core.classic.vocabulary import Demand, ShipSide, ShipTile, Stone
from trajan_cli.rulesdata import load_classic_actions, load_classic_rules

RULES = load_classic_rules()
ACTS = load_classic_actions()
# A circle that agrees with the rulebook's example: the harbour two bowls after Trajan.
CIRCLE = [Action.HARBOUR, Action.FORUM, Action.MILITARY, Action.SENATE, Action.TRAJAN, Action.CONSTRUCTION]
S = Stone


def sheet(**counts) -> ClassicSheet:
    return ClassicSheet(name="Ann", **counts)


def verdict(action, player=None, **situation):
    return judge(action, player or sheet(), Situation(**situation), RULES, ACTS)


def choice(v, key, nth=0):
    return [c for c in v.choices if c.key == key][nth]


def rules_of(c) -> list[str]:
    return [r.rule for r in c.reasons]


# --- The circle -----------------------------------------------------------------------------------


def test_rulebook_example_two_stones_from_trajan_reach_the_harbour():
    """„Aktionssteine umverteilen“, Beispiel: the Trajan bowl's 2 stones are dropped one by
    one; the last lands in the harbour bowl, which becomes the target."""
    bowls = [[S.YELLOW, S.ORANGE], [S.GREEN, S.GREEN], [S.WHITE, S.WHITE], [S.PINK, S.PINK],
             [S.BLUE, S.BLUE], [S.YELLOW, S.ORANGE]]
    move = sow(bowls, CIRCLE.index(Action.TRAJAN) + 1, RULES)
    assert reached(CIRCLE, move.target) is Action.HARBOUR
    assert circle_problems(CIRCLE, ACTS, RULES.bowls) == []


def test_a_circle_against_the_rulebook_example_is_refused():
    """„Aktionssteine umverteilen“, Beispiel: on every tableau the harbour lies two bowls
    after Trajan; a circle typed otherwise is a mistake, named with what it reaches."""
    swapped = [Action.FORUM, Action.HARBOUR, Action.MILITARY, Action.SENATE, Action.TRAJAN,
               Action.CONSTRUCTION]
    [problem] = circle_problems(swapped, ACTS, RULES.bowls)
    assert problem.rule == "circle_example" and problem.facts["found"] is Action.FORUM


def test_a_circle_lists_every_problem():
    """„Aktion durchführen“: each of the six bowls has another action."""
    problems = circle_problems([Action.HARBOUR, Action.HARBOUR, Action.FORUM], ACTS, RULES.bowls)
    assert [p.rule for p in problems] == ["circle_size", "circle_twice", "circle_missing"]
    assert problems[1].facts["actions"] == (Action.HARBOUR,)
    assert set(problems[2].facts["actions"]) == {Action.MILITARY, Action.TRAJAN, Action.SENATE,
                                                 Action.CONSTRUCTION}


# --- Harbour ----------------------------------------------------------------------------------------


def test_harbour_without_hand_cards_only_draws():
    """„Hafen-Aktion“: drawing 2 (then discarding 1) and taking a discard need no cards;
    laying 1-2 cards out and loading a ship need cards in hand."""
    v = verdict(Action.HARBOUR)
    assert choice(v, "draw_two").allowed and choice(v, "draw_two").facts == {"draw": 2, "discard": 1}
    assert choice(v, "take_discard").allowed
    assert rules_of(choice(v, "display")) == ["no_hand_cards"]
    assert all(rules_of(choice(v, "ship", n)) == ["no_hand_cards"] for n in range(3))
    assert v.allowed


def test_harbour_display_takes_one_or_two_cards():
    """„Hafen-Aktion“: 1 to 2 hand cards into the personal display, as many drawn."""
    assert choice(verdict(Action.HARBOUR, sheet(hand_cards=1)), "display").facts == {"least": 1, "most": 1}
    assert choice(verdict(Action.HARBOUR, sheet(hand_cards=5)), "display").facts == {"least": 1, "most": 2}


def test_harbour_ships_pay_the_printed_values():
    """„Hafen-Aktion“, die bunte Vorderseite: 3 alike cards 12 SP; 2 unlike pairs 10 SP;
    die Rückseite: 3 alike 7 SP; 1 card on the back of 'same' pays 0, so nothing scores."""
    hand = ("wine", "wine", "wine", "oil")
    v = verdict(Action.HARBOUR, sheet(hand_cards=4), hand=hand)
    same, pairs, different = (choice(v, "ship", n) for n in range(3))
    assert same.facts["delivery"].points == 12 and pairs.facts["delivery"].points == 5
    assert different.facts["delivery"].points == 4
    back = verdict(Action.HARBOUR, sheet(hand_cards=4), hand=hand, ship_sides={ShipTile.SAME: ShipSide.BACK})
    assert choice(back, "ship", 0).facts["delivery"].points == 7
    lone = verdict(Action.HARBOUR, sheet(hand_cards=1), hand=("oil",), ship_sides={ShipTile.SAME: ShipSide.BACK})
    assert rules_of(choice(lone, "ship", 0)) == ["nothing_scores"]
    assert choice(lone, "ship", 2).allowed  # the front of 'different' pays 2 for one card


def test_harbour_hand_must_agree_with_the_sheet_every_reason():
    """„Hafen-Aktion“ and S. 11 (Warenkarten-Joker): the cards shipped are the player's hand
    and jokers held; a hand that disagrees with the sheet on both is refused for both."""
    v = verdict(Action.HARBOUR, sheet(hand_cards=1, commodity_jokers=0), hand=("wine", "wine", "joker"))
    assert rules_of(choice(v, "ship", 0)) == ["hand_differs", "jokers_differ"]
    assert choice(v, "ship", 0).reasons[0].facts == {"given": 2, "sheet": 1}


# --- Forum ----------------------------------------------------------------------------------------------


def test_forum_senate_tile_adds_its_votes_s11():
    """S. 11, Senatsplättchen: 2 to 5 votes for the senate this quarter."""
    player = sheet(senate_votes=5, senate_tiles=(3,))
    v = verdict(Action.FORUM, player, forum_tile=ForumTake(ForumTile.SENATE, votes=4))
    assert choice(v, "take").allowed and choice(v, "take").facts["votes_after"] == 12
    wrong = verdict(Action.FORUM, player, forum_tile=ForumTake(ForumTile.SENATE, votes=6))
    assert rules_of(choice(wrong, "take")) == ["senate_tile_votes"]


def test_forum_needs_tile_and_jokers_are_kept_s11():
    """S. 11: a tile for the people's needs and the jokers are laid on the tableau."""
    v = verdict(Action.FORUM, sheet(forum_needs={Demand.GAMES: 2}), forum_tile=ForumTake(ForumTile.GAMES))
    assert (choice(v, "take").facts["held_before"], choice(v, "take").facts["held_after"]) == (2, 3)
    joker = verdict(Action.FORUM, sheet(building_jokers=1), forum_tile=ForumTake(ForumTile.BUILDING_JOKER))
    assert choice(joker, "take").facts["held_after"] == 2


def test_forum_extra_action_tile_repeats_once_or_twice_with_a_marker_s11():
    """S. 11, Zusatzaktionsplättchen: one more time, two with a [+2] marker, one per turn."""
    v = verdict(Action.FORUM, forum_tile=ForumTake(ForumTile.EXTRA_ACTION, action=Action.SENATE))
    assert choice(v, "take").facts["repeats"] == 1 and choice(v, "take").facts["with_marker"] == 2
    assert choice(v, "take").facts["per_turn"] == 1


# --- Military --------------------------------------------------------------------------------------------


def test_military_needs_a_figure_a_legionary_and_no_own_one_there():
    """„Militär-Aktion“: a figure from the tableau's supply into the camp; a legionary from
    the camp into the general's province, only one per player there. With 15 figures placed
    and none in the camp, both choices are refused, the second for every reason."""
    full = sheet(workers_in_city=10, legionaries_in_provinces=5)
    assert supply(full, RULES) == 0
    v = verdict(Action.MILITARY, full, own_legionary_there=True)
    assert rules_of(choice(v, "camp_legionary")) == ["no_figure_in_supply"]
    assert rules_of(choice(v, "send_legionary")) == ["no_legionary_in_camp", "own_legionary_there"]
    assert choice(v, "move_general").allowed and v.allowed


def test_military_province_points_less_3_per_foreign_legionary_never_below_0():
    """„Militär-Aktion“: the printed points, 3 less per other player's legionary there,
    never below 0."""
    player = sheet(legionaries_in_camp=1)
    assert choice(verdict(Action.MILITARY, player, province_points=6, foreign=1), "send_legionary").facts["points"] == 3
    assert choice(verdict(Action.MILITARY, player, province_points=4, foreign=2), "send_legionary").facts["points"] == 0
    too_many = verdict(Action.MILITARY, player, province_points=4, foreign=4)
    assert rules_of(choice(too_many, "send_legionary")) == ["too_many_foreign"]


# --- Trajan ----------------------------------------------------------------------------------------------------


def test_trajan_action_closed_when_all_six_places_hold_a_tile():
    """„Trajan-Aktion“: while a tile lies at all 6 bowls the arch stands in the middle and
    the action cannot be taken."""
    v = verdict(Action.TRAJAN, sheet(trajan_tiles_on_circle=6))
    assert rules_of(choice(v, "place_tile")) == ["all_places_taken"] and not v.allowed
    assert verdict(Action.TRAJAN, sheet(trajan_tiles_on_circle=5)).allowed


def test_trajan_tile_placed_at_the_arch_needs_its_colours_in_that_bowl():
    """„Trajan-Aktion“ and „Trajanplättchen erfüllen“: the tile goes where the arch stands
    and is fulfilled when that bowl holds its colours; other stones there do not matter."""
    after = ((S.YELLOW,), (S.PINK, S.WHITE, S.GREEN), (), (), (), ())
    v = verdict(Action.TRAJAN, arch=2, new_tile=(S.PINK, S.BLUE), bowls_after=after)
    assert choice(v, "place_tile").facts["lacking"] == (S.BLUE,)
    met = verdict(Action.TRAJAN, arch=2, new_tile=(S.PINK, S.WHITE), bowls_after=after)
    assert choice(met, "place_tile").facts["lacking"] == ()


def test_fulfilment_at_the_target_when_the_bowls_stones_match():
    """„Trajanplättchen erfüllen“, Beispiel: the last stone is blue, the target already holds
    yellow and orange: the tile (yellow, orange) is fulfilled."""
    bowls = [[S.BLUE], [S.YELLOW, S.ORANGE], [S.GREEN, S.GREEN, S.WHITE, S.WHITE],
             [S.PINK, S.PINK], [S.BLUE, S.YELLOW], [S.ORANGE]]
    move = sow(bowls, 1, RULES, tile=[S.YELLOW, S.ORANGE])
    assert move.target == 2 and move.tile_fulfillable


# --- Senate ----------------------------------------------------------------------------------------------------


def test_senate_moves_one_space_closed_at_the_8_point_space():
    """„Senat-Aktion“: one space on, scoring the new space's points; once the disc has
    reached the 8-point space, not again this quarter."""
    v = verdict(Action.SENATE, sheet(senate_space=4, senate_tiles=(2, 3)), senate_points_here=5)
    assert choice(v, "advance").allowed
    assert choice(v, "advance").facts == {"steps": 1, "tile_votes": 5, "space_before": 4, "space_after": 5}
    closed = verdict(Action.SENATE, sheet(), senate_points_here=8)
    assert rules_of(choice(closed, "advance")) == ["senate_closed"] and not closed.allowed


# --- Construction ------------------------------------------------------------------------------------------------


def test_construction_first_tile_of_its_kind_gives_its_action():
    """„Bau-Aktion“: the first construction tile of a kind on the tableau gives its action
    at once; a further one of that kind does not."""
    player = sheet(workers_in_camp=1, workers_in_city=2, buildings={"bath": 1})
    new = choice(verdict(Action.CONSTRUCTION, player, building="villa"), "build")
    assert new.allowed and new.facts["first_of_kind"] and not new.facts["first_site"]
    again = choice(verdict(Action.CONSTRUCTION, player, building="bath"), "build")
    assert again.facts["first_of_kind"] is False


def test_construction_first_worker_anywhere_bridge_gives_no_tile():
    """„Bau-Aktion“: the first worker goes anywhere in the city quarter; a site where other
    players' workers stand gives no tile but bridges a gap."""
    player = sheet(workers_in_camp=2)
    assert choice(verdict(Action.CONSTRUCTION, player), "build").facts["first_site"] is True
    bridge = choice(verdict(Action.CONSTRUCTION, player, building="bath", site_taken=True), "build")
    assert bridge.allowed and bridge.facts["tile"] is False and "first_of_kind" not in bridge.facts


def test_construction_needs_a_worker_in_the_camp_or_a_figure_left():
    """„Bau-Aktion“: a figure from the tableau into the workers' camp, or a worker from the
    camp onto a site; without either, both are refused."""
    v = verdict(Action.CONSTRUCTION, sheet(workers_in_city=8, legionaries_in_provinces=7))
    assert rules_of(choice(v, "camp_worker")) == ["no_figure_in_supply"]
    assert rules_of(choice(v, "build")) == ["no_worker_in_camp"]
    assert not v.allowed


# --- The facts and their references ----------------------------------------------------------------------------


def test_rules_data_references():
    """S. 11 pins the forum tiles and the special actions; the actions stand under their
    sections."""
    assert str(ACTS.ref("forum_tiles")) == "S. 11" and str(ACTS.ref("special_actions")) == "S. 11"
    assert str(ACTS.ref("harbour")) == "„Hafen-Aktion“" and str(ACTS.ref("senate")) == "„Senat-Aktion“"
    assert ACTS.senate_closing_points == 8 and ACTS.display_most == 2


# --- The command ---------------------------------------------------------------------------------------------------

ACTIONS = "harbour,forum,military,senate,trajan,construction"


def test_cli_move_names_the_action_and_judges_it(cli):
    """„Aktionssteine umverteilen“ and „Militär-Aktion“: three stones from bowl 1 reach bowl 4
    (here the senate); with Green's sheet the answer says what it allows."""
    answer = cli("classic", "move", "--bowls", "YOW,-,G,P,YOGB,WBP", "--from", "1", "--actions", ACTIONS,
                 "--example", "green", "--senate-points", "8", "--json").json()
    assert answer["target"] == 4 and answer["action"]["action"] == "senate"
    assert answer["action"]["open"] is False
    [reason] = answer["action"]["choices"][0]["reasons"]
    assert reason["rule"] == "senate_closed" and reason["ref"] == "„Senat-Aktion“"
    readable = cli("classic", "move", "--bowls", "O,Y,GG,WW,PP,BBYO", "--from", "1", "--actions", ACTIONS,
                   "--example", "green", "--take", "senate-4")
    assert readable.code == 0 and "forum action" in readable.out
    assert "from 5 to 9" in readable.out


def test_cli_move_without_sheet_names_the_action(cli):
    """„Aktionssteine umverteilen“, Beispiel: from the Trajan bowl (5 here) two stones reach
    the harbour."""
    answer = cli("classic", "move", "--bowls", "YO,GG,WW,PP,BB,YO", "--from", "5", "--actions", ACTIONS,
                 "--json").json()
    assert answer["action"] == {"action": "harbour", "bowl": 1, "ref": "„Hafen-Aktion“"}


def test_cli_move_refusals_exit_2_with_every_problem(cli):
    """„Aktion durchführen“: a wrong circle names each problem; a sheet needs the circle."""
    wrong = cli("classic", "move", "--bowls", "YO,GG,WW,PP,BB,YO", "--from", "5", "--actions", "harbour,harbour")
    assert wrong.code == 2 and "Traceback" not in wrong.err
    assert "named twice" in wrong.err and "missing" in wrong.err and "6 bowls" in wrong.err
    no_circle = cli("classic", "move", "--bowls", "YO,GG,WW,PP,BB,YO", "--from", "5", "--example", "green",
                    "--take", "senate-x")
    assert no_circle.code == 2 and "--actions" in no_circle.err and "--take" in no_circle.err


@pytest.mark.parametrize(("language", "words"), [("de", "abgelehnt"), ("fr", "refusé")])
def test_cli_move_speaks_the_player_s_language(cli, language, words):
    """The referee's words in German and French („Senat-Aktion“)."""
    out = cli("--lang", language, "classic", "move", "--bowls", "YOW,-,G,P,YOGB,WBP", "--from", "1",
              "--actions", ACTIONS, "--example", "green", "--senate-points", "8")
    assert out.code == 0 and words in out.out and "„Senat-Aktion“" in out.out


# --- The Trajan tile fulfilled at the target: its special action (S. 11) -----------------------------------


def test_special_actions_of_the_trajan_tiles_s11():
    """S. 11: the cards tile draws the top two cards, the points tile gives 9 points, the
    bread/games/religion tiles stay on the tableau."""
    from trajan_cli.core.classic.actions import TrajanTileKind, fulfil

    assert fulfil(TrajanTileKind.CARDS, 1, sheet(), RULES, ACTS).facts["cards"] == 2
    assert fulfil(TrajanTileKind.POINTS, 1, sheet(), RULES, ACTS).facts["points"] == 9
    assert fulfil(TrajanTileKind.BREAD, 1, sheet(), RULES, ACTS).facts["stays"] is True


def test_figure_tiles_place_what_the_tableau_still_holds_s11():
    """S. 11: a workers (legionaries) tile puts 1 or 2 figures from the tableau into the
    workers' camp (the camp); with one figure left only one goes, with none the special
    action is refused; a tile showing 3 figures does not exist."""
    from trajan_cli.core.classic.actions import TrajanTileKind, fulfil

    one_left = sheet(workers_in_city=14)
    assert fulfil(TrajanTileKind.WORKERS, 2, one_left, RULES, ACTS).facts["placed"] == 1
    assert fulfil(TrajanTileKind.WORKERS, 2, sheet(), RULES, ACTS).facts["placed"] == 2
    none_left = fulfil(TrajanTileKind.LEGIONARIES, 3, sheet(legionaries_in_provinces=15), RULES, ACTS)
    assert rules_of(none_left) == ["tile_figures", "no_figure_in_supply"]


def test_ship_tile_turns_over_after_a_delivery_from_its_front():
    """„Hafen-Aktion“: a tile showing its coloured front is turned over after the delivery;
    a tile on its back stays so."""
    v = verdict(Action.HARBOUR, sheet(hand_cards=2), hand=("wine", "wine"),
                ship_sides={ShipTile.PAIRS: ShipSide.BACK})
    assert choice(v, "ship", 0).facts["turns_over"] is True
    assert choice(v, "ship", 1).facts["turns_over"] is False


def test_cli_move_fulfils_the_tile_and_judges_its_special_action(cli):
    """„Trajanplättchen erfüllen“ and S. 11: the stones can be dropped to meet the tile at the
    target; its special action (2 workers) for Green, who has 5 figures on the tableau."""
    answer = cli("classic", "move", "--bowls", "YYOOGGWW,-,P,P,B,B", "--from", "1", "--tile", "GP",
                 "--tile-kind", "workers:2", "--actions", ACTIONS, "--example", "green", "--json").json()
    assert answer["tile_fulfillable"] is True
    assert answer["fulfilment"]["open"] is True and answer["fulfilment"]["facts"]["placed"] == 2
    assert answer["fulfilment"]["ref"] == "S. 11"
    bad = cli("classic", "move", "--bowls", "YYOOGGWW,-,P,P,B,B", "--from", "1", "--tile", "GP",
              "--tile-kind", "wrkers", "--actions", ACTIONS, "--example", "green")
    assert bad.code == 2 and "'workers'" in bad.err
