"""`trajan board import|show` and `trajan build` on a game's recorded boards
(interface.md, "Boards kept in the game")."""

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.games import store
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet

TOM = EXAMPLES_DIR / "tom.toml"
FORUM = EXAMPLES_DIR / "tom-forum.toml"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


@pytest.fixture
def game(cli):
    assert cli("game", "new", "fri", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    assert cli("board", "import", "fri", "--player", "tom", TOM).code == 0
    assert cli("board", "import", "fri", "--forum", FORUM).code == 0
    return "fri"


def test_show_answers_the_board_as_sheet_text_that_reads_back(cli, game):
    answer = cli("board", "show", game, "--player", "Tom", "--json").json()
    assert answer["player"] == "Tom"
    assert parse_sheet(answer["sheet"]) == parse_sheet(TOM.read_text())
    forum = cli("board", "show", game, "--forum", "--json").json()["forum"]
    assert parse_forum(forum).players == {"T": "Tom", "A": "Anna"}
    assert "Colonia of Tom" in cli("board", "show", game, "--player", "Tom").out


def test_a_board_that_does_not_grow_is_refused_whole_with_every_reason_p19_p22(cli, game, write):
    text = TOM.read_text()
    # C1 was vacated: taking it back under a tile and moving the temple B2 are two problems.
    shrunk = text.replace("?   ?   .   lib", "?   ?   ?   lib").replace(
        "lib T   bas lib .   ?", "lib .   bas lib T   ?")
    before = store.load_game(game).lines
    result = cli("board", "import", game, "--player", "Tom", write("tom.toml", shrunk))
    assert result.code == 2
    lines = result.problems
    assert len(lines) >= 3 and all("Tom" in line for line in lines), lines
    assert any("C1" in line and "p. 20" in line for line in lines)
    assert any("B2" in line and "p. 19" in line for line in lines)
    assert store.load_game(game).lines == before  # nothing recorded


def test_forum_marks_must_name_players(cli, game, write):
    forum = write("f.toml", 'players = { Z = "Zed" }\ngrid = "y:Z g"\n')
    result = cli("board", "import", game, "--forum", forum)
    assert result.code == 2 and "'Z'" in result.err


def test_build_records_a_legal_build_and_its_envoy_p22_p25(cli, game):
    answer = cli("build", game, "--player", "Tom", "g", "C1", "--envoy", "A2", "--pay", "1", "--json").json()
    assert answer["legal"] and answer["recorded"] and answer["envoys"] == ["A2"]
    sheet = parse_sheet(cli("board", "show", game, "--player", "Tom", "--json").json()["sheet"])
    assert sheet.colonia.at((2, 0)).colour.value == "green" and sheet.supply.ship == 2
    forum = parse_forum(cli("board", "show", game, "--forum", "--json").json()["forum"])
    assert forum.at((0, 1)).envoy == "T"
    assert "Took back: Tom's build: g C1 pay worker:g envoy A2" in cli("game", "undo", game).out
    sheet = parse_sheet(cli("board", "show", game, "--player", "Tom", "--json").json()["sheet"])
    assert sheet.colonia.at((2, 0)).kind.value == "vacated"


def test_an_illegal_build_is_answered_and_not_recorded_p22(cli, game):
    """A temple may not be built over (p. 22): answered with its reasons, nothing recorded,
    exit status 2 as a refused `trajan turn`; `check build` answers the same question with 0."""
    before = store.load_game(game).lines
    result = cli("build", game, "--player", "Tom", "g", "B2", "--json")
    assert result.code == 2
    assert cli("check", "build", "--game", game, "--player", "Tom", "g", "B2", "--json").code == 0
    answer = result.json()
    assert answer["legal"] is False and answer["recorded"] is False
    assert any("temple" in r for r in answer["reasons"])
    assert store.load_game(game).lines == before


def test_envoy_outside_the_started_area_is_refused_p25(cli, game):
    result = cli("build", game, "--player", "Tom", "g", "C1", "--envoy", "H1", "--pay", "1")
    assert result.code == 2 and "A2, A3, H4" in result.err


def test_build_without_a_recorded_board_says_how_to_record_one(cli, game):
    result = cli("build", game, "--player", "Anna", "lib", "C1")
    assert result.code == 2 and "trajan board import" in result.err


def test_every_command_says_the_same_when_nothing_is_recorded(cli):
    """board show, build and check --game name one remedy (recording.no_board): importing
    the board or the forum, or laying it out in the editor."""
    assert cli("game", "new", "sat", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    board = [cli("board", "show", "sat", "--player", "Anna"),
             cli("build", "sat", "--player", "Anna", "lib", "C1"),
             cli("check", "build", "--game", "sat", "--player", "Anna", "lib", "C1")]
    assert all(r.code == 2 for r in board)
    assert len({r.err for r in board}) == 1 and "trajan board edit" in board[0].err
    forum = [cli("board", "show", "sat", "--forum"),
             cli("check", "envoy", "--game", "sat", "--player", "Anna", "--colour", "g")]
    assert all(r.code == 2 for r in forum)
    assert len({r.err for r in forum}) == 1 and "trajan board edit" in forum[0].err


def test_check_build_and_envoy_judge_on_the_recorded_boards(cli, game):
    # The same answer as on the file: the recorded board is Tom's sheet.
    on_file = cli("check", "build", TOM, "g", "C1", "--json").json()
    on_game = cli("check", "build", "--game", game, "--player", "Tom", "g", "C1", "--json").json()
    # ... and with the recorded forum, where the envoy may go: the started green areas (p. 25).
    assert on_game["benefits"][0].pop("free_squares") == ["A2", "A3", "H4"]
    assert on_game == on_file
    envoy = cli("check", "envoy", "--game", game, "--player", "Anna", "--colour", "g", "--json").json()
    assert envoy["legal_cells"] == ["A2", "A3", "H4"]  # the started green areas (p. 25)
    assert cli("check", "envoy", "--game", game, "--colour", "g").code == 2  # whose envoy?


def test_a_scoring_phase_in_board_mode_keeps_its_boards_as_history_p27(cli, write):
    """Issue 14: boards with their history per cycle; a crane scored in the phase is
    recorded colourless (p. 27) and the next phase's board starts from there."""
    # Tom before paying (p. 28), with his scored crane A6 still covered: before the first
    # scoring no crane is colourless (p. 27).
    text = (EXAMPLES_DIR / "tom-before-payment.toml").read_text().replace(
        "K   o   .   bas y   ?", "?   o   .   bas y   ?")
    assert cli("game", "new", "g", "-p", "Tom", "-p", "Anna", "--cards", "I-1,II-1,III-4").code == 0
    assert cli("board", "import", "g", "--player", "Tom", write("tom.toml", text)).code == 0
    assert cli("board", "import", "g", "--player", "Anna",
               write("anna.toml", text.replace('"Tom"', '"Anna"'))).code == 0
    # No forum is recorded: the table gives it in quick counts, ahead like the rest.
    answers = write("a.toml", '"forum.mode" = "quick"\n' + "".join(
        f'[{p}]\nmarker = 0\ntrajan_value = 3\n"forum.eagles_on" = 0\n"forum.eagles_beside" = 0\n'
        f'"forum.area" = 0\n' for p in ("Tom", "Anna")))
    result = cli("score", "--game", "g", "--answers", answers, "--no-input")
    assert result.code == 0, result.err
    # The Trajan card is solved on the board, and the tiles of each fulfilment are named.
    found = [line for line in result.out.splitlines() if "Tom: card I-1, building task:" in line]
    assert len(found) == 1 and found[0].count(";") == 1, found  # fulfilled twice (p. 28)
    scored = parse_sheet(cli("board", "show", "g", "--player", "Tom", "--cycle", "1", "--json")
                         .json()["sheet"])
    assert scored.colonia.at((5, 0)).crane_scored  # F1: Kg before, K once scored
    now = parse_sheet(cli("board", "show", "g", "--player", "Tom", "--json").json()["sheet"])
    assert now == scored
    later = cli("board", "show", "g", "--player", "Tom", "--cycle", "2")
    assert later.code == 2 and "not been scored" in later.err


def test_board_edit_without_a_terminal_says_how_to_record_from_a_file(cli, game):
    result = cli("board", "edit", game, "--player", "Tom")
    assert result.code == 2 and "trajan board import" in result.err and "terminal" in result.err


def test_a_board_only_a_scoring_could_make_is_refused_before_the_first_scoring_p27(cli, write):
    """Tom's p. 28 board shows a scored crane (A6) and an unpaid citizen (row 6): in a game
    kept from cycle I, before its first scoring, no table can show either (p. 27)."""
    assert cli("game", "new", "early", "-p", "Tom", "-p", "Anna").code == 0
    result = cli("board", "import", "early", "--player", "Tom", TOM)
    assert result.code == 2
    lines = result.problems
    assert len(lines) == 2 and all("Tom" in line and "p. 27" in line for line in lines), lines
    assert "A6: was ?, now K" in lines[0] and "row 6 (Craftsman II)" in lines[1]
    assert store.load_game("early").lines == ()  # nothing recorded


def test_an_import_may_not_turn_a_citizen_inactive_between_scorings_p27(cli, game, write):
    unpaid = TOM.read_text().replace('3 = ["active"]      # Merchant I', '3 = ["inactive"]')
    before = store.load_game(game).lines
    result = cli("board", "import", game, "--player", "Tom", write("tom.toml", unpaid))
    assert result.code == 2 and "row 3 (Merchant I): was active, now inactive" in result.err
    assert "p. 27" in result.err and store.load_game(game).lines == before
    # A second citizen in the inactive row 6 makes both active (p. 26): that is recorded.
    joined = TOM.read_text().replace('6 = ["inactive"]', '6 = ["active", "active"]')
    assert cli("board", "import", game, "--player", "Tom", write("tom2.toml", joined)).code == 0


@pytest.mark.parametrize(("lang", "words"), [("de", ["Baukran", "S. 11"]), ("fr", ["grue", "p. 43"])])
def test_the_refusal_speaks_the_table_s_language(cli, lang, words):
    assert cli("game", "new", "early", "-p", "Tom", "-p", "Anna").code == 0
    result = cli("--lang", lang, "board", "import", "early", "--player", "Tom", TOM)
    assert result.code == 2 and all(w in result.err for w in words), result.err


# --- The build report's words (issue 18, item 8; p. 25: "you may") ------------------------


def test_the_report_says_an_envoy_may_be_sent_p25(cli):
    out = " ".join(cli("check", "build", TOM, "y", "C1").out.split())  # wrapped at 80 columns
    assert "you may send 1 envoy to an empty yellow square of the forum, if one is free" in out
    assert "send 1 envoy" not in out.replace("may send 1 envoy", "")
    assert "darfst" in cli("--lang", "de", "check", "build", TOM, "y", "C1").out
    assert "pouvez" in cli("--lang", "fr", "check", "build", TOM, "y", "C1").out


def test_a_build_with_no_free_square_of_its_colour_says_so_p25(cli, write):
    assert cli("game", "new", "full", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    assert cli("board", "import", "full", "--player", "Tom", TOM).code == 0
    forum = write("full.toml", 'players = { T = "Tom", A = "Anna" }\ngrid = "y:T y:A b E"\n')
    assert cli("board", "import", "full", "--forum", forum).code == 0
    result = cli("build", "full", "-p", "Tom", "y", "C1", "--pay", "1")
    assert result.code == 0, result.err
    assert "No envoy: no yellow square of the forum is free for it (p. 25)." in result.out
    assert cli("build", "full", "-p", "Tom", "y", "E2", "--pay", "1", "--json").json()["envoys"] == []


@pytest.mark.parametrize(("lang", "may"), [("en", "you may send"), ("de", "darfst"),
                                           ("fr", "pouvez")])
def test_check_build_on_a_recorded_forum_says_what_build_says_p25(cli, write, lang, may):
    """p. 25: "place the tile on an unoccupied mosaic space of the Forum square - a space
    that has the same color as the just-built structure". With the forum recorded and no
    yellow square free, `check build --game` says what `trajan build` says, not "may send
    ... if one is free"."""
    assert cli("game", "new", "full", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    assert cli("board", "import", "full", "--player", "Tom", TOM).code == 0
    forum = write("full.toml", 'players = { T = "Tom", A = "Anna" }\ngrid = "y:T y:A b E"\n')
    assert cli("board", "import", "full", "--forum", forum).code == 0
    checked = cli("--lang", lang, "check", "build", "--game", "full", "-p", "Tom", "y", "C1")
    assert checked.code == 0, checked.err
    out = " ".join(checked.out.split())  # wrapped at 80 columns
    assert may not in out, out
    built = cli("--lang", lang, "build", "full", "-p", "Tom", "y", "C1", "--pay", "1")
    assert built.code == 0, built.err
    said = next(line for line in built.out.splitlines() if "C1" not in line and "(" in line)
    assert said in out, (said, out)
    answer = cli("check", "build", "--game", "full", "-p", "Tom", "y", "E2", "--json").json()
    assert answer["benefits"][0]["free_squares"] == []


def test_build_without_a_recorded_forum_never_says_no_square_is_free_p25(cli):
    """p. 25: the envoy goes on a free square of the forum; with no forum recorded the tool
    cannot know that none is free, and does not say so."""
    assert cli("game", "new", "nf", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    assert cli("board", "import", "nf", "--player", "Tom", TOM).code == 0
    result = cli("build", "nf", "-p", "Tom", "y", "C1", "--pay", "1")
    assert result.code == 0, result.err
    assert "is free for it" not in result.out
    assert "--forum" in " ".join(result.out.split())


@pytest.mark.parametrize(("args", "token", "why"), [
    (["lib", "C1", "--envoy", "A2"], "A2", "this build sends no envoy"),  # the track is finished
    (["g", "C1", "--envoy", "A2", "--envoy", "A3"], "A3", "the build sends at most 1 envoy"),
])
def test_an_envoy_the_build_cannot_send_is_refused_naming_it_p25(cli, game, args, token, why):
    """p. 25: a coloured structure sends one envoy; a gray building none, but the library's
    and market's third track space (p. 24), which Tom's finished library track no longer gives."""
    before = store.load_game(game).lines
    result = cli("build", game, "-p", "Tom", *args)
    assert result.code == 2 and f"'{token}'" in result.err and why in result.err, result.err
    assert store.load_game(game).lines == before


def test_card_check_counts_on_the_recorded_board_p28(cli, game):
    """`card check --game G --player P` answers on P's recorded board exactly as on the sheet
    it was imported from (Tom, p. 28's example)."""
    on_file = cli("card", "check", "all", TOM, "--json").json()
    on_game = cli("card", "check", "all", "--game", game, "--player", "Tom", "--json").json()
    assert on_game == on_file
    assert cli("card", "check", "III-4", "--game", game, "-p", "tom").out == cli("card", "check", "III-4", TOM).out
    whose = cli("card", "check", "I-1", "--game", game)
    assert whose.code == 2 and "--player P" in whose.err
    both = cli("card", "check", "I-1", TOM, "--game", game, "--player", "Tom")
    assert both.code == 2 and "leave out the sheet" in both.err
