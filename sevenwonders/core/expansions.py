"""Expansions by name: the table of every expansion's spec module, below the games they extend.

The base game finds an expansion named in a document, a record or a pickled configuration
here, so it never reaches up to the registry of :mod:`sevenwonders.games` (which re-exports
these names). Like that registry, this module imports no game: an expansion's module is imported
only when its spec is asked for. Adding an expansion is one line of :data:`EXPANSIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sevenwonders.core.options import construct
from sevenwonders.core.spec import ExpansionSpec, spec_named
from sevenwonders.errors import InvalidOptionError

# expansion name -> the module holding its SPEC
EXPANSIONS: dict[str, str] = {
    "edifice": "sevenwonders.edifice.spec",
}


def expansion_spec(name: str) -> ExpansionSpec:
    """The spec of the expansion called ``name`` (in any letter case)."""
    found: ExpansionSpec = spec_named(EXPANSIONS, name, "expansion")
    return found


def make_expansion(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """The expansion called ``name`` (see :data:`EXPANSIONS`) built from its options."""
    entry = expansion_spec(name)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidOptionError(f"the options of {name} must be an object, not {options!r}")
    return construct(entry.load(), f"expansion {name}", dict(options))


__all__ = ["EXPANSIONS", "expansion_spec", "make_expansion"]
