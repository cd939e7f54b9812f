"""`trajan game ...`: saved games."""

from pathlib import Path
from typing import Annotated

import typer

from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN
from ..i18n import _
from ..parsing.errors import InputError, Problem
from .options import JsonFlag, emit, parse_cycle

app = typer.Typer(help="Saved games: start one, see the standings, take back an answer, export.",
                  no_args_is_help=True)

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The game's name.")]


def _load(name: str):
    from .. import store
    from ..session import replay

    game = store.load_game(name)
    return game, replay(game, where=store.game_path(name))


def _parse_cards(text: str | None, intro: bool):
    from ..core.vocabulary import Cycle
    from ..rulesdata import load_rules

    cards: dict = {}
    if not text:
        return cards
    rules = load_rules()
    for token in text.replace(" ", "").split(","):
        if not token:
            continue
        card_id = token.upper()
        if card_id not in rules.cards:
            raise typer.BadParameter(_("unknown card {card!r}; cards are I-1 .. III-4").format(card=token),
                                     param_hint="--cards")
        cycle = rules.cards[card_id].cycle
        if cycle in cards:
            raise typer.BadParameter(_("two cards for cycle {cycle}").format(cycle=cycle.numeral),
                                     param_hint="--cards")
        if intro and cycle is not Cycle.III:
            raise typer.BadParameter(_("the introductory game uses one card from pile III (p. 28)"),
                                     param_hint="--cards")
        cards[cycle] = card_id
    return cards


@app.command("new")
def new(
    name: Annotated[str | None, typer.Argument(metavar="NAME", help="A name for the game.")] = None,
    player: Annotated[list[str] | None, typer.Option("--player", "-p", metavar="NAME",
                                                     help="A player, in seating order (repeat).")] = None,
    intro: Annotated[bool, typer.Option("--intro", help="Introductory game: one Trajan card, "
                                                        "scored after cycle III.")] = False,
    cards: Annotated[str | None, typer.Option("--cards", metavar="I-2,II-1,III-4",
                                              help="The Trajan cards laid out (asked later if left out).")] = None,
    start_player: Annotated[str | None, typer.Option("--start-player", metavar="NAME",
                                                     help="Who began the game (default: the first player).")] = None,
    first_cycle: Annotated[str | None, typer.Option("--from-cycle", metavar="N", callback=parse_cycle,
                                                    help="Start scoring at cycle 2 or 3 (joining mid-game).")] = None,
    variant: Annotated[str, typer.Option("--variant", metavar="GAME",
                                         help="forum-trajanum (default) or trajan: Trajan (2011).")] = FORUM_TRAJANUM,
    first_quarter: Annotated[int | None, typer.Option("--from-quarter", metavar="N", min=1, max=4,
                                                      help="Trajan: start scoring at quarter 2, 3 or 4.")] = None,
):
    """Start a game: name it and list the players in seating order."""
    from datetime import datetime, timezone

    from .. import store
    from ..core.game import PERIODS, Game, GameError

    variant = variant.strip().lower()
    if variant not in PERIODS:
        raise typer.BadParameter(_("use one of {games}").format(games=", ".join(PERIODS)), param_hint="--variant")
    if variant == TRAJAN and (cards or intro or first_cycle):
        raise typer.BadParameter(_("--cards, --intro and --from-cycle belong to Forum Trajanum; a Trajan "
                                   "game starts later with --from-quarter"), param_hint="--variant")
    if variant == FORUM_TRAJANUM and first_quarter:
        raise typer.BadParameter(_("--from-quarter is for Trajan games (--variant trajan); Forum Trajanum "
                                   "uses --from-cycle"), param_hint="--from-quarter")

    if name is None or not player:
        from .play import needs_terminal

        needs_terminal("trajan game new", variant)
        import questionary

        name = name or questionary.text(_("Name of the game:")).unsafe_ask().strip()
        if not player:
            names = questionary.text(_("Players in seating order, separated by commas:")).unsafe_ask()
            player = [p.strip() for p in names.split(",") if p.strip()]
    path = store.game_path(name)
    if path.exists():
        raise InputError([Problem(str(path), None, name, _(
            "a game of that name exists; pick another name or remove it with 'trajan game delete'"))])
    try:
        game = Game(
            name=name,
            players=tuple(p.strip() for p in player),
            start_player=(start_player or player[0]).strip(),
            intro=intro,
            cards=_parse_cards(cards, intro),
            first_cycle=first_cycle or first_quarter or 1,
            created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            variant=variant,
        )
    except GameError as exc:
        raise InputError([Problem("<game>", None, None, str(exc))]) from None
    saved = store.save_game(game)
    typer.echo(_("Started {name} with {players}; saved in {path}.").format(
        name=game.name, players=", ".join(game.players), path=saved))
    if variant == TRAJAN:
        typer.echo(_("After each quarter, run: trajan classic score --game \"{name}\"").format(name=game.name))
    else:
        typer.echo(_("After each cycle, run: trajan score --game \"{name}\"").format(name=game.name))


