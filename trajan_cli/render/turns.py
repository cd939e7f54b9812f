"""The words for the game record: why a line is refused (core/turns/problems.py), what a
recorded turn did, and where play stands next. Translated; the pages follow the edition."""

from __future__ import annotations

from ..core.game import Plural
from ..core.turns.problems import TurnProblem, TurnRule
from ..i18n import N_, _, ngettext
from ..parsing.notation import resources_text

#: One sentence per rule; ``{page}`` is the rulebook page in the player's edition.
TEMPLATES: dict[TurnRule, str] = {
    TurnRule.UNKNOWN_PLAYER: N_("{player!r} is not a player of this game ({players})"),
    TurnRule.NOT_YOUR_TURN: N_("it is {due}'s turn in round {round}, not {player}'s: play goes "
                               "clockwise from the round's starting player ({page})"),
    TurnRule.ROUND_ORDER: N_("round {round} cannot begin now: the next round is {expected} "
                             "({page})"),
    TurnRule.ROUND_IN_PLAY: N_("round {round} is in play: {due}'s turn is next, and a round ends "
                               "only when every player has had a turn ({page})"),
    TurnRule.ROUND_TWICE: N_("round {round} has begun already, with the street cards {streets}: "
                             "a round's cards come out once ({page})"),
    TurnRule.CYCLE_OVER: N_("cycle {cycle} is over after its round 4: score it first with "
                            "trajan score ({page})"),
    TurnRule.GAME_OVER: N_("the game is over after the third scoring phase ({page})"),
    TurnRule.NO_BOARD: N_("{player}'s board is not recorded: record the set-up first (trajan "
                          "board import or a 'board' line) ({page})"),
    TurnRule.NO_FORUM: N_("the forum is not recorded: record it first (trajan board import "
                          "--forum, or a 'forum' line) ({page})"),
    TurnRule.TAKE_TWICE: N_("{cell} is taken twice; each space holds one tile"),
    TurnRule.TAKE_NOT_COVERED: N_("{cell} holds no Colonia tile any more (it shows {shown}): "
                                  "only a covered space gives one ({page})"),
    TurnRule.TAKE_NO_TRIBUNE: N_("a tile outside the round's streets costs a tribune: {n} needed, "
                                 "{have} owned ({page})"),
    TurnRule.CRANE_UNKNOWN: N_("the colour of the crane under {cell} is not recorded: record it "
                               "in the board's [cranes] first ({page})"),
    TurnRule.USE_MISSING: N_("a player must use one of the tiles on their turn: add 'use own: "
                             "...' or 'use received: ...' ({page})"),
    TurnRule.USE_NO_OWN: N_("no tile was taken this round, so there is no own tile to use "
                            "({page})"),
    TurnRule.RECEIVED_NONE: N_("{passer} passed no tile to {receiver} this round (fewer than two "
                               "taken) and none of {passer}'s tiles lies beside {receiver}'s "
                               "colonia, so {receiver} had no received tile to use ({page})"),
    TurnRule.NOT_ON_A_TILE: N_("a Colonia tile shows no victory points ({page})"),
    TurnRule.ROW_FULL: N_("citizen row {row} holds two citizens already ({page})"),
    TurnRule.BONUS_UNSAID: N_("the second citizen of row {row} gives a bonus: say which with "
                              "'bonus ...' ({choices}) ({page})"),
    TurnRule.BONUS_WRONG: N_("{given!r} is not a bonus on offer here ({choices}) ({page})"),
    TurnRule.BONUS_UNWANTED: N_("a bonus is named for row {row}, but only a second citizen in a "
                                "row gives one ({page})"),
    TurnRule.BUILD_TWICE: N_("one building tile per turn; a second only after a fourth basilica "
                             "in the same turn ({page})"),
    TurnRule.PAY_UNSAID: N_("several ways to pay: say which with 'pay ...': {ways} ({page})"),
    TurnRule.PAY_NOT_A_WAY: N_("{pay} is not a way to pay for this tile with this turn's "
                               "exchanges; the ways: {ways} ({page})"),
    TurnRule.STEP_NOT_OFFERED: N_("take {take}: the build does not offer that benefit-track space; "
                                  "the spaces it offers: {offered} ({page})"),
    TurnRule.STEP_NO_TRACK: N_("take {take}: the tile brings no benefit-track space ({page})"),
    TurnRule.WORKER_UNSAID: N_("the library's benefit gives a worker: say its colour, e.g. "
                               "'worker g' ({page})"),
    TurnRule.WORKER_UNWANTED: N_("a worker colour is named, but no benefit taken gives a worker "
                                 "({page})"),
    TurnRule.ENVOY_UNSAID: N_("an envoy may go on {cells}: say where ('envoy CELL') or 'envoy "
                              "none' (an envoy is optional) ({page})"),
    TurnRule.ENVOY_ILLEGAL: N_("{cell} is not a square of the forum ({page})"),
    TurnRule.AREA_BONUS_SAME: N_("Patrician II takes two different area bonuses, not {given} "
                                 "({page})"),
    TurnRule.TILE_UNSAID: N_("the fourth library or market space gives a Colonia tile: say which "
                             "and what it shows, 'tile CELL: ...' ({page})"),
    TurnRule.TILE_UNWANTED: N_("a tile is named, but only the fourth library or market space "
                               "gives one ({page})"),
    TurnRule.TILE_NOT_COVERED: N_("{cell} holds no Colonia tile to take ({page})"),
    TurnRule.EXCHANGE_NOT_ALLOWED: N_(
        "'exchange {give} for {get}' is no exchange the rules allow: two workers of one colour "
        "for a builder, an assistant and a worker for a worker of another colour ({page}), or "
        "an active citizen's ({citizens})"),
    TurnRule.EXCHANGE_NO_CITIZEN: N_(
        "'exchange {give} for {get}' is {citizen}'s exchange, and no active {citizen} is in "
        "this colonia ({page})"),
    TurnRule.EXCHANGE_SHORT: N_(
        "'exchange {give} for {get}' gives {given}, but the supply holds {have} then ({page})"),
    TurnRule.EXCHANGE_COLOUR_AT_HAND: N_(
        "'exchange {give} for {get}': by this game's house rule an assistant changes a worker's "
        "colour only while no {worker} is left in the supply ({page})"),
}


