"""The turn referee through the commands, and the words of its refusals (pp. 20-29).

The rules themselves are tested on the core in tests/test_referee_core.py (each rule key
and its page). Here: what the commands add -- `trajan turn` refuses a line with exit status
2, every reason at once, each with its page in the player's language, records nothing, and
`--json` names the rule keys; `trajan build` takes its choices as options or asks them; a
record edited by hand past the game's end is refused at its line -- and the sentence each
rule is worded with (render/turns.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trajan_cli.core.turns.problems import TurnRule
from trajan_cli.games import store
from trajan_cli.render.turns import problem_text

from helpers.tables import ANN, CYCLE_I, EXAMPLE, RICH, RICH_FORUM, refusal, rich, table


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


@pytest.fixture
def example(cli, write):
    """The worked example's set-up, round I.1 (streets 2 and 4) begun: Ann's turn."""
    assert cli("game", "new", "ex", "--player", "Ann", "--player", "Bob").code == 0
    assert cli("turn", "ex", "--file", write("setup.txt", "\n".join(EXAMPLE))).code == 0
    return "ex"


@pytest.fixture
def rich_game(cli, write):
    """Cycle III, Ann to play (no streets named)."""
    assert cli("game", "new", "rich", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {RICH}", f"board Bob: {RICH}", RICH_FORUM])
    assert cli("turn", "rich", "--file", write("setup.txt", record)).code == 0
    return "rich"


def refused(cli, game: str, line: str, *words: str) -> str:
    """`trajan turn` refuses the line (exit status 2) with every word given in its message;
    nothing is recorded."""
    before = store.load(game).game.lines
    result = cli("turn", game, line)
    assert result.code == 2, result.out
    said = " ".join(result.err.split())  # the message as one line, however it was wrapped
    for word in words:
        assert word in said, result.err
    assert store.load(game).game.lines == before
    return result.err


# --- trajan turn ---------------------------------------------------------------------------


def test_a_refused_turn_exits_2_with_its_page_and_records_nothing_p20(cli, example):
    refused(cli, "ex", "Ann: take A2 C4 D2; use own: coin", "3 tiles taken", "p. 20")
    assert cli("turn", "ex", "Ann: take C2 C4; use own: coin; pass").code == 0


def test_every_reason_is_given_at_once_p20_p22(cli, example):
    err = refused(cli, "ex", "Ann: use own: coin", "no own tile to use", "streets still offer")
    assert err.count("\n") >= 2


def test_a_refusal_counts_in_words_p22(cli, example):
    """p. 22: "you take 1 tile that you keep (or no tile)": one tile taken is "1 tile", in
    each language by its own rule, never "1 tiles"."""
    err = refused(cli, "ex", "Ann: take C2; use own: coin", "1 tile taken, but", "p. 22")
    assert "1 tiles" not in err
    assert "1 Plättchen genommen" in cli("--lang", "de", "turn", "ex", "Ann: take C2; use own: coin").err
    assert "1 tuile prise" in cli("--lang", "fr", "turn", "ex", "Ann: take C2; use own: coin").err


def test_refusals_speak_the_table_s_language(cli, example):
    de = cli("--lang", "de", "turn", "ex", "Bob: take E2 E4; use own: coin")
    assert de.code == 2 and "ist Ann am Zug" in de.err and "S. 9" in de.err
    fr = cli("--lang", "fr", "turn", "ex", "Bob: take E2 E4; use own: coin")
    assert fr.code == 2 and "c'est au tour de Ann" in fr.err and "p. 41" in fr.err


def test_turn_json_names_each_problem_s_rule_key_and_page(cli, example):
    result = cli("turn", "ex", "Ann: use own: coin", "--json")
    assert result.code == 2
    answer = result.json()
    assert answer["recorded"] == []
    assert [(p["rule"], p["page"]) for p in answer["problems"]] == [
        ("take_too_few", 22), ("use_no_own", 20)]
    assert len(answer["refused"]) == 2


def test_a_record_going_on_after_the_game_s_end_names_its_line_p29(cli):
    """A whole game, then a line added to its file by hand after the third scoring phase:
    the game does not open, the message names the line and the rule's page (it said
    "4 is not a valid Cycle")."""
    golden = Path(__file__).parent / "records" / "golden-2p.txt"
    assert cli("game", "new", "g", "-p", "Livia", "-p", "Marcus", "--cards", "I-1,II-3,III-4").code == 0
    assert cli("turn", "g", "--file", str(golden)).code == 0
    path = store.load("g").path
    with path.open("a", encoding="utf-8") as record:
        record.write("round III.1\n")
    result = cli("game", "show", "g")
    assert result.code == 2
    said = " ".join(result.err.split())
    assert "the game is over after the third scoring phase (p. 29)" in said
    assert f"g.txt:{len(path.read_text().splitlines())}:" in said


# --- trajan build ---------------------------------------------------------------------------


@pytest.mark.parametrize(("citizens", "bonus", "legal"), [
    ("citizens 2 a", ["coin", "tribune"], True),
    ("citizens 2 a", ["coin", "coin"], False),
])
def test_trajan_build_takes_the_area_bonuses_as_options_p26(cli, write, citizens, bonus, legal):
    """p. 26, Patrician II: two different area bonuses, named with --bonus."""
    assert cli("game", "new", "p2", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {RICH.replace('citizens 2 a', citizens)}",
                        f"board Bob: {RICH}", RICH_FORUM])
    assert cli("turn", "p2", "--file", write("setup.txt", record)).code == 0
    before = store.load("p2").game.lines
    ways = cli("check", "build", "--game", "p2", "-p", "Ann", "y", "C2", "--json").json()["payments"]
    way = next(i for i, w in enumerate(ways, 1) if w["workers"] == {"yellow": 1} and not w["coins"]
               and not w["assistants"] and not w["tribunes"])
    options = [w for b in bonus for w in ("--bonus", b)]
    result = cli("build", "p2", "-p", "Ann", "y", "C2", "--pay", str(way), "--envoy", "A1", *options)
    if not legal:
        assert result.code == 2 and "p. 26" in result.err, result.err
        assert store.load("p2").game.lines == before
        return
    assert result.code == 0, result.err
    assert result.out.startswith(f"Recorded for Ann: build y C2 pay worker:y envoy A1 bonus {' '.join(bonus)}")


def test_a_declined_envoy_is_recorded_as_declined_not_left_open_p25(cli, rich_game, monkeypatch):
    """p. 25: "you may use one of your Colonia tiles ... as an envoy". Answering "none" at
    the envoy prompt is a choice made: recorded as 'envoy none' (as the notation's own) and
    said so; without a terminal the choice is left open ('envoy -') and its squares named."""
    from trajan_cli.cli import common
    from trajan_cli.ui import choose

    asked = []
    monkeypatch.setattr(common, "has_terminal", lambda: True)
    monkeypatch.setattr(choose, "choose", lambda question, options: asked.append(options)
                        or len(options) - 1)  # the last option: none
    declined = cli("build", "rich", "-p", "Ann", "g", "D2", "--pay", "1")
    assert declined.code == 0, declined.err
    assert asked and asked[0][:2] == ["B2", "C2"]
    assert declined.out.startswith("Recorded for Ann: build g D2 pay worker:g envoy none")
    assert "1 envoy not sent, as chosen: an envoy is optional (p. 25)." in declined.out
    assert "No envoy placed" not in declined.out and "--envoy CELL" not in declined.out
    assert cli("game", "log", "rich").out.splitlines()[-1] == "build Ann: g D2 pay worker:g envoy none"
    # Nobody to ask: the choice is open, not declined.
    monkeypatch.setattr(common, "has_terminal", lambda: False)
    left = cli("build", "rich", "-p", "Ann", "g", "E2", "--pay", "1", "--json").json()
    assert left["line"].endswith("envoy -") and left["envoy_squares"] == ["B2", "C2"]
    assert "envoys_declined" not in left
    # The notation's 'envoy none' is kept as said.
    assert cli("turn", "rich", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy none").code == 0
    assert cli("game", "log", "rich").out.splitlines()[-1].endswith("envoy none")


# --- The words of each refusal (render/turns.py) -------------------------------------------

TAKE = "Ann: take B1 C1; use own: coin; "
FIRST_LIBRARY = "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder"

#: (set-up, line, the rule, words its sentence holds); the page is checked for every one.
WORDED = [
    ("example", "Zed: take C2 C4; use own: coin", TurnRule.UNKNOWN_PLAYER, "'Zed' is not a player of this game"),
    ("example", "Bob: take E2 E4; use own: coin", TurnRule.NOT_YOUR_TURN, "it is Ann's turn in round I.1, not Bob's"),
    ("round_over", "round I.3", TurnRule.ROUND_ORDER, "round I.3 cannot begin now: the next round is I.2"),
    ("ann_played", "round I.2", TurnRule.ROUND_IN_PLAY, "round I.1 is in play: Bob's turn is next"),
    ("example", "round I.1: streets 2 4", TurnRule.ROUND_TWICE, "with the street cards 2 4"),
    ("cycle_over", "round II.1", TurnRule.CYCLE_OVER, "cycle I is over after its round 4"),
    ("no_board", "Ann: take C2 C4; use own: coin", TurnRule.NO_BOARD, "Ann's board is not recorded"),
    ("no_forum", TAKE + "build y C2 pay worker:y envoy A1", TurnRule.NO_FORUM, "the forum is not recorded"),
    ("example", "Ann: take A2 C4 D2; use own: coin", TurnRule.TAKE_TOO_MANY, "3 tiles taken"),
    ("example", "Ann: take C2 C2; use own: coin", TurnRule.TAKE_TWICE, "C2 is taken twice"),
    ("example", "Ann: take B2 C4; use own: coin", TurnRule.TAKE_NOT_COVERED, "B2 holds no Colonia tile"),
    ("example", "Ann: take C2; use own: coin", TurnRule.TAKE_TOO_FEW, "the round's streets still offer 2"),
    ("example", "Ann: take A1 C1; use own: coin", TurnRule.TAKE_NO_TRIBUNE, "2 needed, 1 owned"),
    ("no_cranes", "Ann: take A1 A2; use own: coin", TurnRule.CRANE_UNKNOWN, "crane under A1 is not recorded"),
    ("example", "Ann: take C2 C4", TurnRule.USE_MISSING, "must use one of the tiles"),
    ("no_streets", "Ann: use own: coin", TurnRule.USE_NO_OWN, "no own tile to use"),
    ("example", "Ann: take C2 C4; use both: coin / coin", TurnRule.USE_BOTH_TRIBUNES, "costs 2 tribunes"),
    ("received", "Bob: take E2; use own: coin; pass", TurnRule.RECEIVED_NONE, "Bob passed no tile to Ann"),
    ("example", "Ann: take C2 C4; use own: vp", TurnRule.NOT_ON_A_TILE, "shows no victory points"),
    ("row_full", TAKE.replace("coin", "citizen 2 bonus coin"), TurnRule.ROW_FULL, "row 2 holds two citizens already"),
    ("example", "Ann: take C2 C4; use own: citizen 2", TurnRule.BONUS_UNSAID, "row 2 gives a bonus"),
    ("example", "Ann: take C2 C4; use own: citizen 2 bonus builder", TurnRule.BONUS_WRONG, "'builder' is not a bonus"),
    ("example", "Ann: take C2 C4; use own: citizen 1 bonus coin", TurnRule.BONUS_UNWANTED, "only a second citizen"),
    ("rich", TAKE + "build col C2 pay builder; build col D2 pay builder", TurnRule.BUILD_TWICE,
     "one building tile per turn"),
    ("rich", "build Ann: col C2 pay builder", TurnRule.BUILD_OUTSIDE_TURN, "Ann"),
    ("example", "Ann: take C2 C4; use own: coin; build lib B2 pay builder", TurnRule.BUILD_ILLEGAL, "temple"),
    ("rich", TAKE + "build col C2", TurnRule.PAY_UNSAID, "several ways to pay"),
    ("rich", TAKE + "build col C2 pay 2 coin", TurnRule.PAY_NOT_A_WAY, "pay 2 coin is not a way to pay"),
    ("example", FIRST_LIBRARY + " take 2", TurnRule.STEP_NOT_OFFERED, "does not offer that benefit-track space"),
    ("rich", TAKE + "build col C2 pay builder take 1", TurnRule.STEP_NO_TRACK, "brings no benefit-track space"),
    ("example", FIRST_LIBRARY, TurnRule.WORKER_UNSAID, "say its colour"),
    ("rich", TAKE + "build col C2 pay builder worker g", TurnRule.WORKER_UNWANTED, "no benefit taken gives a worker"),
    ("rich", TAKE + "build y C2 pay worker:y", TurnRule.ENVOY_UNSAID, "an envoy may go on A1"),
    ("rich", TAKE + "build g C2 pay worker:g envoy B2 C2", TurnRule.ENVOY_TOO_MANY,
     "2 envoys named, but the build sends 1"),
    ("rich", TAKE + "build g C2 pay worker:g envoy C1", TurnRule.ENVOY_ILLEGAL, "Legal squares: B2, C2"),
    ("rich", TAKE + "build y C2 pay worker:y envoy A1", TurnRule.AREA_BONUS_COUNT,
     "0 area bonuses named: with Patrician II"),
    ("rich", TAKE + "build y C2 pay worker:y envoy A1 bonus coin coin", TurnRule.AREA_BONUS_SAME,
     "two different area bonuses, not coin coin"),
    ("rich", TAKE + "build lib C2 pay builder", TurnRule.TILE_UNSAID, "gives a Colonia tile"),
    ("rich", TAKE + "build col C2 pay builder tile A1: coin", TurnRule.TILE_UNWANTED,
     "only the fourth library or market space"),
    ("rich", TAKE + "build lib C2 pay builder tile C3: coin", TurnRule.TILE_NOT_COVERED,
     "C3 holds no Colonia tile to take"),
    ("rich", TAKE + "exchange coin for builder", TurnRule.EXCHANGE_NOT_ALLOWED, "'exchange coin for builder'"),
    ("rich", TAKE + "exchange coin for tribune", TurnRule.EXCHANGE_NO_CITIZEN, "Merchant II"),
    ("merchant", TAKE + "exchange coin for tribune; exchange coin for assistant", TurnRule.EXCHANGE_LIMIT,
     "exchanges once a turn"),
    ("example", "Ann: take C2 C4; use own: coin; exchange 2 worker:b for builder", TurnRule.EXCHANGE_SHORT,
     "'exchange 2 worker:b for builder'"),
    ("when_missing", TAKE + "exchange assistant worker:o for worker:b", TurnRule.EXCHANGE_COLOUR_AT_HAND,
     "'exchange assistant worker:o for worker:b'"),
]

SETUPS = {
    "example": lambda: table(*EXAMPLE),
    "no_streets": lambda: table(*EXAMPLE[:3], "round I.1"),
    "ann_played": lambda: table(*EXAMPLE, "Ann: take C2 C4; use own: coin; pass"),
    "round_over": lambda: table(*EXAMPLE[:3], "round I.1", "Ann: take C2 C4; use own: coin; pass",
                                "Bob: take E2 E4; use own: coin; pass"),
    "received": lambda: table(*EXAMPLE[:3], "round I.1", "Ann: take C2 C4; use received: coin; pass"),
    "cycle_over": lambda: table(*EXAMPLE, *CYCLE_I),
    "no_board": lambda: table("round I.1"),
    "no_cranes": lambda: table("board Ann: " + ANN.split("; cranes")[0] + "; citizens 2 a; supply coin; ship 1",
                               "round I.1"),
    "rich": rich,
    "no_forum": lambda: rich(forum=None),
    "row_full": lambda: rich(RICH.replace("citizens 2 a", "citizens 2 a a")),
    "merchant": lambda: rich(RICH.replace("citizens 2 a", "citizens 4 a")),
    "when_missing": lambda: rich(house=("assistant-colour=when-missing",)),
}


@pytest.mark.parametrize(("setup", "line", "rule", "words"), WORDED, ids=[w[2].value for w in WORDED])
def test_each_refusal_is_worded_with_its_page(setup, line, rule, words):
    problems = refusal(SETUPS[setup](), line, choice=None).problems
    assert rule in [p.rule for p in problems]
    texts = [" ".join(problem_text(p).split()) for p in problems]
    assert any(words in text for text in texts), texts
    for problem, text in zip(problems, texts, strict=True):
        page = problem.violation.page if problem.violation is not None else problem.page
        assert f"p. {page.en}" in text or problem.rule in UNPAGED, text


#: Sentences that name no page: a name not among the players is no rule of the rulebook,
#: and a space taken twice is told by the notation's own terms.
UNPAGED = {TurnRule.UNKNOWN_PLAYER, TurnRule.TAKE_TWICE}


def test_every_rule_s_sentence_is_checked():
    """The game's end is worded in the test of a record going on after it, above."""
    assert {rule for _s, _l, rule, _w in WORDED} | {TurnRule.GAME_OVER} == set(TurnRule)
