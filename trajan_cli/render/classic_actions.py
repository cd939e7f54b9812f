"""Trajan (2011)'s action referee in words: the action the stones reach, each of its
choices open or refused with every reason, citing the German rulebook (its page where the
text pins one, otherwise its section); and the ``--json`` answer."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from ..i18n import _, ngettext
from .classic import _points, bowl_text, word

if TYPE_CHECKING:
    from ..core.classic.actions import ActionRules, Choice, ForumTake, Reason, Verdict
    from ..core.classic.models import ClassicRules


def action_name(action) -> str:
    from ..core.classic.actions import Action

    return {Action.HARBOUR: _("the harbour action"), Action.FORUM: _("the forum action"),
            Action.MILITARY: _("the military action"), Action.TRAJAN: _("the Trajan action"),
            Action.SENATE: _("the senate action"), Action.CONSTRUCTION: _("the construction action")}[action]


def _names(actions) -> str:
    return ", ".join(action_name(a) for a in actions)


def reason_text(reason: Reason, acts: ActionRules) -> str:
    """One reason in the player's language, with the rulebook reference it stands under."""
    f = reason.facts
    texts = {
        "circle_size": lambda: _("the tableau has {bowls} bowls, each with its action (actions given: "
                                 "{given})").format(**f),
        "circle_twice": lambda: _("each action stands at one bowl only; named twice: {actions}").format(
            actions=_names(f["actions"])),
        "circle_missing": lambda: _("every action stands at a bowl; missing: {actions}").format(
            actions=_names(f["actions"])),
        "circle_example": lambda: _("on the tableau {stones} stones from the bowl of {start} reach the bowl of "
                                    "{reaches} (the rulebook's example), but here they reach the bowl of {found}: "
                                    "check the order clockwise from bowl I").format(
            stones=f["stones"], start=action_name(f["start"]), reaches=action_name(f["reaches"]),
            found=action_name(f["found"])),
        "no_hand_cards": lambda: _("no cards in hand"),
        "hand_differs": lambda: _("the hand given holds {given} cards, the sheet {sheet}").format(**f),
        "jokers_differ": lambda: _("the hand given holds {given} commodity jokers, the sheet {sheet}").format(**f),
        "nothing_scores": lambda: _("no delivery from this hand scores on the ship tile {ship}, {side} side").format(
            ship=word(f["ship"]), side=word(f["side"])),
        "senate_tile_votes": lambda: _("a senate tile shows {low} to {high} votes").format(**f),
        "extra_action_needs_action": lambda: _("say which action the extra action tile shows"),
        "no_figure_in_supply": lambda: _("no figure left on the tableau (all {figures} are placed)").format(**f),
        "no_legionary_in_camp": lambda: _("no legionary in the camp"),
        "own_legionary_there": lambda: _("one of the player's own legionaries already stands in that "
                                         "province (one per player)"),
        "too_many_foreign": lambda: ngettext("{foreign} other legionary: a province holds at most {most}",
                                             "{foreign} other legionaries: a province holds at most {most}",
                                             f["foreign"]).format(**f),
        "all_places_taken": lambda: _("all {places} places of the circle hold a Trajan tile; the arch stands "
                                      "in the middle until one is fulfilled").format(**f),
        "senate_closed": lambda: ngettext(
            "the disc has reached the senate space worth {points} point: closed for the rest of the quarter",
            "the disc has reached the senate space worth {points} points: closed for the rest of the quarter",
            f["points"]).format(**f),
        "no_worker_in_camp": lambda: _("no worker in the workers' camp"),
        "tile_figures": lambda: _("a workers or legionaries tile shows 1 or {most} figures").format(**f),
    }
    return f"{texts[reason.rule]()} ({acts.ref(reason.topic)})"


def _forum_tile_text(take: ForumTake) -> str:
    from ..core.classic.actions import ForumTile

    t = take.tile
    return {
        ForumTile.SENATE: lambda: ngettext("a senate tile of {votes} vote", "a senate tile of {votes} votes",
                                           take.votes or 0).format(votes=take.votes),
        ForumTile.BREAD: lambda: _("a forum tile for {demand}").format(demand=word(t.value)),
        ForumTile.GAMES: lambda: _("a forum tile for {demand}").format(demand=word(t.value)),
        ForumTile.RELIGION: lambda: _("a forum tile for {demand}").format(demand=word(t.value)),
        ForumTile.DEMAND_JOKER: lambda: _("a demand joker"),
        ForumTile.COMMODITY_JOKER: lambda: _("a commodity joker"),
        ForumTile.BUILDING_JOKER: lambda: _("a building joker"),
        ForumTile.EXTRA_ACTION_JOKER: lambda: _("an extra action joker"),
        ForumTile.EXTRA_ACTION: lambda: _("an extra action tile for {action}").format(
            action=action_name(take.action) if take.action else "?"),
    }[t]()


