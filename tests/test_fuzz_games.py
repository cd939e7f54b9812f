"""Damaged, hand-edited and random game files: a clean message and exit 2, never a crash."""

import json

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st
from walk_helpers import TOM_QUICK, play, tom_game

from trajan_cli import store

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def good_game():
    result, _, _ = play(tom_game(), TOM_QUICK)
    return result.game.to_json()


def mutate(data, draw):
    """Change, drop or add one entry somewhere in the JSON tree."""
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
        parent[path[-1]] = draw(json_values)
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
