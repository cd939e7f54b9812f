"""The referee of the six actions („Aktion durchführen“): what the action the stones reach
lets the player do with the pieces at hand, and why a choice is closed.

Pure: a verdict is values. Each choice of an action is open or refused with every reason
(a rule key, the rulebook topic it stands under, the counts involved), worded by
``render.classic_actions`` in the player's language. The facts come from
``rules_data/classic_actions.toml`` (:class:`ActionRules`) and ``classic.toml``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from .military import province_points
from .models import EMPTY, ClassicRules, ClassicSheet, SourceRef
from .ship import JOKER, best_delivery
from .vocabulary import Demand, ShipSide, ShipTile, Stone


class Action(StrEnum):
    """The six actions, one at each bowl of the action circle."""

    HARBOUR = "harbour"  # „Hafen-Aktion“
    FORUM = "forum"  # „Forum-Aktion“
    MILITARY = "military"  # „Militär-Aktion“
    TRAJAN = "trajan"  # „Trajan-Aktion“
    SENATE = "senate"  # „Senat-Aktion“
    CONSTRUCTION = "construction"  # „Bau-Aktion“


class ActionRules(NamedTuple):
    example_from: Action  # the rulebook's example of a move: from this bowl ...
    example_stones: int  # ... this many stones ...
    example_reaches: Action  # ... reach this one
    draw_from_stack: int
    discard_after_drawing: int
    display_least: int
    display_most: int
    extra_repeats: int
    extra_repeats_with_marker: int
    extra_per_turn: int
    senate_steps: int
    senate_closing_points: int
    special_cards: int  # a cards Trajan tile: cards drawn
    special_points: int  # a points Trajan tile: points
    special_figures_most: int  # a workers or legionaries Trajan tile shows 1 or this many
    refs: Mapping[str, SourceRef]  # topic (an action, "circle", "forum_tiles", ...) -> where

    def ref(self, topic: str) -> SourceRef:
        return self.refs[topic]


# --- The circle: which bowl shows which action ---------------------------------------------


class Reason(NamedTuple):
    """Why a choice is closed (or a circle wrong): a rule key, the rulebook topic it stands
    under (a key of :attr:`ActionRules.refs`), and the values the words need."""

    rule: str
    topic: str
    facts: Mapping[str, Any] = EMPTY


def circle_problems(actions: Sequence[Action], rules: ActionRules, bowls: int) -> list[Reason]:
    """Every problem of a tableau's actions typed bowl by bowl (1..6 clockwise): six bowls,
    each action once, and the rulebook's example move holding (harbour two bowls after
    Trajan)."""
    found = []
    if len(actions) != bowls:
        found.append(Reason("circle_size", "circle", {"given": len(actions), "bowls": bowls}))
    twice = sorted({a for a in actions if actions.count(a) > 1})
    if twice:
        found.append(Reason("circle_twice", "circle", {"actions": tuple(twice)}))
    missing = [a for a in Action if a not in actions]
    if missing:
        found.append(Reason("circle_missing", "circle", {"actions": tuple(missing)}))
    if not found:
        start = actions.index(rules.example_from)
        reached = actions[(start + rules.example_stones) % bowls]
        if reached != rules.example_reaches:
            found.append(Reason("circle_example", "circle", {
                "start": rules.example_from, "stones": rules.example_stones,
                "reaches": rules.example_reaches, "found": reached}))
    return found


# --- What the player states beyond the sheet --------------------------------------------------


class ForumTile(StrEnum):
    """The kinds of tile the forum offers (S. 11): forum tiles and extra action tiles."""

    SENATE = "senate"
    BREAD = "bread"
    GAMES = "games"
    RELIGION = "religion"
    DEMAND_JOKER = "demand-joker"
    COMMODITY_JOKER = "commodity-joker"
    BUILDING_JOKER = "building-joker"
    EXTRA_ACTION_JOKER = "extra-action-joker"
    EXTRA_ACTION = "extra-action"


class ForumTake(NamedTuple):
    tile: ForumTile
    votes: int | None = None  # a senate tile's votes
    action: Action | None = None  # an extra action tile's action


class Situation(NamedTuple):
    """What the sheet does not hold and an action's choices depend on; None: not given."""

    hand: tuple[str, ...] | None = None  # the hand by kind of goods, "joker" a commodity joker
    ship_sides: Mapping[ShipTile, ShipSide] = EMPTY  # missing: front
    forum_tile: ForumTake | None = None
    province_points: int | None = None  # printed in the general's province
    foreign: int = 0  # other players' legionaries there
    own_legionary_there: bool = False
    arch: int | None = None  # the place (1..6) where the Trajan arch stands
    new_tile: tuple[Stone, ...] | None = None  # the colours of the Trajan tile taken
    bowls_after: tuple[tuple[Stone, ...], ...] = ()  # the circle after the move
    senate_points_here: int | None = None  # points printed on the disc's space
    building: str | None = None  # the symbol of the construction tile on the site chosen
    site_taken: bool = False  # other players' workers stand on that site


