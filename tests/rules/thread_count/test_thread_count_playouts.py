"""Seeded bot games: the rules never break, save/load and replay are exact, easy beats random."""

import itertools

from threadbox.rules.core.playout import play_out, replay
from threadbox.rules.thread_count import GAME, Draw, EndAtPaw, ThreadCountState
from threadbox.rules.thread_count.data import CUPS_PER_SHEET, OBJECT_KINDS, ROUND_COUNTER
from threadbox.rules.thread_count.sheet import DIRECTIONS, segment

VARIANT_SETS = [
    (),
    ("easier",),
    ("side-b",),
    ("no-crossing",),
    ("side-b", "no-crossing"),
    ("easier", "side-b", "no-crossing"),
]
SEEDS_PER_CONFIG = 15  # 6 player counts x 6 variant sets x 15 = 540 games
STEP_CHECKED_SEEDS = 5  # of those, every step is checked in 180 games


def check_invariants(state: ThreadCountState) -> None:
    layout = state.layout
    unit_steps = set(DIRECTIONS)
    if state.phase != "place":
        assert sorted(sheet.cups_by for sheet in state.sheets) == list(range(state.players))
    for seat, sheet in enumerate(state.sheets):
        thread = sheet.thread
        assert thread[0] == layout.start
        for a, b in zip(thread, thread[1:]):
            assert (b[0] - a[0], b[1] - a[1]) in unit_steps
            assert layout.on_sheet(b) and b not in layout.blocks
        segments = [segment(a, b) for a, b in zip(thread, thread[1:])]
        assert len(segments) == len(set(segments)), "a segment was drawn twice"
        if state.no_crossing:
            assert len(thread) == len(set(thread))
        # Cups: none in the easier variant, otherwise exactly 6 on distinct shaded places once placed.
        if state.easier:
            assert sheet.cups == ()
        elif state.phase != "place":
            assert len(sheet.cups) == CUPS_PER_SHEET == len(set(sheet.cups))
        assert set(sheet.cups) <= set(layout.shaded)
        # Objects are only ever read off the printed sheet: none made up, none lost.
        found = state.collected_points(seat)
        for kind in OBJECT_KINDS:
            assert len(found[kind]) <= layout.boxes(kind)
            assert all(layout.objects[p] == kind for p in found[kind])
            assert len(set(found[kind])) == len(found[kind])
        assert set(state.knocked_cups(seat)) <= set(sheet.cups)
        if sheet.at_paw:
            assert thread[-1] == layout.paw
        score = state.seat_score(seat)
        assert score.total == sum(points for _, points in score.categories)
        if state.phase == "draw":
            assert (state.status[seat] in ("paw", "out")) == sheet.at_paw
    assert 0 <= state.counter_crossed <= len(ROUND_COUNTER)
    assert state.counter_active or state.counter_crossed == 0
    assert (state.outcome() is not None) == state.is_over() == (state.phase == "over")
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        assert legal
        if state.phase == "draw":
            assert any(a.kind != "pass" for a in legal), "a seat with no draw must pass by itself"


class StepChecker:
    """Checks every step of one game against a snapshot taken before it."""

    def __init__(self, players, seed, variants):
        self.before = ThreadCountState.new(players, seed, list(variants))
        self.before_json = self.before.to_json()
        self.drawn = [0] * players

    def __call__(self, state, seat, action, transition):
        before = self.before
        assert before.to_json() == self.before_json, "an earlier snapshot changed"
        assert ThreadCountState.from_json(state.to_json()) == state
        assert state.clone() == state and state.clone() is not state
        view = state.view(seat)
        assert view.model_copy(update={"seed": state.seed, "rng": state.rng, "view_of": None}) == state
        assert all(entry.text for entry in transition.log)
        check_invariants(state)
        if before.phase == "draw":
            old, new = before.thread(seat), state.thread(seat)
            assert new[: len(old)] == old
            added = len(new) - len(old)
            if isinstance(action, Draw):
                assert added == before.roll
            elif isinstance(action, EndAtPaw):
                assert 1 <= added <= before.roll and state.is_out(seat)
            else:
                assert added == 0
            self.drawn[seat] += added
            for other in range(state.players):
                if other != seat:
                    assert state.thread(other) == before.thread(other)
            for s in range(state.players):
                assert len(state.thread(s)) - 1 == self.drawn[s]
        self.before = state.clone()
        self.before_json = self.before.to_json()


def _levels(players, seed):
    if seed % 5 == 4:  # some games with easy seats among the random ones
        return ["easy" if s % 2 == 0 else "random" for s in range(players)]
    return None


def test_random_playouts_keep_the_rules():
    games = ends = 0
    for players, variants in itertools.product(range(1, 7), VARIANT_SETS):
        for seed in range(SEEDS_PER_CONFIG):
            levels = _levels(players, seed)
            checker = StepChecker(players, seed, variants) if seed < STEP_CHECKED_SEEDS else None
            played = play_out(GAME, players, seed, variants, levels, on_step=checker)
            state = played.state
            assert state.is_over()
            check_invariants(state)
            assert ThreadCountState.from_json(state.to_json()) == state
            again = replay(GAME, players, seed, variants, played.actions)
            assert again == state and again.to_json() == state.to_json()
            outcome = state.outcome()
            assert outcome.winners and outcome.reason == state.end_reason
            games += 1
            ends += outcome.reason.startswith("The last number")
    assert games >= 500
    assert ends > 0


def test_same_seed_and_actions_give_the_same_game():
    for players, seed in [(1, 11), (3, 12), (6, 13)]:
        first = play_out(GAME, players, seed, ["side-b"], ["easy"] * players)
        second = play_out(GAME, players, seed, ["side-b"], ["easy"] * players)
        assert first.actions == second.actions
        assert first.state == second.state
    other = play_out(GAME, 3, 99, ["side-b"], ["easy"] * 3)
    assert other.state != play_out(GAME, 3, 12, ["side-b"], ["easy"] * 3).state


def test_easy_bot_beats_random():
    wins = 0
    seeds = range(100)
    for seed in seeds:
        easy = seed % 2  # the easy bot takes each seat half of the time
        levels = ["random", "random"]
        levels[easy] = "easy"
        outcome = play_out(GAME, 2, seed, [("side-b",), ()][seed % 3 == 0], levels).state.outcome()
        wins += outcome.winners == [easy]
    assert wins >= 80, wins


def test_easy_bot_plays_every_variant_and_player_count():
    for players, variants in itertools.product((1, 2, 6), VARIANT_SETS):
        state = play_out(GAME, players, 3, variants, ["easy"] * players).state
        assert state.is_over()
        check_invariants(state)
