"""`trajan build --citizen NAME` on a board that does not show that citizen active: the
build is judged as if it were (as `trajan check build --citizen` does) and recorded as a
build record of its own (payment, envoys, the track benefit's resources), since the game
record's build line is judged on the board as recorded. Record the board's citizens first
to keep complete books (`trajan board edit`)."""


from ..i18n import _, ngettext
from ..parsing.errors import InputError, Problem


def record_with_citizens(stored, who, table, judged, tile, words, verdict, added, pay, envoy,
                         take, worker_colour, rules, answer, notes, json, ways) -> None:
    from ..core.tabletop import BuildRecord
    from ..games import recording
    from .options import emit

    name = stored.path.stem
    lines = []
    if not json:
        from ..render.pictures import colonia_picture
        from ..render.referee import build_report
        from .check import vacated

        lines.append(build_report(who, verdict, rules, judged.supply.ship, notes,
                                  colonia_picture(judged, marked=vacated(judged, verdict.squares))))
    from .build import _check_envoy_option

    _check_envoy_option(verdict, judged.supply.ship, envoy, rules, track=False)
    chosen, paid = ways.chosen(pay, _interactive(json))
    pending: list[str] = []
    free_of: list = []
    envoys = _envoys(table, who, judged, tile, envoy, rules, json, pending, free_of)
    open_benefits: list[str] = []
    gained = _gains(verdict, take, worker_colour, rules, json, open_benefits)
    record = BuildRecord(tile.token, tuple(w.upper() for w in words[1:]),
                         {r.value: n for r, n in paid.spent},
                         tuple(envoys), tuple(c.value for c in added), gained)
    recording.record_build(stored.path, who, record)
    answer |= {"recorded": True, "payment": chosen + 1, "envoys": list(envoys), "gained": gained}
    if free_of:
        from ..render.referee import no_free_square_text

        answer["envoy_squares"] = []
        lines.append(no_free_square_text(free_of[0], rules))
    if pending:
        answer["envoy_squares"] = pending
        lines.append(_("No envoy placed: it may go on {cells}; record the build with --envoy CELL "
                       "(after trajan game undo), or place it in the forum editor.").format(
            cells=", ".join(pending)))
    lines.append(_("Recorded on {player}'s board, paid with way {n}{envoys}. Take it back with: "
                   "trajan game undo \"{game}\"").format(
        player=who, n=chosen + 1, game=name,
        envoys=_("; envoys on {cells}").format(cells=", ".join(envoys)) if envoys else ""))
    if gained:
        lines.append(_("Into {player}'s supply: {resources}.").format(
            player=who, resources=_gained_text(gained)))
    if open_benefits:
        answer["benefit_not_taken"] = open_benefits
        lines.append(_("Not added to the supply: the benefit of the {buildings}; record the build "
                       "with --take STEP (and --worker COLOUR for a worker) after trajan game undo, "
                       "or update the supply in the board editor.").format(
            buildings=", ".join(open_benefits)))
    emit(answer, "\n".join(lines), json)


def _interactive(json: bool) -> bool:
    from .common import has_terminal

    return not json and has_terminal()


