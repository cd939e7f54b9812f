"""`trajan build`: judge a build on a player's recorded board and record it when legal.

A legal build is recorded as a line of the game record (``build Ann: lib C1 pay builder
...``), with complete books: the payment, the benefit-track space and what it gives, the
envoys and the area bonus they earn, the ship, the fourth space's tile, the points. Every
choice the rules leave is taken from the options, asked in a terminal, and without one left
not taken (never guessed) and said so; what the referee refuses is refused with every reason,
exit status 2. In a cycle kept by turns a build is part of its player's turn: it is refused
here, with the ``build ...`` part of the turn line that records it with `trajan turn`.
"""

from typing import Annotated

import typer

from ..i18n import _, ngettext
from ..parsing.errors import InputError, Problem
from .options import JsonFlag, colour_named, emit


def build(
    words: Annotated[list[str], typer.Argument(
        metavar="GAME TILE CELL [CELL]", show_default=False,
        help="The saved game, the tile (lib, g, col+g, g+g, ...) and the space for each part, "
             "in order.")],
    player: Annotated[str, typer.Option("--player", "-p", metavar="PLAYER", help="Who builds.")],
    citizen: Annotated[list[str] | None, typer.Option(
        "--citizen", metavar="NAME",
        help="Count this citizen as active too (craftsman-i, merchant-ii, ...); repeatable.")] = None,
    pay: Annotated[int | None, typer.Option(
        "--pay", metavar="N", min=1,
        help="Which way to pay was used: the cheapest as check build lists them, then those "
             "that spend more.")] = None,
    envoy: Annotated[list[str] | None, typer.Option(
        "--envoy", metavar="CELL", help="The forum square of each envoy sent, in order (a coloured "
                                        "structure's, a third library or market space's; '-' for "
                                        "one not sent); 'none' sends none.")] = None,
    take: Annotated[list[int] | None, typer.Option(
        "--take", metavar="STEP", min=0,
        help="The benefit taken on the track (its space, 1-4; 0: none; default: the space "
             "reached).")] = None,
    worker: Annotated[str | None, typer.Option(
        "--worker", metavar="COLOUR",
        help="The colour of a worker the benefit gives (b, g, o, y).")] = None,
    bonus: Annotated[list[str] | None, typer.Option(
        "--bonus", metavar="B", help="The area bonus taken (tribune, assistant, coin, upgrade, vp; "
                                     "two different ones with Patrician II; 'none').")] = None,
    tile: Annotated[str | None, typer.Option(
        "--tile", metavar="'CELL: GAIN'",
        help="The fourth library or market space: the Colonia tile taken and what it shows, "
             "e.g. 'D4: 2 coin'.")] = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Every way to pay, and the board before the build too.")] = False,
    json: JsonFlag = False,
):
    """Judge a build on the player's recorded board (as check build) and record it when legal.

    In a cycle kept by turns a build is part of its turn: record it with trajan turn."""
    from ..core.referee.build import check_build, with_active
    from ..core.referee.verdict import Rule
    from ..games import recording, store
    from ..games.store import replay
    from ..render.referee import build_answer
    from ..rulesdata import load_rules
    from .check import citizen_notes, citizens_named, tile_and_cells

    if len(words) < 3 or len(words) > 4:
        raise typer.BadParameter(_("expected GAME TILE CELL [CELL]"), param_hint="GAME TILE CELL [CELL]")
    name, words = words[0], words[1:]
    problems: list[Problem] = []
    parsed_tile, squares = tile_and_cells(words, problems)
    extra = citizens_named(citizen, problems)
    worker_colour = None if worker is None else colour_named(worker, "--worker", problems)
    if problems:
        raise InputError(problems)
    stored = store.load(name)
    who = recording.resolve_player(stored.game, player)
    state = replay(stored)  # a real table: the turns' state too
    table = state.table
    sheet = table.board(who)
    if sheet is None:
        raise recording.no_board(name, who)
    rules = load_rules().reading(stored.game.readings)  # the game's house rules
    added = [c for c in dict.fromkeys(extra) if not sheet.has_active(c)]
    judged = with_active(sheet, added)
    cycle = state.position[0] if not state.finished else None
    verdict = check_build(judged, parsed_tile, tuple(squares), rules, cycle=cycle,
                          forum=table.forum)
    ways = _Ways(verdict, judged, rules)
    if not state.finished:
        _refuse_outside_turn(table, who, parsed_tile, tuple(squares), verdict, rules, ways, pay,
                             envoy, take, worker_colour, bonus, tile)
    notes = citizen_notes(added)
    answer = build_answer(verdict, rules, sheet.supply.ship, notes)
    if not verdict.legal or state.finished:
        answer["recorded"] = False
        lines = [] if json else [_refusal_report(who, verdict, rules, judged, notes)]
        if state.finished:
            lines.append(_("Not recorded: the game is over; its boards are kept as they were scored."))
        else:
            lines.append(_("Not recorded: the build is not legal."))
            if all(v.rule is Rule.NO_PAYMENT for v in verdict.violations):
                # Resources taken during the cycle are not recorded until the supply is updated.
                lines.append(_("If {player}'s supply holds more than the board records, update it "
                               "first: trajan board edit \"{game}\" --player \"{player}\"").format(
                    player=who, game=name))
        emit(answer, "\n".join(lines), json)
        raise typer.Exit(2)  # nothing recorded: as a refused `trajan turn`
    if added:  # judged on a board the record does not show: kept as before (legacy record)
        from .build_citizens import record_with_citizens

        record_with_citizens(stored, who, table, judged, parsed_tile, words, verdict, added, pay,
                             envoy, take, worker_colour, rules, answer, notes, json, ways)
        return
    _check_envoy_option(verdict, sheet.supply.ship, envoy, rules)
    choices = _Choices(verdict, rules, interactive=_interactive(json), ways=ways)
    line, open_benefits, pending = choices.settle(
        table, who, cycle, parsed_tile.token, tuple(squares), pay, envoy, take, worker_colour,
        bonus, tile)
    saved, recorded, refusal, after_state = recording.record_lines(
        stored.path, [(None, f"build {who}: {line}")], "trajan build")
    if refusal is not None:
        raise refusal
    done = recorded[0].done
    after = after_state.table.board(who)
    answer |= {"recorded": True, "line": recorded[0].text, "payment": choices.way + 1,
               "envoys": list(done.envoys), "gained": _supply_gains(done.gained),
               "points": done.points}
    if open_benefits:
        answer["benefit_not_taken"] = open_benefits
    if pending:
        answer["envoy_squares"] = pending
    declined = _declined(choices, done, verdict)
    if declined:
        answer["envoys_declined"] = declined
    action = _track_action(done, verdict)
    if action == "extra_building_action":
        answer["extra_build"] = True
    no_forum = after_state.table.forum is None
    report = None if json else _recorded_report(who, name, recorded[0], done, verdict, rules,
                                                after, open_benefits, pending, verbose, declined,
                                                action, no_forum)
    emit(answer, report, json)


