"""The group's box file: its TOML read and written (parsing/box_toml.py), and kept in the
tool's home (games/box_file.py): load, save (atomic, locked), learn with conflicts, the
set-up habits.

Every value of a box here is MADE UP for the test: none is read off the real components
(the tool ships no component facts, see core/box.py)."""

from __future__ import annotations

import os
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.box import (
    CORNER_SQUARES,
    BarFace,
    BarSide,
    Box,
    ColoniaSide,
    GroupBox,
    MosaicFace,
    Placement,
    PrestigeTrack,
)
from trajan_cli.core.vocabulary import Colour
from trajan_cli.games import box_file
from trajan_cli.parsing.box_toml import box_toml, parse_box
from trajan_cli.parsing.errors import InputError

from helpers.made_up_box import (
    BASIC,
    CRANES,
    FACE_1A,
    FACE_2B,
    FORUM_3,
    GROUP,
    MADE_UP,
    OR,
    SIDE_A,
    TRACK,
    TURNED,
    B,
    E,
    G,
    Y,
)


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("TRAJAN_HOME", str(folder))
    return folder


# --- The file's text ---------------------------------------------------------------------------


def test_a_box_written_reads_back_the_same():
    assert parse_box(box_toml(GROUP)) == GROUP
    assert parse_box(box_toml(GroupBox())) == GroupBox()


def test_the_file_is_written_for_people_commented_and_in_the_notation_of_the_record():
    text = box_toml(GROUP)
    assert text.startswith("#")
    assert 'A = "B2 E3 D4 C5"' in text  # temples by row, as squares are named
    assert "1a = '''\nb b E\ng - g\n'''" in text
    assert 'sizes = "1 2 3+"' in text and "head = 2" in text  # the head's slot counted from 1
    assert 'Ann = "A1 o F1 g A6 b F6 y"' in text
    assert '3 = "1a A1; 2b D1 turned"' in text


def test_a_hand_typed_file_with_comments_names_in_any_case_and_a_face_in_double_quotes():
    text = '''
# our copy (made-up values)
[sides]
a = "B2 E3 C5 D4"   # side A
[faces]
1a = """
b b E   # the top row
g - g
"""
[bar.turned]
sizes = "- 1 2+"
head = 1
'''
    group = parse_box(text)
    assert group.box.side("A") == SIDE_A  # "a" is side A
    assert group.box.face("1A") == FACE_1A
    assert group.box.bar == {BarFace.TURNED: TURNED} and group.box.track is None


NAMES = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,5}", fullmatch=True)
SQUARES = st.sampled_from([(c, r) for c in range(6) for r in range(6) if (c, r) not in CORNER_SQUARES])
FACE_SQUARES = st.sampled_from([B, G, OR, Y, E, None])


@st.composite
def group_boxes(draw):
    box = Box()
    for name in draw(st.lists(NAMES, max_size=3, unique_by=str.casefold)):
        side_name = "A" if name.upper() == "A" else "B" + name
        if box.side(side_name) is None:
            box = box.with_side(ColoniaSide(side_name, frozenset(draw(st.sets(SQUARES, min_size=4, max_size=4)))))
    for name in draw(st.lists(NAMES, max_size=3, unique_by=str.casefold)):
        width = draw(st.integers(1, 4))
        rows = draw(st.lists(st.tuples(*[FACE_SQUARES] * width), min_size=1, max_size=3))
        rows[0] = (B, *rows[0][1:])  # at least one square, and a last row that is not all gaps
        rows[-1] = (*rows[-1][:-1], G)
        box = box.with_face(MosaicFace(name, tuple(rows)))
    if draw(st.booleans()):
        length = draw(st.integers(2, 12))
        box = box.with_track(PrestigeTrack(
            tuple(draw(st.lists(st.integers(0, 99), min_size=length, max_size=length))),
            tuple(draw(st.lists(st.sampled_from([3, 5, 7]), min_size=length, max_size=length))),
            frozenset(draw(st.sets(st.integers(1, length - 1))))))
    for which in BarFace:
        if draw(st.booleans()):
            sizes = list(range(1, draw(st.integers(1, 6)) + 1))
            slots = draw(st.integers(0, 2)) * [None] + sizes
            box = box.with_bar(which, BarSide(tuple(slots), draw(st.integers(0, len(slots) - 1)), draw(st.booleans())))
    forums = {n: FORUM_3 for n in draw(st.sets(st.integers(2, 4)))}
    return GroupBox(box, {"Ann": CRANES} if draw(st.booleans()) else {}, forums)


