"""Trajan (2011): the ``--json`` answers, readable reports, and the standings view.

Every report cites the German rulebook: its page ("S. 9") where the text pins one,
otherwise its section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.classic.vocabulary import ClassicCategory, ClassicStep
from ..i18n import _, ngettext
from . import tables
from .views import View

if TYPE_CHECKING:  # each command loads only the part of the game it answers
    from ..core.classic.circle import Move
    from ..core.classic.final import FinalScore
    from ..core.classic.models import ClassicRules
    from ..core.classic.quarter import NeedsResult, SenateResult
    from ..core.classic.ship import Delivery


def word(value) -> str:
    """A Trajan vocabulary value as the player's language says it (JSON keeps the value)."""
    from ..core.classic.vocabulary import BonusKind, BonusSide, Demand, ShipSide, ShipTile

    return {
        Demand.BREAD: _("bread"), Demand.GAMES: _("games"), Demand.RELIGION: _("religion"),
        ShipTile.SAME: _("same kind"), ShipTile.PAIRS: _("pairs"),
        ShipTile.DIFFERENT: _("all different"),
        ShipSide.FRONT: _("front"), ShipSide.BACK: _("back"),
        BonusKind.NEEDS: _("demands"), BonusKind.CITY_WORKERS: _("workers in the city"),
        BonusKind.COMMODITY: _("commodity"), BonusKind.LEGIONARIES: _("legionaries"),
        BonusKind.YELLOW_TILES: _("yellow tiles"),
        BonusSide.YELLOW: _("yellow"), BonusSide.GRAY: _("gray"),
    }.get(value, str(value))

def bowl_text(stones) -> str:
    return "".join(s.value for s in stones) or "-"


def _names(counts) -> str:
    return ", ".join(f"{n} {word(k)}" for k, n in counts.items()) or "-"


# --- The boards a saved game keeps ---------------------------------------------------------------


def kept_boards_answer(kept) -> dict:
    """Each player's kept board (``PlayerMemory``): the quarter end that left it, its sheet
    text, and the sides of the bonus tiles won since (null: no board kept)."""
    from ..parsing.classic_sheet import classic_sheet_toml

    return {"players": {p.name: None if p.board is None else {
        "quarter": int(p.kept_at), "sheet": classic_sheet_toml(p.board), "won": [s.value for s in p.won]}
        for p in kept}}


def kept_boards_report(kept, alone: bool = False) -> str:
    """Each kept board as the sheet file it reads back from, under a comment saying where it
    stands; a player without one is said so."""
    from ..parsing.classic_sheet import classic_sheet_toml

    parts = []
    for p in kept:
        if p.board is None:
            parts.append(_("# {player}: no board kept: the last quarter end was given in quick counts, or "
                           "none has been scored (give a sheet file at the next one)").format(player=p.name))
            continue
        head = [_("# {player}'s board as the game keeps it after quarter {quarter} (S. 9: the forum tiles "
                  "and demand jokers used for the demands and the senate tiles are gone)").format(
                      player=p.name, quarter=p.kept_at.numeral)]
        if p.won:
            head.append(_("# Won in the senate since, not listed below (their kinds are the player's "
                          "pick): {tiles}").format(tiles=", ".join(
                              _("a bonus tile {side} side up").format(side=word(s)) for s in p.won)))
        parts.append("\n".join(head) + "\n" + classic_sheet_toml(p.board).rstrip("\n"))
    return ("\n" if alone else "\n\n").join(parts)


# --- The people's demands ------------------------------------------------------------------------


def needs_answer(player: str, result: NeedsResult) -> dict:
    return {
        "met": result.met,
        "unmet": result.unmet,
        "penalty": result.penalty,
        "player": player,
        "demands": [d.value for d in result.demands],
        "unmet_demands": [d.value for d in result.unmet_demands],
        "use": {
            "trajan_tiles": {k.value: n for k, n in result.trajan_tiles.items()},
            "forum_tiles": {k.value: n for k, n in result.forum_tiles.items()},
            "demand_jokers": result.jokers,
        },
    }