def _refuse_outside_turn(table, who, tile, squares, verdict, rules, ways, pay, envoy, take,
                         worker, bonus, tile_taken) -> None:
    """In a cycle kept by turns, refused before anything is asked (p. 22), naming the build
    as the ``build ...`` part of the turn line, with what the options say (each checked
    as when the build is recorded)."""
    from ..core.turns.moves import Build
    from ..core.turns.problems import TurnRefused
    from ..core.turns.referee import builds_go_in_turns, refuse_build_outside_turn
    from ..render.turns import problem_text

    if not builds_go_in_turns(table):
        return
    # The ship is the turn's to count: the own tile goes onto it before the build (p. 21).
    _check_envoy_option(verdict, len(envoy or ()), envoy, rules)
    way = None
    if pay is not None:
        way = tuple((r.value, n) for r, n in ways.named(pay)[1].spent)
    options = _Choices(verdict, rules, interactive=False, ways=ways)
    build = Build(tile.token, squares, pay=way, take=options._step(take), worker=worker,
                  envoys=options._envoy_option(envoy), bonus=options._bonus_option(bonus),
                  tile_taken=options._tile_option(tile_taken))
    try:
        refuse_build_outside_turn(table, who, build, rules)
    except TurnRefused as exc:
        raise InputError([Problem("trajan build", None, who, problem_text(p))
                          for p in exc.problems]) from None


def _track_action(done, verdict) -> str | None:
    """The action of the benefit-track space taken, if it is one (p. 24): an envoy, an
    area bonus, a Colonia tile, one more building action."""
    from ..core.referee.build import TrackBenefit

    for benefit in verdict.benefits:
        if isinstance(benefit, TrackBenefit) and benefit.to_step is not None:
            step = benefit.to_step if done.build.take is None else done.build.take
            return next((s.action for s in benefit.choices if s.step == step), None)
    return None


