"""`trajan game ...`: saved games."""

from datetime import UTC
from pathlib import Path
from typing import Annotated

import typer

from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN
from ..i18n import _, ngettext
from ..parsing.errors import InputError, Problem
from .options import HouseOption, JsonFlag, emit, parse_cycle, readings_from, say

app = typer.Typer(help="Saved games: start one, see the standings, take back an answer, export.",
                  no_args_is_help=True)

NameArgument = Annotated[str, typer.Argument(metavar="GAME", help="The game's name.")]
OptionalName = Annotated[str | None, typer.Argument(
    metavar="[GAME]", help="The game's name (default: the one game in progress).", show_default=False)]


def _standings(name: str | None, command: str):
    """The game and where it stands, as the standings renderers read it: from its snapshot
    when it has not changed since, else replayed."""
    from ..games.snapshot import standings_of
    from .common import pick_game

    stored = pick_game(name, variant=None, command=command)
    return stored, standings_of(stored)


def _parse_cards(text: str | None, intro: bool):
    """--cards: the names `trajan card check` reads ('III-4', 'iii-4', '3-4'), comma-separated."""
    from ..core.vocabulary import Cycle
    from ..rulesdata import load_rules
    from .card import resolve_cards

    cards: dict = {}
    if not text:
        return cards
    rules = load_rules()
    for token in text.split(","):
        if not token.strip():
            continue
        try:
            (card,) = resolve_cards(token, rules, allow_all=False)
        except InputError as exc:
            raise typer.BadParameter(_("{card!r}: {problem}").format(card=token.strip(),
                                                                       problem=exc.problems[0].message),
                                     param_hint="--cards") from None
        cycle = card.cycle
        if cycle in cards:
            raise typer.BadParameter(_("two cards for cycle {cycle}").format(cycle=cycle.numeral),
                                     param_hint="--cards")
        if intro and cycle is not Cycle.III:
            raise typer.BadParameter(_("the introductory game uses one card from pile III (p. 28)"),
                                     param_hint="--cards")
        cards[cycle] = card.id
    return cards


@app.command("new")
def new(
    name: Annotated[str | None, typer.Argument(metavar="GAME", help="A name for the game.")] = None,
    player: Annotated[list[str] | None, typer.Option("--player", "-p", metavar="PLAYER",
                                                     help="A player, in seating order (repeat).")] = None,
    intro: Annotated[bool, typer.Option("--intro", help="Introductory game: one Trajan card, "
                                                        "scored after cycle III.")] = False,
    cards: Annotated[str | None, typer.Option("--cards", metavar="I-2,II-1,III-4",
                                              help="The Trajan cards laid out (asked later if left out).")] = None,
    start_player: Annotated[str | None, typer.Option("--start-player", metavar="PLAYER",
                                                     help="Who began the game (default: the first player).")] = None,
    first_cycle: Annotated[str | None, typer.Option("--from-cycle", metavar="N", callback=parse_cycle,
                                                    help="Start scoring at cycle 2 or 3 (joining mid-game).")] = None,
    variant: Annotated[str, typer.Option("--variant", metavar="forum-trajanum|trajan",
                                         help="forum-trajanum (default) or trajan: Trajan (2011).")] = FORUM_TRAJANUM,
    first_quarter: Annotated[int | None, typer.Option("--from-quarter", metavar="N", min=1, max=4,
                                                      help="Trajan: start scoring at quarter 2, 3 or 4.")] = None,
    house: HouseOption = None,
):
    """Start a game: name it and list the players in seating order."""
    from datetime import datetime

    from ..core.game import PERIODS, Game, GameError
    from ..games import store
    from ..render.standings import house_lines

    variant = variant.strip().lower()
    if variant not in PERIODS:
        raise typer.BadParameter(_("use one of {games}").format(games=", ".join(PERIODS)), param_hint="--variant")
    if variant == TRAJAN and (cards or intro or first_cycle):
        raise typer.BadParameter(_("--cards, --intro and --from-cycle belong to Forum Trajanum; a Trajan "
                                   "game starts later with --from-quarter"), param_hint="--variant")
    if variant == FORUM_TRAJANUM and first_quarter:
        raise typer.BadParameter(_("--from-quarter is for Trajan games (--variant trajan); Forum Trajanum "
                                   "uses --from-cycle"), param_hint="--from-quarter")
    readings = readings_from(house, variant)

    if name is None or not player:
        from .common import needs_terminal

        needs_terminal("trajan game new", variant)
        from ..ui.choose import ask_text

        name = name or ask_text(_("Name of the game:")).strip()
        if not player:
            player = _ask_players(variant)
    path = store.game_path(name)
    if store.occupied(path):  # said before the cards are checked; store.create checks again, locked
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
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            variant=variant,
            readings=readings,
        )
        game.check_new()
    except GameError as exc:
        raise InputError([Problem("<game>", None, None, str(exc))]) from None
    saved = store.create(game).path
    say(_("Started {name} with {players}; saved in {path}.").format(
        name=game.name, players=", ".join(game.players), path=saved))
    for line in house_lines(game):
        say(line)
    if variant == TRAJAN:
        say(_("After each quarter, run: trajan classic score --game \"{name}\"").format(name=game.name))
    else:
        say(_("Next: trajan play \"{name}\" (the set-up, then every turn and each cycle's "
              "scoring on one screen).").format(name=game.name))
        say(_("Without the table screen: trajan turn \"{name}\" LINE for each line, and after "
              "each cycle trajan score --game \"{name}\".").format(name=game.name))


