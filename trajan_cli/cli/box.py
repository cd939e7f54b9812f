"""`trajan box ...`: the group's box, what its own copy of the game prints (games/box_file.py)."""

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _, ngettext
from ..parsing.errors import InputError, Problem
from .options import JsonFlag, emit, say

app = typer.Typer(help="The group's box: what your own copy of the game prints, typed once.",
                  no_args_is_help=True)

#: Five mosaic boards printed on both sides (p. 18): the faces a complete box knows.
FACES_IN_A_BOX = 10


@app.command("show")
def show(json: JsonFlag = False):
    """What the box knows of your copy, and what it does not know yet."""
    from ..games import box_file

    path = box_file.box_path()
    group = box_file.load()
    answer = box_answer(group)
    emit({"file": str(path), **answer}, None if json else _report(path, group), json)


def box_answer(group) -> dict:
    """The box as JSON values, in the box file's own notation, and what is missing."""
    from ..core.box import BarFace
    from ..parsing.box_toml import face_text
    from ..parsing.notation import cranes_text, placements_text, sizes_text, temples_text

    box = group.box
    track = box.track
    return {
        "sides": {s.name: temples_text(s) for s in box.sides.values()},
        "faces": {f.name: face_text(f) for f in box.faces.values()},
        "track": None if track is None else {"points": list(track.points), "trajan": list(track.trajan),
                                             "cypresses": [c + 1 for c in sorted(track.cypresses)]},
        "bar": {w.value: None if w not in box.bar else {"sizes": sizes_text(box.bar[w]), "head": box.bar[w].head + 1}
                for w in BarFace},
        "cranes": {name: cranes_text(laid) for name, laid in group.cranes.items()},
        "forums": {str(n): placements_text(group.forums[n]) for n in sorted(group.forums)},
        "missing": missing(box),
    }


def missing(box) -> list[str]:
    """What a complete box knows that this one does not (in the box file's words)."""
    from ..core.box import SIDE_A, BarFace

    gaps = []
    if box.side(SIDE_A) is None:
        gaps.append("side A")
    if len(box.faces) < FACES_IN_A_BOX:
        gaps.append(f"faces {len(box.faces)}/{FACES_IN_A_BOX}")
    if box.track is None:
        gaps.append("track")
    gaps += [f"bar {w.value}" for w in BarFace if w not in box.bar]
    return gaps


def _report(path: Path, group) -> str:
    from ..core.box import SIDE_A, BarFace

    answer = box_answer(group)
    box = group.box
    unknown = _("not known yet")
    lines = [_("The box ({path})").format(path=path), ""]
    side_a = answer["sides"].get(SIDE_A)
    lines.append(_("Side A: temples {squares}").format(squares=side_a) if side_a else
                 _("Side A: {unknown}").format(unknown=unknown))
    others = {n: t for n, t in answer["sides"].items() if n != SIDE_A}
    lines.append(_("Sides B: {sides}").format(
        sides="; ".join(f"{n} {t}" for n, t in others.items())) if others else _("Sides B: none yet"))
    lines.append(_("Mosaic faces: {known} of {all} ({names})").format(
        known=len(box.faces), all=FACES_IN_A_BOX, names=", ".join(answer["faces"]) or "-"))
    if box.track is None:
        lines.append(_("Prestige track: {unknown}").format(unknown=unknown))
    else:
        lines.append(ngettext("Prestige track: {n} space, cypresses at {cypresses}",
                              "Prestige track: {n} spaces, cypresses at {cypresses}", box.track.length).format(
            n=box.track.length, cypresses=" ".join(str(c + 1) for c in sorted(box.track.cypresses)) or "-"))
    words = {BarFace.BASIC: _("Slide bar, basic side: {text}"), BarFace.TURNED: _("Slide bar, turned side: {text}")}
    for which in BarFace:
        bar = answer["bar"][which.value]
        text = unknown if bar is None else _("sizes {sizes}, Trajan head on slot {head}").format(**bar)
        lines.append(words[which].format(text=text))
    if group.cranes:
        lines.append(_("Crane colours kept for: {names}").format(names=", ".join(group.cranes)))
    if group.forums:
        lines.append(_("Forums kept for: {counts} players").format(counts=", ".join(answer["forums"])))
    if answer["missing"]:
        lines += ["", _("Describe what is missing with: trajan box edit (or edit the file itself)")]
    return "\n".join(lines)


