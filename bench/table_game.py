"""A three-player game of Forum Trajanum kept turn by turn, for bench/table.py.

    .venv/bin/python bench/table_game.py --write     # make bench/table_game.txt again

The game is made once by a seeded bot that plays legal turns of the usual kinds (tiles from
the streets and now and then one elsewhere for a tribune, the received, own or both tiles,
citizens and their second bonus, single and double building tiles, envoys on the forum or
none, area bonuses, passes) and answers the three scoring phases. The referee judges every
turn (core/turns/assist.py). It is kept as its game record (bench/table_game.txt: the
set-up as ``box`` and ``set-up`` lines, then rounds, turns and ``score`` answers), which
``trajan turn --file`` reads back; the benchmark types it into the table screen.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from trajan_cli.core.colonia import CORNERS  # noqa: E402
from trajan_cli.core.turns.assist import open_for_building, street_offers, try_turn  # noqa: E402
from trajan_cli.core.turns.moves import (  # noqa: E402
    Axis,
    Build,
    Envoy,
    Gain,
    RoundStart,
    Street,
    TakenTile,
    Turn,
    Use,
    UseKind,
)
from trajan_cli.core.turns.problems import TurnRule  # noqa: E402
from trajan_cli.core.vocabulary import CellKind, Colour, Cycle  # noqa: E402

RECORD = HERE / "table_game.txt"
PLAYERS = ("Ann", "Bob", "Cleo")
CARDS = "I-2,II-1,III-4"
SEED = 22
FORUM = """players = { 1 = "Ann", 2 = "Bob", 3 = "Cleo" }
grid = \"\"\"
E     o     g     o     E     y     g
E     E     y     E     y     o     o
y     b     g     E     y     g     y
E     E     g     y     y     y     b
y     y     o     b     o     g     g
\"\"\"
"""
RESOURCE_FACES = ["coin", "coin coin", "tribune", "builder", "assistant", "upgrade", "worker",
                  "worker worker", "assistant coin"]
TILES = ["lib", "bas", "mkt", "col", "b", "g", "o", "y", "col+g", "b+b", "o+mkt", "lib+y"]


#: The forum above cut into the four mosaic faces three players lay (p. 18), made up for
#: the benchmark (the components' printed faces are never shipped): (name, cell, rows).
FACES = (("1a", "A1", (0, 4), (0, 3)), ("1b", "E1", (4, 7), (0, 3)),
         ("2a", "A4", (0, 4), (3, 5)), ("2b", "E4", (4, 7), (3, 5)))


def setup_lines(rng: random.Random) -> list:
    """The set-up as the record keeps it: the box facts it uses (made up: a side A and two
    sides B of random temples, the four faces of the forum above), then one ``set-up`` line
    per player (a side, cranes, a citizen's row and a worker of a colour of its own, drawn
    at random), then the faces laid."""
    from trajan_cli.core.box import Box, ColoniaSide, MosaicFace, Placement
    from trajan_cli.core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp
    from trajan_cli.core.vocabulary import parse_square_name
    from trajan_cli.parsing.forum import parse_forum

    inner = [(c, r) for c in range(6) for r in range(6) if (c, r) not in CORNERS]
    sides = [ColoniaSide(name, frozenset(rng.sample(inner, 4))) for name in ("A", "B1", "B2")]
    grid = parse_forum(FORUM, "<forum>").grid
    faces = [MosaicFace(name, tuple(tuple(row[c0:c1]) for row in grid[r0:r1]))
             for name, _at, (c0, c1), (r0, r1) in FACES]
    workers = rng.sample(list(Colour), len(PLAYERS))
    lines: list = [BoxLine(Box(sides={s.name: s})) for s in sides]
    lines += [BoxLine(Box(faces={f.name: f})) for f in faces]
    for player, side, worker in zip(PLAYERS, sides, workers, strict=True):
        colours = list(Colour)
        rng.shuffle(colours)
        lines.append(PlayerSetUp(player, side.name, tuple(zip(CORNERS, colours, strict=True)),
                                 rng.randint(1, 6), worker))
    lines.append(ForumSetUp(tuple(Placement(name, parse_square_name(at)) for name, at, *_ in FACES)))
    return lines


def random_street(rng: random.Random) -> Street:
    return Street(rng.choice(list(Axis)), rng.randrange(6))


def gain_of(rng: random.Random, face: str | None = None) -> Gain:
    face = face or rng.choice(RESOURCE_FACES)
    counts: dict[str, int] = {}
    for word in face.split():
        name = f"worker:{rng.choice(list(Colour)).value}" if word == "worker" else word
        counts[name] = counts.get(name, 0) + 1
    return Gain(resources=tuple(counts.items()))


def complete(table, turn: Turn, rules, rng: random.Random):
    """Answer every choice the referee leaves open, as a player at random would; the trial
    of the completed turn (done or refused), and the turn."""
    envoys_said: list = []
    asked = False  # an envoy slot was answered (else none could go: left unsaid)
    for _round in range(24):
        builds = list(turn.builds)
        if builds and not _done_envoys(turn, envoys_said):
            builds[-1] = builds[-1]._replace(envoys=(*envoys_said, None))
        trial = try_turn(table, turn._replace(builds=tuple(builds)), rules)
        rules_found = {p.rule for p in trial.problems}
        for problem in trial.problems:
            details = problem.details
            if problem.rule is TurnRule.BONUS_UNSAID:
                offered = details["choices"].split(" / ")
                word = rng.choice(offered)
                if word == "worker":
                    word = f"worker:{rng.choice(list(Colour)).value}"
                turn = _with_gain_bonus(turn, details["row"], (word,))
                break
            if problem.rule is TurnRule.PAY_UNSAID and builds:
                way = rng.choice(details["ways"])
                turn = _last(turn, pay=tuple((r.value, n) for r, n in way))
                break
            if problem.rule is TurnRule.WORKER_UNSAID:
                turn = _last(turn, worker=rng.choice(list(Colour)))
                break
            if problem.rule is TurnRule.TILE_UNSAID:
                sheet = trial.table.board(turn.player) if trial.done else table.board(turn.player)
                covered = [sq for sq, cell in sheet.colonia.squares() if cell.kind is CellKind.COVERED
                           and sq not in turn.take]
                turn = _last(turn, tile_taken=TakenTile(rng.choice(covered), gain_of(rng)))
                break
            if problem.rule is TurnRule.ENVOY_UNSAID:
                squares = details["squares"]
                choice = Envoy(rng.choice(squares)) if rng.random() < 0.85 else Envoy(None)
                if builds and not _done_envoys(turn, envoys_said):
                    envoys_said.append(choice)
                    asked = True
                else:
                    turn = _with_citizen_envoy(turn, choice)
                break
        else:
            if builds and not _done_envoys(turn, envoys_said):
                if TurnRule.ENVOY_TOO_MANY in rules_found or TurnRule.BUILD_ILLEGAL in rules_found:
                    turn = _last(turn, envoys=tuple(envoys_said) if asked else None)
                    envoys_said = None
                    continue
                if not trial.refusals or rules_found <= {TurnRule.AREA_BONUS_COUNT}:
                    envoys_said.append(Envoy(None))
                    continue
            area = next((p for p in trial.problems if p.rule is TurnRule.AREA_BONUS_COUNT
                         and p.details.get("given") == 0), None)
            if area is not None:
                words = rng.sample(["tribune", "assistant", "coin", "upgrade", "vp"], area.details["n"])
                if builds:
                    turn = _last(turn, bonus=tuple(words))
                else:
                    turn = _with_gain_bonus(turn, 1, tuple(words[:1]))
                continue
            return trial, turn
    return trial, turn


def _done_envoys(turn: Turn, said) -> bool:
    return said is None or turn.builds[-1].envoys is not None


def _last(turn: Turn, **changes) -> Turn:
    return turn._replace(builds=(*turn.builds[:-1], turn.builds[-1]._replace(**changes)))


def _with_gain_bonus(turn: Turn, row: int, bonus) -> Turn:
    gains = list(turn.use.gains)
    for i, gain in enumerate(gains):
        if gain.citizen == row and not gain.bonus:
            gains[i] = gain._replace(bonus=bonus)
            return turn._replace(use=turn.use._replace(gains=tuple(gains)))
    build = turn.builds[-1]
    tile = build.tile_taken
    return _last(turn, tile_taken=tile._replace(gain=tile.gain._replace(bonus=bonus)))


def _with_citizen_envoy(turn: Turn, envoy) -> Turn:
    gains = list(turn.use.gains)
    for i, gain in enumerate(gains):
        if gain.citizen == 1 and gain.envoy is None:
            gains[i] = gain._replace(envoy=envoy)
    return turn._replace(use=turn.use._replace(gains=tuple(gains)))


def bot_turn(table, player: str, streets, rules, rng: random.Random) -> Turn:
    """A legal turn of the usual kinds for ``player``, at random."""
    sheet = table.board(player)
    for _attempt in range(200):
        take: list = []
        tribunes = sheet.supply.tribunes
        for _tile in range(2):
            offers = street_offers(sheet, streets, take)
            covered = [sq for sq, c in sheet.colonia.squares() if c.kind is CellKind.COVERED
                       and sq not in take and sq not in offers]
            if covered and tribunes and (not offers or rng.random() < 0.1):
                take.append(rng.choice(covered))  # elsewhere, for a tribune (p. 21)
                tribunes -= 1
            elif offers:
                take.append(rng.choice(offers))
        roll = rng.random()
        kind = UseKind.RECEIVED if roll < 0.55 else UseKind.OWN if roll < 0.9 else UseKind.BOTH
        gains = []
        for _ in range(2 if kind is UseKind.BOTH else 1):
            if rng.random() < 0.22:
                rows = [r for r in range(1, 7) if len(sheet.citizens.get(r, ())) < 2]
                gains.append(Gain(citizen=rng.choice(rows)))
            else:
                gains.append(gain_of(rng))
        turn = Turn(player, tuple(take), Use(kind, tuple(gains)))
        trial, turn = complete(table, turn, rules, rng)
        if trial.done is None:
            last = trial.problems
            continue
        if rng.random() < 0.15:
            return turn._replace(passed=True)
        after = trial.table.board(player)
        cells = [sq for sq, _c in after.colonia.squares() if open_for_building(after, sq)]
        builds = []
        for tile in rng.sample(TILES, len(TILES)):
            parts = tile.split("+")
            for square in rng.sample(cells, len(cells)):
                squares = (square,)
                if len(parts) == 2:
                    pairs = [n for n in cells if abs(n[0] - square[0]) + abs(n[1] - square[1]) == 1]
                    if not pairs:
                        continue
                    squares = (square, rng.choice(pairs))
                tried, built = complete(table, turn._replace(builds=(Build(tile, squares),)), rules, rng)
                if tried.done is not None:
                    builds.append(built)
                    break
            if len(builds) >= 3:
                break
        if builds:
            return rng.choice(builds)
        return turn._replace(passed=True)
    raise RuntimeError(f"no legal turn found for {player}: {[p.rule for p in last]}")


def make_record(seed: int = SEED) -> list[str]:
    """The whole game as record lines: the set-up, 3 cycles of turns, the scoring answers.
    Each line is judged on the game replayed so far, scoring phases included (citizens not
    paid turn inactive there), as `trajan turn` judges it."""
    from trajan_cli.core.game import Game
    from trajan_cli.core.scoring_phase.questions import Kind, answer_for
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.parsing.notation import format_line
    from trajan_cli.rulesdata import load_rules

    rng = random.Random(seed)
    rules = load_rules()
    game = Game("bench", PLAYERS, PLAYERS[0], cards=_cards())
    lines: list[str] = []

    def add(line: str) -> None:
        nonlocal game
        lines.append(line)
        game = game.with_line(_record_answer(line, game))

    for line in setup_lines(rng):
        add(format_line(line))
    for cycle in (Cycle.I, Cycle.II, Cycle.III):
        for number in range(1, 5):
            start = RoundStart(cycle, number, (random_street(rng), random_street(rng)))
            add(format_line(start))
            table = replay(game).table
            for player in table.play.order(cycle, number):
                table = replay(game).table
                turn = bot_turn(table, player, start.streets, rules, rng)
                trial = try_turn(table, turn, rules)
                assert trial.done is not None, (turn, trial.problems)
                add(format_line(_said_none(trial.done.turn)))
        state = replay(game)
        while not state.finished and state.question.cycle == cycle:
            question = state.question
            if question.kind is Kind.CHOICE:
                value = rng.choice([o.value for o in question.options])
            elif question.kind is Kind.MULTI:
                value = list(question.default)
            else:
                value = rng.randint(1, 12)
            lines.append(format_line(question.answer(value)))
            game = game.with_line(answer_for(question, value))
            state = replay(game)
    return lines


def _said_none(turn: Turn) -> Turn:
    """A build that sends no envoy at all says ``envoy none`` (as the table screen's ``n``
    records it), not ``envoy -`` (one envoy skipped): the same turn."""
    builds = tuple(b._replace(envoys=()) if b.envoys and all(e.square is None for e in b.envoys) else b
                   for b in turn.builds)
    return turn._replace(builds=builds)


def _cards():
    return {Cycle(i + 1): c for i, c in enumerate(CARDS.split(","))}


def _record_answer(line: str, game):
    """The line as the record keeps it: its value."""
    from trajan_cli.parsing.notation import parse_line

    return parse_line(line, PLAYERS)


def read_record() -> list[str]:
    return [line for line in RECORD.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="make bench/table_game.txt again")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    lines = make_record(args.seed)
    text = "\n".join(lines) + "\n"
    if args.write:
        RECORD.write_text(text)
        print(f"wrote {RECORD} ({len(lines)} lines)")
    else:
        print(text)


if __name__ == "__main__":
    main()
