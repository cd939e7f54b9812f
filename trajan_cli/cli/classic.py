"""`trajan classic ...`: Stefan Feld's Trajan (2011), the second game the tool referees.

Same conventions as the Forum Trajanum commands: a readable answer, or one JSON object
with --json; bad input exits 2 with file (or option), line and token.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..core.classic.vocabulary import ShipSide, ShipTile
from ..core.vocabulary import TRAJAN
from ..i18n import _
from ..parsing.errors import InputError, Problem
from .common import GameOption
from .options import JsonFlag, WalkJsonFlag, emit
from .walk import run_walk

ClassicHouseOption = Annotated[
    list[str] | None,
    typer.Option("--house", metavar="NAME=VALUE",
                 help="Read an open case of the Trajan rulebook the other way (a house rule; "
                      "repeatable): 'trajan rules readings --variant trajan' lists them."),
]


def _rules(house: list[str] | None):
    """The Trajan rules, with the house rules --house asks for (exit 2 on one that does not read)."""
    from ..rulesdata import load_classic_rules
    from .options import readings_from

    rules = load_classic_rules()
    return rules._replace(readings=readings_from(house, TRAJAN)) if house else rules


app = typer.Typer(
    help="Trajan (2011): quarter end (demands, senate), final scoring, ships, the action circle, "
         "provinces; and a saved game scored at the table.",
    no_args_is_help=True,
)

EXAMPLES = ("green", "brown")
SheetArgument = Annotated[
    Path | None,
    typer.Argument(metavar="SHEET", help="Trajan player sheet (TOML); see docs/trajan-2011.md.", show_default=False),
]
ExampleOption = Annotated[
    str | None,
    typer.Option("--example", metavar="NAME",
                 help="Use a shipped sheet instead of a file: green or brown (the rulebook's S. 9 examples)."),
]


def _example_path(name: str) -> Path:
    from .options import example_file

    return example_file(name, examples=EXAMPLES, prefix="classic-")


def _sheets(paths: list[Path], examples: list[str]):
    from ..parsing.classic_sheet import load_classic_sheet

    chosen = [*paths, *(_example_path(e) for e in examples)]
    if not chosen:
        raise typer.BadParameter(_("give a sheet file, or --example green to try the rulebook's example"),
                                 param_hint="SHEET")
    sheets, problems = [], []
    for path in chosen:
        try:
            sheets.append(load_classic_sheet(path))
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    return sheets


def _one_sheet(sheet: Path | None, example: str | None):
    if sheet is not None and example is not None:
        raise typer.BadParameter(_("give either a file or --example, not both"), param_hint="--example")
    return _sheets([sheet] if sheet else [], [example] if example else [])[0]


@app.command("needs", short_help="The people's demands at a quarter end: met, unmet, penalty.")
def needs(
    sheet: SheetArgument = None,
    demands: Annotated[str, typer.Option("--demands", metavar="bread,games,religion",
                                         help="The demand tiles face up (up to 3).")] = ...,
    example: ExampleOption = None,
    json: JsonFlag = False,
):
    """The people's demands at a quarter end (S. 9): the most that can be met, and the penalty."""
    from ..core.classic.quarter import meet_demands
    from ..parsing.classic_options import parse_demands
    from ..render.classic import needs_answer, needs_report
    from ..rulesdata import load_classic_rules

    rules = load_classic_rules()
    wanted = parse_demands(demands, rules)
    player = _one_sheet(sheet, example)
    result = meet_demands(wanted, player.forum_needs, player.trajan_needs, player.demand_jokers, rules)
    emit(needs_answer(player.name, result), None if json else needs_report(player.name, result, rules), json)


