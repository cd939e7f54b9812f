"""`trajan demo`: the rulebook's scoring example (p. 28) through the real walkthrough."""

from ..i18n import _
from .options import EXAMPLES_DIR, say


def demo_answers() -> list:
    """Tom's third scoring phase: he pays rows 3-5 and keeps a coin for card III-4 (p. 28)."""
    return [
        "file", 0, str(EXAMPLES_DIR / "tom-before-payment.toml"), [3, 4, 5],
        "file", str(EXAMPLES_DIR / "tom-forum.toml"), 9,  # the file marks Tom's envoys T
        7,
    ]


def demo():
    """Replay the rulebook's scoring example (Tom, p. 28) with the answers filled in."""
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