#: The sentences that count: the detail that counts, and the sentence in both forms, each
#: language choosing its form by its own rule ("1 tile", "2 tiles").
COUNTED: dict[TurnRule, tuple[str, Plural]] = {
    TurnRule.TAKE_TOO_MANY: ("n", Plural(
        "{n} tile taken; a player takes two Colonia tiles a round ({page})",
        "{n} tiles taken; a player takes two Colonia tiles a round ({page})", 0)),
    TurnRule.TAKE_TOO_FEW: ("n", Plural(
        "{n} tile taken, but the round's streets still offer {offered}: fewer than two only "
        "when a named street has no tile left ({page})",
        "{n} tiles taken, but the round's streets still offer {offered}: fewer than two only "
        "when a named street has no tile left ({page})", 0)),
    TurnRule.USE_BOTH_TRIBUNES: ("n", Plural(
        "using both tiles costs {n} tribune owned before the turn; {have} owned ({page})",
        "using both tiles costs {n} tribunes owned before the turn; {have} owned ({page})", 0)),
    TurnRule.ENVOY_TOO_MANY: ("given", Plural(
        "{n} envoy named, but the build sends {sends} ({page})",
        "{n} envoys named, but the build sends {sends} ({page})", 0)),
}


def _area_bonus_count_text(problem: TurnProblem) -> str:
    """Too few or too many area bonuses named (p. 25); with Patrician II one or two
    different ones for each area completed (p. 26: "not only 1, but 2 different")."""
    d = problem.details
    most, least = d["n"], d.get("least", d["n"])
    named = Plural("{n} area bonus named", "{n} area bonuses named", d["given"])
    params = {"named": named, "most": most, "choices": d["choices"], "page": problem.page}
    if least == most:
        return Plural("{named}, but {n} was earned: name one per area completed or second "
                      "market space ({choices}) ({page})",
                      "{named}, but {n} were earned: name one per area completed or second "
                      "market space ({choices}) ({page})", most, params).show()
    return Plural("{named}: with Patrician II the area completed (or the second market space) "
                  "gives one or two different ones ({choices}) ({page})",
                  "{named}: with Patrician II each of the {n} areas completed (or second market "
                  "spaces) gives one or two different ones, {n} to {most} in all ({choices}) "
                  "({page})", least, params).show()