@app.command("senate", short_help="The senate at a quarter end: consul and deputy.")
def senate(
    sheets: Annotated[list[Path] | None, typer.Argument(metavar="SHEET...", help="Every player's sheet.",
                                                        show_default=False)] = None,
    order: Annotated[str | None, typer.Option("--order", metavar="A,B,...",
                                              help="The senate discs, top of the stack first (for ties).")] = None,
    example: Annotated[list[str] | None, typer.Option(
        "--example", metavar="NAME", help="A shipped sheet (green, brown); repeat for both.")] = None,
    json: JsonFlag = False,
):
    """The senate at a quarter end (S. 9): consul and deputy by votes (track + senate tiles)."""
    from ..core.classic.quarter import SenateEntry, SenateTie, senate_ranking
    from ..parsing.classic_options import parse_order
    from ..render.classic import senate_answer, senate_report
    from ..rulesdata import load_classic_rules

    players = _sheets(sheets or [], example or [])
    names = [p.name for p in players]
    if not 2 <= len(players) <= 4:
        raise InputError([Problem("<sheets>", None, None,
                                  _("the senate needs the sheets of all 2 to 4 players (sheets given: "
                                    "{n})").format(n=len(players)))])
    twice = sorted({n for n in names if [m.casefold() for m in names].count(n.casefold()) > 1})
    if twice:
        raise InputError([Problem("<sheets>", None, ", ".join(twice),
                                  _("two sheets have the same player name"))])
    stack = parse_order(order, names) if order else []
    entries = [SenateEntry(p.name, p.senate_votes, sum(p.senate_tiles), p.senate_space) for p in players]
    try:
        result = senate_ranking(entries, stack)
    except SenateTie as tie:
        raise InputError([Problem("--order", None, ", ".join(tie.players), _(
            "level on votes ({votes}) and on the same senate track space: say whose disc lies on top "
            "with --order {names} (top first)").format(votes=tie.votes, names=",".join(tie.players)))]) from None
    rules = load_classic_rules()
    spaces_known = all(e.space is not None for e in entries)
    emit(senate_answer(result), None if json else senate_report(result, rules, spaces_known), json)


@app.command("final", short_help="Final scoring of one player's sheet.")
def final(sheet: SheetArgument = None, example: ExampleOption = None, house: ClassicHouseOption = None,
          json: JsonFlag = False):
    """Final scoring (S. 9): hand cards, figures in the camps, Trajan tiles, construction
    sets (jokers placed for the best total) and bonus tiles; --house building-jokers=... and
    yellow-tiles=... read those open cases the other way."""
    from ..core.classic.final import final_score
    from ..render.classic import final_answer, final_report

    rules = _rules(house)
    player = _one_sheet(sheet, example)
    score = final_score(player, rules)
    answer = final_answer(player.name, score) | ({"house": rules.readings.house()} if house else {})
    emit(answer, None if json else final_report(player.name, score, rules), json)


@app.command("ship")
def ship(
    hand: Annotated[str, typer.Option("--hand", metavar="wine,wine,oil,joker",
                                      help="The cards in hand by kind; joker for a commodity joker.")] = ...,
    tile: Annotated[ShipTile, typer.Option("--ship", case_sensitive=False,
                                           help="Which ship tile: same, pairs or different.")] = ...,
    side: Annotated[ShipSide, typer.Option("--side", case_sensitive=False,
                                           help="The side the tile shows: front or back.")] = ShipSide.FRONT,
    json: JsonFlag = False,
):
    """The best delivery from a hand for one ship tile and side (harbour action)."""
    from ..core.classic.ship import best_delivery
    from ..parsing.classic_options import parse_hand
    from ..render.classic import ship_answer, ship_report
    from ..rulesdata import load_classic_rules

    rules = load_classic_rules()
    delivery = best_delivery(parse_hand(hand), tile, side, rules)
    emit(ship_answer(delivery), None if json else ship_report(delivery, rules), json)


