"""A scored phase stays fixed to the boards it was scored on (issue 18, item 2).

The scoring phase after a cycle scores the boards as they lie at its end (p. 27). What is
recorded afterwards belongs to the next cycle: it never reaches back into a phase that is
done, even when the last steps of that phase needed no answer at all.
"""

import pytest

from trajan_cli.games import store
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet

# Two players, boards with nothing built yet: no crane shows its colour, no envoy stands
# in the forum, card I-1 is worked out on the board (not fulfilled): after the forum has
# been looked over, nothing more is asked in cycle I.
BOARD = '''name = "{name}"
colonia = """
?   ?   ?   ?   ?   ?
?   T   .   .   ?   ?
?   ?   ?   ?   ?   T
?   ?   ?   ?   ?   T
?   ?   ?   T   ?   ?
?   ?   ?   ?   ?   ?
"""
[citizens]
2 = ["active"]
[supply]
coins = 1
builders = 2
workers = {{ green = 1 }}
ship = 2
'''
FORUM = '''players = { 1 = "Ann", 2 = "Bob" }
grid = """
g g E b
y y b b
"""
'''


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


@pytest.fixture
def scored_cycle_one(cli, write):
    assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob", "--cards", "I-1,II-1,III-1").code == 0
    for name in ("Ann", "Bob"):
        assert cli("board", "import", "g", "-p", name,
                   write(f"{name}.toml", BOARD.format(name=name))).code == 0
    assert cli("board", "import", "g", "--forum", write("forum.toml", FORUM)).code == 0
    answers = write("a.toml", "[Ann]\nmarker = 0\n[Bob]\nmarker = 0\n")
    result = cli("score", "--game", "g", "--answers", answers, "--no-input")
    assert result.code == 0, result.err
    # The last words say what comes next; at 80 columns the sentence may wrap, so the
    # last paragraph is read flowing, whatever the terminal's width.
    last = result.out.rstrip().split("\n\n")[-1]
    assert "Cycle II comes next" in " ".join(last.split()), result.out
    return "g"


def test_a_phase_whose_last_steps_need_no_answer_is_done_p27(cli, scored_cycle_one):
    shown = cli("game", "show", "g", "--json").json()
    assert shown["next"]["cycle"] == 2 and shown["next"]["step"] == "pay"


def test_builds_of_the_next_cycle_stay_out_of_the_phase_scored_before_p27(cli, scored_cycle_one):
    """A green structure with its envoy, built in cycle II, after cycle I was scored."""
    before = cli("game", "show", "g", "--json").json()
    built = cli("build", "g", "-p", "Ann", "g", "C2", "--envoy", "A1", "--json")
    assert built.code == 0 and built.json()["recorded"], built.out + built.err
    after = cli("game", "show", "g", "--json").json()
    # The game still waits for cycle II's scoring, and cycle I's points did not move.
    assert after["next"]["cycle"] == 2 and after["next"]["step"] == "pay"
    assert after["players"] == before["players"]
    # `board show --cycle 1` is the board as cycle I scored it: no green on C2, no envoy.
    then = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--cycle", "1", "--json")
                       .json()["sheet"])
    assert then.colonia.at((2, 1)).kind.value == "vacated"
    now = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--json").json()["sheet"])
    assert now.colonia.at((2, 1)).colour.value == "green"
    forum_then = parse_forum(cli("board", "show", "g", "--forum", "--cycle", "1", "--json")
                             .json()["forum"])
    assert forum_then.at((0, 0)).envoy is None
    forum_now = parse_forum(cli("board", "show", "g", "--forum", "--json").json()["forum"])
    assert forum_now.at((0, 0)).envoy is not None


def test_the_next_phase_scores_the_envoys_of_its_own_cycle_p27(cli, write, scored_cycle_one):
    """Cycle II's envoy beside the eagle scores in cycle II, not in cycle I (p. 27)."""
    assert cli("build", "g", "-p", "Ann", "g", "C2", "--envoy", "B1").code == 0  # B1: beside E
    answers = write("b.toml", "[Ann]\nmarker = 0\npay = []\narea_points = 1\n[Bob]\nmarker = 0\npay = []\n")
    result = cli("score", "--game", "g", "--answers", answers, "--no-input")
    assert result.code == 0, result.err
    players = {p["name"]: p for p in cli("game", "show", "g", "--json").json()["players"]}
    cycles = players["Ann"]["cycles"]
    assert cycles["1"]["eagles"] == 0 and cycles["1"]["area"] == 0
    assert cycles["2"]["eagles"] == 1 and cycles["2"]["area"] == 1
    assert len(store.load_game("g").lines) > 0


def test_a_board_recorded_while_the_walkthrough_waits_is_used_at_that_question(cli, write):
    """Bob's board, imported while the scoring phase waits at his first question, is the
    board the phase asks about (the records made meanwhile count from that question on)."""
    assert cli("game", "new", "h", "-p", "Ann", "-p", "Bob", "--cards", "I-1,II-1,III-1").code == 0
    assert cli("board", "import", "h", "-p", "Ann", write("Ann.toml", BOARD.format(name="Ann"))).code == 0
    answers = write("a.toml", "[Ann]\nmarker = 0\n[Bob]\nmarker = 0\n")
    stopped = cli("score", "--game", "h", "--answers", answers, "--no-input")
    assert stopped.code == 2 and '"pay.mode"' in stopped.err  # Bob: no board yet
    assert cli("board", "import", "h", "-p", "Bob", write("Bob.toml", BOARD.format(name="Bob"))).code == 0
    assert cli("score", "--game", "h", "--answers", answers, "--no-input").code == 2  # no forum yet
    from trajan_cli.core.game import Answer
    from trajan_cli.core.turns.moves import BoardLine

    lines = store.load_game("h").lines
    asked = [(a.key, a.player) for a in lines if isinstance(a, Answer)]
    assert ("pay.board", "Bob") in asked and ("pay.mode", "Bob") not in asked
    board = next(i for i, line in enumerate(lines) if isinstance(line, BoardLine) and line.player == "Bob")
    assert board < lines.index(next(a for a in lines if isinstance(a, Answer) and (a.key, a.player)
                                    == ("pay.board", "Bob")))  # recorded before the question it answers