def build_part(build) -> str:
    """A build as the ``build ...`` part of a turn line."""
    from ..core.turns.moves import Turn
    from ..parsing.notation import format_line

    return format_line(Turn("x", builds=(build,))).split(": ", 1)[1]


def _outside_turn_text(problem: TurnProblem) -> str:
    """A build line in a game kept by turns (p. 22): where play stands, and the build part
    of the turn line that records it."""
    d = problem.details
    if d["waits"] is not None:
        now = _("cycle {cycle} is over and waits for its scoring").format(cycle=d["waits"])
    elif d["due"] == d["player"]:
        now = _("it is {player}'s turn (round {round})").format(player=d["due"], round=d["round"])
    else:
        now = _("{due} plays next (round {round})").format(due=d["due"], round=d["round"])
    return _("this cycle is kept by turns: a build is part of its player's turn, one building "
             "tile a turn ({page}); record it with trajan turn in {player}'s turn line, as its "
             "part '{part}'; {now}").format(page=problem.page, player=d["player"],
                                            part=build_part(d["build"]), now=now)


def problem_text(problem: TurnProblem) -> str:
    """One reason a line is refused, with its page."""
    if problem.rule is TurnRule.BUILD_OUTSIDE_TURN:
        return _outside_turn_text(problem)
    if problem.violation is not None:
        from ..render.referee import reason_text
        from ..rulesdata import load_rules

        text = reason_text(problem.violation, load_rules())
        if problem.rule is TurnRule.ENVOY_ILLEGAL:
            return _("envoy on {cell}: {reason} Legal squares: {legal}.").format(
                cell=problem.details["cell"], reason=text, legal=problem.details["legal"])
        return text
    details = dict(problem.details)
    if problem.rule.value.startswith("exchange_"):
        return _exchange_text(problem, details)
    if "ways" in details:
        details["ways"] = "; ".join(_pay_words(w) for w in details["ways"])
    if "pay" in details:
        details["pay"] = _pay_words(details["pay"])
    if "shown" in details:
        from ..parsing.grid import token_of

        details["shown"] = token_of(details["shown"])
    if problem.rule is TurnRule.AREA_BONUS_COUNT:
        return _area_bonus_count_text(problem)
    if problem.rule is TurnRule.ROUND_TWICE and not details["streets"]:
        return _("round {round} has begun already (its street cards were not named): a round's "
                 "cards come out once ({page})").format(page=problem.page, **details)
    if problem.rule in COUNTED:
        key, sentence = COUNTED[problem.rule]
        count = details.pop(key)
        if "n" in details:  # the other number the sentence names
            details["sends"] = details.pop("n")
        return sentence._replace(n=count, params={"page": problem.page, **details}).show()
    return _(TEMPLATES[problem.rule]).format(page=problem.page, **details)


