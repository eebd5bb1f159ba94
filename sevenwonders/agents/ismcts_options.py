"""The options of an ISMCTS search (:mod:`sevenwonders.agents.ismcts`): their names, generic
and per-game default values, checks, and the resolved :class:`Settings` of one search."""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Mapping
from typing import Any

from sevenwonders.agents.network import NetworkUnavailableError, network_for
from sevenwonders.core.protocol import Game
from sevenwonders.games import AgentPresets

WIN_WEIGHT = 0.6
SCALE = 8.0
POINTS_SCALE = 50.0
"""With ``points=W`` a seat's reward gains ``W * its points / POINTS_SCALE``: at ``W = 1`` a
point is worth 0.02, where a point of margin is worth 0.0125 to the competitive reward's margin
term near an even game (``0.4 * sigmoid(margin / 8)``) and more through its win term."""
ROLLOUTS = ("greedy", "fast", "mixed", "policy")
LEAVES = ("heuristic", "net", "greedy")
ROOTS = ("tree", "paired")
MAX_FAILURES = 3
MAX_PLIES = 500
"""A walk "to the end" is scored with the leaf values after this many steps all the same (a
game the playout policy cannot finish: every seat passing in Dice, say)."""
CHANCES = ("outcomes", "open")
CUT_POINTS = ("city", "ending")
"""What the ``points`` reward reads at a cut walk: each seat's city value (``values_of``), or
the same with what it holds counted as it will end (``ending_values_of``: in the base game,
its science line by a fitted estimate, :mod:`sevenwonders.agents.heuristics.base_ending`)."""
CLOCK = time.thread_time
"""The clock of a ``seconds`` budget: CPU seconds of the deciding thread, so that load from other
processes does not weaken the search."""
OPTIONS = (
    "exploration", "horizon", "width", "rollout", "depth", "root", "evidence", "cut_evidence",
    "chance", "turns", "leaf", "points", "cut_points",
)
DEFAULTS: dict[str, object] = {
    "exploration": 0.7, "horizon": 8, "width": 6, "rollout": "greedy", "depth": 1,
    "root": "paired", "evidence": 1.0, "cut_evidence": math.inf, "chance": "outcomes",
    "turns": None, "leaf": "net", "points": 0.0, "cut_points": "city",
}
"""The generic value of every option: a paired flat search of the heuristic's 6 best moves,
anchored on the greedy move, whose walks run 8 steps and may overrule the greedy move only when
they reach the end of the game (an endgame search, as Dice's preset); where a value network
ships (the base game with 4 players) and numpy is installed, walks of :data:`NET_HORIZON` steps
scored by the network instead, which may overrule the greedy move from the first Age
(:func:`resolve_networks`; ``leaf="heuristic"`` keeps the endgame search); a purely competitive
reward (``points=0``), but with network leaves the seat's points too (:data:`NET_POINTS`,
read at a cut as :data:`NET_CUT_POINTS` says) and walk players not only greedy
(:data:`NET_ROLLOUT`)."""
UNRANKED_DEFAULTS: dict[str, object] = {
    **DEFAULTS, "root": "tree", "depth": None, "horizon": 2, "cut_evidence": 1.0,
}
"""The generic values for a game without a move-ranking heuristic (``evaluate_state``): its greedy
anchor would be the protocol-only fallback and its playouts random, and the full tree search
plays such games (Nim in the tests) better than a flat comparison of the root moves."""
NET_HORIZON = 3
"""The steps a walk runs before the value network scores it (``leaf="net"``, ``horizon`` left
out): about 0.15 s CPU a decision with 100 walks in the base game with 4 players."""
NET_POINTS = 1.0
"""The ``points`` weight of a search with network leaves (``leaf="net"``, ``points`` left out):
the seat's own points count beside its win and margin, which lifts all-search tables' scores
toward strong humans' without losing strength against greedy (the strength page's rows)."""
NET_CUT_POINTS = "ending"
"""The ``cut_points`` of a search with network leaves (``leaf="net"``, ``cut_points`` left out):
the seat's points at a cut walk count its science as it will end (a fit of the final science
line on the science it holds), not as the greedy judgement weighs a symbol; on the same deals
all-search tables play more science at no cost in points (the strength page's rows)."""
NET_ROLLOUT = "mixed"
"""The ``rollout`` of a search with network leaves (``leaf="net"``, ``rollout`` left out): the
walks' players play the greedy move 3 times in 4 and a fast random move otherwise, so a walk
meets opponents who are not all the greedy policy; on the same deals it beats the search whose
walks are greedy alone, at about the same CPU a decision (the strength page's rows)."""
PRESETS: Mapping[str, Mapping[str, object]] = AgentPresets("ismcts")
"""Per-game values of the options a user leaves out, by game name, from each game's spec
(``presets["ismcts"]``; see the README)."""


