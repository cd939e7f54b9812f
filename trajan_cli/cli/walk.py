"""`trajan score` and `trajan classic score` on a saved game: the scoring walk from the
command line, with answers given ahead or asked in the terminal, stopped cleanly."""

from pathlib import Path

import typer

from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN, Step
from ..i18n import _
from ..parsing.errors import InputError, Problem
from . import common
from .common import FILE_COMMANDS, SCORE_COMMAND, pick_game
from .options import emit, say


def _prompter(ahead, interactive: bool, game):
    """The terminal, answers given ahead in front of it, or the answers alone."""
    from ..parsing.answers import AnswersAhead
    from ..ui.ahead import AheadPrompter

    terminal = None
    if interactive:
        from ..ui.prompts import QuestionaryPrompter

        terminal = QuestionaryPrompter(echo=say)
        if ahead is None:
            return terminal
    ahead = ahead or AnswersAhead("--no-input")
    unknown = ahead.unknown_players(game.players)
    if unknown:
        raise InputError([Problem(ahead.file, None, who, _(
            "not a player of this game; players: {players}").format(players=", ".join(game.players)))
            for who in unknown])
    return AheadPrompter(ahead, terminal, echo=say)


def _cycle_is_over(state, name: str) -> None:
    """A cycle kept turn by turn is scored once its round 4 is over: not in the middle of it
    (p. 27)."""
    from ..core.standings import NextKind

    up = state.next()
    if up.kind not in (NextKind.TURN, NextKind.ROUND) or up.round == 1 and up.kind is NextKind.ROUND:
        return  # the scoring phase (or the game's end), or no round of the cycle begun yet
    play = state.table.play
    raise InputError([Problem("<game>", None, name, _(
        "cycle {cycle} is in play (round {round}, {player} next): it is scored after its round "
        "4; record its turns first (trajan turn)").format(
            cycle=play.cycle.numeral, round=play.round, player=up.player))])


def run_walk(name: str | None, only_step: Step | None = None, variant: str = FORUM_TRAJANUM,
             answers: Path | None = None, no_input: bool = False, json: bool = False) -> None:
    """Walk the scoring of a saved game. ``answers`` is a file of answers given ahead; with
    ``no_input`` (or with answers and no terminal) nothing is asked: what the file and the
    boards leave open is an error naming the player and the key to add. ``json``: no
    report, one JSON object at the end (the standings, as `trajan game show --json`); it
    asks nothing, so it goes with ``no_input``."""
    if json and not no_input:
        raise typer.BadParameter(_("a JSON answer asks no questions: add --no-input (and --answers FILE "
                                   "for what the game cannot know)"), param_hint="--json")
    if json:
        import contextlib
        import io

        from ..games import store
        from ..render.standings import game_answer

        with contextlib.redirect_stdout(io.StringIO()):  # the walk's report: not part of the answer
            walked = _walk(name, only_step, variant, answers, no_input)
        stored = store.load(walked)
        emit(game_answer(stored.game, store.replay(stored)), None, True)
        return
    _walk(name, only_step, variant, answers, no_input)


def _bar_hint():
    """A value read off a slide bar that the group's box could not give: say once how it
    is never asked again (the box learns a bar whole, not one reading at a time)."""
    said: list[bool] = []

    def hint(_fact) -> None:
        if not said:
            said.append(True)
            say(_("Describe your slide bar once (trajan box edit: the track and both sides of the bar) "
                  "and its values are read, not asked, at every scoring."))

    return hint


def _walk(name: str | None, only_step: Step | None, variant: str, answers: Path | None,
          no_input: bool) -> str:
    """The walk itself; the name of the game it scored."""
    from ..games import store
    from ..games.walk import store_saver, walk

    command = SCORE_COMMAND[variant]
    ahead = None
    if answers is not None:
        from ..parsing.answers import load_answers

        if variant == TRAJAN:
            ahead = load_answers(answers, variant=TRAJAN)
        else:
            from ..rulesdata import load_rules

            ahead = load_answers(answers, load_rules())
    stored = pick_game(name, variant) if name is not None else None  # a wrong game is said first
    interactive = common.has_terminal() and not no_input
    if not interactive and ahead is None and not no_input:
        raise InputError([Problem("<terminal>", None, None, _(
            "{what} asks questions and needs a terminal; without one, give the answers in a "
            "file: {what} --game \"{name}\" --answers FILE --no-input (or score described "
            "files: '{files}')").format(what=command, name=name or "GAME",
                                        files=FILE_COMMANDS[variant]))])
    stored = stored or pick_game(None, variant)
    if variant == FORUM_TRAJANUM:
        from ..games.recording import copy_bar_facts

        if copy_bar_facts(stored.path):  # the group's slide bar: its values are read, not asked
            stored = store.load(stored.path.stem)
    game, path = stored.game, stored.path
    name = path.stem
    state = store.replay(stored)
    if variant == FORUM_TRAJANUM:
        _cycle_is_over(state, name)
    prompter = _prompter(ahead, interactive, game)
    say(_("Game {name}: {players}").format(name=name, players=", ".join(game.players)))
    try:
        result = walk(state, prompter, store_saver(path), only_step=only_step, one_phase=True,
                      learn=_bar_hint())
    except (KeyboardInterrupt, EOFError):
        say("")
        say(_("Stopped. Every answer so far is saved; carry on with: {command} --game "
                     "\"{name}\"").format(command=command, name=name))
        raise typer.Exit(130) from None
    from ..games.snapshot import save
    from ..render.standings import period_name, view_of

    save(store.read(path), result.state)  # the game as the walk left it, replayed: keep that
    unused = getattr(prompter, "unused", lambda: [])()
    if unused:  # a key for a question not asked this time (coins enough to pay every row, say)
        typer.echo(_("Not asked in this run, so not used: {answers}").format(answers=", ".join(unused)))

    position = result.state.position
    if result.state.finished:
        say(_("The game is over. Export it with: trajan game export \"{name}\" --format csv")
                   .format(name=name))
    elif only_step is not None:
        say(_("Next: {step}, {period} ({command} --game \"{name}\").").format(
            step=view_of(game).step_name(position[1]), period=period_name(game, position[0]),
            command=command, name=name))
    else:  # one scoring phase per run: the next one starts when the table gets there
        period = period_name(game, position[0])
        period = period[:1].upper() + period[1:]
        if variant == TRAJAN:
            say(_("This quarter end is scored. {period} comes next: run {command} --game "
                         "\"{name}\" when it ends.").format(period=period, command=command, name=name))
        else:
            say(_("This scoring phase is done. {period} comes next: run {command} --game "
                         "\"{name}\" after its round 4.").format(period=period, command=command, name=name))
    return name