@given(group_boxes())
def test_any_box_the_parser_accepts_is_written_back_as_itself(group):
    assert parse_box(box_toml(group)) == group


@pytest.mark.parametrize(("text", "line", "key", "says"), [
    ('[sides]\nA = "B2 E3 C5"\n', 2, "A", "3 temples, not 4"),
    ('[sides]\nA = "A1 E3 C5 D4"\n', 2, "A", "corner"),  # the cranes' corners (p. 19)
    ('[sides]\nX1 = "B2 E3 C5 D4"\n', 2, "X1", "side B"),
    ('[sides]\nB1 = "B2 E3 C5 Q"\n', 2, "Q", "not a square"),
    ('[sides]\nB1 = "B2 E3 C5 D4"\nb1 = "B2 E3 C5 D5"\n', 3, "b1", "twice"),
    ("[faces]\n1a = '''\nb b\nb x\n'''\n", 4, "x", "not a forum token"),
    ("[faces]\n1a = '''\nb b\nb\n'''\n", 4, None, "first has 2"),
    ("[faces]\n1a = '''\nb:T b\n'''\n", 3, "b:T", "envoy"),
    ("[track]\npoints = [0, 1]\ntrajan = [3, 4]\n", 1, "track", "not 4"),
    ("[track]\npoints = [0, 1]\n", 1, "trajan", "trajan = ["),
    ("[track]\npoints = [0, 1]\ntrajan = [3, 3]\ncypress = [1]\n", 4, "cypress", "unknown key"),
    ('[bar.basic]\nsizes = "1 2+ 3"\nhead = 1\n', 2, "2+", "last size"),
    ('[bar.basic]\nsizes = "1 2"\nhead = 0\n', 3, "head", "slot of the Trajan head"),
    ('[bar.basic]\nsizes = "1 1"\nhead = 1\n', 2, "sizes", "twice"),
    ('[bar.basic]\nsizes = "1 2"\nhead = 5\n', 2, "sizes", "Trajan head"),
    ('[bar.other]\nsizes = "1 2"\nhead = 1\n', 1, "other", "two sides"),
    ('[cranes]\nAnn = "A1 o F1 o A6 b F6 y"\n', 2, "Ann", "p. 19"),
    ('[cranes]\nAnn = "B2 o"\n', 2, "Ann", "not a corner"),
    ('[forums]\n7 = "1a A1"\n', 2, "7", "2 to 4"),
    ('[forums]\n3 = "1a A1 upside"\n', 2, "3", "turned"),
    ('[side]\nA = "B2 E3 C5 D4"\n', 1, "side", "did you mean 'sides'"),
    ('sides = "A"\n', 1, "sides", "[sides]"),
])
def test_a_bad_box_file_names_its_line_its_key_and_what_to_do(text, line, key, says):
    with pytest.raises(InputError) as caught:
        parse_box(text, "box.toml")
    problems = caught.value.problems
    assert any(p.file == "box.toml" and p.line == line and p.token == key and says in p.message
               for p in problems), problems


def test_every_problem_of_a_file_is_said_at_once():
    with pytest.raises(InputError) as caught:
        parse_box('[sides]\nA = "B2"\nC = "B2 E3 C5 D4"\n[forums]\n9 = "1a A1"\n')
    assert [p.line for p in caught.value.problems] == [2, 3, 5]


# --- The file in the tool's home ----------------------------------------------------------------


def test_a_home_without_a_box_file_has_an_empty_box(home):
    assert box_file.load() == GroupBox()
    assert not (home / "box.toml").exists()  # reading writes nothing


