"""No input file makes a parser fail with anything but a clean InputError, and none takes
long (issue 13): every example runs under a time bound the harness enforces.

A few hundred examples here; the long opt-in run belongs to the benchmark/fuzzing issue.
"""

from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.parsing.classic_sheet import parse_classic_sheet
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet

from helpers.fuzzing import ADVERSARIAL, GREEN, PIECES, TOM, TOM_FORUM, fuzz, mutate_text, parses_cleanly


@fuzz(300)
@given(st.data())
def test_mutated_sheets_parse_or_fail_cleanly(data):
    parses_cleanly(parse_sheet, mutate_text(TOM, data))


@fuzz(300)
@given(st.data())
def test_mutated_forums_parse_or_fail_cleanly(data):
    parses_cleanly(parse_forum, mutate_text(TOM_FORUM, data))


@fuzz(200)
@given(st.data())
def test_adversarial_pieces_in_every_format_fail_cleanly_issue13(data):
    for parse, text in ((parse_sheet, TOM), (parse_forum, TOM_FORUM), (parse_classic_sheet, GREEN)):
        parses_cleanly(parse, mutate_text(text, data, PIECES + ADVERSARIAL))


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
