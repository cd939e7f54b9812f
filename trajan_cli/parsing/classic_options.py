"""Short Trajan (2011) descriptions typed on the command line: demands, a hand of cards,
the action circle's bowls, a Trajan tile's colours, a senate stack.

Problems name the option as the "file", the token, and what to type instead; all of
them are reported at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..core.classic.models import ClassicRules
from ..core.classic.vocabulary import Demand, Stone
from ..i18n import _
from .errors import ProblemList, suggest

JOKER = "joker"
EMPTY_BOWL = "-"
STONE_LETTERS = "".join(s.value for s in Stone)


def _tokens(text: str) -> list[str]:
    return [t.strip() for t in text.split(",")]


def parse_demands(text: str, rules: ClassicRules) -> tuple[Demand, ...]:
    problems = ProblemList("--demands")
    kinds = [d.value for d in Demand]
    demands = []
    tokens = [t for t in _tokens(text) if t]
    for token in tokens:
        try:
            demands.append(Demand(token.lower()))
        except ValueError:
            problems.add(None, token, _("a demand is bread, games or religion{suggestion}").format(
                suggestion=suggest(token, kinds)))
    if not 1 <= len(tokens) <= rules.demands_per_quarter:
        problems.add(None, text, _("give the 1 to {n} demand tiles lying face up, e.g. --demands "
                                   "bread,games,religion").format(n=rules.demands_per_quarter))
    problems.raise_if_any()
    return tuple(demands)


def parse_hand(text: str) -> tuple[str, ...]:
    """Commodity cards by kind, and "joker" for a commodity joker; the kinds are the
    players' own names for them."""
    problems = ProblemList("--hand")
    cards = []
    for token in _tokens(text):
        if not token:
            if text.strip():
                problems.add(None, text, _("an empty card between commas; e.g. --hand wine,wine,oil,joker"))
            continue
        if not all(ch.isalnum() or ch in "-_" for ch in token):
            problems.add(None, token, _("a card is a kind of goods (a word such as wine) or joker"))
            continue
        cards.append(token.lower())
    problems.raise_if_any()
    return tuple(cards)


def _stones(problems: ProblemList, token: str, what: str) -> list[Stone]:
    stones = []
    for letter in token.upper():
        if letter in STONE_LETTERS:
            stones.append(Stone(letter))
        else:
            problems.add(None, token, _("{what}: {letter!r} is no stone colour; use Y yellow, O orange, "
                                        "G green, W white, P pink, B blue").format(what=what, letter=letter))
    return stones


def parse_bowls(text: str, rules: ClassicRules) -> list[list[Stone]]:
    """Six bowls clockwise from bowl 1, comma-separated; ``-`` (or nothing) is empty.
    Together they hold every stone of the player: 2 of each colour."""
    problems = ProblemList("--bowls")
    tokens = _tokens(text)
    if len(tokens) != rules.bowls:
        problems.add(None, text, _("give {n} bowls, clockwise from bowl 1, separated by commas, - for an "
                                   "empty one: e.g. --bowls YO,WB,-,GGP,YOWB,P (bowls given: {given})")
                     .format(n=rules.bowls, given=len(tokens)))
        problems.raise_if_any()
    bowls = [[] if token in ("", EMPTY_BOWL) else _stones(problems, token, _("bowl {n}").format(n=n))
             for n, token in enumerate(tokens, start=1)]
    if not problems:
        counts = Counter(s for bowl in bowls for s in bowl)
        wrong = [f"{s.value}: {counts[s]}" for s in Stone if counts[s] != rules.stones_per_colour]
        if wrong:
            problems.add(None, text, _("the bowls hold {wrong}; a player's circle always holds {each} "
                                       "stones of each colour, {total} in all (Spielmaterial)").format(
                wrong=", ".join(wrong), each=rules.stones_per_colour,
                total=rules.stones_per_colour * len(Stone)))
    problems.raise_if_any()
    return bowls


def parse_tile(text: str) -> list[Stone]:
    problems = ProblemList("--tile")
    stones = _stones(problems, text.strip(), _("the Trajan tile"))
    if not stones and not problems:
        problems.add(None, text, _("give the colours the Trajan tile shows, e.g. --tile YO"))
    problems.raise_if_any()
    return stones


def parse_order(text: str, names: Sequence[str]) -> list[str]:
    """Disc names, top of the stack first, matched to the players (any case)."""
    problems = ProblemList("--order")
    known = {n.casefold(): n for n in names}
    order = []
    for token in [t for t in _tokens(text) if t]:
        name = known.get(token.casefold())
        if name is None:
            problems.add(None, token, _("no such player; players: {players}").format(players=", ".join(names)))
        elif name in order:
            problems.add(None, token, _("named twice; list each disc once, top first"))
        else:
            order.append(name)
    problems.raise_if_any()
    return order