def _ask_players(variant: str) -> list[str]:
    """The players typed at the terminal, asked again until they can start a game."""
    from ..core.game import PLAYER_COUNTS, Message, _player_count_problem, name_problem, record_name_problems
    from ..ui.choose import ask_text

    fewest, most = PLAYER_COUNTS[variant]
    while True:
        names = ask_text(_("Players in seating order, separated by commas:"))
        players = [p.strip() for p in names.split(",") if p.strip()]
        problems = [problem for problem in map(name_problem, players) if problem is not None]
        problems += record_name_problems(players)
        if not fewest <= len(players) <= most:
            template, params = _player_count_problem(variant)
        elif len({p.casefold() for p in players}) != len(players):
            template, params = "two players have the same name", {}
        elif problems:
            template, params = problems[0]
        else:
            return players
        say(Message(template, params).show() + ". " + _("Type the names again, separated by commas."))


@app.command("list")
def list_games(json: JsonFlag = False):
    """The saved games, most recent first; damaged files too, with what is wrong."""
    from ..games import store
    from ..games.snapshot import forget_orphans, state_of

    entries = []
    games = store.list_games()
    forget_orphans(store.games_dir(), {listed.path.name for listed in games})
    for listed in games:
        game = listed.game
        entry: dict = {"name": listed.path.stem, "file": str(listed.path)}
        if game is not None:
            entry |= {"players": list(game.players), "variant": game.variant}
            try:
                state = state_of(listed.stored)  # replayed only when its snapshot does not fit
            except InputError as exc:
                entry |= {"state": "damaged", "problem": "; ".join(p.message for p in exc.problems)}
            else:
                from ..render.turns import next_brief

                entry |= {"finished": state.finished, "state": next_brief(state.next(), game),
                          "totals": state.totals()}
                if state.position is not None:  # the same in every language, for scripts
                    entry["next"] = {"period": int(state.position[0]), "step": state.position[1].value}
                entry["what_next"] = state.next().to_json()
        else:
            entry |= {"state": "damaged", "problem": listed.problem}
        if listed.name_inside is not None:
            entry["name_inside"] = listed.name_inside
        entries.append(entry)
    emit({"games": entries}, _list_report(entries), json)


def _list_report(entries: list[dict]) -> str:
    if not entries:
        return _("No saved games yet. Start one with: trajan game new GAME --player A --player B")
    lines = []
    for e in entries:
        if e["state"] == "damaged":
            line = _("{name}: damaged ({file}): {problem}").format(name=e["name"], file=e["file"],
                                                                   problem=e["problem"])
            if "players" in e:
                line = _("{name}: {players}, damaged ({file}): {problem}").format(
                    name=e["name"], players=", ".join(e["players"]), file=e["file"], problem=e["problem"])
        else:
            line = f"{e['name']}: {', '.join(e['players'])} ({e['state']})"
        if "name_inside" in e:  # a copied or renamed file: the file's name is the game's name now
            line += " " + _("[file {file}, named {inside!r} inside: a copy or a renamed file]").format(
                file=e["file"], inside=e["name_inside"])
        lines.append(line)
    return "\n".join(lines)


