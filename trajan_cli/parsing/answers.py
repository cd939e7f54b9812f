"""Answers given ahead (docs/formats.md): a TOML file of answers, one table per player.

``trajan score --answers FILE`` takes from it what it would otherwise ask. The short keys
of the contract name the questions a board cannot answer; any question may also be given
by its own key (``"pay.coins" = 3``), which is how scripts answer quick counts. Keys
outside every table answer the questions put to the whole table (``"forum.mode"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from ..i18n import _
from .tomlfile import TomlSource, read_text

#: The contract's short keys -> the walkthrough's question keys.
SHORT_KEYS = MappingProxyType({
    "marker": "pay.marker",
    "pay": "pay.rows",
    "area_points": "forum.area_points",
    "trajan_value": "trajan.value",
    "resources": "end.resources",
})
SHORT_KEY_FOR = MappingProxyType({question: short for short, question in SHORT_KEYS.items()})


class Given(NamedTuple):
    """One answer from the file, and the line it stands on."""

    value: Any
    line: int | None


@dataclass(frozen=True)
class AnswersAhead:
    """What a file answers: per player (by the name as written) and for the whole table."""

    file: str
    players: Mapping[str, Mapping[str, Given]] = field(default_factory=dict)
    table: Mapping[str, Given] = field(default_factory=dict)

    def given(self, player: str | None, key: str) -> Given | None:
        """The answer to question ``key`` for ``player`` (None: a question for the table)."""
        if player is None:
            return self.table.get(key)
        for name, answers in self.players.items():
            if name.casefold() == player.casefold():
                return answers.get(key)
        return None

    def unknown_players(self, players) -> list[str]:
        known = {p.casefold() for p in players}
        return [name for name in self.players if name.casefold() not in known]


def key_name(key: str) -> str:
    """How a question's key is written in the file: the short key where there is one."""
    return SHORT_KEY_FOR.get(key, f'"{key}"')


def load_answers(path: str | Path, rules=None, variant: str | None = None) -> AnswersAhead:
    return parse_answers(read_text(path), str(path), rules, variant)


def parse_answers(text: str, file: str = "<answers>", rules=None, variant: str | None = None) -> AnswersAhead:
    """Read an answers file; raises InputError listing every problem, an answer to no
    question the walkthrough asks among them (naming the key, so a typo is not ignored).
    With ``rules``, so is a value no question of its key could ever accept (a row 7, a
    mode "xyz"), whether or not its question comes up in this run. ``variant`` "trajan":
    the answers of a Trajan (2011) game, each by its question's own key (a list where a
    question is asked once per bonus tile: one answer each, in order)."""
    from ..core.game import TRAJAN

    if variant == TRAJAN:
        from ..core.classic.scoring import PLAYER_KEYS, TABLE_KEYS

        short_keys: Mapping[str, str] = {}
        rules = None  # each answer is held against its question when asked
    else:
        from ..core.scoring_phase.forum_trajanum import PLAYER_KEYS, TABLE_KEYS
        short_keys = SHORT_KEYS

    src = TomlSource(text, file)
    problems = src.problems()

    def check(key: str, question: str, value: Any, line: int | None) -> None:
        if rules is None:
            return
        from ..core.scoring_phase.forum_trajanum import impossible_answer

        takes = impossible_answer(question, value, rules)
        if takes is not None:
            problems.add(line, key, lambda: _("{value} is no answer in any game: it takes {what}").format(
                value=_value_text(value), what=takes.show()))
    players: dict[str, dict[str, Given]] = {}
    table: dict[str, Given] = {}
    for name, value in src.data.items():
        if isinstance(value, dict):
            answers: dict[str, Given] = {}
            for key, answer in value.items():
                question = short_keys.get(key, key)
                line = src.line_of(key, name)
                if question in TABLE_KEYS:
                    problems.add(line, key, _(
                        "asked of the whole table, not of {player}: put it above the first "
                        "player's table").format(player=name))
                    continue
                if question not in PLAYER_KEYS:
                    if variant == TRAJAN:
                        problems.add(line, key, _(
                            "unknown answer for {player}; use a question's own key in quotes: "
                            "{keys}").format(player=name, keys=", ".join(f'"{k}"' for k in sorted(PLAYER_KEYS))))
                    else:
                        problems.add(line, key, _(
                            "unknown answer for {player}; use {keys}, or a question's own key in "
                            "quotes (e.g. \"pay.coins\")").format(player=name, keys=", ".join(SHORT_KEYS)))
                    continue
                check(key, question, answer, line)
                answers[question] = Given(answer, line)
            if any(n.casefold() == name.casefold() for n in players):
                problems.add(src.line_of(name), name, _("this player has two tables"))
            players[name] = answers
        elif name in TABLE_KEYS:
            check(name, name, value, src.line_of(name))
            table[name] = Given(value, src.line_of(name))
        elif name in PLAYER_KEYS or name in short_keys:
            problems.add(src.line_of(name), name, _(
                "answers for a player go in a table named after the player, e.g. [Ann] then "
                "marker = 34"))
        else:
            problems.add(src.line_of(name), name, _(
                "no question for the whole table has this key; use {keys}, or put a player's "
                "answers in a table named after the player, e.g. [Ann] then marker = 34").format(
                keys=", ".join(f'"{k}"' for k in sorted(TABLE_KEYS))))
    problems.raise_if_any()
    return AnswersAhead(file, MappingProxyType(players), MappingProxyType(table))


def _value_text(value: Any) -> str:
    """A value of the file as it is written there (a string in quotes, a list in brackets)."""
    import json

    from .errors import shown

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # a TOML date, say
        text = str(shown(value))
    return text if len(text) <= 60 else text[:60] + "..."
