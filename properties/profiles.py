"""The two Hypothesis profiles of the property suite.

* ``ci`` — bounded and deterministic (derandomized: the same examples on every run), sized
  so that the whole suite runs in a few minutes on two cores; used by tests/test_properties.py.
* ``thorough`` — many more examples, for the report (``gb16 report`` calls
  ``run_all(profile="thorough")``); also derandomized so a report can be reproduced, unless a
  seed is given.

Each property has a relative cost (``Property.weight``): its example budget is the
profile's ``max_examples`` divided by that weight.  The profiles are also registered with
Hypothesis as ``gb16-ci`` and ``gb16-thorough``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, Verbosity, settings

#: Health checks that only complain about generated data being rich or slow to build.
_RELAXED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
            HealthCheck.large_base_example]


@dataclass(frozen=True)
class Profile:
    name: str
    max_examples: int
    derandomize: bool
    #: include the exhaustive checks (gb16.properties.exhaustive) in run_all
    exhaustive: bool
    description: str


PROFILES = {
    "ci": Profile("ci", 150, True, False, "bounded, derandomized; the whole suite in a few minutes"),
    "thorough": Profile("thorough", 1500, True, True,
                        "many examples per property plus the exhaustive checks, for the report"),
}


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})") from None


def budget(profile: Profile, weight: float) -> int:
    """Examples for a property of the given relative cost."""
    return max(10, int(round(profile.max_examples / weight)))


def hypothesis_settings(profile: Profile, weight: float = 1.0, seed_given: bool = False) -> settings:
    return settings(
        max_examples=budget(profile, weight),
        derandomize=profile.derandomize and not seed_given,
        deadline=None,
        database=None,
        suppress_health_check=_RELAXED,
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
    )


for _p in PROFILES.values():
    settings.register_profile(f"gb16-{_p.name}", hypothesis_settings(_p))
