"""What every environment does alike: illegal actions, render modes, metadata.

**Illegal actions** follow PettingZoo's convention for its classic games (the behaviour of its
``TerminateIllegalWrapper``): an action outside the acting seat's mask ends the episode at once;
the offender receives ``illegal_reward`` (default -1, below every reward of ``"win"`` and
``"rank"``: with ``"score"`` or ``"margin"``, in victory points, choose a value below what a game
can give), every other seat ``illegal_others`` (default 0); every agent is terminated (not
truncated) and the offender's info says ``"illegal": True``. A
policy that ignores the mask thus learns from a penalty instead of crashing a run. With
``strict=True`` the environment raises :class:`~sevenwonders.errors.IllegalMoveError` instead
and changes nothing (for debugging a policy that should never err).

**Rendering**: ``render_mode="ansi"`` returns, and ``"human"`` prints, the seat's view as the
terminal client shows it (the table, the hand with costs); any other mode is refused.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.core.protocol import Game
from sevenwonders.errors import InvalidOptionError

RENDER_MODES = ("ansi", "human")
RENDER_FPS = 1  # a turn-based game: one frame per decision is plenty for a human watching


def metadata(name: str, **extra: Any) -> dict[str, Any]:
    """An environment class's ``metadata`` (render modes, frames per second, its name)."""
    return {"name": name, "render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS, **extra}


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if the environments support it; raises :class:`InvalidOptionError`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidOptionError(
            f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
    return render_mode


def render(game: Game[Any, Any, Any], state: Any, seat: int, render_mode: str | None
           ) -> str | None:
    """``seat``'s view of ``state`` as the terminal client shows it: returned for ``"ansi"``,
    printed for ``"human"`` (which returns None), nothing without a render mode."""
    if render_mode is None or state is None:
        return None
    from sevenwonders.frontend.choices import choices
    from sevenwonders.frontend.screens import render_view

    text = render_view(game, game.view(state, seat), choices(game, state, seat))
    if render_mode == "human":
        print(text)
        return None
    return text


@attrs.frozen(slots=True)
class IllegalActions:
    """How an environment treats an action outside the mask (see the module's docstring)."""

    reward: float = -1.0
    others: float = 0.0
    strict: bool = False

    def rewards(self, agents: list[str], offenders: set[str]) -> dict[str, float]:
        """The episode's last rewards when ``offenders`` acted outside their masks."""
        return {agent: float(self.reward if agent in offenders else self.others)
                for agent in agents}
