"""The invariants' loop (:func:`sevenwonders.core.problems.find`, run by
:mod:`sevenwonders.core.finding`): every problem of every invariant in order, an error a check
raises reported as a problem of that invariant (the library's own error with its field, any
other error by its class, never raised), and nothing after a gate that found a problem."""

from __future__ import annotations

from collections.abc import Iterator

from sevenwonders.core.problems import Invariant, find, problem
from sevenwonders.errors import IllegalMoveError, InvalidStateError, Problem


def _yields(*fields: str) -> Invariant[int]:
    def check(context: int) -> Iterator[Problem]:
        for field in fields:
            yield from problem("yields", field, f"{field} of {context}")
    return Invariant("yields", "yields its fields", check)


def _raises(error: Exception, name: str = "raises", gate: bool = False) -> Invariant[int]:
    def check(context: int) -> Iterator[Problem]:
        raise error
    return Invariant(name, "raises", check, gate=gate)


def test_every_problem_of_every_invariant_in_order() -> None:
    assert find((_yields("a", "b"), _yields(), _yields("c")), 7) == (
        Problem("yields", "a", "a of 7"), Problem("yields", "b", "b of 7"),
        Problem("yields", "c", "c of 7"))
    assert find((), 7) == ()


def test_an_error_a_check_raises_is_a_problem_of_its_invariant() -> None:
    found = find((_raises(InvalidStateError("a wrong city", field="cities")),
                  _raises(InvalidStateError("no field")),
                  _raises(IllegalMoveError("not now")),
                  _raises(ZeroDivisionError("x")),
                  _raises(KeyError("y"))), 0)
    assert [(p.invariant, p.field) for p in found] == [("raises", "cities"), ("raises", "state"),
                                                       ("raises", "state"), ("raises", "state"),
                                                       ("raises", "state")]
    assert found[0].message == "a wrong city"
    assert found[2].message.startswith("the rules refuse it: ")
    assert found[3].message == "the rules cannot use it (ZeroDivisionError)"
    assert found[4].message == "the rules cannot use it (KeyError)"


def test_a_gate_that_finds_a_problem_stops_the_later_checks() -> None:
    gate = Invariant("gate", "a gate", _yields("g").check, gate=True)
    assert find((gate, _yields("later")), 1) == (Problem("yields", "g", "g of 1"),)
    assert find((_raises(ValueError(), "shut", gate=True), _yields("later")), 1) == (
        Problem("shut", "state", "the rules cannot use it (ValueError)"),)
    open_gate = Invariant("gate", "a gate", _yields().check, gate=True)
    assert find((open_gate, _yields("later")), 1) == (Problem("yields", "later", "later of 1"),)
