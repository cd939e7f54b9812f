"""Messages in the players' language: English, German or French.

Every text shown to a player goes through ``_`` (or is marked with ``N_`` where it is
defined and translated where it is shown). A text that counts something goes through
``ngettext`` (or, defined in the scoring core, ``Plural``), so that each language says
"1 coin" and "2 coins" in its own way. Catalogs are standard gettext files in
``trajan_cli/locale/<lang>/LC_MESSAGES/trajan.mo``, made from the ``.po`` files with
``scripts/messages`` (Babel). Each edition's own terms are used: the German catalog
says Baumeister and Gesandter, the French one bâtisseur and émissaire.

Page numbers follow the player's edition too: the German rulebook prints each section
16 pages earlier than the English one, the French one 16 pages later.
"""

from __future__ import annotations

import os
from pathlib import Path

DOMAIN = "trajan"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "de", "fr")
ENVIRONMENT = "TRAJAN_LANG"
#: English page -> this edition's page (rules_data/editions.toml says the same).
PAGE_OFFSET = {"en": 0, "de": -16, "fr": 16}
PAGE_FORMAT = {"en": "p. {page}", "de": "S. {page}", "fr": "p. {page}"}

_language = "en"
_catalog = None  # a gettext translations object, None for English


def resolve_language(option: str | None = None) -> str:
    """--lang, else $TRAJAN_LANG, else the system locale, else English."""
    for candidate in (option, os.environ.get(ENVIRONMENT), _system_language()):
        if candidate:
            code = candidate.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
            if code in LANGUAGES:
                return code
    return "en"


def unknown_environment_language(option: str | None = None) -> str | None:
    """$TRAJAN_LANG when it names no language the tool speaks and no --lang overrides it:
    the command then goes on in another language, and should say so once."""
    value = os.environ.get(ENVIRONMENT)
    if option or not value or not value.strip():
        return None
    code = value.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return None if code in LANGUAGES else value


def _system_language() -> str | None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return value.split(":")[0]
    return None


def set_language(lang: str) -> None:
    """Use ``lang`` from now on; English needs no catalog (and no gettext import)."""
    global _language, _catalog
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
    _language = lang
    if lang == "en":
        _catalog = None
        return
    import gettext

    _catalog = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def language() -> str:
    return _language


def _(message: str) -> str:
    return message if _catalog is None else _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n``, in the player's language.

    English needs no catalog: 1 takes the singular, every other number the plural.
    """
    if _catalog is None:
        return singular if n == 1 else plural
    return _catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for translation where it is defined; ``_`` translates it when shown."""
    return message


def page_label(english_page: int) -> str:
    """'p. 27' in English, 'S. 11' in German, 'p. 43' in French."""
    return PAGE_FORMAT[_language].format(page=english_page + PAGE_OFFSET[_language])