@app.command("move")
def move(
    bowls: Annotated[str, typer.Option("--bowls", metavar="YO,WB,-,GGP,...",
                                       help="The six bowls clockwise from bowl 1, stones by colour letter "
                                            "(Y O G W P B), - for empty.")] = ...,
    start: Annotated[int, typer.Option("--from", metavar="N", min=1, max=6,
                                       help="The bowl to play, 1-6.")] = ...,
    tile: Annotated[str | None, typer.Option("--tile", metavar="YO",
                                             help="The Trajan tile's colours at the target bowl.")] = None,
    tile_kind: Annotated[str | None, typer.Option(
        "--tile-kind", metavar="KIND",
        help="The Trajan tile's symbol at the target (cards, points, workers:2, legionaries:1, marker, "
             "bread, games, religion): its special action, with a sheet.")] = None,
    actions: Annotated[str | None, typer.Option(
        "--actions", metavar="harbour,forum,...",
        help="The actions printed at bowls 1-6 clockwise (harbour, forum, military, trajan, senate, "
             "construction): names the action the stones reach.")] = None,
    sheet: Annotated[Path | None, typer.Option(
        "--sheet", metavar="FILE", help="The player's sheet (TOML): what the action reached allows.")] = None,
    example: Annotated[str | None, typer.Option(
        "--example", metavar="NAME", help="A shipped sheet instead of --sheet: green or brown.")] = None,
    hand: Annotated[str | None, typer.Option("--hand", metavar="wine,oil,joker",
                                             help="Harbour: the hand by kind, joker for a commodity joker.")] = None,
    ships: Annotated[str | None, typer.Option("--ships", metavar="same=back,...",
                                              help="Harbour: the ship tiles showing their back.")] = None,
    take: Annotated[str | None, typer.Option("--take", metavar="TILE",
                                             help="Forum: the tile taken (bread, senate-3, demand-joker, "
                                                  "extra-senate, ...).")] = None,
    province: Annotated[int | None, typer.Option("--province", metavar="N", min=0,
                                                 help="Military: the points printed in the general's "
                                                      "province.")] = None,
    foreign: Annotated[int, typer.Option("--foreign", metavar="K", min=0,
                                         help="Military: other players' legionaries there.")] = 0,
    own_there: Annotated[bool, typer.Option("--own-there",
                                            help="Military: one of your legionaries already stands there.")] = False,
    arch: Annotated[int | None, typer.Option("--arch", metavar="N", min=1, max=6,
                                             help="Trajan: the place where your arch stands, 1-6.")] = None,
    new_tile: Annotated[str | None, typer.Option("--new-tile", metavar="YO",
                                                 help="Trajan: the colours of the tile taken.")] = None,
    senate_points: Annotated[int | None, typer.Option(
        "--senate-points", metavar="N", min=0,
        help="Senate: the points printed on your disc's space.")] = None,
    building: Annotated[str | None, typer.Option("--building", metavar="SYMBOL",
                                                 help="Construction: the tile on the site chosen.")] = None,
    site_taken: Annotated[bool, typer.Option("--site-taken",
                                             help="Construction: other players' workers stand on the site.")] = False,
    house: ClassicHouseOption = None,
    json: JsonFlag = False,
):
    """Play a bowl of the action circle: the target bowl, the time marker's steps and
    whether the Trajan tile there can be fulfilled; with --actions the action reached,
    and with a sheet what that action allows, each refusal with every reason.
    --house start-bowl=skip passes over the bowl played when more than six stones go round."""
    from ..core.classic.circle import MoveError, sow
    from ..parsing.classic_options import parse_bowls, parse_hand, parse_tile
    from ..render.classic import move_answer, move_report

    rules = _rules(house)
    problems: list[Problem] = []

    def attempt(parse, *args):
        try:
            return parse(*args)
        except InputError as exc:  # collect the problems of every option before stopping
            problems.extend(exc.problems)
            return None

    layout = attempt(parse_bowls, bowls, rules)
    colours = attempt(parse_tile, tile) if tile is not None else None
    circle = player = None
    if actions is not None:
        from ..parsing.classic_actions import parse_actions

        circle = attempt(parse_actions, actions)
    if sheet is not None or example is not None:
        player = attempt(_one_sheet, sheet, example)
        if actions is None:
            problems.append(Problem("--actions", None, None, _(
                "with a sheet, say which action each bowl shows: --actions followed by the six actions "
                "printed at bowls 1-6, clockwise")))
    parsed_hand = attempt(parse_hand, hand) if hand is not None else None
    situation_parts = {}
    special_kind = None
    if tile_kind is not None:
        from ..parsing.classic_actions import parse_tile_kind

        special_kind = attempt(parse_tile_kind, tile_kind)
    if ships is not None or take is not None or new_tile is not None:
        from ..parsing.classic_actions import parse_forum_tile, parse_ship_sides

        if ships is not None:
            situation_parts["ship_sides"] = attempt(parse_ship_sides, ships)
        if take is not None:
            situation_parts["forum_tile"] = attempt(parse_forum_tile, take)
        if new_tile is not None:
            situation_parts["new_tile"] = attempt(parse_tile, new_tile)
    if problems:
        raise InputError(problems)
    try:
        result = sow(layout, start, rules, tile=colours)
    except MoveError as exc:
        raise InputError([Problem("--from", None, str(start), str(exc))]) from None
    answer = move_answer(result) | ({"house": rules.readings.house()} if house else {})
    report = [move_report(result, rules)]
    if circle is not None:
        from ..core.classic.actions import Situation, circle_problems, fulfil, judge, reached
        from ..render.classic_actions import (
            action_name,
            fulfilment_answer,
            fulfilment_report,
            reason_text,
            verdict_answer,
            verdict_report,
        )
        from ..rulesdata import load_classic_actions

        acts = load_classic_actions()
        wrong = circle_problems(circle, acts, rules.bowls)
        if wrong:
            raise InputError([Problem("--actions", None, actions, reason_text(r, acts)) for r in wrong])
        action = reached(circle, result.target)
        special = None
        if special_kind is not None and player is not None and result.tile_fulfillable:
            special = fulfil(special_kind[0], special_kind[1], player, rules, acts)
            answer["fulfilment"] = fulfilment_answer(special, acts)
        if player is not None:
            report.append(_("For {player}:").format(player=player.name))
        report += fulfilment_report(result.tile_fulfillable, acts, special)
        if player is None:
            answer["action"] = {"action": action.value, "bowl": result.target, "ref": str(acts.ref(action.value))}
            report.append(_("The stones reach bowl {bowl}: {action} ({ref}).").format(
                bowl=result.target, action=action_name(action), ref=acts.ref(action.value)))
        else:
            situation = Situation(hand=parsed_hand, province_points=province, foreign=foreign,
                                  own_legionary_there=own_there, arch=arch, bowls_after=result.bowls_after,
                                  senate_points_here=senate_points, building=building, site_taken=site_taken,
                                  **{k: v for k, v in situation_parts.items() if v is not None})
            verdict = judge(action, player, situation, rules, acts)
            answer["action"] = verdict_answer(verdict, result.target, acts)
            answer["player"] = player.name
            report += verdict_report(verdict, result.target, acts, rules)
    emit(answer, None if json else "\n".join(report), json)


