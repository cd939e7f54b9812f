"""Settings for fuzz tests: a few hundred examples normally, many more on request.

    TRAJAN_FUZZ_EXAMPLES=10000 scripts/test -k fuzz
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

LONG_RUN = os.environ.get("TRAJAN_FUZZ_EXAMPLES")


def fuzz(examples: int):
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
