"""No input file makes a parser fail with anything but a clean InputError.

A few hundred examples here; the long opt-in run belongs to the benchmark/fuzzing issue.
"""

from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet

TOM = (EXAMPLES_DIR / "tom.toml").read_text()
TOM_FORUM = (EXAMPLES_DIR / "tom-forum.toml").read_text()
PIECES = ["?", ".", "T", "lib", "Kg", "K", "g", "y:T", "E", "-", "=", '"', '"""', "[", "]",
          "{", "}", "3", "-1", "true", "active", "[supply]", "[tracks]", "[citizens]", "\n",
          " ", "#", "coins", "workers", "name", "colonia", "grid", "players", "x:", "1.5"]


def mutate(text: str, data) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        text = text[:at] + data.draw(st.sampled_from(PIECES)) + text[at + cut:]
    return text


def parses_cleanly(parse, text: str) -> None:
    try:
        parse(text, "fuzz.toml")
    except InputError as exc:
        assert exc.problems and all(p.file == "fuzz.toml" for p in exc.problems)


@fuzz(300)
@given(st.data())
def test_mutated_sheets_parse_or_fail_cleanly(data):
    parses_cleanly(parse_sheet, mutate(TOM, data))


@fuzz(300)
@given(st.data())
def test_mutated_forums_parse_or_fail_cleanly(data):
    parses_cleanly(parse_forum, mutate(TOM_FORUM, data))


@fuzz(200)
@given(st.text(max_size=200))
def test_random_text_fails_cleanly(text):
    parses_cleanly(parse_sheet, text)
    parses_cleanly(parse_forum, text)