@app.command("province")
def province(
    points: Annotated[int, typer.Option("--points", metavar="N", min=0,
                                        help="The points printed in the province.")] = ...,
    foreign: Annotated[int, typer.Option("--foreign", metavar="K", min=0,
                                         help="Other players' legionaries already there (0-3).")] = 0,
    json: JsonFlag = False,
):
    """Points for sending a legionary into a province: N - 3 per other legionary there, at least 0."""
    from ..core.classic.military import province_points
    from ..render.classic import province_answer, province_report
    from ..rulesdata import load_classic_rules

    rules = load_classic_rules()
    if foreign > rules.province_most_foreign:
        raise typer.BadParameter(_("{foreign}: a province holds at most one legionary of each other "
                                   "player, so 0 to {most} ({ref})").format(
                                 foreign=foreign, most=rules.province_most_foreign, ref=rules.ref("province")),
                                 param_hint="--foreign")
    gained = province_points(points, foreign, rules)
    emit(province_answer(points, foreign, gained, rules),
         None if json else province_report(points, foreign, gained, rules), json)


@app.command("board", short_help="What a saved game keeps of each player's board, as sheets.")
def board(
    game: GameOption = None,
    player: Annotated[str | None, typer.Option("--player", "-p", metavar="PLAYER",
                                               help="One player's board alone: the sheet file's text.")] = None,
    json: JsonFlag = False,
):
    """The board the game keeps for each player: the sheet given at the last quarter end,
    less the forum tiles and demand jokers used for its demands and the senate tiles (S. 9).
    With --player, the sheet alone, ready to save as a file and correct."""
    from ..core.game import player_named
    from ..games import store
    from ..render.classic import kept_boards_answer, kept_boards_report
    from .common import pick_game

    stored = pick_game(game, TRAJAN)
    memory = store.replay(stored).scoring.memory
    names = list(stored.game.players)
    if player is not None:
        found = player_named(player, names)
        if found is None:
            raise InputError([Problem("--player", None, player, _(
                "not a player of this game; players: {players}").format(players=", ".join(names)))])
        names = [found]
    kept = [memory.players[name] for name in names]
    if json:
        emit(kept_boards_answer(kept), None, json)
    else:  # sheet files: lines kept whole, never broken to fit the terminal
        typer.echo(kept_boards_report(kept, alone=player is not None))


@app.command("score")
def score(
    game: GameOption = None,
    answers: Annotated[Path | None, typer.Option(
        "--answers", metavar="FILE",
        help="Answers given ahead (TOML, one table per player, each answer by its question's key, "
             "e.g. \"needs.marker\" = 12): what it gives is not asked.")] = None,
    no_input: Annotated[bool, typer.Option(
        "--no-input", help="Ask nothing: a question left open by --answers is an error.")] = False,
    json: WalkJsonFlag = False,
):
    """Walk the group through a quarter end (demands, senate) and, after quarter IV, the
    final scoring of a saved Trajan (2011) game (start one with: trajan game new GAME --variant trajan)."""
    run_walk(game, variant=TRAJAN, answers=answers, no_input=no_input, json=json)
