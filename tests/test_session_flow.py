"""The flow of the walkthrough between steps and cycles (issue 12, items 9, 10 and 12), and
what it does when the game changes or cannot be saved under it (issue 13, items 1 and 4)."""


import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.game import Game
from trajan_cli.core.scoring_phase.questions import answer_for
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games import store
from trajan_cli.games.walk import store_saver, walk
from trajan_cli.parsing.errors import InputError
from trajan_cli.ui.prompts import OutOfAnswers, ScriptedPrompter

from helpers.walkthrough import TOM_QUICK, tom_game


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def two_players(**changes) -> Game:
    setup = dict(name="table", players=("Ann", "Bob"), start_player="Ann",
                 cards={Cycle.I: "I-1", Cycle.II: "II-1", Cycle.III: "III-4"})
    return Game(**(setup | changes))


# One player's quick counts for a quiet cycle: marker, no citizens, no coins, no crane, no
# gray buildings, no envoys, no card task.
QUIET = {"pay": ["quick", 0, [0] * 6, 0], "cranes": [[]], "colonia": [[0] * 6]}
QUIET_FORUM = ["quick", 0, 0, 0, 0, 0, 0]  # mode, then Ann's and Bob's on/beside/area
# Ann's and Bob's building tasks; the collecting task of I-1 is worked out from what they
# hold (nothing), not asked (issue 12, item 4).
QUIET_TRAJAN = [0, 0]


def quiet_cycle() -> list:
    return (QUIET["pay"] * 2 + QUIET["cranes"] * 2 + QUIET["colonia"] * 2 + QUIET_FORUM
            + QUIET_TRAJAN)


def last_phase() -> list:
    """Cycle III with Ann 3 points ahead (no tie-break question)."""
    return ["quick", 3, [0] * 6, 0, "quick", 0, [0] * 6, 0] + quiet_cycle()[8:]


