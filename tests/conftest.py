"""Test-wide settings: property tests have no per-example deadline (the machines that run them
are shared and their speed varies), and under CI (``CI`` set) their examples are derandomised so
that a run is reproducible."""

import os

from hypothesis import settings

settings.register_profile("sevenwonders", deadline=None)
settings.register_profile("sevenwonders-ci", deadline=None, derandomize=True)
settings.load_profile("sevenwonders-ci" if os.environ.get("CI") else "sevenwonders")