def _exchange_text(problem: TurnProblem, details: dict) -> str:
    """Why an exchange made on the turn is refused (pp. 21, 26, 28), naming it as written."""
    from ..core.vocabulary import citizen_name

    details["give"] = resources_text(details["give"])
    details["get"] = resources_text(details["get"])
    if "citizen" in details:
        details["citizen"] = citizen_name(details["citizen"])
    if "worker" in details:
        details["worker"] = resources_text(((details["worker"], 1),))
    if problem.rule is TurnRule.EXCHANGE_LIMIT:
        return Plural(
            "'exchange {give} for {get}': {citizen} exchanges once a turn, and this turn has "
            "made that exchange already (those inside a build's payment count too) ({page})",
            "'exchange {give} for {get}': {citizen} exchanges {n} times a turn, and this turn "
            "has made them all already (those inside a build's payment count too) ({page})",
            details.pop("times"), {"page": problem.page, **details}).show()
    if problem.rule is TurnRule.EXCHANGE_SHORT:
        details["given"] = resources_text(((details.pop("what"), details.pop("n")),))
    return _(TEMPLATES[problem.rule]).format(page=problem.page, **details)


def _pay_words(bag) -> str:
    """A payment as the notation writes it (what to type after 'pay')."""
    return "pay " + resources_text(tuple((r.value, n) for r, n in bag))


# --- Where play stands --------------------------------------------------------------------


def where_next(state) -> dict:
    """What comes next, for `trajan turn --json` (``Progress.next``, the one answer): the
    round in play or the next one and whose turn, or the cycle waiting for its scoring."""
    from ..core.standings import NextKind

    up = state.next()
    if up.kind is NextKind.OVER:
        return {"over": True}
    if up.kind is NextKind.SCORING:
        play = state.table.play
        return {"cycle": up.period, "round": play.round if play.cycle is not None else 0,
                "player": None, "cycle_over": up.cycle_over, "scored": False}
    return {"cycle": up.period, "round": up.round, "player": up.player,
            "new_round": up.kind is NextKind.ROUND, "cycle_over": False}


def next_text(up, game_name: str, game=None) -> str:
    """What comes next (a ``core.standings.Next``), as one sentence: a turn, a round to
    begin, the scoring phase (``game`` names its step and period), or the end."""
    from ..core.standings import NextKind
    from ..core.vocabulary import Cycle

    if up.kind is NextKind.OVER:
        return _("The game is over.")
    if up.kind is NextKind.SCORING:
        if up.cycle_over:
            return _("Cycle {cycle} is over: score it with trajan score --game \"{game}\".").format(
                cycle=Cycle(up.period).numeral, game=game_name)
        step, period = scoring_words(up, game)
        return _("Next: {step}, {period}.").format(step=step, period=period)
    cycle = Cycle(up.period)
    if up.kind is NextKind.ROUND:
        return _("Next: round {cycle}.{round}, {player} starts (name its street cards with "
                 "'round {cycle}.{round}: streets S S').").format(
            cycle=cycle.numeral, round=up.round, player=up.player)
    return _("Next: {player}'s turn in round {cycle}.{round}.").format(
        player=up.player, cycle=cycle.numeral, round=up.round)


def scoring_words(up, game) -> tuple[str, str]:
    """The step and the period of a scoring question to come, as a sentence names them."""
    from ..core.standings import period_and_step
    from .standings import period_name, view_of

    period, step = period_and_step(game.variant, up.period, up.step)
    return view_of(game).step_name(step), period_name(game, period)


def next_brief(up, game) -> str:
    """What comes next in a few words (`trajan game list`)."""
    from ..core.standings import NextKind
    from ..core.vocabulary import Cycle

    if up.kind is NextKind.OVER:
        return _("finished")
    if up.kind is NextKind.SCORING:
        step, period = scoring_words(up, game)
        return _("next: {step}, {period}").format(step=step, period=period)
    where = f"{Cycle(up.period).numeral}.{up.round}"
    if up.kind is NextKind.ROUND:
        return _("next: round {round}, {player} starts").format(round=where, player=up.player)
    return _("next: {player}'s turn in round {round}").format(player=up.player, round=where)


