"""Which module may import which: the layers of ARCHITECTURE.md (core, parsing, render,
games, ui, cli, each importing only those below it), no circle inside the games package,
and problems kept as values there. Every import is counted, at the top of a module or
inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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


#: The layers, lowest first (ARCHITECTURE.md): each imports only those below it.
ABOVE = {
    "core": {"parsing", "render", "ui", "cli", "games", "rulesdata"},
    "parsing": {"render", "ui", "cli", "games"},
    "render": {"ui", "cli", "games"},
    "games": {"ui", "cli"},
    "ui": {"cli"},
}


def first_part(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_each_layer_imports_only_those_below_it(layer):
    """Counted at the top of a module and inside functions alike (an import hidden in a
    function is still a dependency)."""
    for path in modules(layer):
        found = {first_part(m) for m in imports_of(path)}
        assert not found & ABOVE[layer], (path.relative_to(PACKAGE), found & ABOVE[layer])


#: The games package, lowest first: each module imports none of those after it.
GAMES_ORDER = ["paths", "files", "lock", "box_file", "record_file", "readers", "store", "snapshot",
               "recording", "setup_session", "walk", "table_session"]


def test_the_games_package_forms_no_circle():
    """The record file and the store know nothing of snapshots, recording or the walk; each
    module imports only those before it in GAMES_ORDER."""
    assert sorted(p.stem for p in modules("games") if p.stem != "__init__") == sorted(GAMES_ORDER)
    for lower, name in enumerate(GAMES_ORDER):
        found = {m.split(".")[1] for m in imports_of(PACKAGE / "games" / f"{name}.py")
                 if m.startswith("games.") and m.count(".") >= 1}
        assert not found & set(GAMES_ORDER[lower + 1:]), (name, found & set(GAMES_ORDER[lower + 1:]))


def test_only_the_games_packages_wiring_reaches_render():
    """The games package keeps problems as values; the command line and the screens word
    them. Only readers.py, which wires the parsers and the words into the core, imports
    render (a damaged record is said in the player's words)."""
    for path in modules("games"):
        found = {first_part(m) for m in imports_of(path)}
        if path.stem != "readers":
            assert "render" not in found, path.name


def test_nothing_important_sits_at_the_package_root():
    """The package's face only: the CLI's entry, the translations, the rules data's loader."""
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == ["__init__.py", "__main__.py", "i18n.py",
                                                           "rulesdata.py"]


def test_colour_names_live_with_the_vocabulary():
    from trajan_cli.core.vocabulary import Colour, colour_name
    from trajan_cli.i18n import set_language
    from trajan_cli.render import names

    assert names.colour_name is colour_name  # render re-exports the core's
    set_language("de")
    assert colour_name(Colour.BLUE) == "Blau"  # translated where it is shown


# --- The test suite's own layout -----------------------------------------------------------

TESTS = Path(__file__).resolve().parent


def imported_test_modules(path: Path) -> set[str]:
    """The test_* modules ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(name for name in names if name.split(".")[-1].startswith("test_"))
    return found


def test_no_test_module_imports_another_test_module():
    """What several test files share lives in tests/helpers/ (or conftest.py): importing a
    test module runs its module-level code a second time and hides what it needs. The
    helpers and the benchmarks import no test module either."""
    bench = TESTS.parent / "bench"
    paths = [*TESTS.glob("*.py"), *(TESTS / "helpers").glob("*.py"), *bench.glob("*.py")]
    assert len(paths) > 100
    offences = {str(p.relative_to(TESTS.parent)): sorted(found) for p in sorted(paths)
                if (found := imported_test_modules(p))}
    assert offences == {}


def test_the_tests_folder_holds_only_test_files_and_conftest():
    """Shared test code goes into tests/helpers/, imported as ``helpers.X``."""
    stray = sorted(p.name for p in TESTS.glob("*.py") if p.name != "conftest.py" and not p.name.startswith("test_"))
    assert stray == []
