"""No import cycle anywhere in the package: no module imports a module that imports it back,
however long the way round.

The graph is grimp's (the library import-linter checks the floors of ``pyproject.toml`` on),
and it counts every import: at module level, inside a function and under ``TYPE_CHECKING``.
The floors prove the same for core, the games and the server; this test covers every package,
the agents, the frontends and the adapters too.
"""

from __future__ import annotations

from typing import Any

import pytest

grimp = pytest.importorskip("grimp")


def _cycles(graph: Any) -> list[str]:
    """Each direct import that closes a cycle, with the shortest way back."""
    found = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                found.append(" -> ".join((importer, *back)))
    return found


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    graph = grimp.build_graph("sevenwonders", cache_dir=None)
    assert len(graph.modules) > 100  # the whole package was read
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(cycles[:20])


def test_a_cycle_is_found() -> None:
    """The search finds a cycle, here one made on purpose on a copy of the graph."""
    graph = grimp.build_graph("sevenwonders", cache_dir=None)
    graph.add_import(importer="sevenwonders.core.rng", imported="sevenwonders.base.game")
    cycles = _cycles(graph)
    assert cycles and all("sevenwonders.core.rng" in cycle for cycle in cycles)
    assert "sevenwonders.core.rng -> sevenwonders.base.game -> " in "\n".join(cycles)
