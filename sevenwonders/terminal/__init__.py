"""The old import path of :mod:`sevenwonders.frontend.terminal`, kept for users' imports.

A package rather than a ``terminal.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file).
"""

from sevenwonders.frontend.terminal import (
    RENDERERS,
    Quit,
    TerminalResult,
    describe_event,
    format_scores,
    play_terminal,
    render_view,
    seat_name,
    visible_events,
)

__all__ = [
    "RENDERERS", "Quit", "TerminalResult", "describe_event", "format_scores", "play_terminal",
    "render_view", "seat_name", "visible_events",
]
