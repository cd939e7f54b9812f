"""Fuzz tests' settings and mutations: a few hundred examples normally, many more on request,

    TRAJAN_FUZZ_EXAMPLES=10000 scripts/test -k fuzz

and the inputs they damage: the shipped example files cut and spliced with pieces of the
formats (``mutate_text``), JSON trees with an entry changed or dropped (``mutate_json``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.limits import MAX_PROBLEMS_SHOWN

from helpers.hypothesis_profiles import scaled
from helpers.timebound import within

LONG_RUN = os.environ.get("TRAJAN_FUZZ_EXAMPLES")


def fuzz(examples: int):
    """``examples`` examples (capped by the dev profile), or TRAJAN_FUZZ_EXAMPLES when set."""
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else scaled(examples),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


# --- Text formats: sheets, forums, Trajan (2011) sheets ------------------------------

TOM = (EXAMPLES_DIR / "tom.toml").read_text()
TOM_FORUM = (EXAMPLES_DIR / "tom-forum.toml").read_text()
GREEN = (EXAMPLES_DIR / "classic-green.toml").read_text()
PIECES = ["?", ".", "T", "lib", "Kg", "K", "g", "y:T", "E", "-", "=", '"', '"""', "[", "]",
          "{", "}", "3", "-1", "true", "active", "[supply]", "[tracks]", "[citizens]", "\n",
          " ", "#", "coins", "workers", "name", "colonia", "grid", "players", "x:", "1.5"]
# What Python's own readers refuse or choke on (issue 13, items 6, 8, 11): numbers past
# 64 bits or 4300 digits, deep nesting, keys that look like digits, a byte order mark,
# counts past every limit.
ADVERSARIAL = ["9" * 5000, "0x" + "f" * 600, "1" + "0" * 19, "-" + "9" * 30, "1e999", "nan",
               "[" * 400, "]" * 400, "{a=" * 200, "x = " + "[" * 1000 + "]" * 1000 + "\n",
               '"³"', '"٣"', '"0003"', "\ufeff", "1000000000000", "999", "1000", "2147483648",
               "[[bonus_tiles]]", "zzz " * 200, "\x00", "é"]


def mutate_text(text: str, data, pieces=PIECES) -> str:
    """``text`` with one to four pieces put in at random places, each cutting up to 8 characters."""
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        text = text[:at] + data.draw(st.sampled_from(pieces)) + text[at + cut:]
    return text


def parses_cleanly(parse, text: str) -> None:
    """``parse`` reads ``text`` or refuses it with problems that name the file; within 10 s."""
    try:
        with within(10, "one parse"):
            parse(text, "fuzz.toml")
    except InputError as exc:
        assert exc.problems and all(p.file == "fuzz.toml" for p in exc.problems)
        assert len(exc.problems) <= MAX_PROBLEMS_SHOWN + 1
        assert all(str(p) for p in exc.problems)  # every problem can be shown


# --- JSON: the game files of an earlier version --------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def mutate_json(data, draw, values=json_values):
    """Change, drop or add one entry somewhere in the JSON tree (a new value from ``values``)."""
    path_choices = []

    def walk(node, path):
        path_choices.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])

    walk(data, [])
    path = draw(st.sampled_from(path_choices[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "drop"]))
    if action == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(values)
    return data