@app.command("show")
def show(name: OptionalName = None, json: JsonFlag = False):
    """Standings with every category per cycle."""
    stored, state = _standings(name, "trajan game show")
    game = stored.game
    in_play = _in_play(stored)
    report = None
    if not json:
        from ..render.standings import house_lines, overview_table, ranking_text, view_of

        uncounted = in_play.table.play.uncounted(in_play.breakdown()) if in_play is not None else None
        lines = [game.name, *house_lines(game, compact=True), "", overview_table(game, state, uncounted)]
        if in_play is not None:
            from ..render.turns import in_play_text

            lines += ["", *in_play_text(in_play)]
        if state.ranking is not None:
            lines += ["", ranking_text(state, view_of(game))]
        else:
            from ..render.turns import next_text

            lines += ["", next_text(state.next(), stored.path.stem, game)]
        report = "\n".join(lines)
    from ..render.standings import game_answer

    if in_play is not None and json:
        from ..render.turns import in_play_json

        emit(game_answer(game, state) | {"play": in_play_json(in_play)}, None, True)
        return

    emit(game_answer(game, state), report, json)


def _in_play(stored):
    """A game kept turn by turn whose cycle is in play: its state (where play stands and
    the points scored during play so far); None otherwise."""
    from ..core.turns.moves import RoundStart, Turn

    if not any(isinstance(line, (RoundStart, Turn)) for line in stored.game.lines):
        return None
    from ..games.store import replay

    state = replay(stored)
    play = state.table.play
    return None if state.finished or play.cycle is None else state


@app.command("log")
def log(name: OptionalName = None, json: JsonFlag = False):
    """Print the game's record: the set-up, every round and turn, every answer, one a line.

    Read it back into a new game with: trajan turn NEW --file RECORD (the first lines say
    how to start that game).
    """
    from ..games.record_file import record_text
    from ..games.snapshot import state_of
    from .common import pick_game

    stored = pick_game(name, variant=None, command="trajan game log")
    # A game that no longer replays (a line edited by hand) is refused here as by every
    # other command: its record would not give the same game (trajan game restore mends it).
    state_of(stored)
    if json:
        import shlex

        from ..games.record_file import line_text, new_options

        game = stored.game
        emit({"name": game.name, "variant": game.variant, "players": list(game.players),
              "new": ["trajan", "game", "new", game.name, *shlex.split(" ".join(new_options(game)))],
              "created": game.created or None, "lines": [line_text(line) for line in game.lines]}, None, True)
        return
    typer.echo(record_text(stored.game, translated=True), nl=False)


@app.command("undo")
def undo(name: OptionalName = None):
    """Take back the last recorded answer."""
    from ..games.recording import take_back
    from ..ui.prompts import message
    from .common import pick_game

    # Not replayed first: a game whose last record no longer replays is mended by undo.
    stored = pick_game(name, variant=None, command="trajan game undo")
    last, game, state = take_back(stored.path)
    name = stored.path.stem
    if last is None:
        say(_("Nothing to take back: {name} has no answers yet.").format(name=name))
        return
    question = state.question
    from ..core.game import Answer
    from ..core.records import is_record

    if not isinstance(last, Answer) or is_record(last.key):
        from ..render.board_text import record_text

        say(_("Took back: {record}").format(record=record_text(last)))
        return
    say(_("Took back: {question} -> {value}").format(question=message(question), value=last.value))
    from .common import SCORE_COMMAND

    say(_("Ask it again with: {command} --game \"{name}\"").format(command=SCORE_COMMAND[game.variant],
                                                                          name=name))


@app.command("restore")
def restore(name: NameArgument):
    """Put back the previous copy of a game (NAME.txt.bak), e.g. when the file is damaged."""
    from ..games import store

    stored, replaced, damaged_kept = store.restore(name)
    backup = store.backup_path(stored.path)
    n = len(stored.game.lines)
    if damaged_kept:
        say(ngettext("Restored {name} from {backup} ({n} answer). The damaged file is kept as {backup}; "
                     "restore again to swap back.",
                     "Restored {name} from {backup} ({n} answers). The damaged file is kept as {backup}; "
                     "restore again to swap back.", n).format(name=name, backup=backup, n=n))
    elif replaced is None:
        say(ngettext("Restored {name} from {backup} ({n} answer).",
                     "Restored {name} from {backup} ({n} answers).", n).format(name=name, backup=backup, n=n))
    else:
        say(ngettext("Restored {name} from {backup}: {n} answer (it had {before}). The replaced version is "
                     "now {backup}; restore again to swap back.",
                     "Restored {name} from {backup}: {n} answers (it had {before}). The replaced version is "
                     "now {backup}; restore again to swap back.", n).format(
            name=name, backup=backup, n=n, before=len(replaced.lines)))


LastPlayed = Annotated[str | None, typer.Argument(
    metavar="[GAME]", help="The game's name (default: the game saved last).", show_default=False)]