def needs_report(player: str, result: NeedsResult, rules: ClassicRules) -> str:
    return "\n".join([
        _("The people's demands for {player} ({ref})").format(player=player, ref=rules.ref("needs")),
        _("Demands: {demands}").format(demands=", ".join(word(d) for d in result.demands)),
        "",
        _("Trajan tiles used (they stay): {tiles}").format(tiles=_names(result.trajan_tiles)),
        _("Forum tiles given up: {tiles}").format(tiles=_names(result.forum_tiles)),
        _("Demand jokers given up: {n}").format(n=result.jokers),
        "",
        _("Met {met}, unmet {unmet} ({demands}): {points}").format(
            met=result.met, unmet=result.unmet, points=_points(result.penalty),
            demands=", ".join(word(d) for d in result.unmet_demands) or "-"),
        _("A demand that can be met must be met, with a joker if need be."),
    ])


# --- The senate ------------------------------------------------------------------------------------


def decided_text(decided_by: str) -> str:
    from ..core.classic.quarter import STACK, TRACK, VOTES

    return {VOTES: _("more votes"), TRACK: _("level: further ahead on the senate track"),
            STACK: _("level on the same space: disc on top")}[decided_by]


def senate_answer(result: SenateResult) -> dict:
    return {
        "consul": result.consul,
        "deputy": result.deputy,
        "votes": {p.entry.name: p.entry.votes for p in result.places},
        "ranking": [{"player": p.entry.name, "votes": p.entry.votes, "track_votes": p.entry.track_votes,
                     "tile_votes": p.entry.tile_votes, "decided_by": p.decided_by}
                    for p in result.places],
        "stack": list(result.stack),
    }


def senate_report(result: SenateResult, rules: ClassicRules, spaces_known: bool) -> str:
    lines = [_("The senate ({ref})").format(ref=rules.ref("senate")), ""]
    for place, p in enumerate(result.places, start=1):
        e = p.entry
        lines.append(ngettext("{place}. {player}: {n} vote (track {track} + senate tiles {tiles})",
                              "{place}. {player}: {n} votes (track {track} + senate tiles {tiles})",
                              e.votes).format(place=place, player=e.name, n=e.votes, track=e.track_votes,
                                              tiles=e.tile_votes)
            + ("" if place == len(result.places) else f"  [{decided_text(p.decided_by)}]"))
    lines += ["", _("Consul: {consul}, picks a bonus tile and lays it {side} side up.").format(
        consul=result.consul, side=word(rules.consul_side))]
    if result.deputy is not None:
        lines.append(_("Deputy: {deputy}, takes the other one {side} side up.").format(
            deputy=result.deputy, side=word(rules.deputy_side)))
    lines.append(_("New stack on the start space, top first: {stack}").format(stack=", ".join(result.stack)))
    if not spaces_known:
        lines.append(_("(Track position read from the track votes: more votes is further ahead; give "
                       "senate_space in every sheet to use the spaces instead.)"))
    return "\n".join(lines)


# --- Final scoring -------------------------------------------------------------------------------------

def line_name(key: str) -> str:
    return {
        "hand_cards": _("Hand cards, 1 each"),
        "workers_in_camp": _("Workers in the camp, 1 each"),
        "legionaries_in_camp": _("Legionaries in the camp, 1 each"),
        "trajan_tiles": _("Trajan tiles on the circle, 1 each"),
        "construction_sets": _("Construction sets"),
        "bonus_tiles": _("Bonus tiles"),
    }[key]


def final_answer(player: str, score: FinalScore) -> dict:
    return {
        "lines": dict(score.lines),
        "total": score.total,
        "player": player,
        "sets": [{"symbol": s.symbol, "tiles": s.tiles, "jokers": s.jokers, "points": s.points}
                 for s in score.sets.sets],
        "bonus_tiles": [{"kind": b.tile.kind.value, "side": b.tile.side.value, "type": b.tile.commodity,
                         "counted": b.counted, "jokers": b.jokers, "points": b.points}
                        for b in score.bonus],
    }


