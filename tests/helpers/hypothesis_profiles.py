"""The suite's hypothesis profiles (registered and loaded by tests/conftest.py):

- ``ci``: every property test at full strength, as the suite always ran: hypothesis's 100
  examples, or the larger number a test asks for;
- ``dev``: at most DEV_EXAMPLES examples a test, for a developer's quick loop.

Only the number of examples differs; deadlines, the example database and the rest stay as
hypothesis sets them on this machine (its own ``ci`` settings where it detects a CI
service: no deadline, derandomized).

A test that names its own number of examples asks for it through ``scaled(n)``,
so that the dev profile caps it too: ``@settings(max_examples=scaled(300), ...)``.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: Hypothesis's own default: what a test that names no number runs under ``ci``.
FULL_EXAMPLES = 100
DEV_EXAMPLES = 10


def chosen_profile(environ=os.environ) -> str:
    """HYPOTHESIS_PROFILE when set; otherwise ``ci`` on a CI service (CI set), else ``dev``."""
    if environ.get("HYPOTHESIS_PROFILE"):
        return environ["HYPOTHESIS_PROFILE"]
    return "ci" if environ.get("CI") else "dev"


def scaled(n: int) -> int:
    """``n`` examples under the full profile; under a lighter one (dev), at most its number."""
    loaded = settings.default.max_examples
    return n if loaded >= FULL_EXAMPLES else min(n, loaded)