def _check_envoy_option(verdict, ship: int, given: list[str] | None, rules,
                        track: bool = True) -> None:
    """An --envoy the build cannot send is refused, naming it, never dropped: a coloured
    structure sends one (p. 25), a library or market one from its track's third space
    (p. 24), and no more than the ship holds. ``track`` False: the build is recorded
    without its track's envoy (``--citizen``), which is then refused too."""
    from ..core.referee.build import EnvoyBenefit, TrackBenefit, most_envoys

    structures = sum(b.wanted for b in verdict.benefits if isinstance(b, EnvoyBenefit))
    sent = most_envoys(verdict) if track else structures
    # A fourth library's or market's tile goes onto the ship when used (p. 21): the referee
    # judges whether it did (a citizen does not).
    ship += track and any(isinstance(b, TrackBenefit) and any(
        step.action == "use_colonia_tile" for step in b.choices) for b in verdict.benefits)
    can = min(sent, ship)
    wanted = [] if given == ["none"] else list(given or [])
    if len(wanted) <= can:
        return
    if not track and most_envoys(verdict) > structures:
        why = _("with --citizen the build is recorded without its track's envoy ({tracks}); "
                "record the citizen on the board first (trajan board edit) and build without "
                "--citizen")
    elif not sent:
        why = _("this build sends no envoy: a coloured structure sends one ({page}), a library "
                "or market only with its track's third benefit ({tracks})")
    elif can < sent:
        why = ngettext("only {n} envoy waits on the ship ({page})",
                       "only {n} envoys wait on the ship ({page})", can)
    else:
        why = ngettext("the build sends at most {n} envoy: one per coloured structure, one "
                       "with a library's or market's third benefit ({page})",
                       "the build sends at most {n} envoys: one per coloured structure, one "
                       "with a library's or market's third benefit ({page})", can)
    raise InputError([Problem("--envoy", None, wanted[can], why.format(
        n=can, page=rules.page("envoys"), tracks=rules.page("tracks")))])


def _declined(choices: "_Choices", done, verdict) -> int:
    """How many envoys the player chose not to send (p. 25: "may"): answered "none" when
    asked, or ``--envoy none`` for a structure whose envoy had somewhere to go."""
    from ..core.referee.build import EnvoyBenefit

    if choices.declined:
        return choices.declined
    if done.build.envoys != ():
        return 0
    return sum(b.envoys for b in verdict.benefits
               if isinstance(b, EnvoyBenefit) and b.envoys and b.free != ())


def _interactive(json: bool) -> bool:
    from .common import has_terminal

    return not json and has_terminal()


def _supply_gains(gained: dict) -> dict:
    """What went into the supply (the JSON ``gained``): resources, not the slide bar."""
    return {k: n for k, n in gained.items() if k != "upgrade" and n}


