"""`trajan demo`: the rulebook's scoring example (p. 28) through the real walkthrough;
`trajan demo classic`: a Trajan (2011) quarter end from its rulebook's examples (S. 9) and
a final scoring from a whole game kept as a record."""

from typing import Annotated

import typer

from ..i18n import _, ngettext
from .options import EXAMPLES_DIR, say

#: The games `trajan demo GAME` shows: Forum Trajanum's scoring phase, or Trajan (2011)'s.
DEMOS = ("forum-trajanum", "classic")
#: The whole Trajan (2011) game the final scoring is taken from: the golden game of the
#: tests (tests/records/classic-golden-3p.txt), shipped as it is.
CLASSIC_RECORD = "classic-golden-3p.txt"


def demo_answers() -> list:
    """Tom's third scoring phase: he pays rows 3-5 and keeps a coin for card III-4 (p. 28)."""
    return [
        "file", 0, str(EXAMPLES_DIR / "tom-before-payment.toml"), [3, 4, 5],
        "file", str(EXAMPLES_DIR / "tom-forum.toml"), 9,  # the file marks Tom's envoys T
        7,
    ]


def demo(which: Annotated[str | None, typer.Argument(
        metavar="[classic]", help="classic: Trajan (2011)'s quarter end and final scoring.")] = None):
    """Replay the rulebook's scoring example (Tom, p. 28) with the answers filled in; with
    'classic', a Trajan (2011) quarter end and final scoring."""
    chosen = (which or DEMOS[0]).strip().lower()
    if chosen in ("classic", "trajan"):
        classic_demo()
        return
    if chosen != DEMOS[0]:
        raise typer.BadParameter(_("use one of {games}").format(games=", ".join(DEMOS)), param_hint="[classic]")
    _forum_trajanum_demo()


def _forum_trajanum_demo():
    from ..core.game import Game
    from ..core.vocabulary import Cycle
    from ..games.walk import walk
    from ..rulesdata import load_rules
    from ..ui.prompts import ScriptedPrompter

    say(_("The rulebook's scoring example (p. 28): Tom's third and last scoring phase, "
                 "card III-4. The answers are filled in; at your table, 'trajan score' asks the "
                 "same questions. Tom's points before this phase are not in the example, so they "
                 "count as 0 here."))
    say("")
    game = Game("rulebook example", ("Tom",), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III)
    # The shipped files by their names: where the package is installed says nothing here.
    shipped = {str(EXAMPLES_DIR / name): name for name in ("tom-before-payment.toml", "tom-forum.toml")}
    result = walk(game, ScriptedPrompter(demo_answers(), echo=say, file_labels=shipped), rules=load_rules())
    say("")
    say(_("Tom scores {points} points in this phase: 3 + 22 + 6 + 9 + 14, as on p. 28.").format(
        points=result.state.totals()["Tom"]))


def classic_demo():
    """Trajan (2011): the rulebook's quarter-end examples (S. 9), Green and Brown, through
    the tool's demands and senate; then the final scoring of a whole game kept as a record,
    since the rulebook prints no worked final scoring."""
    from ..core.classic.final import final_score
    from ..core.classic.quarter import SenateEntry, meet_demands, senate_ranking
    from ..core.classic.vocabulary import Demand
    from ..games.record_file import read_record
    from ..games.walk import replayed
    from ..parsing.classic_sheet import load_classic_sheet
    from ..parsing.tomlfile import read_text
    from ..render.classic import final_report, needs_report, senate_report
    from ..render.standings import standings_table
    from ..rulesdata import load_classic_rules

    rules = load_classic_rules()
    green = load_classic_sheet(EXAMPLES_DIR / "classic-green.toml")
    brown = load_classic_sheet(EXAMPLES_DIR / "classic-brown.toml")
    say(_("Trajan (2011), a quarter end from the German rulebook's examples (S. 9). The demands "
          "bread, games and religion lie open; Green holds a games forum tile and a religion "
          "Trajan tile. Green and Brown stand on the same senate space, 5 votes, Green's disc on "
          "top; Brown holds a senate tile of 3 votes."))
    say("")
    demands = (Demand.BREAD, Demand.GAMES, Demand.RELIGION)
    met = meet_demands(demands, green.forum_needs, green.trajan_needs, green.demand_jokers, rules)
    say(needs_report(green.name, met, rules))
    say(ngettext("As in the rulebook: Green gives the games tile (it leaves the game), keeps the "
                 "Trajan tile, and loses {points} point for the bread.",
                 "As in the rulebook: Green gives the games tile (it leaves the game), keeps the "
                 "Trajan tile, and loses {points} points for the bread.", -met.penalty).format(points=-met.penalty))
    say("")
    entries = [SenateEntry(p.name, p.senate_votes, sum(p.senate_tiles), p.senate_space) for p in (green, brown)]
    senate = senate_ranking(entries, [green.name, brown.name])
    say(senate_report(senate, rules, all(e.space is not None for e in entries)))
    say(_("As in the rulebook: level on the track, Green's disc on top would win, but Brown's "
          "senate tile makes it {brown} to {green}: Brown is consul, Green deputy.").format(
        brown=senate.places[0].entry.votes, green=senate.places[1].entry.votes))
    say("")
    say(_("The rulebook prints no worked example of a final scoring. Here is the final scoring "
          "of a whole three-player game kept as a record ({record}), every total of which was "
          "worked out by hand from S. 9 and „Die Bonustafeln“ before the tool was run.").format(
        record=CLASSIC_RECORD))
    say("")
    record = read_record(read_text(EXAMPLES_DIR / CLASSIC_RECORD), CLASSIC_RECORD).game
    state = replayed(record)
    kept = state.scoring.memory.players["Ann"].board
    say(_("Ann scores the board the game kept after quarter IV: the two games tiles and the "
          "demand joker she gave up at the last demands are gone (S. 9)."))
    say(final_report("Ann", final_score(kept, rules), rules))
    say("")
    say(standings_table(record, state))  # with the ranking: level on 106, the senate decides
