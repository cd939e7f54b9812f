"""What `trajan classic move` reads for the action referee: the actions printed at the
tableau's bowls, the ship tiles' sides, the forum tile taken.

Problems name the option, the token, and what to type instead; all are reported at once.
"""

from __future__ import annotations

from ..core.classic.actions import Action, ForumTake, ForumTile, TrajanTileKind
from ..core.classic.vocabulary import ShipSide, ShipTile
from ..i18n import _
from .errors import ProblemList, suggest


def _tokens(text: str) -> list[str]:
    return [t.strip().lower() for t in text.split(",")]


def parse_actions(text: str) -> list[Action]:
    """The actions printed at bowls 1..6, clockwise from I (``harbour,forum,...``); their
    count and the rulebook's example are judged by the core (``circle_problems``)."""
    problems = ProblemList("--actions")
    names = [a.value for a in Action]
    actions = []
    for token in _tokens(text):
        try:
            actions.append(Action(token))
        except ValueError:
            problems.add(None, token, _("an action is {names}{suggestion}").format(
                names=", ".join(names), suggestion=suggest(token, names)))
    problems.raise_if_any()
    return actions


def parse_ship_sides(text: str) -> dict[ShipTile, ShipSide]:
    """``same=back,pairs=front``: the side each ship tile shows; a tile not named: front."""
    problems = ProblemList("--ships")
    sides: dict[ShipTile, ShipSide] = {}
    for token in [t for t in _tokens(text) if t]:
        tile, _sep, side = token.partition("=")
        try:
            ship = ShipTile(tile.strip())
            sides[ship] = ShipSide(side.strip())
        except ValueError:
            problems.add(None, token, _("give each ship tile's side as tile=side: same, pairs or different, "
                                        "front or back; e.g. --ships same=back,pairs=front"))
    problems.raise_if_any()
    return sides


def parse_forum_tile(text: str) -> ForumTake:
    """A forum tile: bread, games, religion, senate-N (N votes), demand-joker,
    commodity-joker, building-joker, extra-action-joker, or extra-ACTION (an extra action
    tile of that action)."""
    problems = ProblemList("--take")
    token = text.strip().lower()
    kinds = [t.value for t in ForumTile if t not in (ForumTile.SENATE, ForumTile.EXTRA_ACTION)]
    hint = _("a forum tile is {kinds}, senate-N (a senate tile of N votes) or extra-ACTION (an extra "
             "action tile, e.g. extra-senate)").format(kinds=", ".join(kinds))
    take = None
    if token in kinds:
        take = ForumTake(ForumTile(token))
    elif token.startswith("senate-") and token[7:].isdigit():
        take = ForumTake(ForumTile.SENATE, votes=int(token[7:]))
    elif token.startswith("extra-"):
        try:
            take = ForumTake(ForumTile.EXTRA_ACTION, action=Action(token[6:]))
        except ValueError:
            problems.add(None, text, hint)
    else:
        problems.add(None, text, hint + suggest(token, [*kinds, "senate-3", "extra-senate"]))
    problems.raise_if_any()
    assert take is not None
    return take


def parse_tile_kind(text: str) -> tuple[TrajanTileKind, int]:
    """A Trajan tile's symbol (S. 11): cards, points, workers:N, legionaries:N (N = 1 or 2
    figures shown, 1 if left out), marker, bread, games, religion."""
    problems = ProblemList("--tile-kind")
    kind_text, _sep, count = text.strip().lower().partition(":")
    kinds = [k.value for k in TrajanTileKind]
    kind, figures = None, 1
    try:
        kind = TrajanTileKind(kind_text)
    except ValueError:
        problems.add(None, text, _("a Trajan tile is {kinds}; e.g. --tile-kind workers:2{suggestion}").format(
            kinds=", ".join(kinds), suggestion=suggest(kind_text, kinds)))
    if count:
        if count.isdigit():
            figures = int(count)
        else:
            problems.add(None, text, _("after the colon, the figures the tile shows: e.g. workers:2"))
    problems.raise_if_any()
    assert kind is not None
    return kind, figures
