"""Write the search index of `trajan rules QUESTION` for each language.

    .venv/bin/python scripts/rules_index.py           # write trajan_cli/rules_index/*.json
    .venv/bin/python scripts/rules_index.py --check   # fail if any is out of date

The index is made from rules_data/rules/ (topics.toml, en/de/fr.toml, search.toml), and
Trajan (2011)'s from rules_data/rules/classic/ (written as classic-LANG.json); it
ships precomputed so that a question costs little more than starting the program. An index
out of date still answers right (the program makes it afresh, more slowly), and
tests/test_rules_search.py fails until this script is run. scripts/messages.py runs it too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# The checkout's trajan_cli, never an installed copy: the index is written beside the code
# it ships with (run from a non-editable venv, the import would find site-packages).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trajan_cli.i18n import LANGUAGES  # noqa: E402
from trajan_cli.rulesdata import (  # noqa: E402
    RULES_FOLDERS,
    build_search_index,
    search_fingerprint,
    search_index_path,
)


def stale() -> list[Path]:
    """The shipped indexes (one per game and language) not made from the data as it is now."""
    out = []
    for game in RULES_FOLDERS:
        for lang in LANGUAGES:
            path = search_index_path(lang, game)
            try:
                shipped = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                shipped = {}
            if shipped.get("fingerprint") != search_fingerprint(lang, game):
                out.append(path)
    return out


def write() -> None:
    for game in RULES_FOLDERS:
        for lang in LANGUAGES:
            path = search_index_path(lang, game)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(build_search_index(lang, game), ensure_ascii=False, separators=(",", ":"))
            path.write_text(text + "\n", encoding="utf-8")
            print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if an index is out of date")
    if parser.parse_args().check:
        old = stale()
        if old:
            sys.exit(f"out of date: {', '.join(p.name for p in old)}; run scripts/rules_index.py")
        return
    write()


if __name__ == "__main__":
    main()
