"""render/tables.py: tabulate without the ~26 ms of importing wcwidth when no cell needs it.

Each check that depends on what is imported runs in a fresh interpreter, so that it does not
depend on what earlier tests of the session imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from trajan_cli.render.tables import needs_wcwidth, table

# The options our five call sites use (render/standings, report, cards, export, classic).
OPTIONS = [
    {"tablefmt": "simple", "numalign": "right"},
    {"tablefmt": "simple", "colalign": ("right", "left", "right")},
    {"tablefmt": "simple"},
    {"tablefmt": "github"},
]
HEADERS = ["Joueur", "Säulen", "Points"]
NARROW_ROWS = [["Tom", "Légion", 12], ["Anna-Lena", "Straße", None], ["\x1b[1mÉlise\x1b[0m", "œuvre", 3]]
# A wide name (2 cells per character) and a decomposed "Zoë" (e + combining diaeresis).
WIDE_ROWS = [["李雷", "Légion", 12], ["Zoe\u0308", "forum", 7], ["Tom", "Straße", 104]]


def in_fresh_python(code: str) -> object:
    """Run ``code`` in a new interpreter; it prints one JSON value as its last line."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def tables_by_plain_tabulate(rows) -> list[str]:
    """What tabulate itself gives, imported the ordinary way (so with wcwidth), with our
    simple tables' padding (none around the headers, render.tables.table)."""
    return in_fresh_python(f"""
        import json
        import tabulate as module
        def simple(o):
            module.MIN_PADDING = 0 if o.get("tablefmt") == "simple" else 2
            return o
        print(json.dumps([module.tabulate({rows!r}, {HEADERS!r}, **simple(o)) for o in {OPTIONS!r}]))
        """)


def display_width(text: str) -> int:
    import wcwidth

    return wcwidth.wcswidth(text)


def test_narrow_cells_give_exactly_what_tabulate_gives():
    ours = in_fresh_python(f"""
        import json, sys
        from trajan_cli.render.tables import table
        tables = [table({NARROW_ROWS!r}, {HEADERS!r}, **o) for o in {OPTIONS!r}]
        print(json.dumps(tables))
        """)
    assert ours == tables_by_plain_tabulate(NARROW_ROWS)
    # and in this process too, whatever it imported before
    assert [table(NARROW_ROWS, HEADERS, **o) for o in OPTIONS] == tables_by_plain_tabulate(NARROW_ROWS)


def test_narrow_cells_do_not_import_wcwidth():
    """The fix: a table of names, numbers and en/de/fr labels does not pay for wcwidth."""
    loaded = in_fresh_python(f"""
        import json, sys
        from trajan_cli.render.tables import table
        table({NARROW_ROWS!r}, {HEADERS!r}, tablefmt="simple")
        print(json.dumps(sorted(m for m in ("tabulate", "wcwidth", "importlib.metadata")
                                if m in sys.modules)))
        """)
    # importlib.metadata: tabulate 0.10 imports it to learn its own version (pyproject: <0.10)
    assert loaded == ["tabulate"]


@pytest.mark.parametrize("first_a_narrow_table", [False, True], ids=["first", "after-narrow"])
def test_wide_or_combining_cells_are_aligned_by_display_width(first_a_narrow_table):
    """Also when tabulate was already imported without wcwidth by a narrow table."""
    ours = in_fresh_python(f"""
        import json
        from trajan_cli.render.tables import table
        if {first_a_narrow_table}:
            table({NARROW_ROWS!r}, {HEADERS!r})
        print(json.dumps([table({WIDE_ROWS!r}, {HEADERS!r}, **o) for o in {OPTIONS!r}]))
        """)
    assert ours == tables_by_plain_tabulate(WIDE_ROWS)
    second_column = ("Légion", "forum", "Straße")
    for text in ours:
        # every line is as wide on screen as the others, and the second column starts in the
        # same screen column on each row
        assert len({display_width(line) for line in text.splitlines()}) == 1, text
        rows = [line for line in text.splitlines() if any(w in line for w in second_column)]
        starts = {display_width(line[:max(line.find(w) for w in second_column)]) for line in rows}
        assert len(rows) == 3 and len(starts) == 1, text


def test_wcwidth_and_prompt_toolkit_still_import_after_a_narrow_table():
    """The hidden wcwidth is put back: the walkthrough's prompts need it in the same process."""
    answer = in_fresh_python(f"""
        import json, sys
        from trajan_cli.render.tables import table
        table({NARROW_ROWS!r}, {HEADERS!r})
        hidden = "wcwidth" in sys.modules
        import wcwidth
        import prompt_toolkit
        from prompt_toolkit.utils import get_cwidth
        print(json.dumps([hidden, wcwidth.wcswidth("李雷"), get_cwidth("李雷")]))
        """)
    assert answer == [False, 4, 4]


def test_wcwidth_already_imported_is_given_to_tabulate():
    """In the walkthrough questionary has imported wcwidth already: tabulate uses it, free."""
    answer = in_fresh_python(f"""
        import json, sys
        import wcwidth
        from trajan_cli.render.tables import table
        table({NARROW_ROWS!r}, {HEADERS!r})
        print(json.dumps(sys.modules["tabulate"].wcwidth is wcwidth))
        """)
    assert answer is True


def test_importing_the_module_does_not_import_tabulate():
    loaded = in_fresh_python("""
        import json, sys
        import trajan_cli.render.tables
        print(json.dumps([m for m in ("tabulate", "wcwidth", "unicodedata") if m in sys.modules]))
        """)
    assert loaded == []


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_readable_commands_print_their_tables_without_wcwidth(language):
    """`card check all` and `score colonia` (readable): tabulate yes, wcwidth no."""
    loaded = in_fresh_python(f"""
        import json, os, sys
        os.environ["TRAJAN_LANG"] = {language!r}
        from trajan_cli.cli import main
        for args in (["card", "check", "all", "--example", "tom"],
                     ["score", "colonia", "--example", "tom"]):
            try:
                main(args)
            except SystemExit as stop:
                assert not stop.code, stop.code
        print(json.dumps([m for m in ("tabulate", "wcwidth") if m in sys.modules]))
        """)
    assert loaded == ["tabulate"]


@pytest.mark.parametrize("text, needed", [
    ("Tom", False), ("Anna-Lena 12", False), ("Légion", False), ("Säulen, Straße", False),
    ("œuvre « forum » – 3 €", False), ("\x1b[1mTom\x1b[0m", False),
    ("李雷", True), ("Zoe\u0308", True), ("ＡＢ", True), ("😀", True), ("a\u200bb", True),
    ("\u2764\ufe0f", True),
])
def test_which_text_needs_wcwidth(text, needed):
    assert needs_wcwidth(text) is needed
    if not needed:  # agrees with wcwidth: one screen column per character
        assert display_width(text.replace("\x1b[1m", "").replace("\x1b[0m", "")) == len(
            text.replace("\x1b[1m", "").replace("\x1b[0m", ""))