class _Choices:
    """The choices a legal build leaves (pp. 22-25): taken from the options, asked in a
    terminal, else left open (and said). The referee (core.turns) says which are open: the
    build is tried on a copy of the table until it stands."""

    def __init__(self, verdict, rules, interactive: bool, ways: "_Ways"):
        self.verdict = verdict
        self.rules = rules
        self.interactive = interactive
        self.ways = ways
        self.way = 0
        self.declined = 0  # envoys the player chose not to send when asked

    def settle(self, table, who, cycle, tile: str, squares, pay, envoy, take, worker, bonus,
               tile_taken):
        from ..core.turns.assist import try_build
        from ..core.turns.moves import Build
        from ..core.turns.problems import TurnRefused
        from ..parsing.notation import format_line

        open_benefits: list[str] = []
        pending: list[str] = []
        step = self._step(take)
        self.way, paid = self.ways.chosen(pay, self.interactive)
        spent = tuple((r.value, n) for r, n in paid.spent)
        build = Build(tile, squares, pay=spent, take=step, worker=worker,
                      envoys=self._envoy_option(envoy), bonus=self._bonus_option(bonus),
                      tile_taken=self._tile_option(tile_taken))
        for _attempt in range(8):  # each round settles one open choice: a build has few
            trial = try_build(table, who, build, self.rules, cycle)
            if trial.done is not None:
                break
            build = self._resolve(build, TurnRefused(who, list(trial.problems)), open_benefits, pending)
        if build.envoys and self.declined == len(build.envoys):
            build = build._replace(envoys=())  # every envoy declined: the record says none
        from ..core.turns.moves import BuildLine

        return format_line(BuildLine(who, build)).split(": ", 1)[1], open_benefits, pending

    def _resolve(self, build, exc, open_benefits: list[str], pending: list[str]):
        """The build with the first open choice the referee names settled; a refusal that
        is no open choice is the player's to correct."""
        from ..core.turns.assist import first_open
        from ..core.turns.moves import Envoy
        from ..core.turns.problems import TurnRule
        from ..render.turns import problem_text

        problem = first_open(exc.problems)  # the referee says what is left to the player
        if problem is None or problem.rule is TurnRule.AREA_BONUS_COUNT and build.bonus \
                or problem.rule in (TurnRule.PAY_UNSAID, TurnRule.BONUS_UNSAID):
            raise InputError([Problem("trajan build", None, exc.player, problem_text(p))
                              for p in exc.problems])
        name = self._track_name()
        if problem.rule is TurnRule.WORKER_UNSAID:
            colour = self._ask_colour()
            if colour is None:
                open_benefits.append(name)
                return build._replace(take=0)
            return build._replace(worker=colour)
        if problem.rule is TurnRule.ENVOY_UNSAID:
            cells = problem.details["cells"].split(", ")
            chosen = self._ask_envoy(cells)
            if chosen is _DECLINED:  # "none" chosen: a choice made (p. 25: "may")
                self.declined += 1
                chosen = None
            elif chosen is None:  # nobody to ask: left open
                pending.extend(cells)
            envoys = tuple(build.envoys or ()) + (Envoy(chosen),)
            return build._replace(envoys=envoys)
        if problem.rule is TurnRule.AREA_BONUS_COUNT:
            words = self._ask_bonus(problem.details["n"],
                                    problem.details.get("least", problem.details["n"]))
            if words is None:
                open_benefits.append(_("area bonus"))
                return build._replace(bonus=())
            return build._replace(bonus=words)
        taken = self._ask_tile()  # TILE_UNSAID
        if taken is None:
            open_benefits.append(name)
            return build._replace(take=0)
        return build._replace(tile_taken=taken)

    # The options as given.

    def _track(self):
        from ..core.referee.build import TrackBenefit

        return next((b for b in self.verdict.benefits if isinstance(b, TrackBenefit)), None)

    def _track_name(self) -> str:
        from ..render.referee import gray_name_of_track

        track = self._track()
        return "" if track is None else gray_name_of_track(track)

    def _step(self, take: list[int] | None) -> int | None:
        """The benefit-track space used: --take, or asked in a terminal when an earlier
        one may be chosen (p. 24); None: the one reached (the notation's default, as a
        turn line reads it), also when nobody can be asked."""
        from ..render.referee import step_choice_text
        from ..ui.choose import choose

        benefit = self._track()
        given = list(take or [])
        if benefit is None or not benefit.choices:
            if given:
                raise InputError([Problem("--take", None, str(given[0]), _(
                    "the tile brings no track benefit to take (no library, basilica or market, or "
                    "its track is finished)"))])
            return None
        name = self._track_name()
        steps = [s.step for s in benefit.choices]
        if len(given) > 1:
            raise InputError([Problem("--take", None, str(given[1]), _(
                "the tile brings one track benefit: give --take once"))])
        if given:
            if given[0] != 0 and given[0] not in steps:
                raise InputError([Problem("--take", None, str(given[0]), _(
                    "the {building} benefit may be taken from space {spaces}, or 0 for none "
                    "({page})").format(building=name, spaces=", ".join(map(str, steps)),
                                       page=self.rules.page("tracks")))])
            return given[0]
        if len(steps) == 1 or not self.interactive:
            return None  # the benefit reached, as a turn line without 'take' reads it (p. 24)
        offered = benefit.choices[::-1]  # the benefit reached first, as the report lists them
        options = [step_choice_text(s, self.rules) for s in offered] + [_("none")]
        index = choose(_("Which {building} benefit is taken?").format(building=name), options)
        return 0 if index == len(offered) else offered[index].step

    def _envoy_option(self, envoy: list[str] | None):
        from ..core.turns.moves import Envoy
        from ..parsing.notation import _forum_square

        if not envoy:
            return None
        if [e.strip().lower() for e in envoy] == ["none"]:
            return ()
        targets = []
        for cell in envoy:
            if cell.strip() == "-":
                targets.append(Envoy(None))
                continue
            try:
                targets.append(Envoy(_forum_square(cell)))
            except Exception:  # noqa: BLE001 - the notation's own error, said with the option
                raise InputError([Problem("--envoy", None, cell, _(
                    "not a forum square; name it like B2, or '-' for none"))]) from None
        return tuple(targets)

    def _bonus_option(self, bonus: list[str] | None):
        from ..parsing.notation import _bonus_word, _Syntax

        if not bonus:
            return None
        if [b.strip().lower() for b in bonus] == ["none"]:
            return ()
        words = []
        for word in bonus:
            try:
                words.append(_bonus_word(word.strip()))
            except _Syntax as exc:
                raise InputError([Problem("--bonus", None, word, exc.message)]) from None
        return tuple(words)

    def _tile_option(self, text: str | None):
        if text is None:
            return None
        return _taken_tile(text, "--tile")

    # What is asked in a terminal (None: nobody to ask, or "none" chosen).

    def _ask_colour(self):
        if not self.interactive:
            return None
        from ..core.vocabulary import Colour
        from ..render.names import colour_name
        from ..ui.choose import choose

        colours = list(Colour)
        return colours[choose(_("Which colour is the worker?"), [colour_name(c) for c in colours])]

    def _ask_envoy(self, cells: list[str]):
        if not self.interactive:
            return None
        from ..parsing.notation import _forum_square
        from ..ui.choose import choose

        index = choose(_("Where does the envoy go? (optional, p. 25)"), [*cells, _("none")])
        return _DECLINED if index == len(cells) else _forum_square(cells[index])

    def _ask_bonus(self, n: int, least: int):
        """The area bonuses taken: ``least`` of them, and up to ``n`` with Patrician II,
        whose second one is a choice too (p. 26: "not only 1, but 2 different")."""
        if not self.interactive:
            return None
        from ..core.turns.moves import AREA_BONUSES
        from ..render.turns import bonus_name
        from ..ui.choose import choose

        left = list(AREA_BONUSES)
        words = []
        for i in range(n):
            question = (_("Which area bonus is taken?") if n == 1 else
                        _("Which area bonus is taken ({i} of {n}, two different ones)?").format(
                            i=i + 1, n=n))
            options = [bonus_name(b) for b in left]
            if i >= least:  # Patrician II's second bonus may be left
                options.append(_("no further bonus"))
            index = choose(question, options)
            if index == len(left):
                break
            words.append(left[index])
            left.remove(left[index])
        return tuple(words)

    def _ask_tile(self):
        if not self.interactive:
            return None
        from ..ui.choose import ask_text

        while True:
            text = ask_text(_("Which Colonia tile does the fourth space take, and what does it "
                              "show? (e.g. D4: 2 coin)"))
            try:
                return _taken_tile(text, "tile")
            except InputError as exc:
                typer.echo(str(exc))


