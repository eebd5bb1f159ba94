"""The documented maxima of everything the library reads from outside, in one place.

A server takes documents, notation, records and sheet files from strangers: each is refused
*before* parsing when it is over its limit (``TOO_LARGE``), so no input costs more than a
bounded amount of time and memory. The figures are far above anything a real game produces
(a whole recorded base game is some 10 KB; a move's text some 40 characters).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

from sevenwonders.errors import _MAX_MESSAGE_CHARS, Reason, SevenWondersError

MAX_DOCUMENT_CHARS = 4 * 1024 * 1024
"""A JSON document given to ``from_json``/``load_record``: 4 MiB of text."""

MAX_DEPTH = 64
"""How deeply arrays and objects of a JSON document may nest (states need fewer than 10)."""

MAX_INT_BITS = 64
"""Integers in documents: magnitude below 2**64 (seeds and generator states are 64-bit)."""

MAX_NOTATION_CHARS = 512
"""A move's text (``parse_move``): a real move is under 100 characters."""

MAX_NOTATION_DIGITS = 6
"""A number inside a move's text (payments, options): at most 6 digits."""

MAX_RECORD_FILE_BYTES = MAX_DOCUMENT_CHARS
"""A game record file (``read_record``)."""

MAX_SHEET_FILE_BYTES = 1024 * 1024
"""A Dice sheet file (``load_sheets``): the shipped one is 18 KB."""

MAX_QUOTE_CHARS = 60
"""An error message quotes at most this much of the offending input."""

MAX_MESSAGE_CHARS = _MAX_MESSAGE_CHARS
"""No error message is longer than this, whatever it quotes (enforced by the errors)."""


def quote(value: object, limit: int = MAX_QUOTE_CHARS) -> str:
    """``repr(value)`` cut to a short prefix, for error messages about untrusted input."""
    if isinstance(value, str | bytes | bytearray) and len(value) > 4 * limit:
        value = value[: 4 * limit]  # never build the repr of a huge string
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = f"<{type(value).__name__}>"
    return text[:limit] + "..." if len(text) > limit else text


def read_bounded(path: str | os.PathLike[str], limit: int,
                 error: Callable[..., SevenWondersError], what: str) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Devices, FIFOs, sockets and directories are refused before anything is read (a FIFO is
    opened non-blocking and checked with ``fstat``, so no writer can make it hang); a file over
    the limit is refused before it is read, and a file that grows while read stops at the limit.
    ``error(message, reason=...)`` makes the error raised.
    """
    if not isinstance(path, str | os.PathLike) or isinstance(path, bytes):
        # an int would be taken as an open file descriptor
        raise error(f"{what} is named by a path, not {type(path).__name__}",
                    reason=Reason.WRONG_TYPE)
    name = quote(str(path))
    try:
        info = os.stat(path)
    except (OSError, ValueError) as problem:
        raise error(f"cannot read {what} {name}: {getattr(problem, 'strerror', None) or problem}",
                    reason=Reason.NOT_A_FILE) from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{what} {name} is not a regular file", reason=Reason.NOT_A_FILE)
    if info.st_size > limit:
        raise error(f"{what} {name} has {info.st_size} bytes; the limit is {limit}",
                    reason=Reason.TOO_LARGE)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as problem:
        raise error(f"cannot read {what} {name}: {problem.strerror or problem}",
                    reason=Reason.NOT_A_FILE) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for a FIFO after the stat above
            raise error(f"{what} {name} is not a regular file", reason=Reason.NOT_A_FILE)
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise error(f"{what} {name} is over the limit of {limit} bytes",
                            reason=Reason.TOO_LARGE)
        return b"".join(chunks)
    except OSError as problem:
        raise error(f"cannot read {what} {name}: {problem.strerror or problem}",
                    reason=Reason.NOT_A_FILE) from None
    finally:
        os.close(fd)


def check_notation(text: object) -> str:
    """A move's text: exactly a ``str`` (not a subclass) of at most
    :data:`MAX_NOTATION_CHARS` characters, else :class:`NotationError`."""
    from sevenwonders.errors import NotationError

    if type(text) is not str:
        raise NotationError(f"a move is written as text, not {type(text).__name__}",
                            reason=Reason.WRONG_TYPE)
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError(f"a move's text has {len(text)} characters; the limit is "
                            f"{MAX_NOTATION_CHARS}", reason=Reason.TOO_LARGE)
    return text


__all__ = [
    "MAX_DEPTH", "MAX_DOCUMENT_CHARS", "MAX_INT_BITS", "MAX_MESSAGE_CHARS", "MAX_NOTATION_CHARS",
    "MAX_NOTATION_DIGITS", "MAX_QUOTE_CHARS", "MAX_RECORD_FILE_BYTES", "MAX_SHEET_FILE_BYTES",
    "check_notation", "quote", "read_bounded",
]
