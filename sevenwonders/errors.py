"""One exception hierarchy for the whole library.

Everything the library raises on bad input derives from :class:`SevenWondersError`, so a frontend
can catch one class and still tell the cases apart by subclass.
"""

from __future__ import annotations


class SevenWondersError(Exception):
    """Root of every error this library raises on purpose."""


class InvalidOptionError(SevenWondersError, ValueError):
    """A game was configured with options it does not accept (player count, side, edition...)."""


class IllegalMoveError(SevenWondersError):
    """A move that the rules do not allow in this state; the state is left unchanged.

    ``reason`` is a short machine-friendly code (``"not_in_hand"``, ``"cannot_pay"``...);
    the message explains it for people.
    """

    def __init__(self, message: str, *, reason: str = "illegal", seat: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat


class WrongSeatError(IllegalMoveError):
    """A seat that does not exist, or that is not asked to move now."""


class GameOverError(IllegalMoveError):
    """A move was offered after the game ended."""


class NotationError(SevenWondersError):
    """A move's text form could not be read."""


class InvalidStateError(SevenWondersError):
    """A state that breaks the game's invariants (for example a hand-edited JSON document)."""


class UnknownCardError(SevenWondersError, LookupError):
    """A card, wonder, project or other named component that the data files do not define."""


class DataFileError(SevenWondersError):
    """A data file that is missing, malformed or inconsistent; the message names file and place."""

    def __init__(self, file: str, place: str, message: str) -> None:
        super().__init__(f"{file}: {place}: {message}")
        self.file = file
        self.place = place


class SerializationError(SevenWondersError):
    """A JSON document that is not valid JSON or does not describe the requested type."""


class ReplayError(SevenWondersError):
    """A game record that does not replay; ``step`` names the first bad step."""

    def __init__(self, message: str, *, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step
