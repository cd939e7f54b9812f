"""Tables to judge lines on, set up from record lines as python-chess sets up a Board.

A table is a :class:`~trajan_cli.core.state.GameState` replayed from a game header and
lines of the notation (the set-up boards, the forum, rounds, turns), exactly as a saved
game is; a test then applies the line it judges (:func:`play`) or expects it refused
(:func:`refusal`), on the core: no files, no command line.

Two set-ups:

- the worked example's (tests/records/game-record-cycle-1.md), cycle I: :data:`EXAMPLE`;
- a richer one kept from cycle III (:data:`RICH`, :data:`RICH_FORUM`): tracks at their
  third space, Patrician II active, a full supply and envoys on the ship.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trajan_cli.core.game import Game
from trajan_cli.core.readings import DEFAULT, Readings, parse_house
from trajan_cli.core.state import Applied, ChoiceNeeded, GameState, LineRefused
from trajan_cli.core.turns.problems import TurnProblem, TurnRule
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games.readers import script_inputs
from trajan_cli.parsing.notation import parse_line

PLAYERS = ("Ann", "Bob")

#: The worked example's set-up boards (its TOML as board lines): temples B2 F3 F4 D5 (Ann),
#: D1 B2 C2 F4 (Bob); one tile of each on the ship (p. 19).
ANN = ("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
       "? ? ? ? ? ?; cranes A1 o F1 g A6 b F6 y; citizens 2 a; "
       "supply coin tribune builder assistant worker:o; ship 1")
BOB = ("colonia ? ? ? T ? ? / ? T T ? ? ? / ? ? ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? ? / "
       "? ? ? ? ? ?; cranes A1 y F1 g A6 o F6 b; citizens 3 a; "
       "supply coin tribune builder assistant worker:b; ship 1")
FORUM = ("forum: players 1 Ann, 2 Bob; grid E o g o E y g / E E y E y o o / y b g E y g y / "
         "E E g y y y b / y y o b o g g")
#: The example set up, round I.1 begun (streets: rows 2 and 4): Ann to play.
EXAMPLE = (f"board Ann: {ANN}", f"board Bob: {BOB}", FORUM, "round I.1: streets 2 4")
#: The example's cycle I, every turn (tests/records/game-record-cycle-1.md).
CYCLE_I = (
    "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder take 1 worker y",
    "Bob: take E2 E4; use own: citizen 3 bonus tribune; build mkt E2 pay builder",
    "round I.2: streets 5 F",
    "Bob: take F6 A5; use both: 2 worker:o / assistant; build b A5 pay worker:b envoy none",
    "Ann: take F2 B5; use received: citizen 2 bonus assistant; build lib B5 pay worker:y worker:y take 2",
    "round I.3: streets 5 6",
    "Ann: take E6 E5; use received: citizen 5; build o+bas E5 E6 pay builder worker:o envoy C5 "
    "bonus coin assistant",
    "Bob: take E5 A6; use received: citizen 5; build lib E5 pay worker:o worker:o worker g",
    "round I.4: streets B D",
    "Bob: take D6 B6; use received: builder; pass",
    "Ann: take D1 A4; use received: worker:b; pass",
)

#: Cycle III: library, basilica and market tracks at their third space (three of each
#: built), Patrician II (row 2) active; the corners still covered (A1: an orange crane);
#: C2 D2 E2 vacated; 3 envoys on the ship.
RICH = ("colonia ? ? ? ? ? ? / lib T . . . ? / lib . . T . ? / lib bas bas bas . ? / "
        "mkt mkt mkt T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 2 a; "
        "supply 3 coin 2 tribune 2 builder 2 assistant 2 worker:b 2 worker:g 2 worker:o 2 worker:y; "
        "ship 3")
#: Yellow area {A1 A2} (A2: Bob's envoy, started), blue {C1}, green {B2 C2}, orange
#: {A3 B3}; eagles B1 and C3.
RICH_FORUM = "forum: players 1 Ann, 2 Bob; grid y E b / y:2 g g / o o E"


def rich(ann: str = RICH, bob: str = RICH, forum: str | None = RICH_FORUM, **header) -> GameState:
    """Cycle III kept from its first round, Ann to play; no streets named (the tiles taken
    are not judged against them)."""
    lines = [f"board Ann: {ann}", f"board Bob: {bob}", *([forum] if forum else []), "round III.1"]
    return table(*lines, first_cycle=3, **header)


def game(*lines: str, players: tuple[str, ...] = PLAYERS, first_cycle: int = 1,
         house: tuple[str, ...] = (), start_player: str | None = None,
         cards: tuple[str, ...] = ()) -> Game:
    """A game header (``house``: house rules as `game new --house` takes them; ``cards``:
    the Trajan cards of cycles I-III) and its record: ``lines`` in the notation."""
    readings: Readings = parse_house(house) if house else DEFAULT
    return Game("t", players, start_player or players[0], first_cycle=first_cycle,
                readings=readings, cards=dict(zip(Cycle, cards, strict=False)),
                lines=tuple(parse_line(text, players) for text in lines))


def record_lines(path: Path) -> list[str]:
    """The lines of a record file such as tests/records/golden-2p.txt (comments aside)."""
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def table(*lines: str, **header) -> GameState:
    """The state the record ``lines`` leave, replayed as a saved game is."""
    record = game(*lines, **header)
    rules, parsers = script_inputs(record)
    return GameState.replay(record, rules, parsers)


def line_of(state: GameState, text: str):
    return parse_line(text, state.game.players)


def play(state: GameState, text: str) -> Applied:
    """``text`` applied as a line being recorded now; it must be accepted."""
    return state.apply(line_of(state, text))


def refusal(state: GameState, line, *, choice: bool | None = False) -> LineRefused:
    """The line (text, or a line value) refused whole: LineRefused, or ChoiceNeeded when
    ``choice`` (only a choice the rules leave to the player is missing; None: either);
    nothing changed."""
    value = line_of(state, line) if isinstance(line, str) else line
    before = (state.record, dict(state.table.sheets), state.table.forum, state.table.play.copy())
    with pytest.raises(LineRefused) as refused:
        state.apply(value)
    if choice is not None:
        assert isinstance(refused.value, ChoiceNeeded) is choice, refused.value.problems
    after = (state.record, dict(state.table.sheets), state.table.forum, state.table.play)
    assert after == before
    return refused.value


def rules_of(refused: LineRefused) -> list[TurnRule]:
    return [p.rule for p in refused.problems]


def only(refused: LineRefused, rule: TurnRule, page: int) -> TurnProblem:
    """The refusal's one problem: ``rule``, citing the English rulebook's ``page``."""
    assert rules_of(refused) == [rule], refused.problems
    problem = refused.problems[0]
    assert problem.page.en == page, (rule, problem.page)
    return problem
