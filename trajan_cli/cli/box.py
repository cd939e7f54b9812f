"""`trajan box ...`: the group's box, what its own copy of the game prints (games/box_file.py)."""

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _
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
    from ..core.vocabulary import square_name
    from ..parsing.box_toml import cranes_text, face_text, placements_text, sizes_text

    box = group.box
    track = box.track
    return {
        "sides": {s.name: " ".join(square_name(*t) for t in sorted(s.temples, key=lambda q: (q[1], q[0])))
                  for s in box.sides.values()},
        "faces": {f.name: face_text(f) for f in box.faces.values()},
        "track": None if track is None else {"points": list(track.points), "trajan": list(track.trajan),
                                             "cypresses": sorted(track.cypresses)},
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
        lines.append(_("Prestige track: {n} spaces, cypresses at {cypresses}").format(
            n=box.track.length, cypresses=" ".join(map(str, sorted(box.track.cypresses))) or "-"))
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