@app.command("export")
def export(
    name: LastPlayed = None,
    format: Annotated[str, typer.Option("--format", "-f", metavar="csv|md|json|bgstats|bgstats-link",
                                        help="csv, md (Markdown), json, bgstats (BG Stats app import), "
                                             "or bgstats-link (a link that opens the play in BG Stats).")] = "csv",
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help="Write to FILE instead of the screen (a new file).")] = None,
    force: Annotated[bool, typer.Option("--force", help="With -o: replace FILE if it exists.")] = False,
    append: Annotated[bool, typer.Option("--append", help="With -o and csv: add the game's rows to FILE "
                                                          "(one file for many games).")] = False,
    qr: Annotated[bool, typer.Option("--qr", help="With bgstats-link: draw the link as a QR code "
                                                  "for a phone to open.")] = False,
    duration: Annotated[int | None, typer.Option("--duration", metavar="MINUTES", min=0, max=10000,
                                                 help="BG Stats: how long the play took (default: from the "
                                                      "game's creation to its last recorded line, when "
                                                      "between 10 minutes and 12 hours; 0: leave it out).")] = None,
    location: Annotated[str | None, typer.Option("--location", metavar="PLACE",
                                                 help="BG Stats: where the game was played.")] = None,
    comments: Annotated[str | None, typer.Option("--comments", metavar="TEXT",
                                                 help="BG Stats: a comment on the play.")] = None,
):
    """Export the standings, or hand the finished play to the BG Stats app."""
    from ..render.export import FINISHED_ONLY, FORMATS
    from ..render.export import export as render_export
    from .exporting import check_options, play_details, write_export

    fmt = format.strip().lower()
    if fmt not in FORMATS:
        raise typer.BadParameter(_("use one of {formats}").format(formats=", ".join(FORMATS)),
                                 param_hint="--format")
    if qr and fmt != "bgstats-link":
        raise typer.BadParameter(_("--qr draws a link: use it with --format bgstats-link"),
                                 param_hint="--qr")
    check_options(fmt, output=output, force=force, append=append, duration=duration, location=location,
                  comments=comments)
    from ..games.snapshot import standings_of
    from .common import last_played

    stored = last_played(name)
    state = standings_of(stored)
    if fmt in FINISHED_ONLY and not state.finished:
        raise InputError([Problem(stored.path.stem, None, None, _(
            "the game is not finished; BG Stats records a finished play: export it after the last "
            "scoring (or use --format json)"))])
    text = render_export(stored.game, state, fmt, play_details(stored, duration, location, comments))
    if qr:
        _draw_qr(text.strip())
    if output is None:
        typer.echo(text, nl=False)  # a file format, not wrapped
        return
    say(write_export(output, text, stored, state, fmt, force=force, append=append))


def _draw_qr(link: str) -> None:
    import os

    """The link as a QR code, with a word when the terminal is too small to show it whole."""
    from ..render.qr import qr_lines
    from ..render.text import terminal_width, visible_len

    try:
        lines = qr_lines(link)
    except ValueError:  # more than a QR code holds (about 2,900 characters)
        raise InputError([Problem("--qr", None, None, ngettext(
            "the link has {n} character, more than a QR code holds: shorten --comments, or open the "
            "link itself on the phone (leave out --qr)",
            "the link has {n} characters, more than a QR code holds: shorten --comments, or open the "
            "link itself on the phone (leave out --qr)", len(link)).format(n=len(link)))]) from None
    width, height = visible_len(lines[0]), len(lines)
    try:
        rows = os.get_terminal_size(1).lines
    except (OSError, ValueError):  # not a terminal: nothing to fit
        rows = height
    if width > terminal_width() or height > rows:
        say(_("The code takes {width} x {height} characters, more than this terminal shows: make "
              "the window larger or the font smaller (Ctrl -) to scan it, or open the link below "
              "on the phone.").format(width=width, height=height))
    typer.echo("\n".join(lines))
    say(_("Scan it with the phone's camera: BG Stats opens the play to save it."))


@app.command("delete")
def delete(name: NameArgument, yes: Annotated[bool, typer.Option("--yes", help="Do not ask.")] = False):
    """Remove a saved game (and its backup)."""
    from ..games import store

    if not store.exists(name):
        store.load(name)  # refuses an unknown name with the list of games (a damaged one may go)
    if not yes:
        typer.confirm(_("Remove the game {name} for good?").format(name=name), abort=True)
    from ..games.snapshot import forget

    forget(store.delete_game(name))  # what its replay gave: of no use without the game
    say(_("Removed {name}.").format(name=name))
