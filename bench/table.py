"""The set-up and table screens, measured: a benchmark, never a test.

    .venv/bin/python bench/table.py              # about a minute
    .venv/bin/python bench/table.py --keys-only  # the keystrokes alone, a few seconds

The three-player game of bench/table_game.txt (its set-up as ``box`` and ``set-up`` lines,
3 cycles, 36 turns of the usual kinds, the three scoring phases) is played from `trajan game
new` to the end: first the set-up screen `trajan play` opens on a game with no boards, then
the table screen. A typist does what a player reading the screen would: for each line of
the record it presses the keys the screen needs (a cell's column or row alone where the
screen takes the only space on offer that fits, Enter for a suggestion that is right, a
menu key where it is not) and nothing else. The record the screen leaves must equal the
game's, line for line.

1. Keystrokes of the set-up after `game new`: in a box that knows the copy's components
   (goal: at most 40), with the group's habits (as last time), and in the first game with
   a new box, where the sides and faces are typed once (goal: at most 200).
2. Keystrokes for the whole game, set-up included (goal: at most 450), and the median per
   turn (goal: at most 10); street cards and scoring answers counted too.
3. Key press to redrawn screen: the table screen's keys typed one by one into the running
   application, which draws 80x24 into a real VT100 output (escape codes written to
   /dev/null); the time from sending a key to the end of the redraw it causes. Goal: median
   under 16 ms. A key that records a line (Enter) includes the locked write of the game file
   and its replay; their median is given apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

GOAL_KEYS, GOAL_TURN, GOAL_MS = 450, 10, 16.0
TEXT = {"enter": "\r", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
        "backspace": "\x7f"}


SETUP = ("box ", "set-up ")
GOAL_SETUP_KNOWN, GOAL_SETUP_NEW = 40, 200


def new_game(home: Path, record: list[str]) -> Path:
    """A game with the record's players and cards, as `trajan game new` starts it (run
    in-process); the game file's path. Nothing of the set-up is recorded yet."""
    os.environ["TRAJAN_HOME"] = str(home)
    import table_game

    from trajan_cli.cli import main
    from trajan_cli.games import store

    players = [w for p in table_game.PLAYERS for w in ("--player", p)]
    import contextlib
    import io

    try:
        with contextlib.redirect_stdout(io.StringIO()):
            main(["game", "new", "bench", *players, "--cards", table_game.CARDS])
    except SystemExit as exc:
        assert not exc.code, exc.code
    return store.load("bench").path


def set_up(path: Path, record: list[str], home: Path) -> int:
    """Type the record's set-up into the set-up screen `trajan play` opens on a game with
    no boards, with the group's box in ``home``: the keys it took. The lines recorded must
    be the record's."""
    import table_game

    from trajan_cli.games.setup_session import SetupSession
    from trajan_cli.parsing.notation import parse_line
    from trajan_cli.ui.setup.app import setup_screen

    lines = [parse_line(line, table_game.PLAYERS) for line in record if line.startswith(SETUP)]
    screen = setup_screen(SetupSession(path, home))
    typist = SetupTypist(screen, lines)
    count = 0
    while not screen.done:
        key = typist.next_key()
        screen.press(key)
        count += 1
        if count > 400 or screen.status.refusal:
            raise SystemExit(f"the set-up typist is lost at {key!r}: {screen.status.text}")
    wanted = [line for line in record if line.startswith("set-up ")]
    got = [line for line in setup_recorded(path) if line.startswith("set-up ")]
    assert got == wanted, (got, wanted)
    return count


def setup_recorded(path: Path) -> list[str]:
    from trajan_cli.games import store
    from trajan_cli.games.record_file import line_text

    return [line_text(line) for line in store.read(path).game.lines]


