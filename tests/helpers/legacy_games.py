"""Games as the previous version of trajan saved them: ``NAME.json`` in the games folder.

That version kept a game as one JSON object (``schema`` 1), its record a list of
``answers``: each scoring answer as ``{"key", "cycle", "player", "value"}``, and every
other line as a record among them: a board as ``board.sheet`` and the forum as
``board.forum`` (``{"text": TOML}``), a build as ``board.build`` (``{"line": "mkt D1 pay
builder"}``), a round or a turn as ``play.line`` (``{"line": ...}``); the ``cycle`` of a
record is the scoring period the game was in when it was recorded. The file was written
with ``json.dumps(data, indent=1, ensure_ascii=False)`` and a final line break, and
rewritten whole at each save, the previous copy kept as ``NAME.json.bak``.

The tests write such files here, by hand, from a game of this version: trajan must go on
opening them (and converts them to its record file on their first write).
"""

from __future__ import annotations

import json
from pathlib import Path

from trajan_cli.core.game import Answer, Game


def old_answers(game: Game) -> list[dict]:
    """The game's lines as the previous version's ``answers``."""
    from trajan_cli.core.state import GameState
    from trajan_cli.core.turns.moves import BoardLine, BuildLine, ForumLine
    from trajan_cli.games.readers import script_inputs
    from trajan_cli.parsing.notation import format_line
    from trajan_cli.parsing.toml_text import forum_toml, sheet_toml

    state = GameState.replay(game.header, *script_inputs(game))
    answers = []
    for line in game.lines:
        cycle = int(state.position[0])  # the period the game was in when it was recorded
        if isinstance(line, Answer):
            answers.append({"key": line.key, "cycle": int(line.cycle), "player": line.player,
                            "value": line.value})
        elif isinstance(line, ForumLine):
            answers.append({"key": "board.forum", "cycle": cycle, "player": None,
                            "value": {"text": forum_toml(line.forum)}})
        elif isinstance(line, BoardLine):
            answers.append({"key": "board.sheet", "cycle": cycle, "player": line.player,
                            "value": {"text": sheet_toml(line.sheet)}})
        elif isinstance(line, BuildLine):
            answers.append({"key": "board.build", "cycle": cycle, "player": line.player,
                            "value": {"line": format_line(line).split(": ", 1)[1]}})
        else:  # a round's street cards or a turn
            answers.append({"key": "play.line", "cycle": cycle, "player": None,
                            "value": {"line": format_line(line)}})
        state.apply(line, as_recorded=True)
    return answers


def old_json(game: Game) -> dict:
    """The object the previous version wrote for ``game``."""
    data = {
        "schema": 1,
        "name": game.name,
        "created": game.created,
        "players": list(game.players),
        "start_player": game.start_player,
        "intro": game.intro,
        "cards": {str(int(cycle)): card for cycle, card in sorted(game.cards.items())},
        "first_cycle": int(game.first_cycle),
        "answers": old_answers(game),
        "variant": game.variant,
    }
    house = game.readings.house()
    return data | ({"house": house} if house else {})


def old_text(data: dict) -> str:
    """``data`` as that version wrote it to the file."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_old(folder: Path, data: dict | Game, name: str | None = None) -> Path:
    """Save ``data`` (a game, or the object itself) as ``NAME.json`` in ``folder`` (the games
    folder), as the previous version did; returns the file."""
    if isinstance(data, Game):
        data = old_json(data)
    path = folder / f"{name or data['name']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(old_text(data), encoding="utf-8")
    return path
