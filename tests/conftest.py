from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# The suite reads English unless a test asks for another language (not the machine's locale).
os.environ["TRAJAN_LANG"] = "en"

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the shared test code: import helpers.X

from trajan_cli.cli import main  # noqa: E402
from trajan_cli.cli.options import EXAMPLES_DIR  # noqa: E402
from trajan_cli.parsing.forum import load_forum  # noqa: E402
from trajan_cli.parsing.sheet import load_sheet  # noqa: E402
from trajan_cli.rulesdata import load_rules  # noqa: E402

from helpers import hypothesis_profiles  # noqa: E402

# Hypothesis profiles (helpers/hypothesis_profiles.py): "ci" runs every property test at
# full strength, "dev" at most 10 examples a test; only the number of examples differs from
# the settings hypothesis loaded (its default, or its own CI settings on a CI service).
# HYPOTHESIS_PROFILE names the one to load; unset, it is "ci" where CI is set (scripts/test
# sets HYPOTHESIS_PROFILE=ci) and "dev" on a developer's machine. pytest's
# --hypothesis-profile overrides both.
_loaded = settings.get_profile(settings.get_current_profile_name())
settings.register_profile("ci", _loaded, max_examples=hypothesis_profiles.FULL_EXAMPLES)
settings.register_profile("dev", _loaded, max_examples=hypothesis_profiles.DEV_EXAMPLES)
settings.load_profile(hypothesis_profiles.chosen_profile())


def pytest_terminal_summary(terminalreporter):
    """Say so when the run was not at full strength."""
    profile = settings.get_current_profile_name()
    if profile != "ci":
        terminalreporter.write_line(
            f"hypothesis profile {profile!r}: at most {settings.default.max_examples} examples a test; "
            "HYPOTHESIS_PROFILE=ci runs them all")


@pytest.fixture(autouse=True)
def english_after_each_test(monkeypatch):
    # Each test starts without $COLUMNS, as a command does (80 columns without a terminal),
    # whatever the test before it left: shell completion sets COLUMNS for its own process.
    monkeypatch.delenv("COLUMNS", raising=False)
    yield
    from trajan_cli.i18n import set_language

    set_language("en")


@pytest.fixture(scope="session")
def rules():
    return load_rules()


@pytest.fixture
def tom():
    return load_sheet(EXAMPLES_DIR / "tom.toml")


@pytest.fixture
def tom_forum():
    return load_forum(EXAMPLES_DIR / "tom-forum.toml")


class Result:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err

    def json(self):
        return json.loads(self.out)

    @property
    def problems(self) -> list[str]:
        """The messages on stderr, one per problem: the CLI wraps each at the terminal's
        width, its continued lines indented; here they are joined back."""
        return problems_of(self.err)


def problems_of(err: str) -> list[str]:
    """``err`` as one message per problem (continued lines, indented, joined with a space)."""
    found: list[str] = []
    for line in err.splitlines():
        if line.startswith(" ") and found:
            found[-1] += " " + line.strip()
        elif line.strip():
            found.append(line)
    return found


@pytest.fixture
def cli(capsys):
    """Run `trajan ARGS...` in-process through main(), the CLI's error boundary."""

    def run(*args: str) -> Result:
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


@pytest.fixture
def write(tmp_path):
    """Write a file into a temporary folder and return its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return _write