class Choice(NamedTuple):
    """One way to take the action: ``key`` names it; ``reasons`` (empty: open) say why it
    is closed; ``facts`` what it does with the pieces at hand."""

    key: str
    reasons: tuple[Reason, ...] = ()
    facts: Mapping[str, Any] = EMPTY

    @property
    def allowed(self) -> bool:
        return not self.reasons


class Verdict(NamedTuple):
    action: Action
    choices: tuple[Choice, ...]

    @property
    def allowed(self) -> bool:
        """Whether the player can take the action at all (taking it is never compulsory)."""
        return any(c.allowed for c in self.choices)


def supply(sheet: ClassicSheet, rules: ClassicRules) -> int:
    """Figures still on the tableau: the 15 less workers and legionaries placed."""
    placed = (sheet.workers_in_camp + sheet.legionaries_in_camp + sheet.workers_in_city
              + sheet.legionaries_in_provinces)
    return max(0, rules.figures - placed)


# --- The six actions ------------------------------------------------------------------------------


def _harbour(sheet: ClassicSheet, at: Situation, rules: ClassicRules, acts: ActionRules) -> tuple[Choice, ...]:
    no_cards = (Reason("no_hand_cards", "harbour"),) if sheet.hand_cards == 0 else ()
    choices = [
        Choice("draw_two", (), {"draw": acts.draw_from_stack, "discard": acts.discard_after_drawing}),
        Choice("take_discard", (), {}),
        Choice("display", no_cards, {"least": acts.display_least,
                                     "most": min(acts.display_most, sheet.hand_cards)}),
    ]
    hand_reasons: list[Reason] = []
    if at.hand is not None:
        cards = sum(1 for c in at.hand if c != JOKER)
        jokers = len(at.hand) - cards
        if cards != sheet.hand_cards:
            hand_reasons.append(Reason("hand_differs", "harbour", {"given": cards, "sheet": sheet.hand_cards}))
        if jokers > sheet.commodity_jokers:
            hand_reasons.append(Reason("jokers_differ", "forum_tiles",
                                       {"given": jokers, "sheet": sheet.commodity_jokers}))
    for tile in ShipTile:
        side = at.ship_sides.get(tile, ShipSide.FRONT)
        reasons = list(hand_reasons)
        # A delivery turns a tile showing its front over until the quarter ends.
        facts: dict[str, Any] = {"ship": tile, "side": side, "turns_over": side is ShipSide.FRONT}
        if at.hand is None:
            reasons += no_cards if not sheet.commodity_jokers else ()
        elif not at.hand:
            reasons.append(Reason("no_hand_cards", "harbour"))
        else:
            delivery = best_delivery(at.hand, tile, side, rules)
            facts["delivery"] = delivery
            if delivery.points == 0:
                reasons.append(Reason("nothing_scores", "ship", {"ship": tile, "side": side}))
        choices.append(Choice("ship", tuple(reasons), facts))
    return tuple(choices)