@app.command("export")
def export(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Where to write the box (a TOML file).")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it is there.")] = False,
):
    """Write the box to FILE, to take it to another machine (trajan box import FILE there)."""
    from ..games import box_file, files
    from ..parsing.box_toml import box_toml

    group = box_file.load()
    if files.occupied(file) and not force:
        raise InputError([Problem(str(file), None, None, _(
            "is there already; give another name, or --force to overwrite it"))])
    files.refuse_link(file)
    try:
        files.atomic_write(file, box_toml(group))
    except OSError as exc:
        raise InputError([Problem(str(file), None, None, _("cannot be written ({reason}); choose another "
                                                           "place").format(reason=files.reason_of(exc)))]) from None
    say(_("Wrote the box to {file}.").format(file=file))


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A box file written by trajan box export.")],
    replace: Annotated[bool, typer.Option(
        "--replace", help="Where FILE and the box differ, take FILE's version.")] = False,
    json: JsonFlag = False,
):
    """Add what FILE knows to the box. A fact both know differently is listed and kept as the
    box has it, unless --replace."""
    from ..games import box_file
    from ..parsing.box_toml import load_box

    learnt = box_file.import_box(load_box(file), replace=replace)
    added = _names(learnt.new)
    differ = [_conflict_name(c) for c in learnt.conflicts]
    report = None
    if not json:
        lines = [_("Added to the box: {facts}").format(facts=", ".join(added)) if added else
                 _("The box knew everything in {file} already.").format(file=file)]
        if differ and replace:
            lines.append(_("Replaced with the file's version: {facts}").format(facts=", ".join(differ)))
        elif differ:
            lines.append(_("Kept the box's version (the file differs): {facts}; take the file's with "
                           "--replace").format(facts=", ".join(differ)))
        report = "\n".join(lines)
    emit({"added": added, "differ": differ, "replaced": bool(differ) and replace}, report, json)


def _names(box) -> list[str]:
    from ..core.box import BarFace

    names = [f"side {n}" for n in box.sides] + [f"face {n}" for n in box.faces]
    names += ["track"] if box.track is not None else []
    return names + [f"bar {w.value}" for w in BarFace if w in box.bar]


def _conflict_name(conflict) -> str:
    return conflict.kind if not conflict.name else f"{conflict.kind} {conflict.name}"


@app.command("edit")
def edit():
    """Describe your copy in the terminal: the temples of each board side, the mosaic faces,
    the prestige track and the slide bar. Each is kept in the box as soon as it is saved."""
    from ..games import box_file
    from .common import has_terminal

    if not has_terminal():
        raise InputError([Problem("<terminal>", None, None, _(
            "trajan box edit needs a terminal; without one, edit the box file itself ({path}) and "
            "check it with: trajan box show").format(path=box_file.box_path()))])
    from ..ui.choose import choose

    while True:
        box = box_file.load().box
        labels = _menu(box)
        picked = choose(_("What do you describe?"), labels, default=_first_missing(box))
        if picked == len(labels) - 1:
            return
        fact = _describe(picked, box)
        if fact is None:
            say(_("Left without saving."))
            continue
        box_file.learn(fact, replace=True)
        say(_("Kept in the box: {facts}.").format(facts=", ".join(_names(fact))))


def _menu(box) -> list[str]:
    from ..core.box import SIDE_A, BarFace

    def known(flag: bool) -> str:
        return _("known") if flag else _("not known yet")

    sides_b = ", ".join(n for n in box.sides if n != SIDE_A) or "-"
    return [
        _("Side A ({state})").format(state=known(box.side(SIDE_A) is not None)),
        _("A side B (known: {names})").format(names=sides_b),
        _("A mosaic face (known: {names})").format(names=", ".join(box.faces) or "-"),
        _("The prestige track ({state})").format(state=known(box.track is not None)),
        _("The slide bar, basic side ({state})").format(state=known(BarFace.BASIC in box.bar)),
        _("The slide bar, turned side ({state})").format(state=known(BarFace.TURNED in box.bar)),
        _("Done"),
    ]


def _first_missing(box) -> int:
    from ..core.box import SIDE_A, BarFace

    if box.side(SIDE_A) is None:
        return 0
    if len(box.faces) < FACES_IN_A_BOX:
        return 2
    if box.track is None:
        return 3
    for offset, which in enumerate(BarFace):
        if which not in box.bar:
            return 4 + offset
    return 6


