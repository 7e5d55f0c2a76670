"""Planted bugs: for every property, scorers with one rule broken each (wrappers around the
reference), which the property must catch through its own check — the proof that the
property can fail (tests/test_planted.py runs each at the ci budget).

One module per property, named as the property's own (gb16.properties.invariants.pNN_name
beside gb16.properties.planted.pNN_name); base.py holds the shared wrappers.  The bugs only
ever play the scorer under test: nothing here judges anything.
"""

from __future__ import annotations

import importlib
import pkgutil

from gb16.properties.invariants import PROPERTIES as _PROPERTIES

#: (property name, bug name, scorer factory, words the violation must contain, examples)
PLANTED: list[tuple] = []

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name[:1] == "p" and _info.name[1:3].isdigit():
        _module = importlib.import_module(f"{__name__}.{_info.name}")
        _prop = next(p for p in _PROPERTIES if p.number == int(_info.name[1:3]))
        PLANTED += [(_prop.name, *bug) for bug in _module.BUGS]
