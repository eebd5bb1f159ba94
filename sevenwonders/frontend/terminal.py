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

import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.base.events import (
    AgeStarted,
    CardBuilt,
    CardDiscarded,
    CardSold,
    CoinsGained,
    ConflictResolved,
    ExpansionEvent,
    GameEnded,
    HandsPassed,
    PendingDecision,
    StageBuilt,
)
from sevenwonders.base.game import BaseGame
from sevenwonders.base.state import City
from sevenwonders.base.view import BaseView
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.serialization import converter, tag_of
from sevenwonders.dice.sheet_choices import DiceChoices, SeatSheet
from sevenwonders.edifice.expansion import Edifice
from sevenwonders.edifice.projects import describe_project
from sevenwonders.edifice.state import EdificeState
from sevenwonders.errors import InvalidOptionError, SevenWondersError
from sevenwonders.frontend.choices import (
    HandChoices,
    choices,
    describe_card,
)
from sevenwonders.frontend.records import GameRecord, new_record
from sevenwonders.games import part_of

HELP = """Answer with:
  a number        the move of that number in the list
  a move          its notation, for example {example!r}
  moves           list the legal moves again
  view            show the table again
  help            this text
  quit            leave the game (the record so far is kept)"""

AGE_NAMES = {1: "I", 2: "II", 3: "III"}
HOW_TEXT = {
    "free_chain": "free (chain)",
    "free_power": "free (wonder power)",
    "free_discard": "free (from the discard pile)",
    "own_resources": "buildable",
    "trading": "by trading",
    "cannot_pay": "cannot pay",
    "duplicate": "already built",
    "wonder_complete": "wonder complete",
}


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


def _age(age: int) -> str:
    return AGE_NAMES.get(age, str(age))


def seat_name(view: Any, seat: int) -> str:
    """``seat 2 (Babylon)`` or ``you (Gizah)``, from what the view shows."""
    me = getattr(view, "seat", None)
    who = "you" if seat == me else f"seat {seat}"
    label = _seat_label(view, seat)
    return f"{who} ({label})" if label else who


def _seat_label(view: Any, seat: int) -> str:
    cities = getattr(view, "cities", None)
    if isinstance(cities, tuple) and 0 <= seat < len(cities):
        wonder = getattr(cities[seat], "wonder", None)
        if isinstance(wonder, str):
            return wonder
    seats = getattr(view, "seats", None)
    if isinstance(seats, tuple) and 0 <= seat < len(seats):
        sheet = getattr(seats[seat], "sheet", None)
        if isinstance(sheet, str):
            return sheet
    return ""


def render_base_view(game: BaseGame, view: BaseView, details: HandChoices | None) -> str:
    """The table as one seat sees it, its hand with buildable markers and costs."""
    out = [f"== Age {_age(view.age)}, turn {view.turn} =="
           + ("  (game over)" if view.over else "")]
    out.append(f"   {'seat':<30}{'coins':>6}{'stages':>8}{'mil.':>6}  cards")
    for city in view.cities:
        marker = ">" if city.seat == view.seat else " "
        name = f"{seat_name(view, city.seat)} {city.side}"
        total = len(_stages_of(game, city.wonder, city.side))
        out.append(f" {marker} {name:<30}{city.coins:>6}{f'{city.stages}/{total}':>8}"
                   f"{sum(city.tokens):>6}  {_cards_by_colour(game, city.cards)}")
    hands = ", ".join(f"{seat}: {size}" for seat, size in enumerate(view.hand_sizes))
    out.append(f"Hand sizes {hands}; discard pile {view.discard_size} cards")
    for expansion in view.expansions:
        out.append(_expansion_line(game, view, expansion))
    if view.pending is not None:
        out.append(f"Your decision: {view.pending.value.replace('_', ' ')}"
                   + (f" ({view.pending_detail})" if view.pending_detail else ""))
    if details is not None and details.cards:
        where = "Discard pile" if details.decision == "build_from_discard" else "Your hand"
        out.append(f"{where} (you may spend {details.coins} coins):")
        for card in details.cards:
            out.append("  " + _card_line(game, card))
    if details is not None and details.stage is not None:
        out.append("  " + _stage_line(details))
    return "\n".join(out)


