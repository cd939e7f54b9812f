"""Message translation. Every text shown to a player goes through ``_``.

English is the source language. Catalogs for German and French are added with the
standard gettext workflow (see the languages issue); until a catalog is installed, ``_``
returns the English text.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "trajan"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def set_language(lang: str) -> None:
    """Use the catalog for ``lang`` (en, de, fr); English when none is installed."""
    global _translation
    _translation = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True
    )


def _(message: str) -> str:
    return _translation.gettext(message)