def plain(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


class Recorder(ScriptedPrompter):
    """A scripted table that remembers every line shown and every question asked."""

    def __init__(self, answers, before_ask=None):
        self.lines: list[str] = []
        self.asked: list[str] = []
        self._before_ask = before_ask
        super().__init__(answers, echo=self.lines.append)

    def ask(self, question):
        self.asked.append(f"{question.key}:{question.player}")
        if self._before_ask is not None:
            self._before_ask(question, len(self.asked))
        return super().ask(question)


# --- Issue 12, item 9: one scoring phase per run ------------------------------------------


def test_one_run_scores_one_phase_and_stops(home):
    """Issue 12.9 (p. 27: a scoring phase after each cycle): the walk does not go on into
    cycle II's questions; the answers meant for later are never asked."""
    path = store.create(two_players()).path
    table = Recorder(quiet_cycle() + ["quick", 5])
    result = walk(two_players(), table, store_saver(path), one_phase=True)
    assert table.remaining == 2
    assert result.state.position == (Cycle.II, result.state.question.step)
    assert result.state.question.key == "pay.mode"
    assert len(store.load_game("table").lines) == len(quiet_cycle())
    assert any("Standings after Trajan card, cycle I" in line for line in table.lines)
    # The next run starts with cycle II.
    again = Recorder(["quick"])
    with pytest.raises(OutOfAnswers):
        walk(store.load_game("table"), again, store_saver(path), one_phase=True)
    assert again.asked[:2] == ["pay.mode:Ann", "pay.marker:Ann"]


def test_score_ends_the_phase_with_what_comes_next(cli, home, monkeypatch):
    """Issue 12.9: `trajan score` shows the standings and one line on the next phase."""
    from trajan_cli.cli import common

    store.create(two_players())
    monkeypatch.setattr(common, "has_terminal", lambda: True)
    monkeypatch.setattr("trajan_cli.ui.prompts.QuestionaryPrompter",
                        lambda echo: ScriptedPrompter(quiet_cycle() + ["quick"], echo=echo))
    result = cli("score", "--game", "table")
    assert result.code == 0, result.err
    flat = " ".join(result.out.split())  # the last line, wrapped at the terminal's width
    assert flat.endswith('This scoring phase is done. Cycle II comes next: run trajan score --game "table" '
                    "after its round 4.")
    assert "Standings after Trajan card, cycle I" in result.out
    assert "give Ann's scores" not in result.out.split("Standings after Trajan card, cycle I")[1]


def test_the_last_phase_ends_with_the_winner(cli, home, monkeypatch):
    from trajan_cli.cli import common

    store.create(two_players(first_cycle=Cycle.III))
    answers = last_phase()
    monkeypatch.setattr(common, "has_terminal", lambda: True)
    monkeypatch.setattr("trajan_cli.ui.prompts.QuestionaryPrompter",
                        lambda echo: ScriptedPrompter(answers, echo=echo))
    result = cli("score")
    assert result.code == 0, result.err
    assert "Ann wins with 3 points" in result.out and "The game is over" in result.out


# --- Issue 12, item 10: standings once per step, when every player has answered it --------


def test_standings_once_per_step_after_every_player(home):
    """Issue 12.10: with Tom on a sheet (cranes and colonia scored at once) and Bob on quick
    counts, a step's standings came before Bob had answered it, and twice."""
    game = Game("mixed", ("Tom", "Bob"), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III)
    sheet = str(EXAMPLES_DIR / "tom-before-payment.toml")
    answers = ["file", 0, sheet, [3, 4, 5],  # Tom: his sheet, pays rows 3-5
               "quick", 2, [1, 0, 0, 0, 0, 0], 1, [1],  # Bob pays row 1
               ["blue"], 2,  # Bob's blue crane, 2 blue structures
               [1, 1, 0, 0, 0, 0],  # Bob's gray types
               "quick", 1, 4, 7, 9,  # Tom's forum
               0, 1, 0, 2, 3,  # Bob's forum (Patrician I active: diagonal asked)
               7,  # Tom's Trajan value (the sheet fulfils III-4 twice)
               0]  # Bob builds nothing for III-4; his collecting task is worked out (item 4)
    table = Recorder(answers)
    walk(game, table)
    assert table.remaining == 0
    titles = [plain(line).strip().splitlines()[0] for line in table.lines if "Standings after" in line]
    assert titles == ["Standings after pay citizens, cycle III",
                      "Standings after construction cranes, cycle III",
                      "Standings after colonia, cycle III",
                      "Standings after forum, cycle III",
                      "Standings after Trajan card, cycle III"]
    shown = "\n".join(table.lines)
    # Each table comes after Bob's last answer of its step, never before.
    assert shown.index("Bob's cranes") < shown.index("Standings after construction cranes")
    assert shown.index("gray building types in each row of Bob") < shown.index("Standings after colonia")


def test_a_sheet_that_finishes_several_steps_shows_one_table_naming_them(home):
    """Issue 12.10: Tom alone on a sheet: paying finishes cranes and colonia too."""
    game = Game("tom", ("Tom",), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III)
    answers = ["file", 0, str(EXAMPLES_DIR / "tom-before-payment.toml"), [3, 4, 5]]
    table = Recorder(answers)
    with pytest.raises(OutOfAnswers):
        walk(game, table)
    titles = [line for line in table.lines if "Standings after" in line]
    assert len(titles) == 1
    assert "Standings after pay citizens, construction cranes and colonia, cycle III" in plain(titles[0])


# --- Issue 13, item 1: another window changed the game -------------------------------------


def test_an_answer_given_in_another_window_is_not_overwritten(home):
    """Issue 13.1: the walk re-reads, says so in one line and asks the new current question."""
    path = store.create(two_players()).path

    def other_window(question, asked):
        if asked == 3:  # while this window asks Ann's citizens, another answers them
            store.append(path, answer_for(question, [1, 0, 0, 0, 0, 0]))

    table = Recorder(["quick", 4, [0, 0, 0, 0, 0, 0], 2], before_ask=other_window)
    with pytest.raises(OutOfAnswers):
        walk(two_players(), table, store_saver(path), one_phase=True)
    notes = [line for line in table.lines if line.startswith("Not saved")]
    assert len(notes) == 1 and "another window" in notes[0]
    assert table.asked[2:] == ["pay.citizens:Ann", "pay.coins:Ann", "pay.rows:Ann"]
    saved = store.load_game("table").lines
    assert [a.value for a in saved] == ["quick", 4, [1, 0, 0, 0, 0, 0], 2]


# --- Issue 13, item 4: an answer that cannot be saved --------------------------------------


def test_a_failed_save_keeps_every_earlier_answer_and_says_the_last_is_lost(home, monkeypatch):
    import errno
    import os

    path = store.create(tom_game(players=("Tom", "Ann"))).path
    real_fsync = os.fsync

    def fsync_until_full(fd):  # the fourth answer's line is written, then cannot be flushed
        if len(store.read(path).game.lines) >= 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync_until_full)
    table = Recorder(TOM_QUICK[:6])
    with pytest.raises(InputError) as info:
        walk(store.load_game("tom"), table, store_saver(path))
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert "No space left on device" in str(info.value)
    assert table.lines[-1] == "Your last answer was not saved; every answer before it is."
    assert [a.value for a in store.load_game("tom").lines] == TOM_QUICK[:3]


