"""Display names of the vocabulary, translated (the names themselves live with the
vocabulary in core/, where the parsers find them)."""

from __future__ import annotations

from ..core.vocabulary import Citizen, Colour, GrayType, citizen_name, colour_name, gray_name  # noqa: F401 - re-exported
from ..i18n import _


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