def _stages_of(game: BaseGame, wonder: str, side: str) -> tuple[Any, ...]:
    try:
        return game.rules.stages(City(wonder, side, 0))
    except KeyError:
        return ()


def _cards_by_colour(game: BaseGame, cards: tuple[str, ...]) -> str:
    groups: dict[str, list[str]] = {}
    for name in cards:
        card = game.edition.cards.get(name)
        colour = card.colour.value if card is not None else "?"
        groups.setdefault(colour, []).append(name)
    return "; ".join(f"{colour}: {', '.join(names)}" for colour, names in groups.items()) or "-"


def _expansion_line(game: BaseGame, view: BaseView, expansion: Any) -> str:
    if isinstance(expansion, EdificeState):
        return _edifice_lines(game, view, expansion)
    return f"{type(expansion).__name__}: {json.dumps(converter.unstructure(expansion))}"


def _edifice_lines(game: BaseGame, view: BaseView, mine: EdificeState) -> str:
    """Each Age's project with its cost, reward and penalty (as this game's options set them),
    status, pawns left and pawn holders, then every seat's debt tokens."""
    edifice = next((e for e in game.expansions if isinstance(e, Edifice)), None)
    out = ["Edifice projects:"]
    for i, name in enumerate(mine.projects):
        project = edifice.catalogue.get(name) if edifice is not None else None
        holders = ", ".join(seat_name(view, s) for s in mine.holders[i]) or "none"
        out.append(f"  Age {_age(i + 1)} {name} ({mine.outcomes[i]}, {mine.pawns_left[i]} pawns "
                   f"left; pawns: {holders})"
                   + (f": {describe_project(project)}" if project is not None else ""))
    debts = [f"{seat_name(view, s)} {sum(d)} ({' '.join(map(str, d))})"
             for s, d in enumerate(mine.debts) if d]
    if debts:
        out.append("  Debts: " + "; ".join(debts))
    return "\n".join(out)


def _money_text(bank: int, trade: int | None, payments: tuple[Any, ...]) -> str:
    parts = []
    if bank:
        parts.append(f"{bank} to the bank")
    if trade:
        ways = " or ".join(f"L{p.left}/R{p.right}" for p in payments)
        parts.append(f"trade {trade} ({ways})")
    return ", ".join(parts)


def _card_line(game: BaseGame, card: Any) -> str:
    status = HOW_TEXT.get(card.how, card.how)
    if card.buildable:
        money = _money_text(card.bank_coins, card.cheapest_trade, card.payments)
        if money:
            status += f": {money}"
    if card.free_build:
        status += " (free build available)"
    data = game.edition.cards.get(card.card)
    about = describe_card(data) if data is not None else ""
    mark = "+" if card.buildable else "-"
    return f"{mark} {card.card:<20}{status:<34} {about}"


def _stage_line(details: HandChoices) -> str:
    stage = details.stage
    assert stage is not None
    if stage.stage is None:
        return "= wonder complete"
    head = f"{'+' if stage.buildable else '-'} wonder stage {stage.stage}/{stage.stages}: "
    parts = []
    for variant in stage.variants:
        status = HOW_TEXT.get(variant.how, variant.how)
        money = _money_text(variant.bank_coins, variant.cheapest_trade, variant.payments)
        label = "" if not variant.extras else f"{variant.label}: "
        parts.append(f"{label}{status}" + (f": {money}" if money and variant.buildable else ""))
    text = head + "; ".join(parts)
    if stage.options:
        text += "; options: " + " | ".join(f"{i + 1}) {o}" for i, o in enumerate(stage.options))
    return text


def render_generic_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    """Any game's view, field by field (for games without a renderer of their own)."""
    data = converter.unstructure(view)
    out = [f"== {game.name} =="]
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "moves":
                continue
            out.append(f"{key}: {_compact(value)}")
    else:
        out.append(_compact(data))
    return "\n".join(out)


def _compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 400 else text[:397] + "..."