def turn_line_text(recorded) -> str:
    """A recorded line, and what it did: points, the ship, the tribunes a take cost."""
    from ..core.turns.referee import TurnDone

    text = _("Recorded: {line}").format(line=recorded.text)
    done = recorded.done
    if isinstance(done, TurnDone):
        facts = []
        if done.tribunes_for_take:
            facts.append(ngettext("{n} tribune for a tile outside the streets",
                                  "{n} tribunes for tiles outside the streets",
                                  done.tribunes_for_take).format(n=done.tribunes_for_take))
        if done.points:
            facts.append(ngettext("{n} victory point during play", "{n} victory points during play",
                                  done.points).format(n=done.points))
        facts.append(ngettext("{n} envoy on the ship", "{n} envoys on the ship",
                              done.ship).format(n=done.ship))
        text += "\n  " + "; ".join(facts)
    return text


# --- The whole record (`trajan game log`) ---------------------------------------------------


# --- A build recorded (`trajan build`) ------------------------------------------------------

#: The area bonuses as a player reads them (p. 25).
BONUS_NAMES = {"tribune": N_("1 tribune"), "assistant": N_("1 assistant"), "coin": N_("1 coin"),
               "upgrade": N_("1 upgrade on the slide bar"), "vp": N_("2 victory points")}


def bonus_name(word: str) -> str:
    return _(BONUS_NAMES[word])


def build_done_lines(player: str, line: str, done, verdict, rules, verbose: bool) -> list[str]:
    """What a recorded build did, in a few lines: the line kept, the payment (every way
    with ``verbose``), what went into the supply, the envoys, the points."""
    from ..core.referee.payment import Resource
    from ..render.referee import bag_text, benefit_text, step_text

    lines = [_("Recorded for {player}: build {line}").format(player=player, line=line)]
    if verbose:
        lines.append(_("Ways to pay ({n}), with the exchanges allowed this turn:").format(
            n=len(verdict.payments)))
        for i, p in enumerate(verdict.payments, 1):
            how = "; ".join(step_text(s, rules) for s in p.steps)
            lines.append(f"  {i}. {bag_text(p.spent)}" + (f"   [{how}]" if how else ""))
        lines += [f"  - {benefit_text(b, rules, done and 0)}" for b in verdict.benefits]
    facts = []
    supply = {k: n for k, n in done.gained.items() if k != "upgrade" and n}
    if supply:
        facts.append(_("into the supply: {resources}").format(
            resources=bag_text(tuple((Resource(k), n) for k, n in supply.items()))))
    if done.gained.get("upgrade"):
        facts.append(ngettext("{n} upgrade on the slide bar", "{n} upgrades on the slide bar",
                              done.gained["upgrade"]).format(n=done.gained["upgrade"]))
    if done.envoys:
        facts.append(_("envoys on {cells}").format(cells=", ".join(done.envoys)))
    if done.points:
        facts.append(ngettext("{n} victory point during play", "{n} victory points during play",
                              done.points).format(n=done.points))
    if facts:
        lines.append("  " + "; ".join(facts) + ".")
    return lines


# --- Points during play (`trajan game show` while a cycle is kept by turns) ----------------


def in_play_json(state) -> dict:
    """Where play stands and each player's points scored during play in the cycle so far."""
    play = state.table.play
    points = play.points_in(play.cycle)
    return {"cycle": int(play.cycle), "round": play.round, "next": where_next(state),
            "points": {p: points[p] for p in play.players}}


def in_play_text(state) -> list[str]:
    play = state.table.play
    points = play.points_in(play.cycle)
    return [_("Cycle {cycle}, round {round}, kept turn by turn; points scored during play so far: "
              "{points}.").format(cycle=play.cycle.numeral, round=play.round,
                                  points=", ".join(f"{p} {points[p]}" for p in play.players))]