def final_report(player: str, score: FinalScore, rules: ClassicRules) -> str:
    rows = [[line_name(key), points] for key, points in score.lines.items()]
    lines = [_("Final scoring for {player} ({ref}; bonus tiles: {bonus})").format(
        player=player, ref=rules.ref("final"), bonus=rules.ref("bonus_tiles")), "",
        tables.table(rows, headers=[_("Line"), _("Points")], tablefmt="simple"), ""]
    for s in score.sets.sets:
        symbol = s.symbol or _("any one symbol")
        tiles = ngettext("{n} tile", "{n} tiles", s.tiles).format(n=s.tiles)
        jokers = ngettext("{n} building joker", "{n} building jokers", s.jokers).format(n=s.jokers)
        lines.append(_("Set of {size} {symbol}: {tiles} + {jokers} = {points}").format(
            size=s.size, symbol=symbol, tiles=tiles, jokers=jokers, points=s.points))
    for b in score.bonus:
        what = word(b.tile.kind) + (f" ({b.tile.commodity})" if b.tile.commodity else "")
        extra = ngettext(", {n} of them a commodity joker", ", {n} of them commodity jokers",
                         b.jokers).format(n=b.jokers) if b.jokers else ""
        lines.append(_("Bonus tile {what}, {side} side: counts {counted}{extra} = {points}").format(
            what=what, side=word(b.tile.side), counted=b.counted, extra=extra, points=b.points))
    lines += ["", _("Total: {total}").format(total=score.total), *house_note(rules, FINAL_HOUSE)]
    return "\n".join(lines)


# --- Ships, the action circle, provinces ------------------------------------------------------------------


def ship_answer(delivery: Delivery) -> dict:
    return {"points": delivery.points, "cards": list(delivery.cards), "ship": delivery.tile.value,
            "side": delivery.side.value, "count": delivery.count, "jokers_as": list(delivery.jokers_as)}


def ship_report(delivery: Delivery, rules: ClassicRules) -> str:
    head = _("Ship tile {tile}, {side} ({ref})").format(tile=word(delivery.tile), side=word(delivery.side),
                                                        ref=rules.ref("ship"))
    if not delivery.cards:
        return "\n".join([head, _("No delivery scores on this tile with this hand: keep the cards.")])
    jokers = (_("; jokers stand for: {kinds}").format(kinds=", ".join(delivery.jokers_as))
              if delivery.jokers_as else "")
    if delivery.tile.value == "pairs":
        count = ngettext("{n} pair", "{n} pairs", delivery.count).format(n=delivery.count)
    else:
        count = ngettext("{n} card", "{n} cards", delivery.count).format(n=delivery.count)
    return "\n".join([head, _("Deliver {cards} ({count}{jokers}): {points}").format(
        cards=", ".join(delivery.cards), count=count, jokers=jokers, points=_points(delivery.points))])


def move_answer(move: Move) -> dict:
    return {"target": move.target, "time_steps": move.time_steps, "tile_fulfillable": move.tile_fulfillable,
            "from": move.start, "drops": [{"bowl": bowl, "stone": stone.value} for bowl, stone in move.drops],
            "bowls_after": [bowl_text(b) for b in move.bowls_after]}


def house_note(rules: ClassicRules, names: tuple[str, ...]) -> list[str]:
    """A line naming the house rules among ``names`` that ``rules`` play by (none: no line)."""
    house = {name: value for name, value in rules.readings.house().items() if name in names}
    if not house:
        return []
    return [_("House rule: {rules} ('trajan rules readings --variant trajan' explains it).").format(
        rules=", ".join(f"{name}={value}" for name, value in house.items()))]