def choice_text(choice: Choice, acts: ActionRules, rules: ClassicRules) -> str:
    """What the choice does, with the counts at hand."""
    f = choice.facts
    key = choice.key
    if key == "draw_two":
        return _("draw {draw} cards from the face-down stack, then discard {discard} from the hand onto a "
                 "discard pile").format(**f)
    if key == "take_discard":
        return _("take the top card of a discard pile")
    if key == "display":
        return _("lay {least} to {most} hand cards into the personal display and draw as many").format(
            least=f["least"], most=max(f["most"], f["least"]))
    if key == "ship":
        head = _("load the ship tile {ship} ({side} side)").format(ship=word(f["ship"]), side=word(f["side"]))
        delivery = f.get("delivery")
        if delivery is None or not delivery.cards:
            return head
        text = _("{head}: deliver {cards} for {points} ({ref})").format(
            head=head, cards=", ".join(delivery.cards), points=_points(delivery.points), ref=rules.ref("ship"))
        if f["turns_over"]:
            text += _("; the tile then shows its back until the quarter ends")
        return text
    if key == "take":
        take = f.get("tile")
        if take is None:
            return _("take any one tile from the forum onto the tableau ({ref})").format(ref=acts.ref("forum_tiles"))
        text = _("take {tile} onto the tableau").format(tile=_forum_tile_text(take))
        if "votes_after" in f:
            text += _(": the senate votes go from {votes_before} to {votes_after} this quarter").format(**f)
        elif "held_after" in f:
            text += _(": {held_before} held, then {held_after}").format(**f)
        elif "repeats" in f:
            text += _(": after an action with its symbol, give it up to take that action {repeats} more time "
                      "({with_marker} with a [+2] marker), {per_turn} such tile per turn ({ref})").format(
                ref=acts.ref("extra_action"), **f)
        return text
    if key in ("camp_legionary", "camp_worker"):
        where = _("the camp, as a legionary") if key == "camp_legionary" else _("the workers' camp, as a worker")
        return ngettext("a figure from the tableau into {where} ({n} figure left there)",
                        "a figure from the tableau into {where} ({n} figures left there)",
                        f["supply"]).format(where=where, n=f["supply"])
    if key == "move_general":
        return _("the general into a neighbouring province, taking the tile lying there")
    if key == "send_legionary":
        text = _("a legionary from the camp ({in_camp} there) into the general's province").format(**f)
        if "points" in f:
            others = ngettext("{n} other legionary", "{n} other legionaries", f["foreign"]).format(n=f["foreign"])
            text += _(": {printed} printed - {deduction} for {others} = {points} ({ref})").format(
                printed=f["printed"], deduction=rules.province_deduction * f["foreign"], others=others,
                points=_points(f["points"]), ref=rules.ref("province"))
        return text
    if key == "place_tile":
        where = (_("at place {arch}, where the arch stands").format(arch=f["arch"]) if f["arch"]
                 else _("where the arch stands"))
        text = _("the top tile of any Trajan stack {where} ({on_circle} of {places} places taken); the arch "
                 "moves clockwise to the next free place").format(where=where, on_circle=f["on_circle"],
                                                                  places=f["places"])
        if "tile" in f:
            lacking = f.get("lacking")
            if lacking is None:
                text += _("; the tile needs {tile} in its bowl").format(tile=bowl_text(f["tile"]))
            elif lacking:
                text += _("; the tile needs {tile} in bowl {arch}, which still lacks {lacking}").format(
                    tile=bowl_text(f["tile"]), arch=f["arch"], lacking=bowl_text(lacking))
            else:
                text += _("; the tile needs {tile} in bowl {arch}, which holds them already").format(
                    tile=bowl_text(f["tile"]), arch=f["arch"])
        return text
    if key == "advance":
        text = _("the disc one space on along the senate track, scoring the points printed there")
        if "space_after" in f:
            text += _(" (space {space_before} to {space_after})").format(**f)
        return text + _("; senate tiles held: {tile_votes} votes").format(**f)
    if key == "build":
        text = (_("a worker from the camp ({in_camp} there) onto any building site") if f["first_site"]
                else _("a worker from the camp ({in_camp} there) onto a site beside one of your workers "
                       "(not diagonally)")).format(in_camp=f["in_camp"])
        if f.get("tile") is False:
            text += _(": other players' workers stand there, so no tile and no points, but a bridge")
        elif "building" in f:
            text += (_(": takes the {building} tile and its points; the first of its kind, so its action "
                       "follows at once").format(building=f["building"]) if f["first_of_kind"] else
                     _(": takes the {building} tile and its points ({held} already held: no extra "
                       "action)").format(building=f["building"], held=f["held_before"]))
        return text
    raise KeyError(key)