def _gains(verdict, take: list[int] | None, worker, rules, json: bool,
           open_benefits: list[str]) -> dict[str, int]:
    """What the build's track benefits put in the supply (p. 24): the step taken on each
    track (--take, the player's choice, else the one reached) and a worker's colour
    (--worker, or asked). A benefit this record cannot hold (an action: an envoy, an area
    bonus, a tile, a building action) or whose worker colour nobody can be asked about
    goes to ``open_benefits``."""
    from ..core.referee.build import TrackBenefit, needs_worker_colour, supply_gain
    from ..render.referee import gray_name_of_track, step_choice_text

    tracks = [b for b in verdict.benefits if isinstance(b, TrackBenefit) and b.choices]
    given = list(take or [])
    if given and not tracks:
        raise InputError([Problem("--take", None, str(given[0]), _(
            "the tile brings no track benefit to take (no library, basilica or market, or its "
            "track is finished)"))])
    if len(given) > len(tracks):
        raise InputError([Problem("--take", None, str(given[len(tracks)]), ngettext(
            "the tile brings {n} track benefit: give --take once",
            "the tile brings {n} track benefits: give --take once for each, in the tile's order",
            len(tracks)).format(n=len(tracks)))])
    gained: dict[str, int] = {}
    for i, benefit in enumerate(tracks):
        name = gray_name_of_track(benefit)
        steps = {s.step: s for s in benefit.choices}
        if i < len(given):
            if given[i] == 0:
                continue
            if given[i] not in steps:
                raise InputError([Problem("--take", None, str(given[i]), _(
                    "the {building} benefit may be taken from space {spaces}, or 0 for none "
                    "({page})").format(building=name, spaces=", ".join(map(str, steps)),
                                       page=rules.page("tracks")))])
            step = steps[given[i]]
        elif len(steps) > 1 and _interactive(json):
            from ..ui.choose import choose

            offered = benefit.choices[::-1]  # the benefit reached first, as the report lists them
            options = [step_choice_text(s, rules) for s in offered] + [_("none")]
            index = choose(_("Which {building} benefit is taken?").format(building=name), options)
            if index == len(offered):
                continue
            step = offered[index]
        else:
            step = benefit.choices[-1]  # the space reached, as a turn line without 'take'
            if step.action is not None:
                open_benefits.append(name)
                continue
        colour = worker
        if needs_worker_colour(step) and colour is None:
            if not _interactive(json):
                open_benefits.append(name)
                continue
            from ..core.vocabulary import Colour
            from ..render.names import colour_name
            from ..ui.choose import choose

            colours = list(Colour)
            colour = colours[choose(_("Which colour is the worker?"),
                                    [colour_name(c) for c in colours])]
        for resource, n in supply_gain(step, colour).items():
            gained[resource] = gained.get(resource, 0) + n
    return gained


def _gained_text(gained: dict[str, int]) -> str:
    from ..core.referee.payment import Resource
    from ..render.referee import bag_text

    return bag_text(tuple((Resource(name), n) for name, n in gained.items()))


def _envoys(table, player: str, sheet, tile, given: list[str] | None, rules, json: bool,
            pending: list[str], free_of: list) -> list[str]:
    """The forum squares of the envoys the tile sends (p. 25), each judged on the forum
    with the ones before it placed (the game's reading of a double tile's envoys: see
    core/referee/envoy.py); none when no forum is recorded. Where nobody can be asked and
    several squares are legal, those squares go to ``pending``; a colour with no legal
    square left goes to ``free_of``."""
    from ..core.referee.envoy import Placement, legal_squares, place
    from ..core.referee.verdict import Via
    from ..core.tabletop import structure_colours
    from ..core.vocabulary import Citizen, parse_square_name, square_name

    colours = structure_colours(tile)[:sheet.supply.ship]
    wanted = [] if given == ["none"] else list(given or [])
    if table.forum is None or not colours or given == ["none"]:
        return []
    forum, mark = table.forum.with_mark_for(player)
    before = forum
    chosen: list[str] = []
    for i, colour in enumerate(colours):
        placement = Placement(Via.BUILD, colour, patrician_i=sheet.has_active(Citizen.PATRICIAN_I),
                              ship=sheet.supply.ship - i)
        legal = [square_name(*sq) for sq in legal_squares(forum, placement, rules, before=before)]
        if i < len(wanted):
            cell = wanted[i].strip().upper()
            if cell not in legal:
                raise InputError([Problem("--envoy", None, wanted[i], _(
                    "an envoy may not go there; legal squares: {cells}").format(
                    cells=", ".join(legal) or "-"))])
        elif len(legal) == 1:
            cell = legal[0]
        elif legal and _interactive(json):
            from ..ui.choose import choose

            cell = legal[choose(_("Where does the envoy go?"), legal)]
        else:
            if not legal:  # every square of that colour the rules allow is taken (p. 25)
                free_of.append(colour)
            pending.extend(legal)  # several squares and nobody to ask: say where it may go
            break
        chosen.append(cell)
        forum = place(forum, parse_square_name(cell), mark)
    return chosen