def render_dice_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    out = [f"== Dice, turn {view.turn} ({view.phase.value}) =="
           + ("  PROVISIONAL sheet numbers" if getattr(view, "provisional", False) else "")]
    out.append("Forum: " + ", ".join(f"{d.die}={d.face} (area {d.area})" for d in view.forum))
    sheets = details.sheets if isinstance(details, DiceChoices) else ()
    for seat, s in enumerate(view.seats):
        marker = ">" if seat == view.seat else " "
        ticked = sum(1 for t in s.ticks if t)
        pending = f", deciding: {len(s.pending)}" if s.pending else ""
        score = f"  score {sheets[seat].total:>3}" if sheets else ""
        out.append(f" {marker} {seat_name(view, seat):<28} coins {s.coins:>3}  boxes ticked "
                   f"{ticked:>3}  bonuses {s.bonus_count}{score}{pending}")
    if view.final_turn:
        out.append(f"The game ends after turn {view.final_turn}.")
    if sheets:
        out.extend(_dice_sheet_lines(sheets[view.seat]))
    return "\n".join(out)


def _dice_sheet_lines(sheet: SeatSheet) -> list[str]:
    """A seat's own sheet: resources, laurels, score, and every building box by box
    ([x] ticked, [>] next along the arrows, [-] later), with cost, VP and effect."""
    out = [f"Your sheet: {sheet.sheet} ({sheet.wonder_name}); coins {sheet.coins} of "
           f"{sheet.reserve_size}, resources {sheet.resources}, laurels {sheet.laurels}, "
           f"bonuses {', '.join(sheet.bonuses) or '-'}, unlocked dice "
           f"{', '.join(sheet.unlocked) or '-'}",
           "  score: " + ", ".join(f"{line} {vp}" for line, vp in sheet.score)
           + f" = {sheet.total}"]
    for building in sheet.buildings:
        boxes = []
        for box in building.boxes:
            mark = "x" if box.ticked else ">" if box.next else "-"
            text = f"[{mark}] {box.ref.partition('.')[2]}"
            if not box.ticked:
                text += f" cost {box.cost}"
            if box.laurel is not None:
                text += f", laurel {box.laurel}"
            elif box.vp:
                text += f", {box.vp} VP"
            if box.effect:
                text += f": {box.effect}"
            boxes.append(text)
        out.append(textwrap.fill(
            f"{building.building} ({building.ticked}/{len(building.boxes)}): "
            + "; ".join(boxes), width=100, initial_indent="  ", subsequent_indent="      "))
    return out


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


def render_architects_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    out = [f"== Architects, turn {view.turn}; seat {view.current} decides: {view.decision} =="]
    for seat, city in enumerate(view.cities):
        marker = ">" if seat == view.seat else " "
        cat = " [cat]" if view.cat == seat else ""
        out.append(f" {marker} {seat_name(view, seat):<26} stages {','.join(city.built) or '-'}"
                   f"  shields {city.shields}  military {city.military}{cat}")
        out.append(f"     cards: {' '.join(city.cards) or '-'}"
                   + (f"; tokens: {', '.join(city.tokens)}" if city.tokens else ""))
    decks = ", ".join(f"{d.wonder}: {d.size} (top {d.top})" for d in view.decks)
    out.append(f"Decks: {decks}; central {view.central_size}"
               + (f" (top {view.central_top})" if view.central_top else ""))
    out.append(f"Progress tokens: {', '.join(view.face_up) or '-'} (pile {view.token_pile_size});"
               f" conflict {view.conflict_flipped}/{view.conflict_total}")
    if view.revealed:
        out.append(f"Revealed to you: {', '.join(view.revealed)}")
    return "\n".join(out)


ViewRenderer = Callable[[Any, Any, Any], str]
RENDERERS: dict[str, ViewRenderer] = {}
"""Renderers set at run time by game name, read before the game's spec (``renderer``, see
:mod:`sevenwonders.games`)."""


def render_view(game: Game[Any, Any, Any], view: Any, details: Any = None) -> str:
    renderer = RENDERERS.get(game.name)
    if renderer is None:
        renderer = part_of(game, "renderer")
    if renderer is not None:
        try:
            return renderer(game, view, details)
        except (AttributeError, TypeError, KeyError):  # a view shape this renderer predates
            pass
    return render_generic_view(game, view, details)


