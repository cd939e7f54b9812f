"""A refused set-up or box line (core/setup.py) in the player's words, with its page."""

from __future__ import annotations

from ..core.setup import SetUpProblem, SetUpRule
from ..core.vocabulary import Colour, square_name
from ..i18n import _, page_label
from .names import colour_name


def problem_text(problem: SetUpProblem) -> str:
    """'F2: a crane lies in a corner, one in each (p. 19)'."""
    return _("{reason} ({page})").format(reason=_reason(problem), page=page_label(problem.page))


def _reason(problem: SetUpProblem) -> str:
    rule, params = problem.rule, problem.params
    if rule is SetUpRule.STARTED:
        return _("the set-up comes before the first round; record boards of a game under way with "
                 "'board NAME: ...'")
    if rule is SetUpRule.BOARD_RECORDED:
        return _("{player} has a board recorded already; a player is set up once").format(**params)
    if rule is SetUpRule.SIDE_UNKNOWN:
        if params.get("known"):
            return _("the record knows no board side {side} (it knows {known}); describe it first with "
                     "'box side {side}: temples ...'").format(**params)
        return _("the record knows no board side {side}; describe it first with "
                 "'box side {side}: temples ...'").format(**params)
    if rule is SetUpRule.CRANES:
        return _crane_reason(params)
    if rule is SetUpRule.CITIZEN_ROW:
        return _("the citizen drawn lies in a row 1-6, not {row}").format(**params)
    if rule is SetUpRule.WORKER_TAKEN:
        return _("{player} was dealt the {colour} worker; each player gets a worker of another "
                 "colour").format(player=params["player"], colour=colour_name(Colour(params["colour"])))
    if rule is SetUpRule.FORUM_RECORDED:
        return _("the forum is laid out already; it is laid once, at the set-up")
    if rule is SetUpRule.FACE_COUNT:
        if params.get("wanted") is None:
            return _("the rulebook lays the forum for 2 to 4 players, not {players}").format(**params)
        return _("{players} players lay {wanted} mosaic boards, not {count}").format(**params)
    if rule is SetUpRule.FORUM_LAYOUT and problem.detail is not None:
        return problem.detail.show()
    if rule is SetUpRule.BOX_FACT and problem.detail is not None:
        return _("{what}: {problem}").format(what=_fact_name(params), problem=problem.detail.show())
    if rule is SetUpRule.BOX_DISAGREES:
        from ..core.box import Box, PrestigeTrack
        from ..core.turns.moves import BoxLine
        from ..parsing.notation import format_line

        known = params["known"]
        kind = params["kind"]
        box = (Box(sides={known.name: known}) if kind == "side" else Box(faces={known.name: known})
               if kind == "face" else Box(track=known) if isinstance(known, PrestigeTrack)
               else Box(bar={_bar_face(params["name"]): known}))
        return _("{what} differs from what the record says: {line}").format(
            what=_fact_name(params), line=format_line(BoxLine(box)))
    return rule.value


def _bar_face(name: str):
    from ..core.box import BarFace

    return BarFace(name)


def _fact_name(params) -> str:
    kind, name = params["kind"], params["name"]
    if kind == "side":
        return _("board side {name}").format(name=name)
    if kind == "face":
        return _("mosaic face {name}").format(name=name)
    if kind == "track":
        return _("the prestige track")
    if name == "turned":
        return _("the slide bar's turned side")
    return _("the slide bar's basic side")


def _crane_reason(params) -> str:
    what = params["what"]
    if what == "off_corner":
        return _("{square} is no corner; the cranes lie in the four corners").format(
            square=square_name(*params["square"]))
    if what == "corner_twice":
        return _("{square} holds one crane, not two").format(square=square_name(*params["square"]))
    if what == "corner_missing":
        return _("{square} has no crane; each corner holds one").format(square=square_name(*params["square"]))
    return _("{count} {colour} cranes; each player lays one crane of each colour").format(
        count=params["count"], colour=colour_name(Colour(params["colour"])))
