"""A terminal client: one person plays a seat against bots, with plain ``input``/``print``.

Everything shown to the person comes from their seat's view, their choice details and the events
of each step with other seats' secrets removed (:func:`visible_events`); the state never reaches
the screen. Streams are injectable, so a whole game can be scripted in tests::

    play_terminal(BaseGame(players=3), seat=0, agents="random", seed=1,
                  input=io.StringIO("1\\n" * 100), output=io.StringIO())

The person answers with a move number, a move in notation (``build Baths paying left 2``), or one
of ``help``, ``moves``, ``view``, ``quit``; a rejected answer is explained and asked again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.dice.sheet_choices import DiceChoices
from sevenwonders.errors import InvalidOptionError, SevenWondersError
from sevenwonders.frontend.choices import choices
from sevenwonders.frontend.describe import describe_event, seat_label
from sevenwonders.frontend.names import move_words
from sevenwonders.frontend.records import GameRecord, new_record
from sevenwonders.frontend.screens import render_view

HELP = """Answer with:
  a number        the move of that number in the list
  a move          its notation, for example {example!r}
  moves           list the legal moves again
  view            show the table again
  help            this text
  quit            leave the game (the record so far is kept)"""


class Quit(Exception):
    """The person left the game (``quit`` or end of input)."""


@attrs.frozen(slots=True)
class TerminalResult:
    """How a terminal game ended: the last state, its record, and the sheets if it is over."""

    state: Any
    record: GameRecord
    finished: bool
    scores: tuple[ScoreSheet, ...] = ()


# --------------------------------------------------------------------------------- showing


def _move_note(details: Any, index: int, move: Any) -> str:
    """What a move costs, when the game's choice details say (Dice)."""
    if not isinstance(details, DiceChoices) or index >= len(details.moves):
        return ""
    cost = details.moves[index]
    if cost.move != str(move):
        return ""
    parts = []
    if cost.die_coins:
        parts.append(f"die {cost.die_coins}")
    if cost.build_coins:
        parts.append(f"missing resources {cost.build_coins}")
    if cost.gain:
        parts.append(f"gain {cost.gain}")
    text = f"  ({', '.join(parts)} coins)" if parts else "  (free)"
    return text + (f": {cost.effect}" if cost.effect else "")


def visible_events(game: Game[Any, Any, Any], events: Sequence[Any], seat: int
                   ) -> tuple[Any, ...]:
    """The events as ``seat`` may see them (the game's own rule: face-down cards blanked)."""
    return tuple(game.visible_events(tuple(events), seat))


def format_scores(game: Game[Any, Any, Any], state: Any, labels: Sequence[str] | None = None
                  ) -> str:
    """The score sheet: one column per seat, one row per line, then the total and the place."""
    sheets = game.scores(state)
    places = game.ranking(state)
    names = list(labels) if labels is not None else [f"seat {s}" for s in range(len(sheets))]
    lines: list[str] = []
    for sheet in sheets:
        for line in sheet.lines:
            if line not in lines:
                lines.append(line)
    width = max(12, *(len(n) + 2 for n in names))
    out = [f"{'':<14}" + "".join(f"{n:>{width}}" for n in names)]
    for line in lines:
        out.append(f"{line:<14}" + "".join(f"{s.lines.get(line, 0):>{width}}" for s in sheets))
    out.append(f"{'total':<14}" + "".join(f"{s.total:>{width}}" for s in sheets))
    out.append(f"{'place':<14}" + "".join(f"{p:>{width}}" for p in places))
    return "\n".join(out)


# --------------------------------------------------------------------------------- playing


def _agents(game: Game[Any, Any, Any], seat: int, agents: Any) -> list[Agent | None]:
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        specs: list[Any] = [agents] * game.players
    else:
        specs = list(agents)
        if len(specs) == game.players - 1:
            specs.insert(seat, None)
        if len(specs) != game.players:
            raise InvalidOptionError(
                f"give one agent, or one per other seat ({game.players - 1}), not {len(specs)}")
    out: list[Agent | None] = []
    for index, spec in enumerate(specs):
        if index == seat:
            out.append(None)
        elif isinstance(spec, str):
            out.append(make_agent(spec))
        elif spec is None:
            raise InvalidOptionError(f"seat {index} needs an agent")
        else:
            out.append(spec)
    return out


def _labels(game: Game[Any, Any, Any], view: Any, seat: int) -> list[str]:
    out = []
    for s in range(game.players):
        label = seat_label(view, s)
        who = "you" if s == seat else f"seat {s}"
        out.append(f"{who} {label}".strip() if len(label) < 14 else who)
    return out


def _example(legal: Sequence[Any]) -> str:
    return str(legal[0]) if legal else "pass"