@app.command("list")
def list_games(json: JsonFlag = False):
    """The saved games, most recent first."""
    from .. import store
    from ..render.standings import period_name, view_of
    from ..session import replay

    entries = []
    for game in store.list_games():
        try:
            state = replay(game)
        except InputError:
            entries.append({"name": game.name, "players": list(game.players), "state": "damaged"})
            continue
        where = (_("finished") if state.finished
                 else _("next: {step}, {period}").format(step=view_of(game).step_name(state.position[1]),
                                                         period=period_name(game, state.position[0])))
        entry = {"name": game.name, "players": list(game.players), "finished": state.finished,
                 "state": where, "totals": state.totals(), "variant": game.variant}
        if state.position is not None:  # the same in every language, for scripts
            entry["next"] = {"period": int(state.position[0]), "step": state.position[1].value}
        entries.append(entry)
    report = "\n".join(f"{e['name']}: {', '.join(e['players'])} ({e['state']})" for e in entries) \
        or _("No saved games yet. Start one with: trajan game new NAME --player A --player B")
    emit({"games": entries}, report, json)


@app.command("show")
def show(name: NameArgument, json: JsonFlag = False):
    """Standings with every category per cycle."""
    game, state = _load(name)
    report = None
    if not json:
        from ..render.standings import overview_table, period_name, ranking_text, view_of

        lines = [game.name, "", overview_table(game, state)]
        if state.ranking is not None:
            lines += ["", ranking_text(state, view_of(game))]
        elif state.question is not None:
            lines += ["", _("Next: {step}, {period}.").format(step=view_of(game).step_name(state.position[1]),
                                                              period=period_name(game, state.position[0]))]
        report = "\n".join(lines)
    from ..render.standings import game_answer

    emit(game_answer(game, state), report, json)


@app.command("undo")
def undo(name: NameArgument):
    """Take back the last recorded answer."""
    from .. import store
    from ..prompts import message
    from ..session import replay

    game = store.load_game(name)
    if not game.answers:
        typer.echo(_("Nothing to take back: {name} has no answers yet.").format(name=name))
        return
    last = game.answers[-1]
    shorter = game.without_last_answer()
    question = replay(shorter, where=store.game_path(name)).question
    store.save_game(shorter)
    typer.echo(_("Took back: {question} -> {value}").format(question=message(question), value=last.value))
    from .play import SCORE_COMMAND

    typer.echo(_("Ask it again with: {command} --game \"{name}\"").format(command=SCORE_COMMAND[game.variant],
                                                                          name=name))


@app.command("export")
def export(
    name: NameArgument,
    format: Annotated[str, typer.Option("--format", "-f", metavar="csv|md|json|bgstats",
                                        help="csv, md (Markdown), json, or bgstats (BG Stats app import).")] = "csv",
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help="Write to FILE instead of the screen.")] = None,
):
    """Export the standings."""
    from ..render.export import FORMATS
    from ..render.export import export as render_export

    fmt = format.strip().lower()
    if fmt not in FORMATS:
        raise typer.BadParameter(_("use one of {formats}").format(formats=", ".join(FORMATS)),
                                 param_hint="--format")
    game, state = _load(name)
    text = render_export(game, state, fmt)
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        typer.echo(_("Wrote {path}").format(path=output))


@app.command("delete")
def delete(name: NameArgument, yes: Annotated[bool, typer.Option("--yes", help="Do not ask.")] = False):
    """Remove a saved game (and its backup)."""
    from .. import store

    store.load_game(name)  # refuses unknown names with the list of games
    if not yes:
        typer.confirm(_("Remove the game {name} for good?").format(name=name), abort=True)
    store.delete_game(name)
    typer.echo(_("Removed {name}.").format(name=name))
