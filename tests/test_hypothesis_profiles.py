"""The suite's hypothesis profiles (tests/conftest.py, helpers/hypothesis_profiles.py): ``ci``
runs every property test at full strength, ``dev`` at most 10 examples a test; which one
loads; and every number of examples a test names goes through ``scaled``."""

from __future__ import annotations

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
