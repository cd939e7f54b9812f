"""Display names of the vocabulary, translated."""

from __future__ import annotations

from ..core.vocabulary import Citizen, Colour, GrayType
from ..i18n import _


def citizen_name(citizen: Citizen) -> str:
    return {
        Citizen.PATRICIAN_I: _("Patrician I"),
        Citizen.PATRICIAN_II: _("Patrician II"),
        Citizen.MERCHANT_I: _("Merchant I"),
        Citizen.MERCHANT_II: _("Merchant II"),
        Citizen.CRAFTSMAN_I: _("Craftsman I"),
        Citizen.CRAFTSMAN_II: _("Craftsman II"),
    }[citizen]


def gray_name(kind: GrayType) -> str:
    return {
        GrayType.COLUMN: _("triumphal column"),
        GrayType.LIBRARY: _("library"),
        GrayType.BASILICA: _("basilica"),
        GrayType.MARKET: _("market"),
    }[kind]


def colour_name(colour: Colour) -> str:
    return {
        Colour.BLUE: _("blue"),
        Colour.GREEN: _("green"),
        Colour.ORANGE: _("orange"),
        Colour.YELLOW: _("yellow"),
    }[colour]


def display(value):
    """A parameter of a message as a player reads it: vocabulary translated, the rest as is."""
    if isinstance(value, Citizen):
        return citizen_name(value)
    if isinstance(value, Colour):
        return colour_name(value)
    if isinstance(value, GrayType):
        return gray_name(value)
    if hasattr(value, "show"):  # a core Message: a template translated where it is shown
        return value.show()
    return value


def fill(template: str, params) -> str:
    """Translate a message template and fill in its parameters."""
    return _(template).format(**{k: display(v) for k, v in params.items()})
