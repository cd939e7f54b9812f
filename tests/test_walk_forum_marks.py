"""Issue 12, item 2: whose envoys are whose in a forum file (p. 27).

A mark or name in the file that matches the player is used without asking; two players never
share a mark; a player may have no envoys in the forum (common in cycle I), which is the
default when no mark matches. Games saved with the old mark question still replay.
"""

from dataclasses import replace
from pathlib import Path

from trajan_cli.core.game import Answer, Category, Game
from trajan_cli.core.scoring_phase.forum import NO_ENVOYS
from trajan_cli.core.vocabulary import Cycle

from helpers.walkthrough import play, play_through, replay, tom_game

# One envoy each: the first mark's on an eagle (2 points), the second's beside it (1).
GRID = '''grid = """
E:{first} g:{second} g
"""
'''


def forum(tmp_path: Path, marks: dict[str, str]) -> str:
    first, second = list(marks)
    players = ", ".join(f'{mark} = "{name}"' for mark, name in marks.items())
    file = tmp_path / "forum.toml"
    file.write_text(f"players = {{ {players} }}\n" + GRID.format(first=first, second=second))
    return str(file)


def game(*players: str) -> Game:
    return Game("g", players, players[0], cards={Cycle.III: "III-1"}, first_cycle=Cycle.III)


def up_to_the_forum(n: int) -> list:
    """Quick counts with nothing to score for ``n`` players, up to the forum's mode."""
    return ["quick", 0, [0] * 6, 0] * n + [[]] * n + [[0] * 6] * n + ["file"]


def eagles_and_area(progress, player) -> tuple[int, int]:
    cells = progress.breakdown()[player][Cycle.III]
    return cells[Category.EAGLES], cells[Category.AREA]


def test_a_player_missing_from_the_forum_file_has_no_envoys_there_p27(tmp_path):
    """Three players, a file that marks two by name: the third is not asked and gets nothing
    (the old question offered only the others' marks and defaulted to one of them)."""
    path = forum(tmp_path, {"An": "Ann", "Bo": "Bob"})
    answers = up_to_the_forum(3) + [path, 4, 3] + [0, 0, 0]  # slide bars; building tasks
    result, shown = play_through(game("Ann", "Bob", "Cleo"), answers)
    assert result.state.finished
    assert eagles_and_area(result.state, "Ann") == (2, 4)
    assert eagles_and_area(result.state, "Bob") == (1, 3)
    assert eagles_and_area(result.state, "Cleo") == (0, 0)
    assert not any(line.startswith("? Which mark") for line in shown)
    assert any("Ann: envoys marked An in the forum file" in line for line in shown)
    assert any("Cleo: every mark in the forum file is another player's" in line for line in shown)


def test_the_group_chooses_among_free_marks_or_no_envoys(tmp_path):
    path = forum(tmp_path, {"P": "Paula", "Q": "Quentin"})
    result, _, _ = play(game("Ann", "Bob", "Cleo"), up_to_the_forum(3) + [path])
    question = result.state.question
    assert (question.key, question.player) == ("forum.mark", "Ann")
    assert [o.value for o in question.options] == ["P", "Q", NO_ENVOYS]
    assert question.default == NO_ENVOYS  # nothing in the file matches Ann
    result, _, _ = play(result.game, ["P", 4])  # Ann is P; the slide bar under 1 shows 4
    question = result.state.question
    assert (question.key, question.player) == ("forum.mark", "Bob")
    assert [o.value for o in question.options] == ["Q", NO_ENVOYS]  # P is Ann's
    result, _, _ = play(result.game, [NO_ENVOYS])
    assert result.state.question.player == "Cleo"
    assert [o.value for o in result.state.question.options] == ["Q", NO_ENVOYS]
    result, _, _ = play(result.game, ["Q", 3, 0, 0, 0])
    assert result.state.finished
    assert [eagles_and_area(result.state, p) for p in ("Ann", "Bob", "Cleo")] == [(2, 4), (0, 0), (1, 3)]


def test_a_mark_named_for_a_later_player_is_not_offered_to_an_earlier_one(tmp_path):
    path = forum(tmp_path, {"P": "Paula", "Bo": "Bob"})
    result, _, _ = play(game("Ann", "Bob"), up_to_the_forum(2) + [path])
    assert [o.value for o in result.state.question.options] == ["P", NO_ENVOYS]


def test_a_mark_that_is_the_players_mark_is_used_too(tmp_path):
    path = forum(tmp_path, {"Ann": "Annette", "Bo": "Robert"})  # Ann's mark is her name
    result, shown = play_through(game("Ann", "Bo"), up_to_the_forum(2) + [path, 4, 3, 0, 0])
    assert result.state.finished and not any(line.startswith("? Which mark") for line in shown)


def test_a_game_saved_with_the_mark_question_still_replays():
    """The rulebook example saved before marks were matched by name: 'T' answered for Tom."""
    from trajan_cli.cli.demo import demo_answers

    result, _, _ = play(tom_game(), demo_answers())
    answers = list(result.game.lines)
    at = next(i for i, a in enumerate(answers) if a.key == "forum.file") + 1
    answers.insert(at, Answer("forum.mark", Cycle.III, "Tom", "T"))
    old = replace(result.game, lines=tuple(answers))
    progress = replay(old)
    assert progress.finished and progress.totals() == {"Tom": 54}


def test_a_game_saved_when_two_players_shared_a_mark_still_replays(tmp_path):
    path = forum(tmp_path, {"An": "Ann", "Q": "Quentin"})
    saved = game("Ann", "Bob")
    record = [("Ann", "pay.mode", "quick"), ("Ann", "pay.marker", 0), ("Ann", "pay.citizens", [0] * 6),
              ("Ann", "pay.coins", 0), ("Bob", "pay.mode", "quick"), ("Bob", "pay.marker", 0),
              ("Bob", "pay.citizens", [0] * 6), ("Bob", "pay.coins", 0),
              ("Ann", "cranes.uncovered", []), ("Bob", "cranes.uncovered", []),
              ("Ann", "colonia.gray_types", [0] * 6), ("Bob", "colonia.gray_types", [0] * 6),
              (None, "forum.mode", "file"),
              (None, "forum.file", {"path": path, "text": Path(path).read_text()}),
              ("Ann", "forum.mark", "An"), ("Ann", "forum.area_points", 4),
              ("Bob", "forum.mark", "An"), ("Bob", "forum.area_points", 4)]
    for player, key, value in record:
        saved = saved.with_line(Answer(key, Cycle.III, player, value))
    progress = replay(saved)
    assert progress.question.key == "trajan.building"
    assert eagles_and_area(progress, "Bob") == (2, 4)
