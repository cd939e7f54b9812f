"""Damaged, hand-edited and random game files: a clean message and exit 2, never a crash.
The record file (NAME.txt) mutated line by line, cut short anywhere, or random; and the JSON
file an earlier version saved (NAME.json) mutated, cut short or random, as before."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.fuzzing import fuzz, json_values, mutate_json
from helpers.legacy_games import old_json, old_text
from helpers.walkthrough import TOM_QUICK, play, tom_game


@pytest.fixture(scope="module")
def finished():
    result, _, _ = play(tom_game(), TOM_QUICK)
    return result.game


@pytest.fixture(scope="module")
def good_game(finished):
    """Tom's finished game as an earlier version saved it (NAME.json)."""
    return old_json(finished)


@pytest.fixture(scope="module")
def good_record(finished):
    """Tom's finished game as this version saves it (NAME.txt)."""
    from trajan_cli.games.record_file import record_text

    return record_text(finished)


def show_is_clean(cli, tmp_path, text: str, suffix: str = ".json") -> None:
    folder = tmp_path / "games"
    folder.mkdir(parents=True, exist_ok=True)
    for other in (".txt", ".json"):
        (folder / f"tom{other}").unlink(missing_ok=True)
    (folder / f"tom{suffix}").write_text(text)
    result = cli("game", "show", "tom", "--json")
    assert result.code in (0, 2), result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    if result.code == 2:
        assert result.err.strip() and result.out == ""


@fuzz(150)
@given(st.data())
def test_mutated_game_files(cli, tmp_path, monkeypatch, good_game, data):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    mutated = mutate_json(json.loads(json.dumps(good_game)), data.draw)
    show_is_clean(cli, tmp_path, json.dumps(mutated))


@fuzz(100)
@given(st.one_of(json_values.map(json.dumps), st.text(max_size=60)))
def test_random_game_files(cli, tmp_path, monkeypatch, text):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    show_is_clean(cli, tmp_path, text)


@fuzz(100)
@given(st.data())
def test_truncated_game_files(cli, tmp_path, monkeypatch, good_game, data):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    text = old_text(good_game)
    show_is_clean(cli, tmp_path, text[: data.draw(st.integers(0, len(text)))])


#: A word a line of a record may be damaged with.
WORDS = st.sampled_from(["score", "III", "I", "Tom", "Tom:", "-:", "=", "pay.mode", "cranes.green", "forum.area",
                         "[", "]", "[1,", "null", "true", '"quick"', '"', "#", "9" * 5000, "[" * 5000, "-1",
                         "round", "board", "build", "forum:", "--player", "--cards", "III-9", "--house"])


def mutate_line(text: str, draw) -> str:
    """Change, drop, add or cut one word of one line of a record file (its header too)."""
    rows = text.split("\n")
    n = draw(st.integers(0, len(rows) - 2))
    words = rows[n].split(" ")
    at = draw(st.integers(0, len(words) - 1))
    action = draw(st.sampled_from(["replace", "drop", "add", "cut", "line"]))
    if action == "replace":
        words[at] = draw(WORDS | st.text(max_size=6))
    elif action == "drop":
        del words[at]
    elif action == "add":
        words.insert(at, draw(WORDS))
    elif action == "cut":
        words = words[:at]
    else:  # a line of its own, anything
        words.insert(at, draw(st.text(max_size=20)) + "\n")
    rows[n] = " ".join(words)
    return "\n".join(rows)


@fuzz(150)
@given(st.data())
def test_mutated_record_files(cli, tmp_path, monkeypatch, good_record, data):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    show_is_clean(cli, tmp_path, mutate_line(good_record, data.draw), ".txt")


@fuzz(100)
@given(st.text(max_size=60) | st.text(max_size=60).map(lambda t: "# trajan game new tom --player " + t))
def test_random_record_files(cli, tmp_path, monkeypatch, text):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    show_is_clean(cli, tmp_path, text, ".txt")


