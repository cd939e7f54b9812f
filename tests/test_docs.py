"""The project's documentation: README.md and docs/. Every help text names pages that exist
(and never the team's contract file), every relative link resolves to a file and a heading,
the README stays short with a table of contents, and the readings page is made from
rules_data/readings.toml."""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
DOC_PATH = re.compile(r"docs/[\w.-]+?\.md")
LINK = re.compile(r"(?<!!)\[(?:[^\]`]|`[^`]*`)*\]\(([^)\s]+)\)")


def _commands():
    """Every command and group of the Typer tree, as the words typed after `trajan`."""
    import typer

    from trajan_cli.cli import build_app

    def walk(command, path):
        yield path
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            yield from walk(sub, [*path, name])

    return list(walk(typer.main.get_command(build_app()), []))


COMMANDS = _commands()


def _prose(text: str) -> str:
    """The text outside fenced code blocks (a link or heading in a code block is none)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def _slug(heading: str) -> str:
    """The anchor GitHub makes of a heading: lower case, punctuation dropped (hyphens and
    underscores kept), spaces turned into hyphens."""
    text = heading.strip().lower()
    text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    anchors: set[str] = set()
    for line in _prose(path.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"#{1,6} (.+)", line)
        if match:
            slug = _slug(match.group(1))
            n, unique = 0, slug
            while unique in anchors:  # GitHub numbers a repeated heading: name-1, name-2
                n += 1
                unique = f"{slug}-{n}"
            anchors.add(unique)
    return anchors


def test_the_slug_follows_github():
    assert _slug("Recording builds: `trajan build`") == "recording-builds-trajan-build"
    assert _slug("The group's history: `trajan stats`") == "the-groups-history-trajan-stats"
    assert _slug("Trajan (2011)") == "trajan-2011"


def test_the_command_tree_is_walked_whole():
    """The walk reaches the nested commands, so the help test below sees them all."""
    assert [] in COMMANDS and ["score", "colonia"] in COMMANDS and ["classic", "final"] in COMMANDS
    assert ["game", "export"] in COMMANDS and len(COMMANDS) > 40


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words) or "trajan")
def test_every_help_names_only_docs_pages_that_exist(cli, monkeypatch, words):
    monkeypatch.setenv("COLUMNS", "200")  # one option a line: a path is never broken
    result = cli(*words, "--help")
    assert result.code == 0, result.err
    assert "interface.md" not in result.out
    for page in DOC_PATH.findall(result.out):
        assert (ROOT / page).is_file(), (words, page)


def test_the_help_texts_name_the_pages_of_their_formats(cli, monkeypatch):
    """A file argument's help names the page that describes its format."""
    monkeypatch.setenv("COLUMNS", "200")
    named = {
        ("score", "colonia"): "docs/formats.md",
        ("score", "forum"): "docs/formats.md",
        ("check", "build"): "docs/json.md",
        ("turn",): "docs/notation.md",
        ("score",): "docs/formats.md",
        ("board", "import"): "docs/formats.md",
        ("classic", "final"): "docs/trajan-2011.md",
    }
    for words, page in named.items():
        assert page in cli(*words, "--help").out, words


def test_no_message_cites_the_contract_file():
    """The messages a player reads (every catalog, the template too) name no contract file."""
    catalogs = [*(ROOT / "trajan_cli" / "locale").rglob("*.po"), *(ROOT / "trajan_cli" / "locale").rglob("*.pot")]
    assert len(catalogs) >= 3
    for catalog in catalogs:
        assert "interface.md" not in catalog.read_text(encoding="utf-8"), catalog


def test_no_shipped_file_cites_the_contract_file():
    """The package and its rules data are read by whoever carries the project on, and by a
    user who opens them: their comments and docstrings name the docs pages, never the
    team's contract file, which a user does not have."""
    shipped = [p for folder in ("trajan_cli", "rules_data") for p in (ROOT / folder).rglob("*")
               if p.suffix in (".py", ".toml", ".txt", ".md", ".json") and "__pycache__" not in p.parts]
    assert len(shipped) > 50
    citing = [str(p.relative_to(ROOT)) for p in shipped if "interface.md" in p.read_text(encoding="utf-8")]
    assert not citing, citing


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES], ids=lambda p: p.name)
def test_every_relative_link_resolves(path):
    links = LINK.findall(_prose(path.read_text(encoding="utf-8")))
    assert links, path
    for target in links:
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), (path.name, target)
        if anchor:
            assert anchor in _anchors(linked), (path.name, target)


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES], ids=lambda p: p.name)
def test_no_page_sends_a_user_to_the_contract_file(path):
    assert "interface.md" not in path.read_text(encoding="utf-8")


def test_the_readme_is_short_and_links_every_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) <= 12 * 1024
    for heading in ("## Contents", "## Try it on a fresh machine", "## A first game in five steps",
                    "## Settling a dispute"):
        assert heading in readme
    linked = {target.partition("#")[0] for target in LINK.findall(_prose(readme))}
    for page in PAGES:
        assert f"docs/{page.name}" in linked, page.name
    assert "ARCHITECTURE.md" in linked


def test_the_readme_keeps_its_two_commands():
    """CI and a newcomer run these exactly as written (.ci/run runs scripts/test)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ("```sh\npython3 -m venv .venv && .venv/bin/pip install . && "
            ".venv/bin/trajan score colonia --example tom\n```") in readme
    assert "```sh\nscripts/test\n```" in readme


def test_the_docs_index_lists_every_page():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        if page.name != "README.md":
            assert f"]({page.name})" in index, page.name


def test_the_readings_page_is_made_from_the_rules_data():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "readings_doc.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    from trajan_cli.rulesdata import load_committed_readings, load_readings

    page = (DOCS / "readings.md").read_text(encoding="utf-8")
    for name, info in load_readings().items():
        assert f"### {name}\n" in page and f"`--house {name}=" in page
        assert " ".join(info.values[info.default].split()) in page
    for name in load_committed_readings():
        assert f"### {name}\n" in page