def _forum(sheet: ClassicSheet, at: Situation, rules: ClassicRules, acts: ActionRules) -> tuple[Choice, ...]:
    take = at.forum_tile
    facts: dict[str, Any] = {"tile": take}
    reasons: list[Reason] = []
    if take is not None:
        tile = take.tile
        if tile is ForumTile.SENATE:
            low, high = rules.senate_tile_votes
            if take.votes is None or not low <= take.votes <= high:
                reasons.append(Reason("senate_tile_votes", "forum_tiles",
                                      {"votes": take.votes, "low": low, "high": high}))
            else:
                before = sheet.senate_votes + sum(sheet.senate_tiles)
                facts.update(votes_before=before, votes_after=before + take.votes)
        elif tile in (ForumTile.BREAD, ForumTile.GAMES, ForumTile.RELIGION):
            kind = Demand(tile.value)
            held = sheet.forum_needs.get(kind, 0)
            facts.update(held_before=held, held_after=held + 1)
        elif tile is ForumTile.DEMAND_JOKER:
            facts.update(held_before=sheet.demand_jokers, held_after=sheet.demand_jokers + 1)
        elif tile is ForumTile.COMMODITY_JOKER:
            facts.update(held_before=sheet.commodity_jokers, held_after=sheet.commodity_jokers + 1)
        elif tile is ForumTile.BUILDING_JOKER:
            facts.update(held_before=sheet.building_jokers, held_after=sheet.building_jokers + 1)
        elif tile in (ForumTile.EXTRA_ACTION, ForumTile.EXTRA_ACTION_JOKER):
            if tile is ForumTile.EXTRA_ACTION and take.action is None:
                reasons.append(Reason("extra_action_needs_action", "extra_action"))
            facts.update(repeats=acts.extra_repeats, with_marker=acts.extra_repeats_with_marker,
                         per_turn=acts.extra_per_turn)
    return (Choice("take", tuple(reasons), facts),)


def _military(sheet: ClassicSheet, at: Situation, rules: ClassicRules, acts: ActionRules) -> tuple[Choice, ...]:
    left = supply(sheet, rules)
    camp = Choice("camp_legionary", () if left else (Reason("no_figure_in_supply", "military",
                                                            {"figures": rules.figures}),),
                  {"supply": left})
    general = Choice("move_general", (), {})
    reasons = []
    if sheet.legionaries_in_camp == 0:
        reasons.append(Reason("no_legionary_in_camp", "military"))
    if at.own_legionary_there:
        reasons.append(Reason("own_legionary_there", "military"))
    if at.foreign > rules.province_most_foreign:
        reasons.append(Reason("too_many_foreign", "province",
                              {"foreign": at.foreign, "most": rules.province_most_foreign}))
    facts: dict[str, Any] = {"in_camp": sheet.legionaries_in_camp}
    if at.province_points is not None and at.foreign <= rules.province_most_foreign:
        facts.update(printed=at.province_points, foreign=at.foreign,
                     points=province_points(at.province_points, at.foreign, rules))
    send = Choice("send_legionary", tuple(reasons), facts)
    return (camp, general, send)


def _trajan(sheet: ClassicSheet, at: Situation, rules: ClassicRules, acts: ActionRules) -> tuple[Choice, ...]:
    reasons = []
    if sheet.trajan_tiles_on_circle >= rules.trajan_tile_places:
        reasons.append(Reason("all_places_taken", "trajan", {"places": rules.trajan_tile_places}))
    facts: dict[str, Any] = {"on_circle": sheet.trajan_tiles_on_circle, "places": rules.trajan_tile_places,
                             "arch": at.arch}
    if at.new_tile is not None:
        facts["tile"] = at.new_tile
        if at.arch is not None and at.bowls_after:
            lying = Counter(at.bowls_after[at.arch - 1])
            facts["lacking"] = tuple((Counter(at.new_tile) - lying).elements())
    return (Choice("place_tile", tuple(reasons), facts),)


