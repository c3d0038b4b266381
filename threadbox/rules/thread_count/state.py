"""Thread Count: the state of a game and the rules that change it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, ClassVar, Literal, Self

from pydantic import Field

from ..core import (
    Action,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Public,
    Rng,
    SeatScore,
    Transition,
    catalogue_info,
    lines,
    rank_winners,
)
from ..core.copying import fast_new
from .actions import ACTION_ADAPTER, PASS, STOP, Draw, EndAtPaw, Pass, PlaceCup, Stop
from .collection import knocked_cups, new_finds, reached_objects
from .data import CAT_POINTS, CUPS_PER_SHEET, DIE_SIDES, OBJECT_KINDS, ROUND_COUNTER, set_value
from .facts import facts_of, grown, point_bit
from .routes import SIDE_ROUTES, Options, SideRoutes, options_of
from .scoring import TIEBREAK, score_sheet, sets_of
from .seats import SeatSheet
from .sheet import LAYOUTS, Layout, Point, point_name, route_points, route_problem, thread_segments
from .words import finds_words, points_words, route_words

Phase = Literal["place", "draw", "over"]
# A seat's part in the current round: still to decide, drew, ended at the paw,
# passed by choice, passed because the roll left it no route, out of the game at
# the cat, stopped for good by choice, or blocked (no roll can ever move it again).
Status = Literal["pending", "drew", "paw", "passed", "stuck", "out", "stopped", "blocked"]

SIDE_B, EASIER, NO_CROSSING = "side-b", "easier", "no-crossing"
# The easier variant's second form, per seat (RULINGS: a handicap "for those who have
# not yet mastered the game"): "no-cup-minus-2" spares seat 2 the minus points for cups.
NO_CUP_MINUS = "no-cup-minus"
MAX_PLAYERS = 6  # rulebook: 1-6 players


def no_cup_minus(seat: int) -> str:
    """The variant that gives ``seat`` (from 0) no minus points for knocked-over cups."""
    return f"{NO_CUP_MINUS}-{seat + 1}"


class ThreadCountState(GameState):
    """A game of Thread Count.

    Phases: ``place`` (2+ players draw 6 cups each, all at once), then ``draw``
    (each round one roll for everyone, every seat in play decides at once),
    then ``over``.

    Read-only accessors for screens and bots (``seat`` is the one holding the sheet now):

    - ``layout``: the printed side everyone plays (``sheet.Layout``: size, start,
      ball column, paw, objects, blocks and ``block_groups()``, shaded places,
      ``boxes(kind)`` for the collection bar).
    - ``sheet(seat)``: its ``SeatSheet`` (cups, who drew them, thread, ``at_paw``).
    - ``thread(seat)``, ``thread_end(seat)``, ``thread_segments(seat)`` (in drawing order).
    - ``collected(seat)``: count per kind; ``collected_points(seat)``: the points in
      the order reached; ``knocked_cups(seat)``; ``sets(seat)``.
    - ``roll``, ``round``, ``status[seat]`` (see ``Status``), ``is_out(seat)``.
    - Round counter: ``counter_numbers``, ``counter_active`` (hourglass crossed),
      ``counter_crossed`` (numbers crossed from the top), ``counter_left``.
    - ``seat_score(seat)``: the scorepad so far; ``route_of(seat, action)``: the
      points a draw would pass, for previews; ``stop_ends_game(seat)``: warn first;
      ``is_blocked(seat)``: no roll can ever move that thread again.
    """

    info: ClassVar[GameInfo] = catalogue_info(
        "thread-count",
        hidden_information=False,
        variants={
            SIDE_B: "Play the blue side B of the sheet instead of side A.",
            EASIER: "No porcelain cups: nothing to place and nothing to knock over.",
            NO_CROSSING: "The thread may never cross or touch itself.",
            **{
                no_cup_minus(seat): f"Seat {seat + 1} gets no minus points for knocked-over cups (a handicap)."
                for seat in range(MAX_PLAYERS)
            },
        },
    )
    # Variants chosen seat by seat: "no-cup-minus" stands for "no-cup-minus-<seat number>".
    seat_variants: ClassVar[dict[str, str]] = {NO_CUP_MINUS: "no cup minus"}
    action_adapter: ClassVar = ACTION_ADAPTER

    phase: Public[Phase] = "place"
    sheets: Public[list[SeatSheet]] = Field(default_factory=list)
    round: Public[int] = 0
    roll: Public[int] = 0
    status: Public[list[Status]] = Field(default_factory=list)
    counter_active: Public[bool] = False
    counter_crossed: Public[int] = 0
    end_reason: Public[str] = ""
    opening: Annotated[tuple[LogEntry, ...], lines()] = ()  # what setup did, for the log (a value: shared by copies)

    # ---- setup -----------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        chosen, names = cls.checked_setup(players, variants, names)
        state = cls(players=players, names=names, variants=chosen, seed=seed, rng=Rng.from_seed(seed))
        opening = state._absent_seat_notes() if chosen else []
        start = state.layout.start
        state.sheets = [SeatSheet.blank(seat, start) for seat in range(players)]
        if state.easier:
            state._begin_play(opening)
        elif players == 1:
            # Solo: nobody else draws your cups, so they are placed at random.
            state.sheets[0] = state.sheets[0].with_cups(tuple(state.rng.sample(state.layout.shaded, CUPS_PER_SHEET)))
            opening.append(LogEntry.line("The 6 cups are placed at random on shaded places."))
            state._begin_play(opening)
        state.opening = tuple(opening)
        return state

    def _absent_seat_notes(self) -> list[LogEntry]:
        """A handicap for a seat this table does not have changes nothing, and the log says so.
        (Not refused: a room checks variants by name only, and would fail only once the last
        player joins.)"""
        notes = []
        for seat in range(self.players, MAX_PLAYERS):
            if no_cup_minus(seat) in self.variants:
                text = f"{no_cup_minus(seat)} is for seat {seat + 1}, and there are {self.players} players: it changes nothing."
                notes.append(LogEntry(text=text))
        return notes

    def opening_log(self) -> list[LogEntry]:
        return list(self.opening)

    # ---- variants and layout ------------------------------------------------------
    @property
    def easier(self) -> bool:
        return EASIER in self.variants

    @property
    def no_crossing(self) -> bool:
        return NO_CROSSING in self.variants

    def cups_cost_nothing(self, seat: int) -> bool:
        """Whether ``seat`` plays with the handicap: no minus points for its cups."""
        return no_cup_minus(seat) in self.variants

    @property
    def side(self) -> str:
        return "B" if SIDE_B in self.variants else "A"

    @property
    def layout(self) -> Layout:
        return LAYOUTS[self.side]

    @property
    def _routes(self) -> SideRoutes:
        return SIDE_ROUTES[self.side]

    # ---- accessors --------------------------------------------------------------
    def sheet(self, seat: int) -> SeatSheet:
        return self.sheets[seat]

    def thread(self, seat: int) -> tuple[Point, ...]:
        return self.sheets[seat].thread

    def thread_end(self, seat: int) -> Point:
        return self.sheets[seat].thread[-1]

    def thread_segments(self, seat: int) -> list[tuple[Point, Point]]:
        return thread_segments(self.sheets[seat].thread)

    def collected_points(self, seat: int) -> dict[str, list[Point]]:
        """Objects reached, per kind, in the order the thread reached them."""
        return reached_objects(self.layout, self.sheets[seat].thread)

    def collected(self, seat: int) -> dict[str, int]:
        """Objects reached, per kind (counted without walking the thread in order)."""
        return dict(zip(OBJECT_KINDS, self._counts(seat)))

    def _counts(self, seat: int) -> tuple[int, ...]:
        """Objects reached, per kind in ``OBJECT_KINDS`` order."""
        return self._routes.counts(facts_of(self.sheets[seat].thread).dots)

    def knocked_cups(self, seat: int) -> list[Point]:
        """Cups the thread has reached, in the order reached."""
        sheet = self.sheets[seat]
        return knocked_cups(sheet.thread, sheet.cups)

    def sets(self, seat: int) -> int:
        return sets_of(*self._counts(seat))

    def is_out(self, seat: int) -> bool:
        return self.sheets[seat].at_paw

    @property
    def counter_numbers(self) -> tuple[int, ...]:
        return ROUND_COUNTER

    @property
    def counter_left(self) -> int:
        return len(ROUND_COUNTER) - self.counter_crossed

    def seat_score(self, seat: int) -> SeatScore:
        sheet = self.sheets[seat]
        visited = facts_of(sheet.thread).dots
        mice, socks, planes = self._routes.counts(visited)
        cups = 0
        for p in sheet.cups:
            cups |= point_bit(p)
        return score_sheet(
            seat,
            mice,
            socks,
            planes,
            cat=sheet.at_paw,
            cups=(cups & visited).bit_count(),  # as many as knocked_cups
            easier=self.easier,
            handicap=self.cups_cost_nothing(seat),
        )

    def stop_ends_game(self, seat: int) -> bool:
        """Whether ``seat`` stopping for good now would end the game (everyone else
        has stopped, reached the cat or cannot move any more), so a screen can say so."""
        if not self.is_deciding(seat) or self.phase != "draw":
            return False
        return all(self._done_for_good(other) for other in range(self.players) if other != seat)

    def is_blocked(self, seat: int) -> bool:
        """Whether no roll at all can extend ``seat``'s thread any more (it only ever loses routes)."""
        thread = self.sheets[seat].thread
        facts = facts_of(thread)
        return not self._routes.can_step(thread[-1], facts.segs, facts.dots, self.no_crossing)

    def _done_for_good(self, seat: int) -> bool:
        sheet = self.sheets[seat]
        return sheet.at_paw or sheet.stopped or self.is_blocked(seat)

    def route_of(self, seat: int, action: Action) -> list[Point]:
        """The points a draw would add to ``seat``'s thread (empty for other actions)."""
        if isinstance(action, Draw):
            return route_points(self.thread_end(seat), action.bend, action.end)
        if isinstance(action, EndAtPaw):
            return route_points(self.thread_end(seat), action.bend, self.layout.paw)
        return []

    # ---- turn flow -------------------------------------------------------------
    def to_move(self) -> list[int]:
        if self.phase == "place":
            return [seat for seat, sheet in enumerate(self.sheets) if len(sheet.cups) < CUPS_PER_SHEET]
        if self.phase == "draw":
            return [seat for seat, status in enumerate(self.status) if status == "pending"]
        return []

    def is_deciding(self, seat: int) -> bool:
        if not 0 <= seat < self.players:
            return False
        if self.phase == "place":
            return len(self.sheets[seat].cups) < CUPS_PER_SHEET
        return self.phase == "draw" and self.status[seat] == "pending"

    def _legal_actions(self, seat: int) -> list[Action]:
        if not 0 <= seat < self.players:  # (is_deciding written out: this runs at every decision)
            return []
        phase = self.phase
        if phase == "draw":
            return [*self._options(seat)[0], STOP, PASS] if self.status[seat] == "pending" else []
        if phase == "place" and len(cups := self.sheets[seat].cups) < CUPS_PER_SHEET:
            free = self._routes.cup_actions.copy()  # in reading order
            for p in cups:
                free.pop(p, None)
            return list(free.values())
        return []

    def _options(self, seat: int) -> Options:
        """``seat``'s options this roll and their routes, remembered per thread."""
        variants = self.variants
        return options_of(
            self.sheets[seat].thread, "B" if SIDE_B in variants else "A", self.roll, NO_CROSSING in variants
        )

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.phase == "place":
            if not isinstance(action, PlaceCup):
                return "first everyone draws their cups"
            if action.at not in self._routes.shaded:  # a shaded place is on the sheet
                if not self.layout.on_sheet(action.at):
                    return "that place is not on the sheet"
                return f"cups go on shaded places only, and {point_name(action.at)} is not one"
            if action.at in self.sheets[seat].cups:
                return f"there is already a cup on {point_name(action.at)}"
            return super().why_illegal(seat, action)
        thread = self.sheets[seat].thread
        problem = None
        if isinstance(action, Draw):
            problem = route_problem(self.layout, thread, action.bend, action.end, self.roll, True, self.no_crossing)
        elif isinstance(action, EndAtPaw):
            problem = route_problem(
                self.layout, thread, action.bend, self.layout.paw, self.roll, False, self.no_crossing
            )
        elif isinstance(action, PlaceCup):
            return "cups are drawn only before the first roll"
        elif not isinstance(action, (Pass, Stop)):
            return "that is not a move of this game"
        return problem or super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> Transition:
        log: list[LogEntry] = []
        name = self.names[seat]  # the seat was checked
        if isinstance(action, PlaceCup):
            sheet = self.sheets[seat]
            self.sheets[seat] = sheet.with_cups((*sheet.cups, action.at))
            log.append(LogEntry.line(f"{name} draws a cup on {self._routes.names[action.at]}."))
            for other in self.sheets:
                if len(other.cups) < CUPS_PER_SHEET:  # someone still places
                    return Transition.of(log)
            self._deal(log)
            self._begin_play(log)
            return Transition.of(log, barrier=True)
        if isinstance(action, (Draw, EndAtPaw)):
            self._extend(seat, name, action, log)
        elif isinstance(action, Stop):
            self._stop(seat, log)
        else:
            self.status[seat] = "passed"
            log.append(LogEntry.line(f"{name} passes."))
        if "pending" in self.status:  # someone still decides this round
            return Transition.of(log)
        return Transition.of(log, barrier=self._end_round(log))

    def _extend(self, seat: int, name: str, action: Draw | EndAtPaw, log: list[LogEntry]) -> None:
        sheet = self.sheets[seat]
        thread = sheet.thread
        found = self._options(seat)[1][action]  # checked: every legal draw is one of the options
        side_routes = self._routes
        # What the route reaches for the first time (its own points are all different).
        visited = facts_of(thread).dots
        fresh = found.dots & ~visited
        kinds = [kind for bit, kind in found.objects(side_routes.layout) if bit & fresh]
        cups = 0
        if fresh & side_routes.shaded_bits and sheet.cups:  # cups stand on shaded places only
            for bit, kind, p in found.finds(side_routes.layout):
                if bit & fresh and kind is None and p in sheet.cups:
                    cups += 1
        longer = grown(thread, found.points, found.segs, found.dots)
        if isinstance(action, EndAtPaw):
            self.sheets[seat] = sheet.with_thread(longer, at_paw=True)
            self.status[seat] = "paw"
            text = f"{name} draws {found.words} and ends the thread at the cat's paw (+{CAT_POINTS}), sitting out from now on"
        else:
            self.sheets[seat] = sheet.with_thread(longer)
            self.status[seat] = "drew"
            text = f"{name} draws {found.words}"
        if kinds or cups:
            text += f", {finds_words(kinds, cups)}"
        if kinds:
            before, after = side_routes.sets(visited), side_routes.sets(visited | found.dots)
            if after > before:
                worth = sum(set_value(k) for k in range(before + 1, after + 1))
                text += f", and completes set {after} (+{worth})"
        log.append(LogEntry.line(text + "."))

    def _stop(self, seat: int, log: list[LogEntry]) -> None:
        self.sheets[seat] = self.sheets[seat].with_stop()
        self.status[seat] = "stopped"
        log.append(LogEntry.line(f"{self.name_of(seat)} stops drawing for good."))

    def _deal(self, log: list[LogEntry]) -> None:
        """Shuffle the sheets face down and deal them out again, nobody getting their own."""
        order = self._deal_order()
        self.sheets = [self.sheets[k] for k in order]
        names = self.names
        parts = [f"{names[seat]} gets {names[sheet.cups_by]}'s sheet" for seat, sheet in enumerate(self.sheets)]
        log.append(LogEntry.line("The sheets are shuffled and dealt: " + "; ".join(parts) + "."))

    def _deal_order(self) -> list[int]:
        """A shuffle in which no sheet comes back to the seat that drew its cups
        (RULINGS: the cups are there to hinder someone else). Shuffled again until
        so, which keeps every such deal equally likely."""
        order = list(range(self.players))
        while True:
            self.rng.shuffle(order)
            for seat, sheet in enumerate(order):  # (a loop: all() over a generator is slower)
                if sheet == seat:
                    break
            else:
                return order

    def _begin_play(self, log: list[LogEntry]) -> None:
        self.phase = "draw"
        self.status = ["pending"] * self.players
        self._play_rounds(log)

    def _play_rounds(self, log: list[LogEntry]) -> None:
        """Roll for new rounds until someone has a decision or the game is over.

        A round in which every seat in play is stuck ends at once; it may
        still cross off a counter number, or end the game. Seats that stopped
        or can never move again sit the round out like those at the cat.
        """
        while True:
            self.round += 1
            self.roll = roll = self.rng.randint(1, DIE_SIDES)
            log.append(LogEntry.line(f"Round {self.round}: the die shows {roll}."))
            if self.counter_active:
                self._check_counter(log)
            status = self.status
            variants = self.variants
            side, no_crossing = "B" if SIDE_B in variants else "A", NO_CROSSING in variants
            for seat, sheet in enumerate(self.sheets):
                if sheet.at_paw:
                    status[seat] = "out"
                elif sheet.stopped:
                    status[seat] = "stopped"
                elif status[seat] == "blocked":
                    pass
                elif options_of(sheet.thread, side, roll, no_crossing)[0]:  # remembered: as legal_actions gives
                    status[seat] = "pending"
                elif self.is_blocked(seat):  # (a seat with options is not blocked)
                    status[seat] = "blocked"
                    log.append(
                        LogEntry.line(
                            f"{self.name_of(seat)}'s thread is at a dead end: no roll can extend it any more."
                        )
                    )
                else:
                    status[seat] = "stuck"
                    log.append(LogEntry.line(f"{self.name_of(seat)} cannot draw a {self.roll} and passes."))
            if "pending" in status:
                return
            reason = self._end_reason()
            if reason is not None:
                self._finish(reason, log)
                return

    def _check_counter(self, log: list[LogEntry]) -> None:
        crossed = self.counter_crossed
        if not self.counter_active or crossed == len(ROUND_COUNTER):
            return
        top = ROUND_COUNTER[crossed]
        if self.roll < top:
            return
        self.counter_crossed = crossed = crossed + 1
        left = len(ROUND_COUNTER) - crossed  # counter_left, once per roll
        if left:
            log.append(LogEntry.line(f"The round counter's {top} is crossed off ({left} left)."))
        else:
            log.append(
                LogEntry.line(f"The round counter's last number, {top}, is crossed off: this is the final round.")
            )

    def _end_round(self, log: list[LogEntry]) -> bool:
        """Close the round; roll for the next one unless the game ends. True if the die was rolled."""
        if not self.counter_active:
            has_set = self._routes.has_set
            finders = [self.names[seat] for seat, s in enumerate(self.sheets) if has_set(facts_of(s.thread).dots)]
            if finders:
                self.counter_active = True
                log.append(
                    LogEntry.line(
                        text=f"{' and '.join(finders)} collected a set: the hourglass is crossed and the round counter is active."
                    )
                )
        reason = self._end_reason()
        if reason is not None:
            self._finish(reason, log)
            return False
        self._play_rounds(log)
        return True

    def _end_reason(self) -> str | None:
        """Why the game ends after the round just played, or None if it goes on."""
        if self.counter_crossed == len(ROUND_COUNTER):
            return "The last number of the round counter was crossed off."
        sheets = self.sheets
        for sheet in sheets:
            if not sheet.at_paw:
                break
        else:
            return "Every thread has reached the cat."
        can_step, no_crossing = self._routes.can_step, self.no_crossing
        for sheet in sheets:
            if not (sheet.at_paw or sheet.stopped):
                thread = sheet.thread
                facts = facts_of(thread)
                if can_step(thread[-1], facts.segs, facts.dots, no_crossing):
                    return None  # this seat can still draw (see is_blocked)
        return "No one can or wants to extend their thread any more."

    def _finish(self, reason: str, log: list[LogEntry]) -> None:
        self.phase = "over"
        self.end_reason = reason
        outcome = self.outcome()
        assert outcome is not None
        winners = " and ".join(self.name_of(seat) for seat in outcome.winners)
        best = outcome.score_of(outcome.winners[0]).total
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        log.append(LogEntry.line(f"Game over. {reason} {winners} {verb} with {points_words(best)}."))

    # ---- results and words ------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [self.seat_score(seat) for seat in range(self.players)]
        winners, tiebreak = rank_winners(scores, TIEBREAK)
        fields = {"scores": scores, "winners": winners, "reason": self.end_reason, "tiebreak_used": tiebreak}
        return fast_new(Outcome, fields)  # trusted values: no validation

    def progress(self) -> str:
        if self.phase == "place":
            return "drawing the cups"
        text = f"round {self.round}, the die shows {self.roll}"
        return f"{text}, {self.counter_left} left on the round counter" if self.counter_active else text

    def describe(self, action: Action, seat: int) -> str:
        if isinstance(action, PlaceCup):
            return f"Draw a cup on {point_name(action.at)}"
        if isinstance(action, Pass):
            return "Pass this roll"
        if isinstance(action, Stop):
            return "Stop drawing for good"
        if isinstance(action, (Draw, EndAtPaw)):
            sheet = self.sheets[seat]
            points = self.route_of(seat, action)
            route = route_words(sheet.thread[-1], action.bend, points[-1])
            if isinstance(action, EndAtPaw):
                text = f"End at the cat's paw: {route} (+{CAT_POINTS}, then sit out)"
            else:
                text = route[0].upper() + route[1:]
            gains = finds_words(*new_finds(self.layout, sheet.thread, sheet.cups, points))
            return f"{text}; {gains}" if gains else text
        return repr(action.model_dump())
