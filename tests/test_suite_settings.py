"""The suite's own settings. The hypothesis profiles (tests/conftest.py,
helpers/hypothesis_profiles.py): ``ci`` runs every property test at full strength, ``dev``
at most 10 examples a test; which one loads; every number of examples a test names goes
through ``scaled``. The ``slow`` marker: every test in a real terminal carries it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import settings

from helpers.hypothesis_profiles import DEV_EXAMPLES, FULL_EXAMPLES, chosen_profile, scaled

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("environ,profile", [
    ({}, "dev"),
    ({"CI": "true"}, "ci"),
    ({"HYPOTHESIS_PROFILE": "ci"}, "ci"),
    ({"HYPOTHESIS_PROFILE": "dev", "CI": "true"}, "dev"),
    ({"HYPOTHESIS_PROFILE": "", "CI": "1"}, "ci"),
])
def test_the_profile_is_named_or_follows_ci(environ, profile):
    assert chosen_profile(environ) == profile


def test_the_profiles_differ_only_in_the_number_of_examples():
    ci, dev = settings.get_profile("ci"), settings.get_profile("dev")
    assert (ci.max_examples, dev.max_examples) == (FULL_EXAMPLES, DEV_EXAMPLES) == (100, 10)
    same = ("deadline", "derandomize", "database", "suppress_health_check", "phases", "print_blob")
    assert [getattr(ci, name) for name in same] == [getattr(dev, name) for name in same]


@pytest.fixture
def profile():
    """Load a profile for one test, then the one the run started with."""
    started = settings.get_current_profile_name()
    yield settings.load_profile
    settings.load_profile(started)


def test_a_number_a_test_names_is_kept_under_ci_and_capped_under_dev(profile):
    profile("ci")
    assert [scaled(n) for n in (1, 8, 100, 1500)] == [1, 8, 100, 1500]
    profile("dev")
    assert [scaled(n) for n in (1, 8, 100, 1500)] == [1, 8, 10, 10]


def test_no_test_names_its_number_of_examples_without_scaled():
    """A number written as it is would ignore the dev profile: ``scaled(300)``, not 300."""
    pinned = {p.name: hits for p in sorted(TESTS.glob("test_*.py")) if p.name != Path(__file__).name
              and (hits := re.findall(r"max_examples=\d+", p.read_text(encoding="utf-8")))}
    assert pinned == {}


def marks_slow(decorators) -> bool:
    return any("pytest.mark.slow" in ast.unparse(d) for d in decorators)


def test_every_test_in_a_real_terminal_is_marked_slow():
    """A test that drives the installed trajan through pexpect is slow, by its file's
    ``pytestmark`` or its own mark; so is every file named *_pty.py."""
    unmarked = []
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_slow = any(isinstance(node, ast.Assign) and "pytestmark" in map(ast.unparse, node.targets)
                          and "pytest.mark.slow" in ast.unparse(node.value) for node in tree.body)
        if path.stem.endswith("_pty") and not module_slow:
            unmarked.append(path.name)
        for node in tree.body:
            if (isinstance(node, ast.FunctionDef) and node.name.startswith("test_") and not module_slow
                    and re.search(r"pexpect|\bspawn\(", ast.unparse(node)) and not marks_slow(node.decorator_list)):
                unmarked.append(f"{path.name}::{node.name}")
    assert unmarked == []