class SetupTypist:
    """The keys a group types at the set-up screen for the record's set-up lines."""

    def __init__(self, screen, lines):
        from trajan_cli.core.box import Box
        from trajan_cli.core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp

        self.screen = screen
        facts = Box()
        for line in lines:
            if isinstance(line, BoxLine):
                facts = facts.merged(line.box)
        self.facts = facts
        self.players = {line.player: line for line in lines if isinstance(line, PlayerSetUp)}
        self.forum = next(line.placements for line in lines if isinstance(line, ForumSetUp))

    def next_key(self) -> str:
        from trajan_cli.core.vocabulary import COLUMN_LETTERS, square_name
        from trajan_cli.ui.setup.state import Step

        screen = self.screen
        view = screen.view
        step = view.step
        target = self.players.get(screen.draft.player) if screen.draft is not None else None
        if step is Step.SIDE:
            if target.side == "A":
                return "a"
            sides = [s.name for s in screen.b_sides()]
            return str(sides.index(target.side) + 1) if target.side in sides else "n"
        if step is Step.TEMPLES:
            if view.pending is not None:
                return str(self._temple(view).__getitem__(1) + 1)
            return COLUMN_LETTERS[self._temple(view)[0]]
        if step is Step.CRANES:
            if not screen.draft.cranes and screen.crane_habit() == target.cranes:
                return "enter"
            return target.cranes[len(screen.draft.cranes)][1].letter
        if step is Step.CITIZEN:
            return str(target.citizen)
        if step is Step.WORKER:
            return target.worker.letter
        if step is Step.FORUM:
            laid = view.placements
            if not laid and screen.forum_habit() == self.forum:
                return "enter"
            if laid and laid[-1] != self.forum[len(laid) - 1]:
                return "t"
            if len(laid) == len(self.forum):
                return "enter"
            name = self.forum[len(laid)].face
            keys = {face.name: key for key, face in screen.face_keys().items()}
            return keys.get(name, "n")
        if step is Step.FACE:
            face = self.facts.face(self.forum[len(view.placements)].face)
            rows = face.grid
            if len(view.face_rows) == len(rows):
                return "enter"
            row = rows[len(view.face_rows)]
            if len(view.face_row) == len(row):
                return "enter"
            square = row[len(view.face_row)]
            return "-" if square is None else ("e" if square.is_eagle else square.colour.letter)
        if step is Step.PLACE:
            name = square_name(*self.forum[len(view.placements)].at)
            return name[0] if view.pending is None else name[1:]
        if step is Step.KEEP:
            return "y" if screen.learnt_words() else "enter"
        raise AssertionError(step)

    def _temple(self, view):
        side = self.facts.side(self.screen.draft.side)
        return sorted(side.temples - set(view.temples))[0] if view.pending is None else next(
            sq for sq in sorted(side.temples - set(view.temples))
            if sq[0] == "ABCDEF".index(view.pending))


# --- The typist -----------------------------------------------------------------------------


