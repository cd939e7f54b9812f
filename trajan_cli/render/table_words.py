"""The words of the table screen (`trajan play`): the palette, the menus, the header. Translated."""

from __future__ import annotations

from ..core.colonia import Square
from ..core.turns.moves import ASSISTANT, BUILDER, COIN, TRIBUNE, UPGRADE, VP
from ..core.vocabulary import Colour
from ..i18n import _
from .names import colour_name


def resource_word(word: str) -> str:
    """One resource, bonus or gain word of the notation as a player reads it."""
    if word.startswith("worker:"):
        return _("{colour} worker").format(colour=colour_name(Colour(word.split(":", 1)[1])))
    return {
        COIN: _("coin"), TRIBUNE: _("tribune"), BUILDER: _("builder"), ASSISTANT: _("assistant"),
        UPGRADE: _("upgrade"), VP: _("2 victory points"),
    }.get(word, word)


def step_words(track, step) -> str:
    """A benefit-track space to choose: what it gives ('1 builder', 'an envoy on an eagle')."""
    from ..render.referee import step_choice_text
    from ..rulesdata import load_rules

    text = step_choice_text(step, load_rules())
    return text.split("] ", 1)[1] if text.startswith("[") else text


def palette_pairs() -> list[tuple[str, str]]:
    """The keys of what a used tile shows (p. 21)."""
    return [("c", _("coin")), ("t", _("tribune")), ("b", _("builder")), ("a", _("assistant")),
            ("w+b/g/o/y", _("worker")), ("p", _("upgrade")), ("1-6", _("citizen in row"))]


def use_kind_pairs() -> list[tuple[str, str]]:
    return [("r", _("received tile")), ("o", _("own tile")), ("/", _("both (2 tribunes)"))]


def part_pairs() -> list[tuple[str, str]]:
    """The building tiles' keys (the board editor's), one row; ``+`` joins a double tile."""
    from ..core.vocabulary import GrayType
    from .names import gray_name

    return [("c", gray_name(GrayType.COLUMN)), ("i", gray_name(GrayType.LIBRARY)),
            ("s", gray_name(GrayType.BASILICA)), ("m", gray_name(GrayType.MARKET)),
            ("b g o y", _("structure"))]


def squares_text(squares: list[Square]) -> str:
    from ..core.vocabulary import square_name

    return ", ".join(square_name(*sq) for sq in squares)


def exchange_words(exchange, rules) -> str:
    """An exchange on the menu: what is given -> what is got, and whose it is when an active
    citizen's ('Craftsman II: 1 assistant -> 1 builder')."""
    from ..core.referee.payment import Resource, bag_of
    from ..core.turns.referee import ExchangeKind, exchange_kind
    from .names import citizen_name
    from .referee import bag_text

    give, get = dict(exchange.give), dict(exchange.get)
    text = _("{give} -> {get}").format(give=bag_text(bag_of({Resource(k): n for k, n in give.items()})),
                                        get=bag_text(bag_of({Resource(k): n for k, n in get.items()})))
    found = exchange_kind(give, get, rules)
    if found is not None and found[0] is ExchangeKind.CITIZEN:
        text = _("{citizen}: {exchange}").format(citizen=citizen_name(found[1]), exchange=text)
    return text
