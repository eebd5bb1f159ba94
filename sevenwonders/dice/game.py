"""``DiceGame``: 7 Wonders Dice behind the shared :class:`~sevenwonders.core.protocol.Game`
protocol.

The class checks input (seats, moves, options) and delegates the rules to :mod:`.rules`; a bad
input raises one of the library's errors and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sevenwonders.core.checks import check_moves, check_turn
from sevenwonders.core.exact import checked_events
from sevenwonders.core.limits import quote
from sevenwonders.core.memo import fresh_all, warm
from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.seeds import checked_seed
from sevenwonders.dice.accounting import check_with
from sevenwonders.dice.components import DIE_IDS, SPECIAL_DICE, WONDER, colour_of
from sevenwonders.dice.events import DiceEvent
from sevenwonders.dice.fast import FastRules, SeatMoves
from sevenwonders.dice.moves import (
    MOVE_TYPES,
    Build,
    BuildWonder,
    DiceMove,
    Pass,
    Skip,
    TakeBonus,
    Tick,
    parse,
)
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.scoring import score_seat
from sevenwonders.dice.sheet_checks import validate
from sevenwonders.dice.sheets import (
    SheetSet,
    default_sheets,
    load_sheets,
    sheet_data,
    sheet_id,
    sheets_from_data,
)
from sevenwonders.dice.spec import INFO, seat_labels
from sevenwonders.dice.state import DiceState, ExtraAction, ExtraTicks, Phase
from sevenwonders.dice.tables import Tables, expand
from sevenwonders.dice.view import DiceView, view_of
from sevenwonders.errors import (
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 7


def _sheet_set(sheets: object) -> SheetSet:
    if sheets is None or sheets == "default":
        return default_sheets()
    if isinstance(sheets, SheetSet):
        validate(sheets)
        return sheets
    if isinstance(sheets, Mapping):  # the sheet data itself, as a record carries it
        return sheets_from_data(sheets, "<sheet data>")
    if isinstance(sheets, str | Path):
        return load_sheets(sheets)
    raise InvalidOptionError(
        f"sheets must be None, 'default', a path, sheet data or a SheetSet, not "
        f"{type(sheets).__name__}"
    )


def _seat_sheets(value: object, sheet_set: SheetSet, players: int) -> tuple[str, ...] | None:
    """The optional fixed sheet of each seat, instead of the rulebook's random deal."""
    if value is None:
        return None
    ids = {sheet.sheet_id for sheet in sheet_set.sheets}
    if isinstance(value, list | tuple):  # any letter case, by id or wonder name
        value = tuple(sheet_id(v, sheet_set) if isinstance(v, str) else v for v in value)
    if not isinstance(value, list | tuple) or len(value) != players \
            or not all(isinstance(v, str) and v in ids for v in value) \
            or len(set(value)) != players:
        raise InvalidOptionError(
            f"seat_sheets must list {players} different sheet ids of {', '.join(sorted(ids))}; "
            f"got {value!r}"
        )
    return tuple(value)