class Typist:
    """The keys a player types for each line of the record, reading the screen."""

    def __init__(self, screen):
        self.screen = screen

    def next_keys(self, target) -> list[str]:
        from trajan_cli.core.game import Answer
        from trajan_cli.core.turns.moves import RoundStart
        from trajan_cli.ui.table.draft import Mode

        screen = self.screen
        mode = screen.view.mode
        if isinstance(target, RoundStart):
            from trajan_cli.parsing.notation import format_line

            streets = format_line(target).split("streets ", 1)[1].split()
            return [streets[0] if screen.view.pending is None else streets[1]]
        if isinstance(target, Answer):
            return self.answer_keys(target)
        handler = {Mode.TAKE: self.take_keys, Mode.USE: self.use_keys, Mode.MENU: self.menu_keys,
                   Mode.ENVOY: self.envoy_keys, Mode.BUILD: self.build_keys,
                   Mode.CELL: self.cell_keys, Mode.TILE_CELL: self.tile_cell_keys,
                   Mode.TILE_GAIN: self.tile_gain_keys}[mode]
        return handler(target)

    # Cells: a coordinate alone where it takes the only space on offer that fits.

    def cell_name_keys(self, square, offers, cursor, pick: str) -> list[str]:
        from trajan_cli.core.vocabulary import COLUMN_LETTERS

        column, row = COLUMN_LETTERS[square[0]], str(square[1] + 1)
        by_column = [sq for sq in offers if sq[0] == square[0]]
        by_row = [sq for sq in offers if sq[1] == square[1]]
        if by_column == [square]:
            return [column]
        if by_row == [square]:
            return [row]
        if len(by_column) != 1:
            return [column, row]
        if len(by_row) != 1:
            return [row, column]
        keys = []  # both coordinates would take another space: the cursor
        dc, dr = square[0] - cursor[0], square[1] - cursor[1]
        keys += ["right" if dc > 0 else "left"] * abs(dc) + ["down" if dr > 0 else "up"] * abs(dr)
        return keys + [pick]

    def take_keys(self, turn) -> list[str]:
        view = self.screen.view
        taken = view.draft.take
        if len(taken) < len(turn.take):
            return self.cell_name_keys(turn.take[len(taken)], self.screen.offers(), view.cursor, " ")
        return ["enter"]

    # The used tile.

    @staticmethod
    def gain_keys(gain) -> list[str]:
        from trajan_cli.ui.table.palette import PALETTE

        if gain.citizen is not None:
            return [str(gain.citizen)]
        by_name = {name: key for key, name in PALETTE.items()}
        keys = []
        for name, count in gain.resources:
            if name.startswith("worker:"):
                from trajan_cli.core.vocabulary import Colour

                keys += ["w", Colour(name.split(":")[1]).letter] * count
            else:
                keys += [by_name[name]] * count
        return keys

    def use_keys(self, turn) -> list[str]:
        from trajan_cli.core.turns.moves import UseKind

        view = self.screen.view
        draft = view.draft
        if turn.use.kind is UseKind.OWN and draft.kind is not UseKind.OWN:
            return ["o"]
        index = view.gain
        wanted = self.gain_keys(turn.use.gains[index])
        typed = self.gain_keys(draft.gains[index].gain()) if not draft.gains[index].empty else []
        if view.pending == "w":
            typed = typed + ["w"]
        if len(typed) < len(wanted):
            return [wanted[len(typed)]]
        if turn.use.kind is UseKind.BOTH and index == 0:
            return ["/"]
        return ["enter"]

    # Building.

    def target_build(self, turn):
        builds = self.screen.view.draft.builds
        return turn.builds[len(builds) - 1]

    def build_keys(self, turn) -> list[str]:
        from trajan_cli.ui.table.builds import PART_KEYS

        placed = sum(1 for b in self.screen.view.draft.builds if b.placed)
        if placed < len(turn.builds):
            part = turn.builds[placed].tile.split("+")[0]
            return [next(k for k, token in PART_KEYS.items() if token == part)]
        return ["enter"]

    def cell_keys(self, turn) -> list[str]:
        from trajan_cli.ui.table.builds import PART_KEYS

        screen = self.screen
        view = screen.view
        build = screen.current_build()
        target = self.target_build(turn)
        parts = target.tile.split("+")
        if len(build.parts) < len(parts):
            if view.pending == "+":
                return [next(k for k, token in PART_KEYS.items() if token == parts[1])]
            return ["+"]
        square = target.squares[len(build.squares)]
        if build.squares:  # a double tile's second part: the arrow towards it
            first = build.squares[0]
            return [{(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}[
                (square[0] - first[0], square[1] - first[1])]]
        if view.cursor == square and view.pending is None:
            return ["enter"]
        return self.cell_name_keys(square, screen.open_cells(), view.cursor, "enter")

    def tile_cell_keys(self, turn) -> list[str]:
        from trajan_cli.core.vocabulary import COLUMN_LETTERS

        square = self.target_build(turn).tile_taken.square
        return [COLUMN_LETTERS[square[0]], str(square[1] + 1)]

    def tile_gain_keys(self, turn) -> list[str]:
        wanted = self.gain_keys(self.target_build(turn).tile_taken.gain)
        gain = self.screen.current_build().tile_gain
        typed = self.gain_keys(gain.gain()) if not gain.empty else []
        return [wanted[len(typed)]] if len(typed) < len(wanted) else ["enter"]

    # Choices.

    def menu_keys(self, turn) -> list[str]:
        menu = self.screen.view.menu
        if menu.target == "build":
            build = self.target_build(turn)
            wanted = {"pay": build.pay, "worker": build.worker, "step": build.take,
                      "area": build.bonus}[menu.kind]
            if menu.kind == "pay":
                wanted = tuple(sorted(wanted))
                choice = next(c for c in menu.choices if tuple(sorted(c.value)) == wanted)
                return ["enter"] if choice.value == menu.default else [choice.key]
            if menu.kind == "step" and wanted is None:
                return ["enter"]
            if menu.kind == "area":
                return [next(c.key for c in menu.choices if c.value == wanted[len(menu.picked)])]
            return [next(c.key for c in menu.choices if c.value == wanted)]
        if menu.target == ("tile",):
            bonus = self.target_build(turn).tile_taken.gain.bonus
        else:
            bonus = turn.use.gains[menu.target[1]].bonus
        wanted = bonus[len(menu.picked)] if menu.kind == "area" else bonus[0]
        for choice in menu.choices:
            value = choice.value
            from trajan_cli.core.vocabulary import Colour

            if isinstance(value, Colour):
                value = f"worker:{value.value}"
            if value == wanted:
                return [choice.key]
        raise AssertionError((menu, wanted))

    def envoy_keys(self, turn) -> list[str]:
        from trajan_cli.core.vocabulary import square_name

        view = self.screen.view
        ask = view.envoy
        if ask.target == "build":
            build = self.screen.current_build()
            envoys = self.target_build(turn).envoys
            if not envoys:  # `envoy none`: n for each envoy the screen asks for
                from trajan_cli.core.turns.moves import Envoy

                target = Envoy(None)
            else:
                target = envoys[len(build.envoys)]
        else:
            target = turn.use.gains[ask.target[1]].envoy
        if target.square is None:
            return ["n"]
        if view.forum_cursor == target.square:
            return ["enter"]
        name = square_name(*target.square)
        column, row = name[:-1], name[-1]
        by_column = [sq for sq in ask.squares if sq[0] == target.square[0]]
        by_row = [sq for sq in ask.squares if sq[1] == target.square[1]]
        if by_column == [target.square]:
            return [column]
        if by_row == [target.square]:
            return [row]
        return [column, row] if len(by_column) != 1 else [row, column]

    # The scoring phase.

    def answer_keys(self, answer) -> list[str]:
        from trajan_cli.core.scoring_phase.questions import Kind

        screen = self.screen
        question = screen.position.question
        assert (question.key, question.player) == (answer.key, answer.player), (question, answer)
        if question.kind is Kind.CHOICE:
            if answer.value == question.default:
                return ["enter"]
            return [next(c.key for c in screen.question_keys() if c.value == answer.value)]
        if question.kind is Kind.MULTI:
            picked, wanted = set(screen.view.picked), set(answer.value)
            toggles = [str(v) for v in sorted(picked ^ wanted)]
            return toggles[:1] or ["enter"]
        if question.default is not None and answer.value == question.default and not screen.view.field:
            return ["enter"]
        text = str(answer.value)
        field = screen.view.field or ""
        return [text[len(field)]] if len(field) < len(text) else ["enter"]


def play(path: Path, record: list[str]) -> tuple[list[str], list[tuple[str, int]]]:
    """Type the record into the screen: every key, and (line, keys) for each line."""
    from trajan_cli.games import store
    from trajan_cli.games.table_session import TableSession
    from trajan_cli.parsing.notation import parse_line
    from trajan_cli.ui.table.screen import TableScreen

    screen = TableScreen(TableSession(path))
    typist = Typist(screen)
    players = screen.game.players
    keys: list[str] = []
    per_line: list[tuple[str, int]] = []
    for line in record:
        if line.startswith(("board ", "forum:", "#", *SETUP)):
            continue
        target = parse_line(line, players)
        before = len(store.read(path).game.lines)
        count = 0
        while len(screen.session.game.lines) == before:
            pressed = typist.next_keys(target)
            for key in pressed:
                screen.press(key)
            keys += pressed
            count += len(pressed)
            if count > 80 or screen.status.refusal and "does nothing" in screen.status.text:
                raise SystemExit(f"the typist is lost at {line!r}: {screen.status.text}")
        per_line.append((line, count))
    return keys, per_line


def recorded(path: Path) -> list[str]:
    """The game's record as the screen left it: each line of play and each answer."""
    from trajan_cli.core.turns.moves import BoardLine, BoxLine, ForumLine, ForumSetUp, PlayerSetUp
    from trajan_cli.games import store
    from trajan_cli.games.record_file import line_text

    return [line_text(line) for line in store.read(path).game.lines
            if not isinstance(line, (BoardLine, ForumLine, BoxLine, PlayerSetUp, ForumSetUp))]


def check_record(path: Path, record: list[str]) -> None:
    wanted = [line for line in record if not line.startswith(("board ", "forum:", "#", *SETUP))]
    got = recorded(path)
    assert got == wanted, next(((g, w) for g, w in zip(got, wanted, strict=False) if g != w),
                               (len(got), len(wanted)))


def count_keys(record: list[str]) -> list[str]:
    import table_game

    from trajan_cli.core.box import Box
    from trajan_cli.games import box_file
    from trajan_cli.parsing.notation import parse_line

    facts = Box()
    for line in record:
        if line.startswith("box "):
            facts = facts.merged(parse_line(line, table_game.PLAYERS).box)
    with tempfile.TemporaryDirectory() as home:
        # The first game with a new box: the sides and faces typed once, and kept.
        new_box = set_up(new_game(Path(home), record), record, Path(home))
    with tempfile.TemporaryDirectory() as home:
        # A box that knows its components (no habits yet): the game is played on to its end.
        box_file.learn(facts, Path(home))
        path = new_game(Path(home), record)
        known = set_up(path, record, Path(home))
        keys, per_line = play(path, record)
        check_record(path, record)
        # The next game of the same group: the habits (cranes, forum) as last time.
        Path(path).rename(Path(path).with_name("first.txt"))
        habits = set_up(new_game(Path(home), record), record, Path(home))
    turns = [n for line, n in per_line if not line.startswith(("round ", "score "))]
    rounds = [n for line, n in per_line if line.startswith("round ")]
    answers = [n for line, n in per_line if line.startswith("score ")]
    whole = known + len(keys)
    print(f"Set-up keys after game new, three players: {known} in a box that knows its components "
          f"(goal: at most {GOAL_SETUP_KNOWN}); {habits} with the group's habits as last time; "
          f"{new_box} in the first game with a new box (goal: at most {GOAL_SETUP_NEW})")
    print(f"Keystrokes for the whole game: {whole}  (goal: at most {GOAL_KEYS}), set-up included")
    print(f"  {len(turns)} turns: {sum(turns)} keys, median {statistics.median(turns):g} per turn "
          f"(goal: at most {GOAL_TURN}), fewest {min(turns)}, most {max(turns)}")
    print(f"  {len(rounds)} rounds' street cards: {sum(rounds)} keys; "
          f"{len(answers)} scoring answers: {sum(answers)} keys")
    print("  The record the screen left equals the game's, line for line.")
    return keys


# --- Latency --------------------------------------------------------------------------------


class Sink:
    @staticmethod
    def output():
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.output.vt100 import Vt100_Output

        devnull = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the run
        return Vt100_Output(devnull, lambda: Size(rows=24, columns=80), term="xterm-256color")


def latency(record: list[str], keys: list[str]) -> None:
    from prompt_toolkit.input import create_pipe_input

    from trajan_cli.ui.table.app import table_app

    sent: list[tuple[str, float]] = []
    rendered: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        path = new_game(Path(home), record)
        set_up(path, record, Path(home))
        with create_pipe_input() as pipe:
            _screen, app = table_app(path, input=pipe, output=Sink.output())
            app.after_render += lambda _app: rendered.append(time.perf_counter())

            def typist():
                time.sleep(0.5)  # the first screen
                for key in keys:
                    count = len(rendered)
                    sent.append((key, time.perf_counter()))
                    pipe.send_text(TEXT.get(key, key))
                    deadline = time.perf_counter() + 5
                    while len(rendered) == count and time.perf_counter() < deadline:
                        time.sleep(0.001)
                    time.sleep(0.01)
                time.sleep(0.1)
                pipe.send_text("\x03")

            threading.Thread(target=typist, daemon=True).start()
            app.run()
        check_record(path, record)
    delays, enters = [], []
    for key, at in sent:
        after = [r for r in rendered if r >= at]
        if after:
            (enters if key == "enter" else delays).append((after[0] - at) * 1000)
    every = delays + enters
    print(f"Key press to redrawn screen, 80x24, {len(every)} keys: median "
          f"{statistics.median(every):.2f} ms, 95th percentile "
          f"{statistics.quantiles(every, n=20)[-1]:.2f} ms  (goal: median under {GOAL_MS:.0f} ms)")
    print(f"  keys that only change the screen: median {statistics.median(delays):.2f} ms; "
          f"Enter (records or answers, the game file written and replayed): median "
          f"{statistics.median(enters):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys-only", action="store_true", help="count the keystrokes only")
    args = parser.parse_args()
    import table_game

    record = table_game.read_record()
    keys = count_keys(record)
    if not args.keys_only:
        latency(record, keys)


if __name__ == "__main__":
    main()
