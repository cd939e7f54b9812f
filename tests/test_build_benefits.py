"""`trajan build` puts what a track benefit gives into the recorded supply (p. 24):
the benefit reached or, from space 2 on, an earlier one; a worker in the colour chosen;
an upgrade moves the prestige slide bar, which no board holds; an action gives nothing."""

import dataclasses

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.colonia import gray
from trajan_cli.core.referee.build import possible_gains, supply_gain
from trajan_cli.core.vocabulary import Colour, GrayType, Track
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.parsing.toml_text import sheet_toml

TOM = (EXAMPLES_DIR / "tom.toml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def tom_with(**tracks) -> str:
    """Tom's p. 28 board with 2 builders. ``tracks`` keeps that many of his libraries,
    basilicas or markets and turns the others into columns: the buildings place the
    markers (p. 24)."""
    sheet = parse_sheet(TOM.replace("builders = 0", "builders = 2"))
    colonia = sheet.colonia
    for track, keep in tracks.items():
        kind = GrayType(track)
        built = [sq for sq, cell in colonia.squares() if cell.gray is kind]
        for square in built[keep:]:
            colonia = colonia.replace(square, gray(GrayType.COLUMN))
    return sheet_toml(dataclasses.replace(sheet, colonia=colonia))


#: Tom's board shows a scored crane and an inactive citizen: his game is kept from cycle III.
NEW_GAME = ["game", "new", "fri", "-p", "Tom", "-p", "Anna", "--from-cycle", "3"]


def game_with(cli, write, **tracks):
    assert cli(*NEW_GAME).code == 0
    assert cli("board", "import", "fri", "--player", "Tom", write("tom.toml", tom_with(**tracks))).code == 0
    return "fri"


def supply(cli):
    return parse_sheet(cli("board", "show", "fri", "--player", "Tom", "--json").json()["sheet"]).supply


def test_the_only_benefit_on_offer_is_taken_without_asking_p24(cli, write):
    game_with(cli, write, basilica=0)  # first basilica: 2 assistants, nothing to choose
    answer = cli("build", "fri", "-p", "Tom", "bas", "C1", "--pay", "1", "--json").json()
    assert answer["recorded"] and answer["gained"] == {"assistant": 2}
    assert supply(cli).assistants == 1 + 2


def test_an_earlier_benefit_may_be_taken_from_space_2_p24(cli, write):
    game_with(cli, write, market=2)  # to space 3: coin (1), area bonus (2), envoy (3)
    answer = cli("build", "fri", "-p", "Tom", "mkt", "C1", "--pay", "1", "--take", "1", "--json").json()
    assert answer["gained"] == {"coin": 1} and supply(cli).coins == 1 + 1


def test_without_a_terminal_the_space_reached_is_taken_as_a_turn_line_reads_it_p24(cli, write):
    """p. 24: "you can choose whether you want to use the benefit you just reached or a
    previous one": with nobody to ask, the one reached (a turn line without 'take' reads
    it so), never 'take 0'. The market to space 3 places an envoy: no forum is recorded."""
    game_with(cli, write, market=2)
    answer = cli("build", "fri", "-p", "Tom", "mkt", "C1", "--pay", "1", "--json").json()
    assert answer["recorded"] and answer["line"] == "build Tom: mkt C1 pay builder"
    assert answer["gained"] == {} and "benefit_not_taken" not in answer
    text = cli("game", "undo", "fri") and cli("build", "fri", "-p", "Tom", "mkt", "C1", "--pay", "1").out
    assert "No envoy recorded: the game has no forum yet" in " ".join(text.split())


def test_a_benefit_nobody_can_say_is_left_open_and_said(cli, write):
    """The first library's worker: its colour is the player's to say (p. 24)."""
    game_with(cli, write, library=0)
    answer = cli("build", "fri", "-p", "Tom", "lib", "C1", "--pay", "1", "--json").json()
    assert answer["recorded"] and answer["benefit_not_taken"] == ["library"]
    text = cli("game", "undo", "fri") and cli("build", "fri", "-p", "Tom", "lib", "C1", "--pay", "1").out
    text = " ".join(text.split())  # wrapped at the terminal's width
    assert "--take STEP" in text and "board editor" in text


def test_the_first_library_gives_a_worker_of_the_colour_chosen_and_a_tribune_p24(cli, write):
    game_with(cli, write, library=0)
    left_open = cli("build", "fri", "-p", "Tom", "lib", "C1", "--pay", "1", "--json").json()
    assert left_open["benefit_not_taken"] == ["library"]  # which colour? nobody to ask
    cli("game", "undo", "fri")
    answer = cli("build", "fri", "-p", "Tom", "lib", "C1", "--pay", "1", "--worker", "y", "--json").json()
    assert answer["gained"] == {"worker:yellow": 1, "tribune": 1}
    assert supply(cli).workers[Colour.YELLOW] == 1 and supply(cli).tribunes == 1


def test_an_upgrade_or_an_action_puts_nothing_in_the_supply_p24(cli, write):
    game_with(cli, write, basilica=2)  # to space 3: the upgrade (prestige slide bar)
    answer = cli("build", "fri", "-p", "Tom", "bas", "C1", "--pay", "1", "--take", "3", "--json").json()
    assert answer["recorded"] and answer["gained"] == {}


def test_a_benefit_the_track_does_not_offer_is_refused(cli, write):
    game_with(cli, write, market=0)  # to space 1: only the coin
    result = cli("build", "fri", "-p", "Tom", "mkt", "C1", "--take", "2")  # checked before paying
    assert result.code == 2 and "--take" in result.err and "space 1" in result.err
    no_track = cli("build", "fri", "-p", "Tom", "g", "C1", "--take", "1")
    assert no_track.code == 2 and "no track benefit" in no_track.err
    assert cli("build", "fri", "-p", "Tom", "lib", "C1", "--worker", "pink").code == 2


def test_a_finished_track_gives_nothing_to_take_p24(cli, write):
    game_with(cli, write)  # Tom's library track is finished (4)
    answer = cli("build", "fri", "-p", "Tom", "lib", "C1", "--pay", "1", "--json").json()
    assert answer["recorded"] and answer["gained"] == {} and "benefit_not_taken" not in answer


def test_possible_gains_are_none_or_one_choice_with_any_worker_colour(rules):
    from trajan_cli.core.referee.build import TrackBenefit

    steps = rules.tracks[Track.LIBRARY].steps
    benefit = TrackBenefit((2, 0), Track.LIBRARY, 1, 2, steps[:2], None)
    gains = possible_gains([benefit])
    assert {} in gains and {"builder": 1} in gains
    assert all({f"worker:{c.value}": 1, "tribune": 1} in gains for c in Colour)
    assert len(gains) == 1 + 1 + len(Colour)
    assert supply_gain(steps[0]) is None  # a worker needs its colour


@pytest.mark.slow  # a real terminal
def test_in_a_terminal_the_player_chooses_the_benefit_and_the_worker_colour_p24(tmp_path, write):
    """The installed trajan in a pseudo-terminal: the market to space 3 asks which benefit
    (the coin is taken), the first library asks the worker's colour (green)."""
    import os
    import subprocess

    pexpect = pytest.importorskip("pexpect")
    from helpers.timebound import TRAJAN

    if not TRAJAN.is_file():
        pytest.skip("trajan is not installed beside python")
    env = dict(os.environ, TRAJAN_HOME=str(tmp_path / "pty-home"), PROMPT_TOOLKIT_NO_CPR="1",
               TERM="xterm", TRAJAN_LANG="en")
    text = tom_with(library=0)
    for args in (NEW_GAME,
                 ["board", "import", "fri", "-p", "Tom", str(write("t.toml", text))]):
        subprocess.run([str(TRAJAN), *args], env=env, check=True, capture_output=True,
                       stdin=subprocess.DEVNULL, timeout=60)

    def build(args, prompt, keys):
        child = pexpect.spawn(str(TRAJAN), ["build", "fri", "-p", "Tom", "--pay", "1", *args],
                              env=env, encoding="utf-8", dimensions=(40, 120), timeout=30)
        child.expect(prompt)
        child.send(keys)
        child.expect(pexpect.EOF)
        child.close()
        return child.before

    out = build(["mkt", "C1"], "Which market benefit is taken", "\x1b[B\x1b[B\r")  # [3], [2], [1]
    assert "into the supply: 1 coin." in out
    out = build(["lib", "E2"], "Which colour is the worker", "\x1b[B\r")  # blue, green
    assert "1 green worker" in out and "1 tribune" in out
    sheet = subprocess.run([str(TRAJAN), "board", "show", "fri", "-p", "Tom", "--json"], env=env,
                           capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    board = parse_sheet(__import__("json").loads(sheet.stdout)["sheet"])
    assert board.supply.coins == 1 + 1 and board.supply.workers[Colour.GREEN] == 1 + 1
    assert board.supply.tribunes == 1 and board.supply.builders == 0  # both builds paid a builder


def test_a_build_the_recorded_supply_cannot_pay_points_to_updating_the_supply_p22(cli, write):
    empty = (TOM.replace("coins = 1", "coins = 0").replace("assistants = 1", "assistants = 0")
             .replace("green = 1", "green = 0"))
    assert cli(*NEW_GAME).code == 0
    assert cli("board", "import", "fri", "--player", "Tom", write("empty.toml", empty)).code == 0
    result = cli("build", "fri", "-p", "Tom", "lib", "C1")  # nothing left to pay with
    assert "Not recorded" in result.out and 'trajan board edit "fri" --player "Tom"' in result.out
    temple = cli("build", "fri", "-p", "Tom", "lib", "B2")  # a temple: the supply is not the point
    assert "trajan board edit" not in temple.out
