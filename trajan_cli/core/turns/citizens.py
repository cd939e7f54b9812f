"""Using a Colonia tile (pp. 20-21, 26): the own tile, the one received, or both for two
tribunes; what a tile shows goes into the supply, a citizen into its row, where the
second one gives the row's one-time bonus.
"""

from __future__ import annotations

import dataclasses

from ..referee.envoy import Placement
from ..referee.verdict import Via
from ..vocabulary import Citizen, CitizenState, Colour
from .envoys import area_bonuses, bonuses_per_area, place_envoy
from .judging import Judging
from .moves import AREA_BONUSES, VP, Gain, Turn, UseKind
from .problems import TurnRule
from .state import PlayState


def use_tiles(work: Judging, turn: Turn, play: PlayState) -> Gain | None:
    """The tile(s) used. Returns the received tile's gain, when one was used."""
    rules = work.rules
    use = turn.use
    if use is None:
        if turn.take:  # the player holds a tile, and must use one (p. 20)
            work.refuse(TurnRule.USE_MISSING, work.page("round"))
        return None
    if use.kind in (UseKind.OWN, UseKind.BOTH) and not turn.take:
        work.refuse(TurnRule.USE_NO_OWN, work.page("taking"))
    if use.kind is UseKind.BOTH:
        need = rules.play.tribunes_for_both
        if work.sheet.supply.tribunes < need:  # owned before the turn: nothing used yet
            work.refuse(TurnRule.USE_BOTH_TRIBUNES, work.page("using"), n=need,
                        have=work.sheet.supply.tribunes)
        else:
            work.spend({"tribune": need})
    for gain in use.gains:
        use_gain(work, gain)
    if use.kind is UseKind.OWN:
        return None
    return use.gains[-1]


def use_gain(work: Judging, gain: Gain) -> None:
    """What a used tile shows: resources into the supply, or a citizen into a row."""
    if gain.citizen is None:
        if any(name == VP for name, _ in gain.resources):
            work.refuse(TurnRule.NOT_ON_A_TILE, work.page("using"))
        work.add({name: n for name, n in gain.resources if name != VP})
        return
    _citizen(work, gain)


def _citizen(work: Judging, gain: Gain) -> None:
    """A citizen on the left space of its row, else the right one (p. 26). The second one
    makes the first active again and gives the row's one-time bonus."""
    rules = work.rules
    row = gain.citizen
    assert row is not None  # use_gain sends only a gain that shows a citizen
    states = tuple(work.sheet.citizens.get(row, ()))
    if len(states) >= rules.play.row_spaces:
        work.refuse(TurnRule.ROW_FULL, work.page("citizens"), row=row)
        return
    now = (CitizenState.ACTIVE,) * (len(states) + 1)
    citizens = {**work.sheet.citizens, row: now}
    prestige = work.sheet.prestige
    if row == Citizen.MERCHANT_I.row and not states:  # turns the slide bar over (p. 26)
        prestige = prestige._replace(turned=True)
    work.sheet = dataclasses.replace(work.sheet, citizens=citizens, prestige=prestige)
    if len(now) < rules.play.row_spaces:
        if gain.bonus or gain.envoy is not None:
            work.refuse(TurnRule.BONUS_UNWANTED, work.page("citizens"), row=row)
        return
    code = rules.citizens[Citizen.of_row(row)].second_bonus
    page = work.page("second_bonus")
    if code == "envoy":
        _citizen_envoy(work, gain, page)
        return
    if gain.envoy is not None:
        work.refuse(TurnRule.BONUS_UNWANTED, page, row=row, what="envoy")
    if code == "area_bonus":  # exactly one, even with Patrician II (p. 26)
        if not gain.bonus:
            work.refuse(TurnRule.BONUS_UNSAID, page, row=row, choices=" / ".join(AREA_BONUSES))
        else:
            area_bonuses(work, [1], gain.bonus, page)
        return
    offered = rules.play.second_bonus_gains[code]
    allowed = {f"worker:{c.value}" for c in Colour} if offered == ("worker",) else set(offered)
    bonus = gain.bonus
    if not bonus and len(allowed) == 1:
        bonus = tuple(allowed)  # row 6: a builder, no choice
    if not bonus:
        work.refuse(TurnRule.BONUS_UNSAID, page, row=row, choices=" / ".join(offered))
    elif len(bonus) != 1 or bonus[0] not in allowed:
        work.refuse(TurnRule.BONUS_WRONG, page, row=row, given=" ".join(bonus),
                    choices=" / ".join(offered))
    else:
        work.add({bonus[0]: 1})


def _citizen_envoy(work: Judging, gain: Gain, page) -> None:
    """Row 1's second citizen: an envoy from the ship, placed like the third market
    space's (any empty coloured square, never an eagle: the tool's reading, p. 26)."""
    placement = Placement(Via.MARKET, ship=work.sheet.supply.ship)
    target = gain.envoy
    completed = place_envoy(work, placement, target, None, page)
    # A gain's bonus is () when the line names none: not said, so an area the envoy
    # completes asks for its bonus (p. 25) rather than taking none.
    area_bonuses(work, [bonuses_per_area(work)] if completed else [], gain.bonus or None,
                  work.page("area_bonus"))
