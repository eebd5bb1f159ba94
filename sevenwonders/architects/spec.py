"""7 Wonders Architects' entry in the registry (:mod:`sevenwonders.games`): its class, kind, and
the parts agents and frontends use, named lazily (see :class:`~sevenwonders.core.spec.GameSpec`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.spec import GameSpec, SpielSpec

if TYPE_CHECKING:
    from sevenwonders.architects.state import ArchitectsState

INFO = GameInfo(name="architects", min_players=2, max_players=7, simultaneous=False,
                hidden_information=True, chance=True)


def seat_labels(state: ArchitectsState) -> tuple[str, ...]:
    """Each seat's wonder, for result tables."""
    return tuple(city.wonder for city in state.cities)


SPEC = GameSpec(
    info=INFO,
    game="sevenwonders.architects.game:ArchitectsGame",
    determinizer="sevenwonders.architects.determinize:determinize",
    heuristic="sevenwonders.agents.heuristics.architects",
    renderer="sevenwonders.frontend.screens:render_architects_view",
    seat_labels="sevenwonders.architects.spec:seat_labels",
    openspiel=SpielSpec(parameters={"players": 2}, max_game_length=4000),
    adapters={
        "server.catalog": "sevenwonders.frontend.server.catalog:architects_catalog",
        "rl.observations": "sevenwonders.encoding.obs_architects:ArchitectsEncoder",
        "rl.actions": "sevenwonders.encoding.index_architects:architects_index",
    },
    presets={
        # one seat moves at a time, so the generic 8-step walks seldom reach the end: walks are
        # cut as the searching seat's turn comes back (``turns=1``, after every other seat
        # answered the move) and the heuristic's leaf values there may overrule the greedy move
        # (measured with 4 players, 0.2 s, 60 deals seed 100 against three greedy agents: 46.7%
        # of the wins, walks cut 2 steps after the root 27.5%, greedy control 26.7%; the
        # figures on fresh deals are in the README; see sevenwonders.agents.ismcts)
        # With 4 players a cut walk's leaf values overrule the greedy move only on two
        # standard errors of paired evidence (README, "Measured strengths": 400 fresh deals,
        # seeds 300 and 400, 38.0% against a 30.1% greedy control; with 3 players the stricter
        # threshold did worse; 5 to 7 players not measured, so they keep the threshold of 1)
        # With 3 players a cut walk's leaf, the searching seat's next decision, is valued by
        # its best move there (``leaf="greedy"``: the cards the decks then show it count, not
        # its city alone; docs/agents-strength.md); other counts not measured with it
        "ismcts": {"turns": 1, "horizon": None, "cut_evidence": 1.0,
                   "by_players": FrozenMap({3: FrozenMap({"leaf": "greedy"}),
                                            4: FrozenMap({"cut_evidence": 2.0})})},
    },
)
