"""Running the walkthrough in tests with prepared answers."""

from __future__ import annotations

from trajan_cli.core.game import Game
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.core.walkthrough import progress
from trajan_cli.prompts import OutOfAnswers, ScriptedPrompter
from trajan_cli.rulesdata import load_rules
from trajan_cli.session import Walk, script_inputs, walk

# Tom's third scoring phase (p. 28) in quick counts: marker 0; citizens 0 0 1 1 2 1 and 4
# coins, paying rows 3-5; green crane with 3 green structures; gray types 1 2 1 2 4 1;
# 1 envoy on an eagle, 4 beside one, largest group 7 worth 9; card III-4 building once and
# collecting once at value 7.
TOM_QUICK = ["quick", 0, [0, 0, 1, 1, 2, 1], 4, [3, 4, 5], ["green"], 3, [1, 2, 1, 2, 4, 1],
             "quick", 1, 4, 7, 9, 1, 1, 7]


def tom_game(**changes) -> Game:
    setup = dict(name="tom", players=("Tom",), start_player="Tom", cards={Cycle.III: "III-4"},
                 first_cycle=Cycle.III)
    setup.update(changes)
    return Game(**setup)


def play(game: Game, answers, only_step=None):
    """Walk with ``answers`` (stopping where they run out); returns (result, lines shown, saves)."""
    shown: list[str] = []
    saved: list[Game] = []
    prompter = ScriptedPrompter(answers, echo=shown.append)
    try:
        result = walk(game, prompter, load_rules(), saved.append, only_step=only_step)
    except OutOfAnswers:
        last = saved[-1] if saved else game
        result = Walk(last, replay(last))
    assert prompter.remaining == 0, f"{prompter.remaining} answers were not asked for"
    return result, shown, saved


def replay(game: Game):
    """Replay with the game's own rules and parsers (Forum Trajanum's, or Trajan's)."""
    return progress(game, *script_inputs(game))
