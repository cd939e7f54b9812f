"""Running the walkthrough in tests with prepared answers."""

from __future__ import annotations

from trajan_cli.core.game import Game
from trajan_cli.core.state import GameState
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games.readers import script_inputs
from trajan_cli.games.walk import Walk, walk
from trajan_cli.ui.prompts import OutOfAnswers, ScriptedPrompter

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
    """Walk with ``answers`` (stopping where they run out); returns (result, lines shown, the
    record after each answer)."""
    shown: list[str] = []
    saved: list[Game] = []
    prompter = ScriptedPrompter(answers, echo=shown.append)

    def save(answer, state):
        state.apply(answer)
        saved.append(state.record)
        return state

    try:
        result = walk(game, prompter, save, only_step=only_step)
    except OutOfAnswers:
        last = saved[-1] if saved else game
        result = Walk(last, replay(last))
    assert prompter.remaining == 0, f"{prompter.remaining} answers were not asked for"
    return result, shown, saved


def play_through(game: Game, answers):
    """Walk again and again until the game is over or the answers run out (a walk may stop
    after each scoring phase); returns (result, lines shown)."""
    shown: list[str] = []
    prompter = ScriptedPrompter(answers, echo=shown.append)
    result = Walk(game, replay(game))
    while not result.state.finished:
        before = len(result.game.lines)
        try:
            result = walk(result.state, prompter)
        except OutOfAnswers:
            return Walk(result.state.record, result.state), shown
        assert len(result.game.lines) > before, "a walk that asked nothing"
    assert prompter.remaining == 0, f"{prompter.remaining} answers were not asked for"
    return result, shown


#: The temples of every colonia in these tests: B2, D3, E4, C5.
TEMPLES = ((1, 1), (3, 2), (4, 3), (2, 4))


def colonia(**cells: str) -> str:
    """A colonia grid: temples at TEMPLES, ``cells`` by name (A1="Kg"), every other space ``?``."""
    rows = [["?"] * 6 for _ in range(6)]
    for col, row in TEMPLES:
        rows[row][col] = "T"
    for name, token in cells.items():
        rows[int(name[1:]) - 1]["ABCDEF".index(name[0])] = token
    return "\n".join(" ".join(f"{t:<3}" for t in row).rstrip() for row in rows)


def sheet_text(name: str, citizens: dict | None = None, coins: int = 0, tribunes: int = 0,
               assistants: int = 0, **cells: str) -> str:
    """A player sheet (interface.md) with the grid of :func:`colonia`."""
    lines = [f'name = "{name}"', f'colonia = """\n{colonia(**cells)}\n"""', "[citizens]"]
    lines += [f"{row} = {list(states)!r}".replace("'", '"') for row, states in (citizens or {}).items()]
    lines += ["[supply]", f"coins = {coins}", f"tribunes = {tribunes}", f"assistants = {assistants}"]
    return "\n".join(lines) + "\n"


def replay(game: Game):
    """Replay with the game's own rules and parsers (Forum Trajanum's, or Trajan's)."""
    return GameState.replay(game, *script_inputs(game))


def quiet_cycle(*players_points, card=None):
    """Answers for one cycle where each player only reports a marker position."""
    answers = []
    for marker in players_points:
        answers += ["quick", marker, [0] * 6, 0]
    answers += [[] for _ in players_points]  # cranes
    answers += [[0] * 6 for _ in players_points]  # colonia
    answers += ["quick"] + [0, 0, 0] * len(players_points)  # forum
    if card:
        answers.append(card)
    # Trajan: the building task; the collecting tasks of I-1, II-1 and III-1 need coins or
    # active citizens, and with none of them the tool works out 0 itself.
    answers += [0] * len(players_points)
    return answers