def _senate(sheet: ClassicSheet, at: Situation, rules: ClassicRules, acts: ActionRules) -> tuple[Choice, ...]:
    reasons = []
    if at.senate_points_here is not None and at.senate_points_here >= acts.senate_closing_points:
        reasons.append(Reason("senate_closed", "senate", {"points": acts.senate_closing_points}))
    facts: dict[str, Any] = {"steps": acts.senate_steps, "tile_votes": sum(sheet.senate_tiles)}
    if sheet.senate_space is not None:
        facts.update(space_before=sheet.senate_space, space_after=sheet.senate_space + acts.senate_steps)
    return (Choice("advance", tuple(reasons), facts),)


def _construction(sheet: ClassicSheet, at: Situation, rules: ClassicRules,
                  acts: ActionRules) -> tuple[Choice, ...]:
    left = supply(sheet, rules)
    camp = Choice("camp_worker", () if left else (Reason("no_figure_in_supply", "construction",
                                                         {"figures": rules.figures}),),
                  {"supply": left})
    reasons = []
    if sheet.workers_in_camp == 0:
        reasons.append(Reason("no_worker_in_camp", "construction"))
    facts: dict[str, Any] = {"first_site": sheet.workers_in_city == 0, "in_camp": sheet.workers_in_camp}
    if at.site_taken:
        facts["tile"] = False  # a bridge: no tile, no points
    elif at.building is not None:
        held = sheet.buildings.get(at.building, 0)
        facts.update(tile=True, building=at.building, first_of_kind=held == 0, held_before=held)
    return (camp, Choice("build", tuple(reasons), facts))


_JUDGES = {Action.HARBOUR: _harbour, Action.FORUM: _forum, Action.MILITARY: _military,
           Action.TRAJAN: _trajan, Action.SENATE: _senate, Action.CONSTRUCTION: _construction}


def judge(action: Action, sheet: ClassicSheet, at: Situation, rules: ClassicRules,
          acts: ActionRules) -> Verdict:
    """What ``action`` allows ``sheet``'s player, each choice open or refused with every
    reason; ``at`` holds what the sheet does not (a hand by kind, the forum tile taken,
    the province, ...)."""
    return Verdict(action, _JUDGES[action](sheet, at, rules, acts))


class TrajanTileKind(StrEnum):
    """The special actions of the Trajan tiles (S. 11), by the tile's symbol."""

    CARDS = "cards"
    POINTS = "points"
    WORKERS = "workers"
    LEGIONARIES = "legionaries"
    MARKER = "marker"  # a [+2] marker
    BREAD = "bread"
    GAMES = "games"
    RELIGION = "religion"


def fulfil(kind: TrajanTileKind, figures: int, sheet: ClassicSheet, rules: ClassicRules,
           acts: ActionRules) -> Choice:
    """The special action of a Trajan tile fulfilled at the target (S. 11), for
    ``sheet``'s player: ``figures`` is what a workers or legionaries tile shows (1 or 2).
    Taking it is the player's choice; a figure tile with too few figures left on the
    tableau places only those left, and none left closes it."""
    facts: dict[str, Any] = {"kind": kind}
    reasons: list[Reason] = []
    if kind is TrajanTileKind.CARDS:
        facts["cards"] = acts.special_cards
    elif kind is TrajanTileKind.POINTS:
        facts["points"] = acts.special_points
    elif kind in (TrajanTileKind.WORKERS, TrajanTileKind.LEGIONARIES):
        if not 1 <= figures <= acts.special_figures_most:
            reasons.append(Reason("tile_figures", "special_actions", {"most": acts.special_figures_most,
                                                                      "figures": figures}))
        left = supply(sheet, rules)
        facts.update(shown=figures, placed=min(figures, left))
        if left == 0:
            reasons.append(Reason("no_figure_in_supply", "special_actions", {"figures": rules.figures}))
    elif kind in (TrajanTileKind.BREAD, TrajanTileKind.GAMES, TrajanTileKind.RELIGION):
        facts["stays"] = True
    return Choice("fulfil", tuple(reasons), facts)


def reached(actions: Sequence[Action], target: int) -> Action:
    """The action of bowl ``target`` (1-based) on a tableau whose bowls show ``actions``."""
    return actions[target - 1]
