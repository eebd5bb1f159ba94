"""Refusals as HTTP answers: ``{"error": {"reason": ..., "message": ...}}``.

A refusal by the library keeps its :class:`~sevenwonders.errors.Reason`; the server adds a few
codes of its own for what only a server can refuse (:data:`SERVER_REASONS`).
"""

from __future__ import annotations

from sevenwonders.errors import Reason, SevenWondersError

# reason -> HTTP status, for the refusals only the server makes (documented in docs/server.md).
SERVER_REASONS: dict[str, int] = {
    "unauthorized": 401,   # no token, or a token that is not this seat's
    "forbidden": 403,      # a seat played by a bot, or another seat's token
    "not_found": 404,      # no such table, seat or page
    "method_not_allowed": 405,
    "not_over": 409,       # the record is only given once the game is over
    "too_large": 413,      # a body over MAX_BODY (notation over its cap gets 400)
    "malformed": 400,      # not JSON, or not the documented shape
    "unsupported": 415,    # a body that is not application/json
    "rate_limited": 429,   # one client's creations or moves over the server's rate
    "too_many": 429,       # one client's live tables at the server's cap
    "busy": 503,           # the server holds as many live tables as it may
    "unstorable": 500,     # a step the database would refuse: not played
    "internal": 500,       # the server failed (logged); the request may not have been done
    "bad_host": 400,       # a Host header the server does not answer to
}

# library reasons that mean "not now" rather than "never": 409 Conflict
_CONFLICTS = frozenset({Reason.NOT_TO_MOVE, Reason.GAME_OVER, Reason.PENDING_DECISION})


class ApiError(Exception):
    """A refusal with its HTTP status, reason code and message for people."""

    def __init__(self, status: int, reason: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.reason = str(reason)
        self.message = message
        self.headers = headers or {}

    def body(self) -> dict[str, dict[str, str]]:
        return {"error": {"reason": self.reason, "message": self.message}}

    @classmethod
    def server(cls, reason: str, message: str, status: int | None = None,
               headers: dict[str, str] | None = None) -> ApiError:
        """One of :data:`SERVER_REASONS` (or a library reason with an explicit status)."""
        return cls(status if status is not None else SERVER_REASONS[reason], reason, message,
                   headers)

    @classmethod
    def of(cls, error: SevenWondersError) -> ApiError:
        """The library's refusal: 409 for "not now", 404 for a seat that does not exist, 400
        for everything else; the reason is the library's."""
        reason = error.reason
        if reason in _CONFLICTS:
            status = 409
        elif reason is Reason.NO_SUCH_SEAT:
            status = 404
        else:
            status = 400
        return cls(status, reason.value, str(error) or reason.value)
