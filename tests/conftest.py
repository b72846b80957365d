"""Test settings shared by every test module: Hypothesis without per-example time limits (times
are measured by scripts/bench/bench.py, never asserted in tests; a loaded machine must not fail a
correct property)."""

from hypothesis import settings

settings.register_profile("oracle", deadline=None)
settings.load_profile("oracle")