def test_a_box_saved_is_loaded_back(home):
    path = box_file.save(GROUP)
    assert path == home / "box.toml"
    assert box_file.load() == GROUP
    assert box_file.load(home) == GROUP  # the home may be given


def test_a_damaged_box_file_is_refused_with_its_path(home):
    home.mkdir()
    (home / "box.toml").write_text("[sides]\nA = 3\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        box_file.load()
    assert caught.value.problems[0].file == str(home / "box.toml")
    assert caught.value.problems[0].line == 2


def test_a_save_cut_short_leaves_the_old_file_whole(home, monkeypatch):
    box_file.save(GROUP)
    before = (home / "box.toml").read_bytes()

    def crash(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(InputError) as caught:
        box_file.save(GroupBox())
    assert "cannot save the box file" in caught.value.problems[0].message
    assert (home / "box.toml").read_bytes() == before
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]  # no temporary file left


def test_the_box_file_is_never_written_through_a_link(home, tmp_path):
    home.mkdir()
    target = tmp_path / "elsewhere.toml"
    target.write_text("# not ours\n", encoding="utf-8")
    (home / "box.toml").symlink_to(target)
    with pytest.raises(InputError) as caught:
        box_file.save(GROUP)
    assert "link" in caught.value.problems[0].message
    assert target.read_text(encoding="utf-8") == "# not ours\n"


def test_learning_keeps_what_the_file_did_not_know_and_a_second_load_has_it(home):
    learnt = box_file.learn(Box({"A": SIDE_A}))
    assert learnt.new == Box({"A": SIDE_A}) and learnt.conflicts == ()
    assert box_file.load().box.side("A") == SIDE_A  # learnt once, there for every later game
    learnt = box_file.learn(Box({"A": SIDE_A}, track=TRACK))
    assert learnt.new == Box(track=TRACK)  # side A was known: only the track is new
    assert box_file.load().box == Box({"A": SIDE_A}, track=TRACK)


def test_learning_what_the_file_knows_the_same_way_writes_nothing(home):
    box_file.save(GROUP)
    stamp = (home / "box.toml").stat().st_mtime_ns
    learnt = box_file.learn(MADE_UP)
    assert learnt == box_file.Learnt(Box(), ())
    assert (home / "box.toml").stat().st_mtime_ns == stamp


def test_a_fact_that_differs_is_returned_as_a_conflict_and_not_overwritten(home):
    box_file.save(GROUP)
    other_a = SIDE_A._replace(temples=frozenset({(1, 1), (4, 2), (2, 4), (3, 4)}))
    other_bar = BASIC._replace(head=2)
    face_3a = FACE_2B._replace(name="3a")
    learnt = box_file.learn(Box({"a": other_a}, bar={BarFace.BASIC: other_bar}, faces={"3a": face_3a}))
    assert learnt.new == Box(faces={"3a": FACE_2B._replace(name="3a")})
    assert learnt.conflicts == (box_file.Conflict("side", "A", SIDE_A, other_a),
                                box_file.Conflict("bar", "basic", BASIC, other_bar))
    kept = box_file.load().box
    assert kept.side("A") == SIDE_A and kept.bar[BarFace.BASIC] == BASIC  # the file's version stays
    assert kept.face("3a") is not None  # what was new is kept all the same


def test_learning_with_replace_takes_the_given_version_and_still_says_what_changed(home):
    box_file.save(GROUP)
    other_track = TRACK._replace(cypresses=frozenset({3}))
    learnt = box_file.learn(Box(track=other_track), replace=True)
    assert learnt.conflicts == (box_file.Conflict("track", "", TRACK, other_track),)
    assert box_file.load().box.track == other_track
    assert box_file.load().cranes == GROUP.cranes  # the habits stay


def test_a_face_differing_only_in_the_case_of_its_name_is_the_same_face(home):
    box_file.save(GROUP)
    assert box_file.learn(Box(faces={"1A": FACE_1A._replace(name="1A")})) == box_file.Learnt(Box(), ())


def test_two_windows_learning_at_once_each_keep_what_the_other_learnt(home):
    faces = [MosaicFace(f"f{n}", ((B, G),)) for n in range(16)]

    def learn(mine):
        for face in mine:
            box_file.learn(Box(faces={face.name: face}))

    workers = [threading.Thread(target=learn, args=(faces[i::2],)) for i in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(box_file.load().box.faces) == sorted(f.name for f in faces)


def test_the_cranes_a_player_laid_are_remembered_for_next_time(home):
    box_file.save(GROUP)
    colours = reversed([colour for _square, colour in CRANES])
    turned = tuple((square, colour) for (square, _old), colour in zip(CRANES, colours, strict=True))
    box_file.remember_cranes("ann", reversed(turned))  # the name in any case, corners in any order
    kept = box_file.load()
    assert dict(kept.cranes) == {"ann": turned}
    assert kept.box == MADE_UP and kept.forums == GROUP.forums


def test_the_forum_laid_is_remembered_per_number_of_players(home):
    four = (Placement("1a", (0, 0)), Placement("2b", (3, 0)), Placement("3a", (0, 2), turned=True))
    box_file.remember_forum(3, four)
    box_file.remember_forum(2, FORUM_3)
    assert dict(box_file.load().forums) == {3: four, 2: FORUM_3}


def test_import_takes_new_habits_and_keeps_the_groups_own_unless_replace(home):
    box_file.save(GROUP)
    mine = (((0, 0), Colour.BLUE), ((5, 0), Colour.GREEN), ((0, 5), Colour.ORANGE), ((5, 5), Colour.YELLOW))
    other = GroupBox(Box(), {"ANN": mine, "Bo": mine}, {3: (Placement("2b", (0, 0)),), 4: FORUM_3})
    box_file.import_box(other)
    kept = box_file.load()
    assert dict(kept.cranes) == {"Ann": CRANES, "Bo": mine} and kept.forums[3] == FORUM_3
    assert kept.forums[4] == FORUM_3
    box_file.import_box(other, replace=True)
    kept = box_file.load()
    assert dict(kept.cranes) == {"ANN": mine, "Bo": mine} and kept.forums[3] == (Placement("2b", (0, 0)),)


def test_the_readmes_box_example_reads_as_it_says():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text(encoding="utf-8")
    block = next(part.split("```", 1)[0] for part in readme.split("```toml\n")[1:] if part.startswith("[sides]"))
    group = parse_box(block, "docs/formats.md")
    assert group.box.side("B1") is not None and group.box.face("1a") == FACE_1A
    assert group.box.track == PrestigeTrack((0, 1, 2, 3), (3, 3, 5, 7), frozenset({2}))
    assert group.box.bar == {BarFace.BASIC: BarSide((1, 2, 3), head=1, open_ended=True)}
    assert group.forums[3] == FORUM_3 and dict(group.cranes) == {"Ann": CRANES}


def test_a_face_learnt_with_short_rows_is_the_face_the_file_reads_back(home):
    ragged = MosaicFace("3a", ((B, G, Y), (OR,), (None, None)))
    learnt = box_file.learn(Box(faces={"3a": ragged}))
    assert box_file.load().box.face("3a") == MosaicFace("3a", ((B, G, Y), (OR, None, None)))
    assert learnt.new.face("3a") == box_file.load().box.face("3a")
    assert box_file.learn(Box(faces={"3a": ragged})) == box_file.Learnt(Box(), ())  # the same face


def test_a_fact_the_file_could_not_hold_is_refused_and_nothing_is_written(home):
    box_file.save(GROUP)
    before = (home / "box.toml").read_bytes()
    three_temples = ColoniaSide("B2", frozenset({(1, 1), (2, 2), (3, 3)}))
    with pytest.raises(ValueError, match="not a box the file can hold"):
        box_file.learn(Box({"B2": three_temples}))
    with pytest.raises(ValueError):
        box_file.learn(Box(faces={"a face": FACE_1A._replace(name="a face")}))  # not one word
    assert (home / "box.toml").read_bytes() == before