# --- Issue 12, item 12: picking the game, player counts, card names ------------------------


def test_undo_and_show_pick_the_only_game_in_progress(cli, home):
    """Issue 12.12: like `trajan score`, `game undo` and `game show` need no name then."""
    done = two_players(name="done", first_cycle=Cycle.III)
    finished = walk(done, Recorder(last_phase()))
    assert finished.state.finished
    store.save_game(finished.game)
    result = cli("game", "show")
    assert result.code == 2 and "no game in progress" in result.err
    path = store.create(two_players()).path
    with pytest.raises(OutOfAnswers):
        walk(two_players(), Recorder(["quick", 3]), store_saver(path))
    shown = cli("game", "show", "--json")
    assert shown.code == 0 and shown.json()["name"] == "table"
    undone = cli("game", "undo")
    assert undone.code == 0 and "-> 3" in undone.out
    assert len(store.load_game("table").lines) == 1
    assert len(store.load_game("done").lines) == len(finished.game.lines)
    store.create(two_players(name="other"))
    several = cli("game", "undo")
    assert several.code == 2 and "other" in several.err and "table" in several.err


@pytest.mark.parametrize("extra", [[], ["--intro"]])
def test_a_game_needs_two_to_four_players_p18(cli, home, extra):
    """Issue 12.12: the set-up (p. 18) is for 2, 3 or 4 players; the introductory game too."""
    result = cli("game", "new", "solo", "-p", "Ann", *extra)
    assert result.code == 2 and "2 to 4 players" in result.err
    assert cli("game", "new", "duo", "-p", "Ann", "-p", "Bob", *extra).code == 0


def test_an_old_one_player_game_still_loads_and_carries_on(cli, home):
    """Decision: files saved when one player was allowed keep working (nothing is lost)."""
    store.save_game(tom_game())  # one player, as older versions saved
    assert cli("game", "show", "tom", "--json").json()["players"][0]["name"] == "Tom"
    assert cli("game", "list", "--json").json()["games"][0]["state"] != "damaged"
    path = store.game_path("tom")
    table = Recorder(["quick"])
    with pytest.raises(OutOfAnswers):
        walk(store.load_game("tom"), table, store_saver(path))
    assert len(store.load_game("tom").lines) == 1


SPELLINGS = ["I-1", "i-1", "1-1", "1_1", "1.1", "1 1", "11", " iii-4 ", "3-4", "III4", "ii - 2",
             "IV-1", "3-5", "0-1", "x", "III-0", "all"]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_cards_option_reads_what_card_check_reads(cli, home, spelling):
    """Issue 12.12: `game new --cards` accepts every card name `card check` accepts."""
    checked = cli("card", "check", spelling, "--example", "tom", "--json")
    started = cli("game", "new", "g", "-p", "Ann", "-p", "Bob", "--cards", spelling)
    if spelling == "all":  # `all` is a card check word, not a card
        assert started.code == 2
        return
    assert (checked.code == 0) == (started.code == 0), (checked.err, started.err)
    if started.code == 0:
        card = checked.json()["card"]
        assert card in store.load_game("g").cards.values()


def test_a_sheet_kept_in_the_game_is_parsed_once_for_all_replays(monkeypatch):
    # speed: the walkthrough replays the whole game after every answer; the rulebook's
    # example (p. 28) replays Tom's one sheet twenty times, and parsed it each time
    import trajan_cli.parsing.sheet as sheet_parsing
    from trajan_cli.cli.demo import demo_answers
    from trajan_cli.games.readers import recorded_sheet

    recorded_sheet.cache_clear()
    lenient_reads = []
    real = sheet_parsing.parse_sheet

    def counted(text, file="<sheet>", *, strict=True):
        lenient_reads.extend([file] if not strict else [])
        return real(text, file, strict=strict)

    monkeypatch.setattr(sheet_parsing, "parse_sheet", counted)
    game = Game("rulebook example", ("Tom",), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III)
    result = walk(game, ScriptedPrompter(demo_answers()))
    assert result.state.totals()["Tom"] == 54  # 3 + 22 + 6 + 9 + 14, as on p. 28
    assert len(lenient_reads) == 1
