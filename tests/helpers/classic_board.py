"""The quarter-IV case of Trajan (2011) that the kept board settles (S. 9): Green and Brown,
the rulebook's S. 9 senate example, with their sheets as quarter IV ends and at the end of
the game. Used by tests/test_classic_board.py and tests/test_classic_answers.py."""

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.classic.vocabulary import Quarter

from helpers.classic_game import trajan_game

BROWN_FINAL = (EXAMPLES_DIR / "classic-brown.toml").read_text(encoding="utf-8")
GREEN_FINAL = (EXAMPLES_DIR / "classic-green.toml").read_text(encoding="utf-8")
NEEDS_TILE = '\n[[bonus_tiles]]\nkind = "needs"\nside = "yellow"\n'
CITY_TILE = '\n[[bonus_tiles]]\nkind = "city_workers"\nside = "gray"\n'
# As quarter IV ends, before the senate hands out the tiles it wins them.
BROWN_IV = BROWN_FINAL.replace(NEEDS_TILE, "")
GREEN_IV = GREEN_FINAL.replace(CITY_TILE, "")
# The final sheets as the rulebook has them: Brown's bread tile and joker gone, one of
# Green's two games tiles gone.
BROWN_RIGHT = BROWN_FINAL.replace("forum_needs = { bread = 1 }", "forum_needs = {}").replace(
    "demand_jokers = 1", "demand_jokers = 0")
GREEN_RIGHT = GREEN_FINAL.replace("games = 2", "games = 1")
DEMANDS = "bread,games,religion"


def quarter_iv(write) -> tuple:
    game = trajan_game(players=("Green", "Brown"), start_player="Green", first_cycle=Quarter.IV)
    green, brown = write("green-iv.toml", GREEN_IV), write("brown-iv.toml", BROWN_IV)
    return game, [DEMANDS, "file", 60, str(green), "file", 55, str(brown)]
