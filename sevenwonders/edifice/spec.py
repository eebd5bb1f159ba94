"""7 Wonders: Edifice's entry in the registry (:mod:`sevenwonders.games`): an expansion of the
base game, built as ``Edifice(**options)``."""

from sevenwonders.core.spec import ExpansionSpec

SPEC = ExpansionSpec(name="edifice", extends="base",
                     expansion="sevenwonders.edifice.expansion:Edifice")
