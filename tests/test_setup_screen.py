"""The set-up screen of `trajan play` (a game with no boards yet), driven by its keys: per
player the board side, the cranes, the citizen drawn and the worker dealt (p. 19), then the
mosaic faces laid (p. 18); what the box does not know typed once and kept; the lines it
records are the values the rulebook's set-up gives.

Every side, face and habit below is made up for the tests (the components' printed values
are never shipped as fact).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trajan_cli import i18n
from trajan_cli.core.box import Box, ColoniaSide, GroupBox, MosaicFace, Placement
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp
from trajan_cli.core.vocabulary import Colour
from trajan_cli.ui.setup.draw import draw_setup
from trajan_cli.ui.setup.state import SetupScreen, Step

from helpers.hypothesis_profiles import scaled

B, G, OR, Y = Colour.BLUE, Colour.GREEN, Colour.ORANGE, Colour.YELLOW
A1, F1, A6, F6 = (0, 0), (5, 0), (0, 5), (5, 5)
PLAYERS = ("Ann", "Bob", "Cleo")

# Made up: side A's temples, one side B, and six faces of 2 x 2 squares.
SIDE_A = ColoniaSide("A", frozenset({(1, 1), (4, 2), (3, 3), (2, 4)}))
SIDE_B1 = ColoniaSide("B1", frozenset({(3, 1), (1, 2), (2, 3), (4, 4)}))


def face(name: str, *rows: str) -> MosaicFace:
    def square(token: str):
        return None if token == "-" else ForumSquare(None if token == "E" else Colour.from_letter(token))

    return MosaicFace(name, tuple(tuple(square(t) for t in row.split()) for row in rows))


FACES = [face("1a", "b g", "E y"), face("1b", "o o", "g E"), face("2a", "y b", "b -"),
         face("2b", "g g", "E o"), face("3a", "b E", "y y"), face("3b", "o - ", "g b")]
KNOWN = Box(sides={"A": SIDE_A, "B1": SIDE_B1}, faces={f.name: f for f in FACES})
FORUM_KEYS = "1 A1 2 C1 3 A3 4 C3"  # 1a A1, 1b C1, 2a A3, 2b C3


def press(screen: SetupScreen, words: str) -> SetupScreen:
    for word in words.split():
        cell = len(word) == 2 and word[0].isalpha() and word[1].isdigit()
        if cell and screen.view.step in (Step.PLACE, Step.TEMPLES):
            screen.press(word[0])
            screen.press(word[1])
        else:
            screen.press(word)
    return screen


def keys(words: str) -> int:
    """How many keys ``words`` are (a cell's name is two)."""
    return sum(2 if len(w) == 2 and w[0].isalpha() and w[1].isdigit() else 1 for w in words.split())


def known_screen(group: GroupBox | None = None, players=PLAYERS) -> SetupScreen:
    return SetupScreen(players, len(players), group or GroupBox(box=KNOWN))


def test_a_three_player_set_up_in_a_known_box_gives_the_rulebooks_values_p18_p19():
    """Side, a crane of each colour in the four corners, the citizen's row, a worker of a
    different colour for each player (p. 19); four mosaic faces for three players (p. 18)."""
    words = ("a b g o 3 o  "       # Ann: side A; cranes A1 b F1 g A6 o (F6 y); citizen 3; worker o
             "1 y g b 1 g  "       # Bob: side B1; ...; citizen 1; worker g
             "a g b y 5 b  "       # Cleo: side A; ...; citizen 5; worker b
             + FORUM_KEYS + " enter enter")
    screen = press(known_screen(), words)
    assert screen.done and screen.result is not None
    assert keys(words) <= 40
    lines = list(screen.result.lines)
    # The record has no box facts yet: those the set-up uses come first, one a line.
    assert lines[:6] == [BoxLine(Box(sides={"A": SIDE_A})), BoxLine(Box(sides={"B1": SIDE_B1}))] + [
        BoxLine(Box(faces={f.name: f})) for f in FACES[:4]]
    assert lines[6:] == [
        PlayerSetUp("Ann", "A", ((A1, B), (F1, G), (A6, OR), (F6, Y)), 3, OR),
        PlayerSetUp("Bob", "B1", ((A1, Y), (F1, G), (A6, B), (F6, OR)), 1, G),
        PlayerSetUp("Cleo", "A", ((A1, G), (F1, B), (A6, Y), (F6, OR)), 5, B),
        ForumSetUp((Placement("1a", (0, 0)), Placement("1b", (2, 0)), Placement("2a", (0, 2)),
                    Placement("2b", (2, 2)))),
    ]


def test_the_box_facts_the_record_lacks_come_first_as_box_lines():
    screen = SetupScreen(PLAYERS, 3, GroupBox(box=KNOWN), recorded=Box(sides={"A": SIDE_A}))
    press(screen, "1 b g o 3 o 1 y g b 1 g a g b y 5 b " + FORUM_KEYS + " enter enter")
    lines = list(screen.result.lines)
    boxed = [line.box for line in lines if isinstance(line, BoxLine)]
    assert [list(b.sides) + list(b.faces) for b in boxed] == [["B1"], ["1a"], ["1b"], ["2a"], ["2b"]]
    assert all(isinstance(line, BoxLine) for line in lines[:5])
    assert boxed[0].side("B1") == SIDE_B1


def test_a_crane_colour_laid_already_is_refused_and_the_last_corner_takes_the_one_left_p19():
    screen = press(known_screen(), "a b b")
    assert screen.status.refusal and "p. 19" in screen.status.text
    assert screen.draft.cranes == ((A1, B),)
    press(screen, "g o")
    assert screen.draft.cranes == ((A1, B), (F1, G), (A6, OR), (F6, Y))
    assert screen.view.step is Step.CITIZEN


def test_a_worker_colour_dealt_is_not_offered_to_the_next_player_p19():
    screen = press(known_screen(), "a b g o 3 o 1 y g b 1")
    assert screen.view.step is Step.WORKER
    shown = draw_setup(screen, 80, 24).text()
    assert "o orange" not in shown and "g green" in shown
    press(screen, "o")
    assert screen.status.refusal and "Ann" in screen.status.text and "p. 19" in screen.status.text
    assert screen.view.step is Step.WORKER and screen.draft.worker is None


def test_the_fourth_player_is_dealt_the_worker_colour_left_p19():
    players = ("Ann", "Bob", "Cleo", "Dan")
    screen = press(known_screen(players=players), "a b g o 1 o a b g o 2 g a b g o 3 b a b g o 4")
    assert screen.view.drafts[3].worker is Y
    assert screen.view.step is Step.FORUM
    assert screen.faces_wanted() == 5  # five mosaic boards for four players (p. 18)


def test_two_players_lay_three_faces_and_enter_waits_for_the_last_p18():
    screen = press(known_screen(players=("Ann", "Bob")), "a b g o 1 o a b g o 2 g 1 A1 2 C1 enter")
    assert screen.view.step is Step.FORUM and screen.status.refusal
    press(screen, "3 A3 enter enter")
    assert screen.done and len(screen.result.lines[-1].placements) == 3


def test_as_last_time_is_one_key_for_the_cranes_and_one_for_the_forum():
    habit = ((A1, Y), (F1, OR), (A6, G), (F6, B))
    forum = (Placement("3a", (0, 0)), Placement("3b", (2, 0), True), Placement("1a", (0, 2)),
             Placement("1b", (2, 2)))
    group = GroupBox(box=KNOWN, cranes={"ann": habit}, forums={3: forum})
    screen = press(known_screen(group), "a enter 2 o")
    assert screen.view.drafts[0].cranes == habit  # names are the group's: any case
    assert "as last time" not in draw_setup(press(screen, "a"), 80, 24).text()  # Bob has none
    press(screen, "enter")
    assert screen.status.refusal and "Bob" in screen.status.text
    press(screen, "b g o 1 g a b g o 4 b")
    assert screen.view.step is Step.FORUM
    press(screen, "enter enter")
    assert screen.done and screen.result.lines[-1] == ForumSetUp(forum)
    assert screen.result.forum == forum and screen.result.cranes["Ann"] == habit


def test_a_side_the_box_does_not_know_is_typed_once_corners_refused_p19():
    screen = SetupScreen(("Ann", "Bob"), 2, GroupBox(box=Box(faces=KNOWN.faces)))
    press(screen, "a B 2 A 1")
    assert screen.status.refusal and "corner" in screen.status.text
    press(screen, "E 3 C 5 D 4")
    assert screen.view.step is Step.CRANES
    press(screen, "b g o 3 o a")  # Bob: side A is known now, nothing to type
    assert screen.view.step is Step.CRANES
    press(screen, "b g o 2 g 1 A1 2 C1 3 A3 enter")
    assert screen.view.step is Step.KEEP and "side A" in screen.learnt_words()
    press(screen, "y")
    lines = list(screen.result.lines)
    assert lines[0] == BoxLine(Box(sides={"A": SIDE_A}))
    assert screen.result.learnt.side("A") == SIDE_A


def test_a_new_side_b_gets_the_next_free_name_and_n_keeps_nothing():
    screen = SetupScreen(("Ann", "Bob"), 2, GroupBox(box=KNOWN))
    press(screen, "n D 2 B 3 C 4 E 5 b g o 3 o a b g o 2 g 1 A1 2 C1 3 A3 enter")
    assert screen.view.drafts[0].side == "B2"
    press(screen, "n")
    assert screen.done and screen.result.learnt == Box()
    assert BoxLine(Box(sides={"B2": ColoniaSide("B2", SIDE_B1.temples)})) in screen.result.lines


def test_a_new_face_is_typed_with_the_cursor_moving_on_then_laid_and_turned():
    screen = SetupScreen(("Ann", "Bob"), 2, GroupBox(box=Box(sides={"A": SIDE_A}, faces={"1a": FACES[0]})))
    press(screen, "a b g o 3 o a b g o 2 g n b g enter e - enter enter")
    # Named on a board none of whose faces is laid (p. 18: a board shows one face): 2a.
    typed = screen.view.box.face("2a")
    assert typed == face("2a", "b g", "E -")
    assert screen.view.step is Step.PLACE
    press(screen, "A1 1 A1")  # 1a on 2a's square
    assert screen.status.refusal and "A1" in screen.status.text
    press(screen, "C1 t")
    assert screen.view.placements[-1] == Placement("1a", (2, 0), True)
    press(screen, "n y y enter enter A3 enter")
    assert screen.view.step is Step.KEEP
    press(screen, "y")
    assert set(screen.result.learnt.faces) == {"2a", "3a"}


def test_backspace_takes_back_the_last_key_and_esc_twice_leaves_recording_nothing():
    screen = press(known_screen(), "a b g")
    press(screen, "backspace")
    assert screen.draft.cranes == ((A1, B),)
    press(screen, "escape")
    assert not screen.done
    press(screen, "escape")
    assert screen.done and screen.result is None


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_screen_fits_80x24_in_every_language(lang):
    i18n.set_language(lang)
    try:
        screen = known_screen()
        for words in ("", "a", "a b g o", "a b g o 3", "a b g o 3 o 1 y g b 1 g a g b y 5 b",
                      "a b g o 3 o 1 y g b 1 g a g b y 5 b 1 A1 n b"):
            press(screen := known_screen(), words)
            canvas = draw_setup(screen, 80, 24)
            text = canvas.text()
            assert all(len(row) <= 80 for row in text.splitlines())
            assert len(text.split("\n")) == 24
        screen.help = True
        assert draw_setup(screen, 80, 24).text().count("\n") == 23
        assert "80x24" in draw_setup(screen, 60, 20).text().replace(" ", "") or lang != "en"
    finally:
        i18n.set_language("en")


# --- Recorded through the game file, learnt in the group's box ------------------------------


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def new_game(cli, name: str, players=PLAYERS):
    from trajan_cli.games import store

    names = [w for p in players for w in ("--player", p)]
    assert cli("game", "new", name, *names).code == 0
    return store.load(name).path


def session_screen(path):
    from trajan_cli.games.setup_session import SetupSession
    from trajan_cli.ui.setup.app import setup_screen

    return setup_screen(SetupSession(path))


def record_text(path) -> list[str]:
    from trajan_cli.games import store
    from trajan_cli.games.record_file import line_text

    return [line_text(line) for line in store.read(path).game.lines]


FIRST_GAME = ("a B2 E3 C5 D4 b g o 3 o  n D2 B3 C4 E5 y g b 1 g  1 g b y 5 b  "
              "n b g enter e y enter enter A1  n o o enter g e enter enter C1  "
              "n y b enter b - enter enter A3  n g g enter e o enter enter C3 enter y")


def test_the_set_up_is_recorded_and_the_table_screen_takes_up_its_first_round(cli, home):
    """The record holds the box facts, then one set-up line per player and the forum's; the
    boards are the rulebook's (p. 19: 1 tribune, 1 builder, 1 assistant, 1 coin, the worker
    dealt); the table screen then asks for the first round's street cards."""
    from trajan_cli.games.table_session import TableSession
    from trajan_cli.ui.table.draft import Mode
    from trajan_cli.ui.table.screen import TableScreen

    path = new_game(cli, "first")
    screen = press(session_screen(path), FIRST_GAME)
    assert screen.done and screen.result is not None, screen.status.text
    assert record_text(path) == [
        "box side A: temples B2 E3 D4 C5", "box side B1: temples D2 B3 C4 E5",
        "box face 1a: b g / E y", "box face 2a: o o / g E", "box face 3a: y b / b -",
        "box face 4a: g g / E o",
        "set-up Ann: side A; cranes A1 b F1 g A6 o F6 y; citizen 3; worker o",
        "set-up Bob: side B1; cranes A1 y F1 g A6 b F6 o; citizen 1; worker g",
        "set-up Cleo: side B1; cranes A1 g F1 b A6 y F6 o; citizen 5; worker b",
        "set-up forum: 1a A1; 2a C1; 3a A3; 4a C3",
    ]
    table = TableScreen(TableSession(path))
    assert table.view.mode is Mode.STREETS and table.player == "Ann"
    supply = table.sheet("Bob").supply
    assert (supply.tribunes, supply.builders, supply.assistants, supply.coins) == (1, 1, 1, 1)
    assert supply.workers.get(G) == 1 and not supply.workers.get(OR)


def test_what_game_one_typed_is_not_asked_in_game_two_with_the_same_home(cli, home):
    """Learning: the sides and faces typed in the first game (kept with y) are known in the
    second; the cranes and the forum are one key each, as last time."""
    from trajan_cli.games import box_file

    press(session_screen(new_game(cli, "one")), FIRST_GAME)
    kept = box_file.load(home)
    assert kept.box.side("B1") == SIDE_B1 and kept.box.face("4a") is not None
    second = new_game(cli, "two")
    screen = session_screen(second)
    assert [s.name for s in screen.b_sides()] == ["B1"]
    words = "a enter 3 o  1 enter 1 g  1 enter 5 b  enter enter"
    press(screen, words)
    assert screen.done and keys(words) <= 14
    assert record_text(second)[-4:] == record_text(new_game_path(cli, "one"))[-4:]


def new_game_path(cli, name):
    from trajan_cli.games import store

    return store.load(name).path


def test_n_keeps_nothing_in_the_group_box_but_the_game_records_its_facts(cli, home):
    from trajan_cli.games import box_file

    path = new_game(cli, "nokeep")
    press(session_screen(path), FIRST_GAME[:-1] + "n")
    assert record_text(path)[0] == "box side A: temples B2 E3 D4 C5"
    group = box_file.load(home)
    assert group.box.side("A") is None and not group.box.faces
    assert group.cranes["Ann"]  # the habits are remembered all the same


def test_a_set_up_refused_at_its_last_key_records_nothing_and_stays_on_screen(cli, home):
    """Recorded meanwhile elsewhere: Ann's board is set up already (one board per player,
    p. 19), so the whole set-up is refused, worded, and nothing of it is written."""
    path = new_game(cli, "twice")
    screen = press(session_screen(path), FIRST_GAME[:-1])
    assert cli("turn", "twice", "box side A: temples B2 E3 D4 C5").code == 0
    assert cli("turn", "twice", "set-up Ann: side A; cranes A1 b F1 g A6 o F6 y; citizen 3; "
               "worker o").code == 0
    before = record_text(path)
    press(screen, "y")
    assert not screen.done and screen.status.refusal and "Ann" in screen.status.text
    assert record_text(path) == before


def test_only_what_is_not_recorded_yet_is_asked():
    """Boards recorded otherwise (a board line) are not asked again: with every board there,
    only the forum; with the forum there, only the boards."""
    screen = SetupScreen((), 3, GroupBox(box=KNOWN))
    assert screen.view.step is Step.FORUM
    press(screen, FORUM_KEYS + " enter enter")
    assert [type(line) for line in screen.result.lines] == [BoxLine] * 4 + [ForumSetUp]
    screen = SetupScreen(("Bob",), 3, GroupBox(box=KNOWN), forum=False)
    press(screen, "a b g o 2 y enter")
    assert screen.done and screen.result.lines[-1] == PlayerSetUp(
        "Bob", "A", ((A1, B), (F1, G), (A6, OR), (F6, Y)), 2, Y)
    assert not any(isinstance(line, ForumSetUp) for line in screen.result.lines)


def test_a_fact_the_box_learnt_otherwise_meanwhile_is_said_and_the_box_keeps_its_own(cli, home):
    """Another window kept side B1 with other temples while this set-up was typed: the game
    records what its players typed, the group's box keeps its own, and the screen says so."""
    from trajan_cli.games import box_file

    path = new_game(cli, "meanwhile")
    screen = press(session_screen(path), FIRST_GAME[:-1])
    other = ColoniaSide("B1", frozenset({(1, 1), (2, 2), (3, 3), (4, 4)}))
    box_file.learn(Box(sides={"B1": other}), home)
    press(screen, "y")
    assert screen.done and "B1" in (screen.said or "")
    assert "box side B1: temples D2 B3 C4 E5" in record_text(path)
    assert box_file.load(home).box.side("B1") == other


# --- Any keys ------------------------------------------------------------------------------

KEYS = list("abgoynte-123456ABCDEFG0u?") + ["enter", "backspace", "escape", "tab", "up"]


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(KEYS), max_size=120), st.booleans())
def test_any_keys_never_fail_and_a_set_up_finished_is_one_the_referee_accepts_p18_p19(keys, known):
    """Whatever is pressed, the screen answers (a refusal at most); when it finishes, every
    line it made is accepted by the referee, in order, on a new game (pp. 18-19)."""
    from helpers.tables import table

    group = GroupBox(box=KNOWN) if known else GroupBox()
    screen = SetupScreen(("Ann", "Bob"), 2, group)
    for key in keys:
        screen.press(key)
        draw_setup(screen, 80, 24)
        if screen.done:
            break
    if screen.result is None:
        return
    state = table(players=("Ann", "Bob"))
    for line in screen.result.lines:
        state.apply(line)
    assert all(state.table.board(p) is not None for p in ("Ann", "Bob")) and state.table.forum is not None