class _Ways:
    """The ways to pay as ``--pay N`` counts them: the cheapest first, as `check build`
    lists them (the verdict's), then those that spend more, found only when needed. Spending
    more is legal: an assistant may change a worker's colour (pp. 21-22) although a
    citizen's exchange, which is optional (p. 26), would have cost less."""

    #: The most ways a refusal lists; a terminal offers them all.
    LISTED = 20

    def __init__(self, verdict, sheet, rules):
        self.verdict = verdict
        self.sheet = sheet
        self.rules = rules
        self._every = None

    @property
    def cheapest(self):
        return self.verdict.payments

    def every(self):
        if self._every is None:
            from ..core.referee.build import every_way_to_pay

            self._every = every_way_to_pay(self.verdict, self.sheet, self.rules)
        return self._every

    def named(self, pay: int):
        """(index, way) of ``--pay N``; refused when there is no such way."""
        ways = self.cheapest if pay <= len(self.cheapest) else self.every()
        if pay > len(ways):
            raise InputError([Problem("--pay", None, str(pay), ngettext(
                "there is {n} way to pay; choose it with 1",
                "there are {n} ways to pay; choose one of 1 to {n}", len(ways)).format(
                n=len(ways)))])
        return pay - 1, ways[pay - 1]

    def chosen(self, pay: int | None, interactive: bool):
        """(index, way): ``--pay N``; the only cheapest way (a turn line may leave out
        'pay' then); else asked in a terminal among them all, or refused listing them
        (never guessed)."""
        if pay is not None:
            return self.named(pay)
        if len(self.cheapest) == 1:
            return 0, self.cheapest[0]
        from ..render.referee import bag_text

        every = self.every()
        ways = [bag_text(p.spent) for p in every]
        if not interactive:
            listed = "; ".join(f"{i}. {way}" for i, way in enumerate(ways[:self.LISTED], 1))
            if len(ways) > self.LISTED:
                listed += "; " + ngettext("{n} more", "{n} more", len(ways) - self.LISTED).format(
                    n=len(ways) - self.LISTED)
            raise InputError([Problem("--pay", None, None, ngettext(
                "there is {n} way to pay ({ways}): say it with --pay 1",
                "there are {n} ways to pay ({ways}): say which with --pay N",
                len(ways)).format(n=len(ways), ways=listed))])
        from ..ui.choose import choose

        index = choose(_("Which way did you pay?"), ways)
        return index, every[index]


