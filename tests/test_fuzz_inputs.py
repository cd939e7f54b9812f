"""No input file makes a parser fail with anything but a clean InputError, and none takes
long (issue 13): every example runs under a time bound the harness enforces.

A few hundred examples here; the long opt-in run belongs to the benchmark/fuzzing issue.
"""

from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.parsing.classic_sheet import parse_classic_sheet
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.limits import MAX_PROBLEMS_SHOWN
from trajan_cli.parsing.sheet import parse_sheet

from helpers.fuzzing import fuzz
from helpers.timebound import within

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


def mutate(text: str, data, pieces=PIECES) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        text = text[:at] + data.draw(st.sampled_from(pieces)) + text[at + cut:]
    return text


def parses_cleanly(parse, text: str) -> None:
    try:
        with within(10, "one parse"):
            parse(text, "fuzz.toml")
    except InputError as exc:
        assert exc.problems and all(p.file == "fuzz.toml" for p in exc.problems)
        assert len(exc.problems) <= MAX_PROBLEMS_SHOWN + 1
        assert all(str(p) for p in exc.problems)  # every problem can be shown


@fuzz(300)
@given(st.data())
def test_mutated_sheets_parse_or_fail_cleanly(data):
    parses_cleanly(parse_sheet, mutate(TOM, data))


@fuzz(300)
@given(st.data())
def test_mutated_forums_parse_or_fail_cleanly(data):
    parses_cleanly(parse_forum, mutate(TOM_FORUM, data))


@fuzz(200)
@given(st.data())
def test_adversarial_pieces_in_every_format_fail_cleanly_issue13(data):
    for parse, text in ((parse_sheet, TOM), (parse_forum, TOM_FORUM), (parse_classic_sheet, GREEN)):
        parses_cleanly(parse, mutate(text, data, PIECES + ADVERSARIAL))


@fuzz(200)
@given(st.integers(), st.sampled_from(["coins", "ship", "builders", "assistants", "tribunes"]))
def test_any_integer_as_a_count_is_read_or_refused_cleanly_issue13(number, key):
    text = "\n".join(f"{key} = {number}" if line.startswith(f"{key} =") else line
                     for line in TOM.splitlines())
    parses_cleanly(parse_sheet, text)


@fuzz(200)
@given(st.dictionaries(st.text(max_size=6), st.lists(st.sampled_from(["active", "inactive"]),
                                                       max_size=2), max_size=3))
def test_any_citizens_key_is_read_or_refused_cleanly_issue13(rows):
    import json

    table = "\n".join(f"{json.dumps(key)} = {json.dumps(states)}" for key, states in rows.items())
    parses_cleanly(parse_sheet, TOM.split("[citizens]")[0] + "[citizens]\n" + table + "\n[supply]\n")


@fuzz(200)
@given(st.text(max_size=200))
def test_random_text_fails_cleanly(text):
    parses_cleanly(parse_sheet, text)
    parses_cleanly(parse_forum, text)
    parses_cleanly(parse_classic_sheet, text)