def visible_events(game: Game[Any, Any, Any], events: Sequence[Any], seat: int
                   ) -> tuple[Any, ...]:
    """The events as ``seat`` may see them (the game's own rule: face-down cards blanked)."""
    return tuple(game.visible_events(tuple(events), seat))


def describe_event(game: Game[Any, Any, Any], event: Any, view: Any = None) -> str:
    """One line for one event."""
    def who(seat: int | None) -> str:
        if seat is None:
            return "everyone"
        return seat_name(view, seat) if view is not None else f"seat {seat}"

    if isinstance(event, CardBuilt):
        text = f"{who(event.seat)} built {event.card}"
        if event.free:
            text += f" for free ({event.free.replace('_', ' ')})"
        money = _paid(event.left, event.right, event.bank)
        return text + money
    if isinstance(event, StageBuilt):
        text = f"{who(event.seat)} built wonder stage {event.stage}"
        if event.choice:
            text += f" (option {event.choice + 1})"
        if event.extras:
            text += f" with {' '.join(event.extras)}"
        return text + _paid(event.left, event.right, event.bank)
    if isinstance(event, CardSold):
        return f"{who(event.seat)} sold {event.card or 'a card'} for {event.coins} coins"
    if isinstance(event, CardDiscarded):
        return f"{who(event.seat)} discarded {event.card or 'a card'}"
    if isinstance(event, CoinsGained):
        return f"{who(event.seat)} gained {event.amount} coins ({event.source})"
    if isinstance(event, HandsPassed):
        return f"hands passed to the {event.direction}"
    if isinstance(event, ConflictResolved):
        outcome = {0: "a draw"}.get(event.token, f"token {event.token:+d}")
        return (f"Age {_age(event.age)} conflict: {who(event.seat)} {event.strength} vs "
                f"{who(event.neighbour)} {event.neighbour_strength}: {outcome}")
    if isinstance(event, AgeStarted):
        return f"Age {_age(event.age)} begins"
    if isinstance(event, GameEnded):
        return "the game is over"
    if isinstance(event, PendingDecision):
        what = event.kind.value.replace("_", " ")
        return f"{who(event.seat)} must decide: {what}" + (
            f" ({event.detail})" if event.detail else "")
    if isinstance(event, ExpansionEvent):
        text = f"{event.expansion}: " + (f"{who(event.seat)} " if event.seat is not None else "")
        text += event.kind.replace("_", " ")
        if event.detail:
            text += f" {event.detail}"
        return text + (f" ({event.value})" if event.value else "")
    fields = attrs.asdict(event, recurse=False) if attrs.has(type(event)) else {}
    words = []
    for key, value in fields.items():
        if key == "seat" and isinstance(value, int):
            words.append(who(value))
        elif value not in (None, "", ()):
            words.append(f"{key} {_short(value)}")
    return f"{tag_of(type(event)).replace('_', ' ')}: " + ", ".join(words)


def _short(value: Any) -> str:
    if attrs.has(type(value)):
        return "(" + " ".join(_short(v) for v in attrs.astuple(value, recurse=False)) + ")"
    if hasattr(value, "value") and not isinstance(value, int | str):
        return str(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_short(v) for v in value) + ")"
    return str(value)


def _paid(left: int, right: int, bank: int) -> str:
    parts = [f"{coins} to the {where}" for coins, where in
             ((left, "left"), (right, "right"), (bank, "bank")) if coins]
    return f", paying {', '.join(parts)}" if parts else ""


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
        label = _seat_label(view, s)
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

    def list_moves(self, legal: Sequence[Any], details: Any = None) -> None:
        self.say("Moves:")
        for number, move in enumerate(legal, start=1):
            self.say(f"  {number:>3}. {move}{_move_note(details, number - 1, move)}")

    def ask(self, state: Any) -> Any:
        """The person's move for ``state``: asked until a legal one is given."""
        game = self.game
        legal = game.legal_moves(state, self.seat)
        _, details = self.show(state)
        self.list_moves(legal, details)
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
                self.list_moves(legal, details)
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


__all__ = [
    "RENDERERS", "Quit", "TerminalResult", "describe_event", "format_scores", "play_terminal",
    "render_view", "seat_name", "visible_events",
]