#: The house rules each command's answer depends on.
MOVE_HOUSE, FINAL_HOUSE = ("start-bowl",), ("building-jokers", "yellow-tiles")


def move_report(move: Move, rules: ClassicRules) -> str:
    lines = [ngettext("Action circle: {n} stone from bowl {start} ({ref})",
                      "Action circle: {n} stones from bowl {start} ({ref})", len(move.drops)).format(
        n=len(move.drops), start=move.start, ref=rules.ref("action_circle")),
        _("Drops, clockwise: {drops}").format(drops=", ".join(f"{b}:{s.value}" for b, s in move.drops)),
        _("Target bowl: {target}; the time marker moves {steps}.").format(target=move.target,
                                                                         steps=move.time_steps),
        _("Bowls after: {bowls}").format(bowls=" ".join(
            f"{n}:{bowl_text(b)}" for n, b in enumerate(move.bowls_after, start=1)))]
    if move.tile is not None:
        tile = bowl_text(move.tile)
        lines.append(_("Trajan tile {tile} at bowl {target}: the stones can be dropped to fulfil it "
                       "(as shown).").format(tile=tile, target=move.target) if move.tile_fulfillable else
                     _("Trajan tile {tile} at bowl {target}: no order of dropping fulfils it.").format(
                         tile=tile, target=move.target))
    return "\n".join(lines + house_note(rules, MOVE_HOUSE))


def province_answer(printed: int, foreign: int, points: int, rules: ClassicRules) -> dict:
    return {"points": points, "printed": printed, "foreign": foreign,
            "deduction": rules.province_deduction * foreign}


def province_report(printed: int, foreign: int, points: int, rules: ClassicRules) -> str:
    legionaries = ngettext("{n} other legionary", "{n} other legionaries", foreign).format(n=foreign)
    return _("Province ({ref}): {printed} printed - {each} x {legionaries}, never below "
             "{minimum}: {points}").format(ref=rules.ref("province"), printed=printed,
                                           each=rules.province_deduction, legionaries=legionaries,
                                           minimum=rules.province_minimum, points=_points(points))


def _points(n: int) -> str:
    """'1 point', '-4 points', in the player's language (the form chosen for 4 points: French
    says -4 points although its rule, n > 1, would take the singular for -4)."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=n)


# --- Standings of a saved Trajan game ------------------------------------------------------------------


def category_name(category: ClassicCategory) -> str:
    return {
        ClassicCategory.PLAY: _("During play"),
        ClassicCategory.DEMANDS: _("Demands"),
        ClassicCategory.REMAINING: _("1 point each"),
        ClassicCategory.SETS: _("Sets"),
        ClassicCategory.BONUS: _("Bonus tiles"),
    }[category]


def step_name(step: ClassicStep) -> str:
    return {ClassicStep.NEEDS: _("the people's demands"), ClassicStep.SENATE: _("the senate"),
            ClassicStep.FINAL: _("final scoring")}[step]


def ranking_reason(decided_by: str) -> str:
    from ..core.standings import POINTS, SHARED

    reasons = {POINTS: _("most points"), SHARED: _("tie on points and in the senate: the victory is shared")}
    if decided_by not in reasons:  # the senate's module (and the rules models it needs) only then
        from ..core.classic.quarter import SENATE

        reasons[SENATE] = _("tie on points, decided by the position in the senate")
    return reasons[decided_by]


STEP_COLUMNS = {
    ClassicStep.NEEDS: (ClassicCategory.PLAY, ClassicCategory.DEMANDS),
    ClassicStep.SENATE: (),
    ClassicStep.FINAL: (ClassicCategory.REMAINING, ClassicCategory.SETS, ClassicCategory.BONUS),
}

STANDINGS_VIEW = View(tuple(ClassicCategory), category_name, step_name, STEP_COLUMNS,
                      lambda: _("Quarter {cycle}"), lambda: _("quarter {cycle}"),
                      "quarter", ranking_reason)
