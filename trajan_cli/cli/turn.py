"""`trajan turn GAME LINE` and `trajan turn GAME --file RECORD`: the game record, a line
at a time (docs/notation.md)."""

from pathlib import Path
from typing import Annotated

import typer

from ..core.vocabulary import FORUM_TRAJANUM
from ..i18n import _, ngettext
from ..parsing.errors import InputError, Problem
from .options import JsonFlag, emit, say


def turn(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The saved game.")],
    line: Annotated[list[str] | None, typer.Argument(
        metavar="LINE", show_default=False,
        help="One line of the record, in quotes: 'round I.1: streets 3 C' or "
             "'Ann: take C3 D3; use own: 2 coin; build mkt C1' (the notation: docs/notation.md).")] = None,
    file: Annotated[Path | None, typer.Option(
        "--file", "-f", metavar="RECORD",
        help="A file of lines, recorded in order (trajan game log writes one).")] = None,
    example: Annotated[str | None, typer.Option(
        "--example", metavar="NAME",
        help="Record a shipped record instead: 'cycle-1' is a worked example "
             "(two players, the set-up and cycle I).")] = None,
    json: JsonFlag = False,
):
    """Record a round's street cards or a player's turn, judged whole by the rules."""
    from ..games import recording, store

    if example is not None:
        if file is not None:
            raise typer.BadParameter(_("give either --file or --example, not both"),
                                     param_hint="--example")
        from .options import EXAMPLES_DIR

        if example.strip().lower() != "cycle-1":
            raise typer.BadParameter(_("unknown example {name!r}; shipped examples: {examples}").format(
                name=example, examples="cycle-1"), param_hint="--example")
        file = EXAMPLES_DIR / "cycle-1.txt"
        example = example.strip()  # named in problems as the player named it, not by its path
    if (file is None) == (not line):
        raise typer.BadParameter(_("give one LINE (in quotes) or --file RECORD"), param_hint="LINE")
    path = store.locate(game)  # read once, under its lock, as it is recorded into
    if file is not None:
        from ..parsing.tomlfile import read_text

        source = str(file) if example is None else example
        lines = list(enumerate(read_text(file).splitlines(), start=1))
    else:
        source = _("the line")
        lines = [(None, " ".join(line))]
    # A file is a record read back (game log writes one): read as a replay reads it.
    saved, recorded, refusal, state = recording.record_lines(path, lines, source,
                                                             as_recorded=file is not None)
    structured = None
    if refusal is not None and not isinstance(refusal, InputError):  # a line the rules refuse
        from ..render.problems import refusal_error

        structured, refusal = refusal, refusal_error(refusal)
    if json:
        from ..render.problems import problem_json

        emit(_answer(saved, state, recorded) | {
            "refused": None if refusal is None else [str(p) for p in refusal.problems],
            "problems": None if refusal is None else (
                [problem_json(p) for p in structured.problems] if structured is not None
                else [{"rule": None, "text": p.message} for p in refusal.problems])}, None, True)
    else:
        say(_report(saved, state, recorded, file is not None))
    if refusal is not None:
        if file is not None and recorded:
            refusal = InputError([*refusal.problems, Problem(source, None, None, ngettext(
                "the line before it is recorded; correct this line and record the rest "
                "(trajan game log shows the record)",
                "the {n} lines before it are recorded; correct this line and record the rest "
                "(trajan game log shows the record)", len(recorded)).format(n=len(recorded)))])
        raise refusal


def _answer(game, state, recorded) -> dict:
    from ..render.turns import where_next

    return {"recorded": [{"line": r.text, **({"number": r.number} if r.number else {}),
                          **_done_json(r.done)} for r in recorded],
            # A Trajan game has no rounds: what comes next is its scoring question.
            "next": where_next(state) if game.variant == FORUM_TRAJANUM else state.next().to_json(),
            "what_next": state.next().to_json()}


def _done_json(done) -> dict:
    if done is None:
        return {}
    from ..core.turns.referee import TurnDone

    if isinstance(done, TurnDone):
        return {"player": done.player, "points": done.points, "ship": done.ship,
                "tribunes_for_take": done.tribunes_for_take,
                "envoys": [e for b in done.builds for e in b.envoys]}
    return {"points": done.points, "envoys": list(done.envoys), "gained": done.gained}


def _report(game, state, recorded, from_file: bool) -> str:
    from ..render.turns import next_text, turn_line_text

    lines = []
    if from_file:
        lines.append(ngettext("Recorded {n} line in {game}.", "Recorded {n} lines in {game}.",
                              len(recorded)).format(n=len(recorded), game=game.name))
    else:
        lines += [turn_line_text(r) for r in recorded]
    lines.append(next_text(state.next(), game.name, game))
    if recorded and not from_file:
        lines.append(_("Take it back with: trajan game undo \"{game}\"").format(game=game.name))
    return "\n".join(lines)