#: The answer "none" to the envoy prompt: declined, unlike no answer (nobody to ask).
_DECLINED = object()


def _taken_tile(text: str, option: str):
    """``'D4: 2 coin'`` -> TakenTile, as the notation's ``tile CELL: GAIN`` reads it."""
    from ..core.turns.moves import Build
    from ..parsing.notation import parse_line

    try:
        parsed = parse_line(f"build x: lib A1 tile {text}", ("x",), file=option)
    except InputError as exc:
        raise InputError([p._replace(token=p.token or text) for p in exc.problems]) from None
    assert isinstance(parsed.build, Build)
    return parsed.build.tile_taken


def _refusal_report(who, verdict, rules, judged, notes) -> str:
    from ..render.pictures import colonia_picture
    from ..render.referee import build_report
    from .check import vacated

    return build_report(who, verdict, rules, judged.supply.ship, notes,
                        colonia_picture(judged, marked=vacated(judged, verdict.squares)))


def _recorded_report(who, game, recorded, done, verdict, rules, after, open_benefits, pending,
                     verbose: bool, declined: int, action: str | None, no_forum: bool) -> str:
    """One screen: what was recorded and what it did, then the board after the build."""
    from ..render.pictures import colonia_picture
    from ..render.referee import no_free_square, no_free_square_text
    from ..render.turns import build_done_lines

    lines = build_done_lines(who, recorded.text.split(": ", 1)[1], done, verdict, rules, verbose)
    # Judged on the recorded forum, as `trajan check build --game` judges it.
    lines += [no_free_square_text(b.colour, rules) for b in no_free_square(verdict)]
    from ..core.referee.build import ENVOY_ACTIONS, EnvoyBenefit

    if declined:  # a choice made, not one left open
        lines.append(ngettext("{n} envoy not sent, as chosen: an envoy is optional ({page}).",
                              "{n} envoys not sent, as chosen: an envoy is optional ({page}).",
                              declined).format(n=declined, page=rules.page("envoys")))
    elif any(isinstance(b, EnvoyBenefit) and b.envoys and b.free is None
             for b in verdict.benefits) or (no_forum and action in ENVOY_ACTIONS
                                            and after.supply.ship):
        lines.append(_("No envoy recorded: the game has no forum yet; record it with trajan board "
                       "import \"{game}\" --forum FILE, then place the envoy in the forum editor "
                       "({page}).").format(game=game, page=rules.page("envoys")))
    if pending:
        lines.append(_("No envoy placed: it may go on {cells}; record the build with --envoy CELL "
                       "(after trajan game undo), or place it in the forum editor.").format(
            cells=", ".join(pending)))
    if open_benefits:
        lines.append(_("Not taken: the benefit of the {buildings}; record the build with --take "
                       "STEP, --worker COLOUR, --bonus B or --tile 'CELL: GAIN' after trajan game "
                       "undo, or update the supply in the board editor.").format(
            buildings=", ".join(b for b in open_benefits if b)))
    if action == "extra_building_action":
        lines.append(_("The fourth basilica gives one more building action now ({page}): record "
                       "it with trajan build \"{game}\" --player \"{player}\" TILE CELL.").format(
            page=rules.page("tracks"), game=game, player=who))
    lines += ["", colonia_picture(after, marked=set(verdict.squares))]
    lines.append(_("Take it back with: trajan game undo \"{game}\"").format(game=game))
    return "\n".join(lines)