def _describe(picked: int, box):
    """The fact described (a Box holding it), or None when left without saving."""
    from ..core.box import SIDE_A, BarFace, Box, ColoniaSide, MosaicFace
    from ..parsing.box_toml import face_name_problem, side_name_problem
    from ..ui.box_editors import ask_row, edit_face, edit_side

    if picked in (0, 1):
        name = SIDE_A if picked == 0 else ask_row(_("The side's name (B1, B2 ...):"),
                                                  lambda t: side_name_problem(t.strip()) or (t.strip(),))[0]
        side = edit_side(box.side(name) or ColoniaSide(name, frozenset()))
        return None if side is None else Box({side.name: side})
    if picked == 2:
        name = ask_row(_("The face's name (1a, 1b ...):"),
                       lambda t: face_name_problem(t.strip()) or (t.strip(),))[0]
        face = edit_face(box.face(name) or MosaicFace(name, ()))
        return None if face is None else Box(faces={face.name: face})
    if picked == 3:
        return Box(track=_ask_track(box.track))
    which = BarFace.BASIC if picked == 4 else BarFace.TURNED
    return Box(bar={which: _ask_bar(which, box.bar.get(which))})


def _ask_track(known):
    from ..core.box import PrestigeTrack
    from ..parsing.box_toml import TRAJAN_VALUES, parse_number_row
    from ..ui.box_editors import ask_row

    def row(text: str) -> str:
        return " ".join(map(str, text))

    points = ask_row(_("The prestige track: the points printed below the bar, space by space from the left:"),
                     parse_number_row, row(known.points) if known else "")

    def trajan(text: str):
        values = parse_number_row(text)
        if isinstance(values, str):
            return values
        if len(values) != len(points):
            return ngettext("the track has {n} space: give {n} value", "the track has {n} spaces: give {n} values",
                            len(points)).format(n=len(points))
        wrong = next((v for v in values if v not in TRAJAN_VALUES), None)
        if wrong is not None:
            return _("a Trajan value is one of {values}, not {value}").format(
                values=", ".join(map(str, TRAJAN_VALUES)), value=wrong)
        return values

    def cypresses(text: str):
        values = parse_number_row(text, empty=True)
        if isinstance(values, str):
            return values
        # Spaces counted from 1, as in the record's 'box track' line; the first space is the
        # bar's start, never a cypress.
        wrong = next((v for v in values if not 1 < v <= len(points)), None)
        if wrong is not None:
            return _("cypress {position} is off the track").format(position=wrong)
        return [v - 1 for v in values]

    above = ask_row(_("The Trajan values printed above the bar, space by space (3, 5 or 7):"), trajan,
                    row(known.trajan) if known and len(known.trajan) == len(points) else "")
    cypress = ask_row(_("The cypresses: the spaces (1 = the first) the bar's left end stands on when it "
                        "lies on one (empty for none):"), cypresses,
                      row([c + 1 for c in sorted(known.cypresses)]) if known else "")
    return PrestigeTrack(points, above, frozenset(cypress))


def _ask_bar(which, known):
    from ..core.box import BarFace, BarSide, bar_problems
    from ..core.vocabulary import is_number
    from ..parsing.box_toml import parse_sizes
    from ..parsing.notation import sizes_text
    from ..ui.box_editors import ask_row

    side = _("basic side") if which is BarFace.BASIC else _("turned side")

    def sizes(text: str):
        read = parse_sizes(text)
        if isinstance(read, str):
            return read
        problems = bar_problems(BarSide(read[0], 0, read[1]))  # slot 1 is on any bar: the sizes only
        return problems[0].show() if problems else read

    read = ask_row(_("The slide bar, {side}: the area size on each slot from the left (- none, 8+ eight or "
                     "more):").format(side=side), sizes, sizes_text(known) if known else "")

    def head(text: str):
        text = text.strip()
        if not is_number(text) or not 1 <= int(text) <= len(read[0]):
            return ngettext("the head lies on the bar's {n} slot: 1", "the head lies on one of the bar's {n} slots: "
                            "1 to {n}", len(read[0])).format(n=len(read[0]))
        return int(text)

    slot = ask_row(_("The slot of the Trajan head (1 = first):"), head, str(known.head + 1) if known else "")
    return BarSide(read[0], slot - 1, read[1])