def verdict_report(verdict: Verdict, bowl: int, acts: ActionRules, rules: ClassicRules) -> list[str]:
    lines = [_("The stones reach bowl {bowl}: {action} ({ref}).").format(
        bowl=bowl, action=action_name(verdict.action), ref=acts.ref(verdict.action.value))]
    for choice in verdict.choices:
        if choice.allowed:
            lines.append("  " + _("allowed: {what}").format(what=choice_text(choice, acts, rules)))
        else:
            lines.append("  " + _("refused: {what}: {reasons}").format(
                what=choice_text(choice, acts, rules),
                reasons="; ".join(reason_text(r, acts) for r in choice.reasons)))
    if not verdict.allowed:
        lines.append("  " + _("Nothing of this action is open: the turn ends without it (taking an action is "
                              "never compulsory)."))
    return lines


def _special_text(choice: Choice, acts: ActionRules) -> str:
    from ..core.classic.actions import TrajanTileKind

    f = choice.facts
    kind = f["kind"]
    if kind is TrajanTileKind.CARDS:
        return _("draw the top {cards} cards of the face-down stack").format(**f)
    if kind is TrajanTileKind.POINTS:
        return _points(f["points"])
    if kind in (TrajanTileKind.WORKERS, TrajanTileKind.LEGIONARIES):
        where = _("the workers' camp") if kind is TrajanTileKind.WORKERS else _("the camp")
        return _("{placed} of the {shown} figures shown from the tableau into {where}").format(where=where, **f)
    if kind is TrajanTileKind.MARKER:
        return _("a [+2] marker onto a free one of its six spaces on the tableau")
    return _("the tile stays on the tableau and meets one {demand} demand at each quarter end").format(
        demand=word(kind.value))


def fulfilment_report(tile_fulfillable: bool | None, acts: ActionRules, special: Choice | None = None) -> list[str]:
    """What fulfilling the Trajan tile at the target gives, when the stones can match it;
    with the tile's kind, its special action for the player (allowed or refused)."""
    if not tile_fulfillable:
        return []
    lines = [_("Fulfilled before the action: the tile's points, then its special action ({special}); it "
               "leaves the game, but a bread, games or religion tile stays on the tableau ({ref}).").format(
        special=acts.ref("special_actions"), ref=acts.ref("trajan_tile"))]
    if special is not None:
        what = _special_text(special, acts)
        lines.append("  " + (_("special action allowed: {what}").format(what=what) if special.allowed else
                             _("special action refused: {what}: {reasons}").format(
                                 what=what, reasons="; ".join(reason_text(r, acts) for r in special.reasons))))
    return lines


def fulfilment_answer(special: Choice, acts: ActionRules) -> dict:
    return {"open": special.allowed, "facts": {k: _json(v) for k, v in special.facts.items()},
            "ref": str(acts.ref("special_actions")),
            "reasons": [{"rule": r.rule, "ref": str(acts.ref(r.topic)), "text": reason_text(r, acts)}
                        for r in special.reasons]}


def _json(value: Any) -> Any:
    from ..core.classic.actions import ForumTake
    from ..core.classic.ship import Delivery

    if isinstance(value, Delivery):
        return {"points": value.points, "cards": list(value.cards), "count": value.count,
                "jokers_as": list(value.jokers_as)}
    if isinstance(value, ForumTake):
        return {"tile": value.tile.value, "votes": value.votes,
                "action": None if value.action is None else value.action.value}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple) and all(isinstance(v, Enum) for v in value):
        return "".join(str(v.value) for v in value)
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def verdict_answer(verdict: Verdict, bowl: int, acts: ActionRules) -> dict:
    return {
        "action": verdict.action.value, "bowl": bowl, "open": verdict.allowed,
        "ref": str(acts.ref(verdict.action.value)),
        "choices": [{"choice": c.key, "open": c.allowed, "facts": {k: _json(v) for k, v in c.facts.items()},
                     "reasons": [{"rule": r.rule, "ref": str(acts.ref(r.topic)), "text": reason_text(r, acts)}
                                 for r in c.reasons]}
                    for c in verdict.choices],
    }