NO_MOVE: Any = object()
"""No forced root move (``None`` may be a game's move)."""


class Unset(enum.Enum):
    """The value of an option the caller left out (``None`` may be a value)."""

    UNSET = "unset"


UNSET = Unset.UNSET


class Settings:
    """The options of one search, resolved for a game."""

    __slots__ = ("chance", "cut_evidence", "cut_points", "depth", "evidence", "exploration",
                 "horizon", "leaf", "points", "rollout", "root", "turns", "width")

    def __init__(self, values: Mapping[str, object]) -> None:
        exploration, evidence = values["exploration"], values["evidence"]
        cut_evidence = values["cut_evidence"]
        assert isinstance(cut_evidence, int | float)
        self.cut_evidence = float(cut_evidence)
        horizon, width, depth = values["horizon"], values["width"], values["depth"]
        rollout, root = values["rollout"], values["root"]
        assert isinstance(exploration, int | float) and isinstance(evidence, int | float)
        assert horizon is None or isinstance(horizon, int)
        assert width is None or isinstance(width, int)
        assert depth is None or isinstance(depth, int)
        assert isinstance(rollout, str) and isinstance(root, str)
        self.exploration = float(exploration)
        self.evidence = float(evidence)
        self.horizon: int | None = horizon
        self.width: int | None = width
        self.depth: int | None = depth
        self.rollout = rollout
        self.root = root
        chance = values["chance"]
        assert isinstance(chance, str)
        self.chance = chance
        turns = values["turns"]
        assert turns is None or isinstance(turns, int)
        self.turns: int | None = turns
        leaf = values["leaf"]
        assert isinstance(leaf, str)
        self.leaf = leaf
        points = values["points"]
        assert isinstance(points, int | float)
        self.points = float(points)
        cut_points = values["cut_points"]
        assert isinstance(cut_points, str)
        self.cut_points = cut_points


def check_options(options: Mapping[str, object]) -> None:
    """Refuse option values out of range (``ValueError``, which the agent's parser reports)."""
    width, horizon, depth = options.get("width"), options.get("horizon"), options.get("depth")
    if isinstance(width, int) and width < 1:
        raise ValueError("width must be at least 1")
    if isinstance(horizon, int) and horizon < 0:
        raise ValueError("horizon must not be negative")
    if isinstance(depth, int) and depth < 1:
        raise ValueError("depth must be at least 1")
    turns = options.get("turns")
    if isinstance(turns, int) and turns < 1:
        raise ValueError("turns must be at least 1")
    if "rollout" in options and options["rollout"] not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {ROLLOUTS}")
    if "root" in options and options["root"] not in ROOTS:
        raise ValueError(f"root must be one of {ROOTS}")
    if "leaf" in options and options["leaf"] not in LEAVES:
        raise ValueError(f"leaf must be one of {LEAVES}")
    if "chance" in options and options["chance"] not in CHANCES:
        raise ValueError(f"chance must be one of {CHANCES}")
    if "cut_points" in options and options["cut_points"] not in CUT_POINTS:
        raise ValueError(f"cut_points must be one of {CUT_POINTS}")
    for key in ("evidence", "cut_evidence"):
        evidence = options.get(key)
        if isinstance(evidence, int | float) and evidence < 0:
            raise ValueError(f"{key} must not be negative")
    points = options.get("points")
    if isinstance(points, int | float) and not 0 <= points < math.inf:
        raise ValueError("points must be a finite number, not negative")


def resolve_networks(game: Game[Any, Any, Any], settings: Settings,
                     given: Mapping[str, object]) -> None:
    """Resolve the network options of ``settings`` for ``game``: ``leaf="net"`` and
    ``rollout="policy"`` fall back to the heuristic and the greedy policy where no network
    ships; with network leaves a cut walk is evidence like any other (``cut_evidence`` is
    ``evidence``), walks are cut after :data:`NET_HORIZON` steps, the seat's points weigh
    :data:`NET_POINTS` and read :data:`NET_CUT_POINTS` at a cut, and the walks' players play
    :data:`NET_ROLLOUT`, unless ``given``."""
    if settings.leaf != "net" and settings.rollout != "policy":
        return
    try:
        network = network_for(game)
    except NetworkUnavailableError:
        if "leaf" in given or "rollout" in given:
            raise
        network = None  # the default leaf without numpy: the heuristic's, as before
    if network is None:
        settings.leaf = "heuristic"
        settings.rollout = "greedy" if settings.rollout == "policy" else settings.rollout
    elif settings.leaf == "net":
        if "cut_evidence" not in given:
            settings.cut_evidence = settings.evidence
        if "horizon" not in given:
            settings.horizon = NET_HORIZON
        if "points" not in given:
            settings.points = NET_POINTS
        if "cut_points" not in given:
            settings.cut_points = NET_CUT_POINTS
        if "rollout" not in given:
            settings.rollout = NET_ROLLOUT
