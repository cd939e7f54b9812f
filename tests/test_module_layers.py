"""Which module may import which (issue 20, item 17): the saved-games code formed a circle
(store -> snapshot -> session -> store), and parsing/ imported render/ for colour names.

The store knows nothing of snapshots or the walkthrough; parsing/ reads files into the
core's models and needs nothing of render/, ui/ or cli/; the core imports none of the
layers above it. Every import is counted, at the top of a module or inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import trajan_cli

PACKAGE = Path(trajan_cli.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The trajan_cli modules ``path`` imports, as dotted names below the package (for
    ``from .x import y`` both ``x`` and ``x.y``: y may be a module)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    package = parts[:-1]  # the package a relative import starts from (an __init__'s own too)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            elif node.module and node.module.split(".")[0] == "trajan_cli":
                target = node.module.removeprefix("trajan_cli").lstrip(".")
            else:
                continue
            found.add(target)
            found.update(f"{target}.{alias.name}".lstrip(".") for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("trajan_cli.") for a in node.names
                         if a.name.split(".")[0] == "trajan_cli")
    return {name for name in found if name}


def modules(folder: str = "") -> list[Path]:
    root = PACKAGE / folder if folder else PACKAGE
    return sorted(root.rglob("*.py")) if folder else sorted(root.glob("*.py"))


def test_the_store_knows_nothing_of_snapshots_or_the_walkthrough():
    found = imports_of(PACKAGE / "store.py")
    assert not {m for m in found if m.split(".")[0] in ("snapshot", "session", "recording")}, found


def test_the_saved_games_code_forms_no_circle():
    """store <- snapshot <- session and recording: each only imports those below it."""
    order = ["store", "session", "snapshot", "recording"]
    for lower, name in enumerate(order):
        found = {m.split(".")[0] for m in imports_of(PACKAGE / f"{name}.py")}
        above = set(order[lower + 1:])
        assert not found & above, (name, found & above)


def test_parsing_imports_nothing_of_render_ui_or_cli():
    for path in modules("parsing"):
        found = {m.split(".")[0] for m in imports_of(path)}
        assert not found & {"render", "ui", "cli", "store", "session", "snapshot", "recording"}, (path.name, found)


def test_the_core_imports_no_layer_above_it():
    for path in modules("core"):
        found = {m.split(".")[0] for m in imports_of(path)}
        assert not found & {"parsing", "render", "ui", "cli", "store", "session", "snapshot", "recording"}, (
            path.relative_to(PACKAGE), found)


def test_colour_names_live_with_the_vocabulary():
    from trajan_cli.core.vocabulary import Colour, colour_name
    from trajan_cli.i18n import set_language
    from trajan_cli.render import names

    assert names.colour_name is colour_name  # render re-exports the core's
    set_language("de")
    assert colour_name(Colour.BLUE) == "Blau"  # translated where it is shown