def test_a_scripted_set_up_is_accepted_by_the_referee_as_the_rulebook_lays_it_p18_p19():
    from helpers.tables import table

    screen = press(SetupScreen(("Ann", "Bob"), 2, GroupBox()),
                   "a B2 E3 C5 D4 b g o 3 o a b g o 2 g n b g enter e y enter enter A1 "
                   "n o o enter g e enter enter C1 n y b enter b o enter enter A3 enter y")
    state = table(players=("Ann", "Bob"))
    for line in screen.result.lines:
        state.apply(line)
    ann = state.table.board("Ann")
    assert ann.supply.workers.get(OR) == 1 and ann.citizens[3]


SCRIPT = "a b g o 3 o 1 y g b 1 g 1 A 1 2 C 1 3 A 3 enter enter".split()  # two players


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(SCRIPT)), st.sampled_from(KEYS)), max_size=6))
def test_stray_keys_in_a_set_up_never_make_lines_the_referee_refuses_p18_p19(strays):
    """The known box's set-up with stray keys pressed among its keys (a Backspace, a colour
    taken, Esc...): if it still finishes, the referee accepts every line it made."""
    from helpers.tables import table

    keys = list(SCRIPT)
    for at, key in sorted(strays, reverse=True):
        keys.insert(at, key)
    screen = SetupScreen(("Ann", "Bob"), 2, GroupBox(box=KNOWN))
    for key in keys:
        if screen.done:
            break
        screen.press(key)
    if screen.result is None:
        assert strays, screen.status.text  # the script alone finishes
        return
    state = table(players=("Ann", "Bob"))
    for line in screen.result.lines:
        state.apply(line)
    assert state.table.forum is not None


