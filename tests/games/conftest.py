"""Shared helpers for the engine tests (no database, no Django)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

REPO_ROOT = Path(__file__).resolve().parents[2]
# The repository keeps its own copy of the example scenarios (data only), so that a clone tests
# completely on its own; .ci/run compares the copy with ../shared/scenarios/examples when that is
# beside the clone and says so in its summary.
EXAMPLES_DIR = REPO_ROOT / "tests" / "games" / "examples"

settings.register_profile(
    "engine",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "engine"))


def is_subset(expected: Any, actual: Any) -> bool:
    """``expected`` is contained in ``actual``: dict keys recursively, lists element-wise."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and is_subset(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(is_subset(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return expected == actual and type(expected) is type(actual)