def test_a_record_file_cut_short_anywhere_shows_what_it_recorded_up_to_there(cli, tmp_path, monkeypatch,
                                                                             good_record, finished):
    """Cut anywhere (a write that did not finish), the record shows the lines before the
    cut, each whole: an unfinished last line is not recorded; a header cut short, damaged."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    header = good_record.index("\n", good_record.index("# trajan game new")) + 1
    ends = [i + 1 for i, ch in enumerate(good_record) if ch == "\n"]
    for cut in range(len(good_record) + 1):
        whole_lines = sum(1 for end in ends if end <= cut) - 2  # the header's two lines aside
        if cut < header:
            show_is_clean(cli, tmp_path, good_record[:cut], ".txt")
            continue
        folder = tmp_path / "games"
        (folder / "tom.txt").write_text(good_record[:cut])
        result = cli("game", "show", "tom", "--json")
        assert result.code == 0, (cut, result.err)
        assert result.json()["answers"] == whole_lines, cut
        assert result.json()["finished"] == (whole_lines == len(finished.lines))


# --- Damaged and odd files in the games folder, through `game list` (issue 13, item 3) ----

def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


odd_texts = st.one_of(
    st.binary(max_size=40),  # not always UTF-8
    st.integers(1, 200_000).map(nested),
    st.integers(4000, 6000).map(lambda n: '{"schema": 1, "answers": [' + "7" * n + "]}"),
    json_values.map(json.dumps),
    st.just(""),
)
odd_names = st.sampled_from(["a", "b.c", "with space", "ünï", "x!", ".hidden", "a" * 70, "friday"])


@fuzz(60)
@given(st.data())
def test_game_list_lists_every_file_damaged_or_odd(cli, tmp_path, monkeypatch, good_game, good_record, data):
    """Every *.txt file appears in `game list`, and every *.json file beside which there is
    no *.txt of its name (an earlier version's game, not converted yet); damaged ones are
    marked, and it never crashes: odd names, undecodable bytes, nesting without end,
    numbers of thousands of digits, mutated games, a folder named like a game, a link to
    nothing."""
    import os
    import shutil

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    folder = tmp_path / "games"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "good.txt").write_text(good_record)
    (folder / "goodold.json").write_text(json.dumps(good_game | {"name": "goodold"}))
    files = data.draw(st.dictionaries(st.tuples(odd_names, st.sampled_from([".txt", ".json"])), st.one_of(
        odd_texts,
        st.builds(lambda d: json.dumps(mutate_json(json.loads(json.dumps(good_game)), d.draw)), st.data()),
        st.builds(lambda d: mutate_line(good_record, d.draw), st.data())), max_size=4))
    for (stem, suffix), text in files.items():
        path = folder / f"{stem}{suffix}"
        path.write_bytes(text) if isinstance(text, bytes) else path.write_text(text, encoding="utf-8")
    extras = data.draw(st.sets(st.sampled_from(["folder", "dangling", "oldfolder", "olddangling"])))
    if "folder" in extras:
        (folder / "dir.txt").mkdir()
    if "dangling" in extras:
        os.symlink(folder / "missing.txt", folder / "link.txt")
    if "oldfolder" in extras:
        (folder / "olddir.json").mkdir()
    if "olddangling" in extras:
        os.symlink(folder / "missing.json", folder / "oldlink.json")
    result = cli("game", "list", "--json")
    assert result.code == 0, result.err
    listed = {e["file"]: e for e in result.json()["games"]}
    records = {p.name[:-len(".txt")] for p in folder.glob("*.txt")}
    assert set(listed) == {str(p) for p in folder.glob("*.txt")} | {
        str(p) for p in folder.glob("*.json") if p.name[:-len(".json")] not in records}
    assert listed[str(folder / "good.txt")]["state"] != "damaged"
    assert listed[str(folder / "goodold.json")]["state"] != "damaged"
    for entry in listed.values():
        assert entry["state"] != "damaged" or entry["problem"]
    readable = cli("game", "list")
    assert readable.code == 0 and "Traceback" not in readable.err