class _Session:
    def __init__(self, game: Game[Any, Any, Any], seat: int, input: TextIO, output: TextIO,
                 show_all_events: bool) -> None:
        self.game = game
        self.seat = seat
        self.input = input
        self.output = output
        self.show_all_events = show_all_events

    def say(self, text: str = "") -> None:
        self.output.write(text + "\n")

    def show(self, state: Any) -> tuple[Any, Any]:
        view = self.game.view(state, self.seat)
        details = choices(self.game, state, self.seat)
        self.say(render_view(self.game, view, details))
        return view, details

    def list_moves(self, legal: Sequence[Any], details: Any = None, view: Any = None) -> None:
        self.say("Moves:")
        for number, move in enumerate(legal, start=1):
            words = move_words(self.game, str(move), view)
            said = f"  = {words}" if words != str(move) else ""
            self.say(f"  {number:>3}. {move}{_move_note(details, number - 1, move)}{said}")

    def ask(self, state: Any) -> Any:
        """The person's move for ``state``: asked until a legal one is given."""
        game = self.game
        legal = game.legal_moves(state, self.seat)
        view, details = self.show(state)
        self.list_moves(legal, details, view)
        while True:
            self.output.write(f"Your move (1-{len(legal)}, a move, or help): ")
            self.output.flush()
            line = self.input.readline()
            if not line:
                self.say()
                raise Quit("end of input")
            text = line.strip()
            if not text:
                continue
            command = text.lower()
            if command in ("help", "?"):
                self.say(HELP.format(example=_example(legal)))
                continue
            if command in ("quit", "exit"):
                raise Quit("quit")
            if command in ("moves", "list"):
                self.list_moves(legal, details, view)
                continue
            if command == "view":
                self.show(state)
                continue
            if text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.say(f"Rejected: there is no move {number}; choose 1 to {len(legal)}.")
                continue
            try:
                return game.parse_move(state, self.seat, text)
            except SevenWondersError as error:
                self.say(f"Rejected: {error}")
                self.say("Try again (a number, a move such as "
                         f"{_example(legal)!r}, or 'help').")

    def events(self, state: Any, events: Sequence[Any]) -> None:
        view = self.game.view(state, self.seat)
        shown = events if self.show_all_events else visible_events(self.game, events, self.seat)
        for event in shown:
            self.say("  * " + describe_event(self.game, event, view))


def play_terminal(
    game: Game[Any, Any, Any],
    seat: int,
    agents: Any = "random",
    seed: int = 0,
    input: TextIO | None = None,
    output: TextIO | None = None,
    *,
    on_record: Callable[[GameRecord], None] | None = None,
) -> TerminalResult:
    """Play ``game`` from ``seed`` in a terminal, the person at ``seat`` against ``agents``.

    ``agents`` is an agent or agent name for every other seat, or a list (one per other seat,
    or one per seat with anything at ``seat``). ``on_record`` receives the record after every
    step (to save it as the game goes). Returns when the game ends or the person quits.
    """
    input = input if input is not None else sys.stdin
    output = output if output is not None else sys.stdout
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise InvalidOptionError(f"seat must be 0 to {game.players - 1}, not {seat!r}")
    bots = _agents(game, seat, agents)
    session = _Session(game, seat, input, output, show_all_events=False)
    state = game.new_game(seed)
    record = new_record(game, seed)
    rngs = [Rng.from_seed(seed ^ (0x5EED << s)) for s in range(game.players)]
    opponents = ", ".join(f"seat {s}: {bot.name}" for s, bot in enumerate(bots) if bot)
    session.say(f"{game.name}, {game.players} players, seed {seed}; you are seat {seat} "
                f"({opponents}). Type 'help' for help.")
    try:
        while not game.is_over(state):
            moves: dict[int, Any] = {}
            to_move = sorted(game.to_move(state))
            if seat in to_move:
                moves[seat] = session.ask(state)
            for other in to_move:
                if other == seat:
                    continue
                bot = bots[other]
                assert bot is not None
                legal = game.legal_moves(state, other)
                moves[other], rngs[other] = bot.choose(game, game.view(state, other), legal,
                                                       rngs[other])
            state, events = game.step(state, moves)
            record = record.with_step(moves)
            if on_record is not None:
                on_record(record)
            if seat in moves:
                session.say(f"You play: {moves[seat]}")
            session.events(state, events)
    except Quit as why:
        session.say(f"Game left ({why}) after {len(record.steps)} steps.")
        return TerminalResult(state, record, False)
    scores = game.scores(state)
    record = record.finished(scores)
    if on_record is not None:
        on_record(record)
    view = game.view(state, seat)
    session.say("")
    session.say("Final scores:")
    session.say(format_scores(game, state, _labels(game, view, seat)))
    place = game.ranking(state)[seat]
    session.say(f"You finished in place {place} of {game.players}.")
    return TerminalResult(state, record, True, scores)


__all__ = ["Quit", "TerminalResult", "format_scores", "play_terminal", "visible_events"]
