"""Damaged, hand-edited and random game files: a clean message and exit 2, never a crash."""

import json

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st
from walk_helpers import TOM_QUICK, play, tom_game


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def good_game():
    result, _, _ = play(tom_game(), TOM_QUICK)
    return result.game.to_json()


def mutate(data, draw, values=json_values):
    """Change, drop or add one entry somewhere in the JSON tree (a new value from ``values``)."""
    path_choices = []

    def walk(node, path):
        path_choices.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])

    walk(data, [])
    path = draw(st.sampled_from(path_choices[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "drop"]))
    if action == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(values)
    return data


def show_is_clean(cli, tmp_path, text: str) -> None:
    folder = tmp_path / "games"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tom.json").write_text(text)
    result = cli("game", "show", "tom", "--json")
    assert result.code in (0, 2), result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    if result.code == 2:
        assert result.err.strip() and result.out == ""


@fuzz(150)
@given(st.data())
def test_mutated_game_files(cli, tmp_path, monkeypatch, good_game, data):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    mutated = mutate(json.loads(json.dumps(good_game)), data.draw)
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
    text = json.dumps(good_game, indent=1)
    show_is_clean(cli, tmp_path, text[: data.draw(st.integers(0, len(text)))])


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
def test_game_list_lists_every_file_damaged_or_odd(cli, tmp_path, monkeypatch, good_game, data):
    """Every *.json file appears in `game list` (damaged ones marked), and it never crashes:
    odd names, undecodable bytes, nesting without end, numbers of thousands of digits,
    mutated games, a folder named like a game, a link to nothing."""
    import os
    import shutil

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    folder = tmp_path / "games"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(json.dumps(good_game | {"name": "good"}))
    files = data.draw(st.dictionaries(odd_names, st.one_of(
        odd_texts, st.builds(lambda d: json.dumps(mutate(json.loads(json.dumps(good_game)), d.draw)),
                             st.data())), max_size=4))
    for stem, text in files.items():
        path = folder / f"{stem}.json"
        path.write_bytes(text) if isinstance(text, bytes) else path.write_text(text, encoding="utf-8")
    extras = data.draw(st.sets(st.sampled_from(["folder", "dangling"])))
    if "folder" in extras:
        (folder / "dir.json").mkdir()
    if "dangling" in extras:
        os.symlink(folder / "missing.json", folder / "link.json")
    result = cli("game", "list", "--json")
    assert result.code == 0, result.err
    listed = {e["file"]: e for e in result.json()["games"]}
    assert set(listed) == {str(p) for p in folder.glob("*.json")}
    assert listed[str(folder / "good.json")]["state"] != "damaged"
    for entry in listed.values():
        assert entry["state"] != "damaged" or entry["problem"]
    readable = cli("game", "list")
    assert readable.code == 0 and "Traceback" not in readable.err