def test_a_game_joined_mid_game_is_not_set_up_play_says_what_to_record_p18(cli, home, monkeypatch):
    """The set-up comes before cycle I's first round (p. 18): a game kept from cycle II on
    (or with a round recorded) is refused as before, naming the boards to record; a new
    game is set up on the screen."""
    from trajan_cli.core.game import Game
    from trajan_cli.core.turns.moves import RoundStart
    from trajan_cli.core.vocabulary import Cycle
    from trajan_cli.games.setup_session import before_first_round

    fresh = Game("g", ("Ann", "Bob"), "Ann")
    assert before_first_round(fresh)
    assert not before_first_round(fresh.with_line(RoundStart(Cycle.I, 1)))
    monkeypatch.setattr("trajan_cli.cli.common.has_terminal", lambda: True)
    assert cli("game", "new", "late", "--player", "Ann", "--player", "Bob", "--from-cycle", "2").code == 0
    done = cli("play", "late")
    assert done.code == 2 and "no board recorded for Ann" in done.err and "no forum" in done.err


def test_a_small_terminal_names_the_set_up_screen():
    shown = " ".join(draw_setup(SetupScreen(PLAYERS, 3, GroupBox(box=KNOWN)), 60, 20).text().split())
    assert "the set-up screen needs at least 80x24" in shown and "60x20" in shown
    assert "board editor" not in shown


def test_the_slide_bar_the_group_knows_is_copied_into_the_record_at_set_up_p27():
    """The track and both sides of the bar go into the record with the other box facts, so
    that the game's scoring reads the area and Trajan values off the bar (made-up values)."""
    from helpers.bar_example import BOX as BAR_BOX

    group = GroupBox(box=KNOWN.merged(BAR_BOX))
    screen = SetupScreen(PLAYERS, 3, group, recorded=Box(sides={"A": SIDE_A}))
    press(screen, "1 b g o 3 o 1 y g b 1 g a g b y 5 b " + FORUM_KEYS + " enter enter")
    boxed = [line.box for line in screen.result.lines if isinstance(line, BoxLine)]
    assert [b.track for b in boxed if b.track is not None] == [BAR_BOX.track]
    assert [dict(b.bar) for b in boxed if b.bar] == [{which: bar} for which, bar in sorted(BAR_BOX.bar.items())]
    assert all(isinstance(line, BoxLine) for line in screen.result.lines[:len(boxed)])