class DiceGame:
    """7 Wonders Dice for 2 to 7 players.

    ``sheets`` is ``None`` or ``"default"`` (the shipped, PROVISIONAL set), a path to a sheet
    file, the sheet data (a mapping, as :meth:`options` and records carry it) or a
    :class:`~sevenwonders.dice.sheets.SheetSet`. ``seat_sheets`` optionally fixes
    the sheet id of each seat (the rulebook deals them at random). Rule options: see
    :mod:`sevenwonders.dice.options`.

    Each turn every seat plays one of ``build <die> <building>.<box>``, ``wonder <stage>`` or
    ``pass`` at once. Effects that need a further choice (``bonus <id>``, ``tick <box>``,
    ``skip``, another action) are then asked of the seats concerned, all at once, before the
    turn ends; :meth:`to_move` says who.
    """

    def __init__(self, players: int, sheets: object = None, seat_sheets: object = None,
                 **rule_options: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int) \
                or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptionError(f"7 Wonders Dice is for 2 to 7 players, not {players!r}")
        self._rule_options = RuleOptions.of(rule_options)
        sheet_set = _sheet_set(sheets)
        # options() never names a file: the built-in set by name, any other as its data
        self._sheets_option: str | dict[str, Any] = (
            "default" if sheet_set == default_sheets() else sheet_data(sheet_set))
        if len(sheet_set.sheets) < players:
            raise InvalidOptionError(
                f"{players} players need {players} sheets; {sheet_set.file} has "
                f"{len(sheet_set.sheets)}"
            )
        self._seat_sheets = _seat_sheets(seat_sheets, sheet_set, players)
        self.sheet_set = sheet_set
        self.tables = Tables.of(sheet_set)
        # the speed layer (dice/fast.py), chosen here: the rules with their answers remembered
        self.rules = FastRules(self.tables, self._rule_options, players)
        self._players = players
        self._all_seats = frozenset(range(players))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration; unpickled as the receiving process's one game object
        of that configuration (warm from task to task; the speed memory is never shipped)."""
        sheets = "default" if self._sheets_option == "default" else self.sheet_set
        return warm, (_rebuild, self._players, sheets, self._seat_sheets, self._rule_options)

    @property
    def name(self) -> str:
        """``"dice"``, the game's registry name."""
        return "dice"

    @property
    def players(self) -> int:
        """The number of seats at the table (2 to 7)."""
        return self._players

    @property
    def info(self) -> GameInfo:
        """The game's kind: 2-7 players, simultaneous, no hidden information, chance (the rolls)."""
        return INFO

    @property
    def provisional(self) -> bool:
        """True when the sheet numbers are provisional (the shipped default set)."""
        return self.sheet_set.provisional

    def options(self) -> Mapping[str, Any]:
        """The options as plain JSON values: the sheet set (``"default"`` or its data, never a
        path), each seat's sheet and the rule options (what records store)."""
        seat_sheets = list(self._seat_sheets) if self._seat_sheets is not None else None
        return {"sheets": self._sheets_option, "seat_sheets": seat_sheets,
                **self._rule_options.as_dict()}

    # --- the protocol --------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> DiceState:
        """The state after set-up (sheets dealt, the Forum's first shake), fully determined by
        ``seed``; without one an unpredictable seed is drawn."""
        seed = checked_seed(seed)
        state = self.rules.new_game(seed, self._seat_sheets)
        self.rules.cache.trust(state)
        return state

    def to_move(self, state: DiceState) -> frozenset[int]:
        """The seats that must choose now: every seat in a turn's action phase, those owing a
        follow-up decision after it; empty at the end."""
        self._check_state(state)
        return self._to_move(state)

    def _to_move(self, state: DiceState) -> frozenset[int]:
        if state.phase is Phase.ACTION:
            return self._all_seats
        if state.phase is Phase.FOLLOW_UP:
            return frozenset(seat for seat, s in enumerate(state.seats) if s.pending)
        return frozenset()

    def legal_moves(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        # copies: the rules keep their own
        """Every move ``seat`` may make now: a die and a box it reaches, a wonder stage, passing;
        or the follow-up answers (ticks, bonuses, skip). Empty for a seat not asked to move."""
        return fresh_all(self.shared_legal_moves(state, seat))

    def shared_legal_moves(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        """:meth:`legal_moves` without the copies: the rules' own moves, for a caller that
        only reads them and hands none of them on (an RL action index maps them to numbers,
        and its memo knows them again by identity); :meth:`play` takes them as listed moves.
        Never change them: the rules play these very objects."""
        rules = self.rules
        if type(seat) is not int or not 0 <= seat < self._players:
            rules.ring.check(seat)  # raises the shared error
        entry = rules.cache.entry(state) or self._entry(state)
        moves = entry[seat]
        if moves is None:  # none for a seat not to move (rules.legal)
            moves = entry[seat] = rules.legal_now(state, seat)
        return moves

    def play(self, state: DiceState, moves: Mapping[int, DiceMove]) -> DiceState:
        """The state after the moves of every seat in :meth:`to_move`, resolved together; raises
        :class:`~sevenwonders.errors.IllegalMoveError` (and changes nothing) on a bad move."""
        return self.step(state, moves)[0]

    def step(self, state: DiceState, moves: Mapping[int, DiceMove]
             ) -> tuple[DiceState, tuple[DiceEvent, ...]]:
        """Like :meth:`play`, also returning the step's ordered events (builds, coins, attacks,
        buildings completed, bonuses, the next shake)."""
        rules = self.rules
        entry = rules.cache.entry(state) or self._entry(state)
        expected = self._to_move(state)
        check_moves(moves, players=self._players, to_move=expected,
                    over=state.phase is Phase.OVER, move_types=MOVE_TYPES, game=self.name)
        # the engine plays its own copies of listed moves
        own = {seat: self._check_move(state, seat, moves[seat], entry)
               for seat in sorted(expected)}
        cache = rules.cache
        cache.let_go(state)
        after, events, known = rules.resolve(state, own)
        cache.played = (state, entry, after)
        seats = cache.trust(after)  # made by the rules: trusted (the fast path)
        for seat, options in known.items():
            seats[seat] = options
        return after, tuple(events)

    def parse_move(self, state: DiceState, seat: int, text: str) -> DiceMove:
        """The legal move ``text`` writes (``build red barracks_east.at1``, ``wonder s2``,
        ``pass``...); raises :class:`~sevenwonders.errors.NotationError` if unreadable and
        :class:`~sevenwonders.errors.IllegalMoveError` if not legal now."""
        self._check_state(state)
        check_turn(self._players, seat, self.to_move(state), state.phase is Phase.OVER)
        move = self._spelt(state, seat, parse(text))
        self._check_move(state, seat, move)
        return move

    def _spelt(self, state: DiceState, seat: int, move: DiceMove) -> DiceMove:
        """``move`` with its die, box, stage and bonus ids spelt as the seat's sheet spells them:
        names in notation are matched without case (``build RED barracks_east.AT1``)."""
        table = self.tables.sheets[state.seats[seat].sheet]

        def fold(name: str, known: Iterable[str]) -> str:
            return {k.casefold(): k for k in known}.get(name.casefold(), name)

        if isinstance(move, Build):
            return Build(fold(move.die, DIE_IDS), fold(move.box, table.by_ref))
        if isinstance(move, Tick):
            return Tick(fold(move.box, table.by_ref))
        if isinstance(move, BuildWonder):
            stages = (table.boxes[i].id for i in table.building_boxes[WONDER])
            return BuildWonder(fold(move.stage, stages))
        if isinstance(move, TakeBonus):
            return TakeBonus(fold(move.bonus, table.bonus_by_id))
        return move

    def is_legal(self, state: DiceState, seat: int, move: object) -> bool:
        """Whether ``seat`` may play ``move`` now (see :meth:`Game.is_legal`); a bad state or
        seat raises."""
        self.rules.ring.check(seat)
        self._check_state(state)
        return (type(move) in MOVE_TYPES and seat in self.to_move(state)
                and move in self.rules.legal(state, seat))

    def is_over(self, state: DiceState) -> bool:
        """Whether the game has ended (after the announced final turn, or at ``max_turns``)."""
        self._check_state(state)
        return state.phase is Phase.OVER

    def scores(self, state: DiceState) -> tuple[ScoreSheet, ...]:
        """One score sheet per seat, its lines from the sheet's buildings, wonder, laurels and
        effects; a running count before the end."""
        self._check_state(state)
        stacks = self._rule_options.per_cross_stacks
        return tuple(score_seat(self.tables.sheets[s.sheet], s, per_cross_stacks=stacks)
                     for s in state.seats)

    def ranking(self, state: DiceState) -> tuple[int, ...]:
        """Each seat's place, 1 for the winner: by total points, then the rulebook's tie-break;
        seats still tied share a place."""
        return ranking(self.scores(state))

    def visible_events(self, events: tuple[DiceEvent, ...], seat: int
                       ) -> tuple[DiceEvent, ...]:
        """Every Dice event is public: rolls and sheets are open information."""
        self.rules.ring.check(seat)
        return checked_events(events, DiceEvent)

    def seat_labels(self, state: DiceState) -> tuple[str, ...]:
        """Each seat's sheet (its wonder), for result tables."""
        self._check_state(state)
        return seat_labels(state)

    def view(self, state: DiceState, seat: int) -> DiceView:
        """What ``seat`` sees: everything (Dice hides nothing but future rolls), with the seats
        to move and whether the sheets are provisional."""
        self.rules.ring.check(seat)
        self._check_state(state)
        return view_of(state, seat, self.to_move(state), self.sheet_set.provisional,
                       self.sheet_set.name)

    # --- checks --------------------------------------------------------------------------------

    def _check_state(self, state: object) -> None:
        """A state this game made (or checked before) passes at once (identity); any other gets
        the check against this game's sheet set (:mod:`.accounting`; loading a document also
        proves that someone can move), and is known from then on."""
        if self.rules.cache.entry(state) is not None:
            return
        if not isinstance(state, DiceState) or len(state.seats) != self._players:
            raise InvalidStateError(f"not a state of this {self._players}-player Dice game")
        check_with(self.tables, self.rules, state, moves=False)
        self.rules.cache.trust(state)

    def _entry(self, state: object) -> SeatMoves:
        """The remembered moves of ``state``, checked first if it comes from elsewhere."""
        self._check_state(state)
        entry = self.rules.cache.entry(state)
        assert entry is not None  # checked states are remembered
        return entry

    def _check_move(self, state: DiceState, seat: int, move: object,
                    entry: SeatMoves | None = None) -> DiceMove:
        """The rules' own copy of ``move`` if it is legal; otherwise raise the fitting error.
        ``entry``: the state's remembered moves, when the caller has them at hand."""
        if type(move) not in MOVE_TYPES or not isinstance(move, MOVE_TYPES):
            # exact types: no subclass with a lying __eq__
            raise IllegalMoveError(f"{quote(move)} is not a Dice move", reason="not_a_move",
                                   seat=seat)
        legal = entry[seat] if entry is not None else None
        if legal is None:
            legal = self.rules.legal(state, seat)
        try:  # the rules play their own copy of the listed move
            return legal[legal.index(move)]
        except ValueError:
            pass
        reason, why = self._why(state, seat, move)
        raise IllegalMoveError(f"seat {seat} cannot play {move}: {why}", reason=reason, seat=seat)

    def _why(self, state: DiceState, seat: int, move: DiceMove) -> tuple[str, str]:
        """A reason code and explanation for an illegal move (only computed on failure)."""
        s = state.seats[seat]
        table = self.tables.sheets[s.sheet]
        pending = s.pending[0] if state.phase is Phase.FOLLOW_UP and s.pending else None
        if pending is None:
            allowed: tuple[type, ...] = (Build, BuildWonder, Pass)
        elif isinstance(pending, ExtraAction):
            allowed = (Build, Skip) if pending.free_die else (Build, BuildWonder, Pass)
        elif isinstance(pending, ExtraTicks):
            allowed = (Tick, Skip)
        else:
            allowed = (TakeBonus,)
        if not isinstance(move, allowed):
            names = ", ".join(sorted(str(k.__name__) for k in allowed))
            return "wrong_kind", f"the seat must now play one of: {names}"
        if isinstance(move, TakeBonus):
            if move.bonus not in table.bonus_by_id:
                return "no_such_bonus", f"the sheet has no bonus {move.bonus!r}"
            return "bonus_taken", "that bonus is already ticked"
        rolled = None
        if isinstance(move, Build):
            rolled = next((r for r in state.forum if r.die == move.die), None)
            if rolled is None:
                return "no_such_die", f"no die {move.die!r} in the Forum"
            colour = colour_of(rolled.die)
            if colour in SPECIAL_DICE and colour not in s.unlocked:
                return "die_locked", f"the {colour} die is not unlocked for this seat (R14)"
        if isinstance(move, Build | Tick):
            ref = move.box
        elif isinstance(move, BuildWonder):
            ref = f"wonder.{move.stage}"
        else:
            return "illegal", "not allowed now"
        index = table.by_ref.get(ref)
        if index is None:
            return "no_such_box", f"the sheet has no box {ref!r}"
        box = table.boxes[index]
        if rolled is not None:
            colour = colour_of(rolled.die)
            if index not in table.targets[(colour, rolled.face)]:
                return "wrong_symbol", f"the {rolled.die} die shows {rolled.face}: not for {ref}"
        if isinstance(move, Tick) and isinstance(pending, ExtraTicks) and \
                box.building not in expand(pending.buildings):
            return "wrong_building", f"{ref} is not in {', '.join(pending.buildings)}"
        if s.ticks[index]:
            return "already_ticked", f"{ref} is already ticked"
        if not all(s.ticks[r] for r in box.requires):
            return "arrow_order", f"{ref} comes later in arrow order (R6)"
        if rolled is not None and colour_of(rolled.die) == "purple" and \
                not self.rules.gate_ok(state, seat, rolled.face):
            return "guild_gate", "the Guild Hall gate is not met (R17)"
        return "cannot_pay", "not enough coins"


def _rebuild(players: int, sheets: object, seat_sheets: tuple[str, ...] | None,
             rules: RuleOptions) -> DiceGame:
    return DiceGame(players, sheets=sheets,
                    seat_sheets=list(seat_sheets) if seat_sheets is not None else None,
                    **rules.as_dict())


if TYPE_CHECKING:
    from sevenwonders.core.protocol import Game

    def _implements_protocol(game: DiceGame) -> Game[DiceState, DiceMove, DiceView]:
        return game
