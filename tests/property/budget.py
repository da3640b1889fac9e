"""How many examples a property tries: its full budget normally, a few fixed ones under mutation testing.

mutmut runs the tests once per mutant of `scorepad/rules`, with MUTANT_UNDER_TEST in the environment from its start
(the test modules are imported once, in its first test run, and every mutant's run is forked from there). There the
rules tests do the killing and a property only has to catch what they miss, so it tries a few derandomized examples:
the same verdict for the same mutant on every run, in seconds instead of a minute per surviving mutant
(docs/mutation.md).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
MUTANT_EXAMPLES = 5


def bounded(max_examples: int, *suppress: HealthCheck) -> settings:
    """Settings for a property: `max_examples` examples, no deadline (the machine is shared), too_slow suppressed."""
    checks = [HealthCheck.too_slow, *suppress]
    if UNDER_MUTMUT:
        return settings(
            max_examples=min(max_examples, MUTANT_EXAMPLES),
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=checks,
        )
    return settings(max_examples=max_examples, deadline=None, suppress_health_check=checks)
