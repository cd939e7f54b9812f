"""Keep the message catalogs in step with the code (the gettext/Babel workflow).

    .venv/bin/python scripts/messages.py           # extract, update de/fr, compile
    .venv/bin/python scripts/messages.py --check   # fail if anything is out of date
    .venv/bin/python scripts/messages.py --compile de   # only compile de's .po into its .mo

1. Extract every ``_("...")`` and ``N_("...")`` (and both forms of every
   ``ngettext("...", "...", n)`` and ``Plural("...", "...", n)``) from trajan_cli/, and the texts of
   rules_data/ that are shown to players (card tasks, citizen abilities, bonuses, track
   actions, the open readings), into trajan_cli/locale/trajan.pot.
2. Update trajan_cli/locale/{de,fr}/LC_MESSAGES/trajan.po from it: new messages arrive
   empty for the translator, vanished ones are dropped.
3. Compile each .po into the .mo file that ships in the wheel.
4. Write the search index of `trajan rules QUESTION` (scripts/rules_index.py), whose
   words come from the rules topics in the three languages.

Needs Babel (in the test extra).
"""

from __future__ import annotations

import argparse
import io
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rules_index  # noqa: E402  (scripts/rules_index.py: the search index of `trajan rules`)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "trajan_cli"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "trajan.pot"
LANGUAGES = ("de", "fr")
#: ``ngettext(singular, plural, n)`` and the core's ``Plural(singular, plural, n)`` carry
#: both forms of a counted message: they become plural entries (msgid_plural).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Plural": (1, 2)}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "trajan.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "trajan.mo"


def rules_data_texts() -> list[tuple[str, str]]:
    """(message, where) for every rules_data text that the tool shows to players."""
    data = ROOT / "rules_data"
    texts: list[tuple[str, str]] = []
    cards = tomllib.loads((data / "cards.toml").read_text(encoding="utf-8"))
    for card in cards["card"]:
        for task in ("building", "collecting"):
            texts.append((card[task]["text"], f"rules_data/cards.toml:{card['id']}"))
            for note in card[task].get("edition_note", {}).values():
                texts.append((note, f"rules_data/cards.toml:{card['id']}"))
    citizens = tomllib.loads((data / "citizens.toml").read_text(encoding="utf-8"))
    for citizen in citizens["citizen"]:
        texts.append((citizen["ability"], f"rules_data/citizens.toml:{citizen['id']}"))
    for key, text in citizens["second_bonuses"].items():
        if isinstance(text, str):
            texts.append((text, f"rules_data/citizens.toml:{key}"))
    tracks = tomllib.loads((data / "tracks.toml").read_text(encoding="utf-8"))
    for key, text in tracks["actions"].items():
        texts.append((text, f"rules_data/tracks.toml:{key}"))
    readings = tomllib.loads((data / "readings.toml").read_text(encoding="utf-8"))
    committed = readings.pop("committed", {})
    for name, reading in readings.items():  # shown as rulesdata.load_readings reads them
        texts.append((" ".join(reading["case"].split()), f"rules_data/readings.toml:{name}"))
        texts.append((" ".join(reading["source"].split()), f"rules_data/readings.toml:{name}.source"))
        for value, text in reading["values"].items():
            texts.append((" ".join(text.split()), f"rules_data/readings.toml:{name}.{value}"))
    for name, reading in committed.items():  # rulesdata.load_committed_readings
        for key in ("case", "source", "reading"):
            texts.append((" ".join(reading[key].split()), f"rules_data/readings.toml:committed.{name}.{key}"))
    classic = tomllib.loads((data / "classic.toml").read_text(encoding="utf-8"))
    for name, reading in classic.get("readings", {}).items():  # rulesdata.load_classic_readings
        for key in ("case", "source", "reading"):
            texts.append((" ".join(reading[key].split()), f"rules_data/classic.toml:readings.{name}.{key}"))
        for value, text in reading.get("values", {}).items():  # the switchable ones' values
            texts.append((" ".join(text.split()), f"rules_data/classic.toml:readings.{name}.{value}"))
    return texts


def _wanted(message) -> bool:
    """A text to translate: a message, or both forms of a counted one (a tuple)."""
    if isinstance(message, tuple):
        return len(message) == 2 and all(isinstance(m, str) and m.strip() for m in message)
    return isinstance(message, str) and bool(message.strip())


def extract() -> Catalog:
    catalog = Catalog(project="trajan", version="1", charset="utf-8")
    for filename, lineno, message, comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
        comment_tags=("Translators:",),
    ):
        if _wanted(message):
            catalog.add(message, locations=[(f"trajan_cli/{filename}", lineno)],
                        auto_comments=comments)
    for message, where in rules_data_texts():
        catalog.add(message, locations=[(where, 0)])
    return catalog


def serialise_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True)
    return out.getvalue()


def serialise_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(lang: str, template: Catalog) -> Catalog:
    path = po_path(lang)
    if path.is_file():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
    else:
        catalog = Catalog(locale=lang, project="trajan", version="1", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report what is out of date, change nothing")
    parser.add_argument("--compile", metavar="LANG", choices=LANGUAGES,
                        help="only compile this language's .po file into its .mo")
    args = parser.parse_args()
    if args.compile:
        with po_path(args.compile).open("rb") as handle:
            mo_path(args.compile).write_bytes(serialise_mo(read_po(handle, locale=args.compile)))
        return 0
    template = extract()
    # Compare message ids only: dates and line numbers in the files are not a difference.
    wanted = {str(m.id) for m in template if m.id}
    stale = []
    with TEMPLATE.open("rb") if TEMPLATE.is_file() else io.BytesIO(b"") as handle:
        current = read_po(handle) if TEMPLATE.is_file() else Catalog()
    if {str(m.id) for m in current if m.id} != wanted:
        stale.append(str(TEMPLATE.relative_to(ROOT)))
    for lang in LANGUAGES:
        catalog = updated(lang, template)
        if not po_path(lang).is_file() or {str(m.id) for m in catalog if m.id} != {
            str(m.id) for m in read_po(po_path(lang).open("rb")) if m.id
        }:
            stale.append(str(po_path(lang).relative_to(ROOT)))
        if not args.check:
            if str(po_path(lang).relative_to(ROOT)) in stale:  # only rewrite what changed
                po_path(lang).parent.mkdir(parents=True, exist_ok=True)
                po_path(lang).write_bytes(serialise_po(catalog))
            mo_path(lang).write_bytes(serialise_mo(catalog))
    if args.check:
        for path in stale:
            print(f"out of date: {path} (run scripts/messages.py)")
        for path in rules_index.stale():
            print(f"out of date: {path.relative_to(ROOT)} (run scripts/messages.py)")
        return 1 if stale or rules_index.stale() else 0
    if str(TEMPLATE.relative_to(ROOT)) in stale:
        TEMPLATE.write_bytes(serialise_po(template))
    print(f"{len(wanted)} messages; catalogs updated for {', '.join(LANGUAGES)}")
    rules_index.write()  # the rules topics' texts are words to find too
    return 0


if __name__ == "__main__":
    sys.exit(main())
