"""The generic ``hard`` bot: information-set Monte Carlo tree search (ISMCTS).

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo
Tree Search". Each iteration:

1. *determinize*: ``view.determinize(rng)`` gives a full state that agrees
   with everything the bot's seat has seen; others' secrets, pending secret
   choices and future chance are drawn at random;
2. *select* down one tree shared by all determinizations, whose nodes are
   information sets: the acting seat and the actions that seat has observed
   since the root. An action made in a simultaneous phase of a game with
   hidden information is recorded for the other seats only as "someone
   chose", and shown to them at the next reveal (a ``barrier`` transition),
   so no seat's node knows another seat's pending pick. Arms are chosen by
   subset-armed UCB: an arm's parent count is the number of visits in which it
   was legal (its *availability*), not the node's visits;
3. *expand* one untried legal action;
4. *roll out* with a policy (a game's ``easy`` bot) to the end, or for a
   fixed number of actions and then judge the position with an evaluation;
5. *back up* each seat's own reward at the nodes where that seat acted
   (max^n: every seat maximises its own result, so it works for any number of
   seats).

The move played is the root's most visited arm. With ``iterations`` set the
search runs exactly that many iterations and is reproducible from ``rng``;
otherwise it thinks for ``think`` seconds of wall-clock time.

A game registers it as a zero-argument factory, e.g.::

    GAME = GameDef(MyState, bots={"easy": EasyBot, "hard": lambda: SearchBot(rollout=EasyBot())})

The controller may change ``think`` / ``iterations`` after construction
(``play --think``, ``simulate --iterations``) and may pass ``stop``, a
``threading.Event`` that ends the thinking early (the game was left).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from .bots import Bot
from .state import Action, GameState

# The game's state class: a game's reflex, evaluation and prior may read its own state.
S = TypeVar("S", bound=GameState)
# A decision not worth searching: return the action to play, or None to search.
Reflex = Callable[[S, int, list[Action], random.Random], Action | None]
# Estimated final score of every seat, for rollouts cut short.
Evaluate = Callable[[S], Sequence[float]]
# A heuristic value of each legal action (any scale, higher is better), e.g. the easy bot's.
Prior = Callable[[S, int, list[Action]], Sequence[float]]

# What a seat sees of another's still-secret choice: that it was made.
_SECRET = None


class _Arm:
    """Statistics of one action at one information set."""

    __slots__ = ("avail", "bias", "reward", "visits")

    def __init__(self, bias: float = 0.0) -> None:
        self.visits = 0
        self.reward = 0.0
        self.avail = 1  # created on a visit where it was legal
        self.bias = bias  # the prior's opinion, in [0, 1] times its weight

    def ucb(self, exploration: float) -> float:
        n = self.visits
        return self.reward / n + exploration * math.sqrt(math.log(self.avail) / n) + self.bias / (n + 1)


# Information set (seat, what it observed) -> that node's arms.
Tree = dict[Hashable, dict[Action, _Arm]]


class SearchStats:
    """What the last search did (for benchmarks and tests). ``tree`` maps each
    information set, ``(seat, actions it observed since the root)``, to its arms."""

    __slots__ = ("iterations", "nodes", "seconds", "tree")

    def __init__(self, iterations: int = 0, seconds: float = 0.0, tree: Tree | None = None) -> None:
        self.iterations, self.seconds = iterations, seconds
        self.tree: Tree = tree if tree is not None else {}
        self.nodes = len(self.tree)


class SearchBot(Generic[S]):
    """Level ``hard``: ISMCTS over determinizations of its seat's view.

    Parameters (all optional):

    - ``rollout``: the policy that plays every seat after the tree (a ``Bot``,
      typically the game's ``easy``); None plays uniformly at random.
    - ``think``: seconds per decision when ``iterations`` is None (default 1).
    - ``iterations``: an exact iteration count, for tests and measurements.
    - ``rollout_limit``: actions a rollout plays before ``evaluate`` judges
      the position; None plays to the end of the game.
    - ``evaluate``: estimated final score per seat (required with ``rollout_limit``).
    - ``reflex``: decisions to take without searching (e.g. a forced
      follow-up), in the tree and in rollouts alike.
    - ``prior``: heuristic values of the legal actions (e.g. the easy bot's).
      Untried actions are expanded best first, and each arm's UCB gets
      ``prior_weight * p / (visits + 1)`` (progressive bias, ``p`` the value
      rescaled to [0, 1] within the node), so a short search starts from the
      heuristic's choice and more search can overrule it.
    - ``exploration``: the UCB constant; rewards lie in [0, 1].
    - ``score_scale``: points of lead worth most of a win in the reward.
    - ``win_weight``: the share of a final reward that is the win itself; the
      rest rewards the lead, which is less noisy and keeps a lost game worth
      playing well.
    - ``ranked``: at 3 or more seats the "win" is the seat's rank, the share
      of the other seats it beats (ties half), so second of four is worth more
      than last; False (the default, as measured so far): only the winners' share of the win.
    - ``widening``: progressive widening, ``(c, alpha)``: a node visited ``n``
      times considers only its ``ceil(c * (n + 1) ** alpha)`` first arms (the
      prior's best first), so a decision of dozens of options is not spread
      over all of them before any is judged. None considers every option.
    """

    level = "hard"  # a ``SearchingBot``: the controller runs choose() off the event loop, with ``stop``

    def __init__(
        self,
        rollout: Bot[S] | None = None,
        *,
        think: float = 1.0,
        iterations: int | None = None,
        rollout_limit: int | None = None,
        evaluate: Evaluate[S] | None = None,
        reflex: Reflex[S] | None = None,
        prior: Prior[S] | None = None,
        prior_weight: float = 0.5,
        exploration: float = 0.7,
        score_scale: float = 5.0,
        win_weight: float = 0.8,
        ranked: bool = False,
        widening: tuple[float, float] | None = None,
    ) -> None:
        if rollout_limit is not None and evaluate is None:
            raise ValueError("a rollout cut short needs an evaluate function")
        self.rollout = rollout
        self.think = think
        self.iterations = iterations
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.reflex = reflex
        self.prior = prior
        self.prior_weight = prior_weight
        self.exploration = exploration
        self.score_scale = score_scale
        self.win_weight = win_weight
        self.widening = widening
        self.ranked = ranked
        self.last = SearchStats()

    # ---- the Bot protocol -------------------------------------------------------
    def choose(
        self,
        view: S,
        seat: int,
        legal: list[Action],
        rng: random.Random,
        stop: threading.Event | None = None,
    ) -> Action:
        """The most visited of ``legal`` after searching from ``view``.

        ``view`` must be ``seat``'s view; nothing else about the game is read.
        ``rng`` is drawn from once, to seed the search.
        """
        search_rng = random.Random(rng.getrandbits(64))
        start = time.perf_counter()
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        if self.reflex is not None:
            forced = self.reflex(view, seat, legal, search_rng)
            if forced is not None:
                return forced
        tree: Tree = {}
        deadline = None if self.iterations is not None else start + self.think

        def late() -> bool:
            """Time is up or the game was left: checked at every step of an iteration, so a
            decision overruns its think time by at most one action of a rollout."""
            return (stop is not None and stop.is_set()) or (deadline is not None and time.perf_counter() >= deadline)

        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if late() or not self._iterate(view, seat, tree, search_rng, late):
                break
            done += 1
        self.last = SearchStats(done, time.perf_counter() - start, tree)
        root = tree.get((seat, ()), {})
        # Most visited; equal visits (a short search) go to the prior's favourite, then the better mean.
        arms = [
            (arm.visits, arm.bias, arm.reward / arm.visits, i)
            for i, a in enumerate(legal)
            if (arm := root.get(a)) is not None and arm.visits
        ]
        if not arms:  # no time to search at all
            if self.rollout is not None:
                return self.rollout.choose(view, seat, legal, search_rng)
            return search_rng.choice(legal)
        return legal[max(arms)[3]]

    # ---- one iteration ----------------------------------------------------------
    def _iterate(self, view: S, seat: int, tree: Tree, rng: random.Random, late: Callable[[], bool]) -> bool:
        """One iteration; False if ``late()`` cut it off (then the tree is as it was, but for
        availability counts)."""
        state = view.determinize(rng) if view.view_of is not None else _reseeded(view, rng)
        players = state.players
        hidden_info = state.info.hidden_information
        seen: list[list[Hashable]] = [[] for _ in range(players)]  # per seat: the actions it has observed
        unrevealed: list[list[tuple[int, Action]]] = [[] for _ in range(players)]  # per seat: secret actions of others
        path: list[tuple[_Arm, int]] = []
        in_tree = True
        rolled = 0
        actor = seat  # the root's decision is the bot's own, whoever else may also be deciding
        expanded: tuple[dict[Action, _Arm], Action] | None = None
        while True:
            if late():
                if expanded is not None:  # an arm never backed up would have no visits
                    del expanded[0][expanded[1]]
                return False
            if actor < 0:
                movers = state.to_move()
                if not movers:
                    break
                actor = movers[0]
                simultaneous = len(movers) > 1
            else:
                simultaneous = len(state.to_move()) > 1
            legal = state.legal_actions(actor)
            action = None
            if len(legal) == 1:
                action = legal[0]
            elif self.reflex is not None:
                action = self.reflex(state, actor, legal, rng)
            if action is None:
                if in_tree:
                    key = (actor, tuple(seen[actor]))
                    action, arm, in_tree = self._select(tree, key, state, actor, legal, rng)
                    path.append((arm, actor))
                    if not in_tree:
                        expanded = (tree[key], action)
                else:
                    if self.rollout_limit is not None and rolled >= self.rollout_limit:
                        break
                    rolled += 1
                    policy = self.rollout
                    action = policy.choose(state, actor, legal, rng) if policy is not None else rng.choice(legal)
            transition = state.apply_unchecked(actor, action)  # legal by construction: skip the checks
            if in_tree:
                secret = hidden_info and simultaneous
                for observer in range(players):
                    if observer == actor or not secret:
                        seen[observer].append((actor, action))
                    else:
                        seen[observer].append((actor, _SECRET))
                        unrevealed[observer].append((actor, action))
                if transition.barrier:
                    for observer in range(players):
                        if unrevealed[observer]:
                            seen[observer].append(tuple(unrevealed[observer]))
                            unrevealed[observer] = []
            actor = -1
        rewards = self._rewards(state)
        for arm, who in path:
            arm.visits += 1
            arm.reward += rewards[who]
        return True

    def _select(
        self, tree: Tree, key: Hashable, state: S, actor: int, legal: list[Action], rng: random.Random
    ) -> tuple[Action, _Arm, bool]:
        """The arm to follow at this information set; the flag says whether to stay in the tree."""
        arms = tree.get(key)
        if arms is None:
            arms = tree[key] = {}
        untried = []
        tried = []
        for action in legal:
            arm = arms.get(action)
            if arm is None:
                untried.append(action)
            else:
                arm.avail += 1
                tried.append(action)
        if untried and self.widening is not None and tried:
            c, alpha = self.widening
            visits = sum(arms[a].visits for a in tried)
            if len(tried) >= math.ceil(c * (visits + 1) ** alpha):
                untried = []  # wide enough for now: choose among the arms already open
        if untried:
            if self.prior is None:
                action, bias = rng.choice(untried), 0.0
            else:
                biases = self._biases(state, actor, legal)
                action, bias = max(((a, biases[a]) for a in untried), key=lambda ab: ab[1])
            arm = arms[action] = _Arm(bias)
            return action, arm, False
        c = self.exploration
        best = max(tried, key=lambda a: arms[a].ucb(c))
        return best, arms[best], True

    def _biases(self, state: S, actor: int, legal: list[Action]) -> dict[Action, float]:
        assert self.prior is not None
        values = [float(v) for v in self.prior(state, actor, legal)]
        # A prior may rule an action out with -inf (Thread Count's Stop): it gets no bias,
        # and the span is taken over the finite values, or every bias would be NaN.
        finite = [v for v in values if math.isfinite(v)] or [0.0]
        low, high = min(finite), max(finite)
        span = high - low
        w = self.prior_weight

        def bias(v: float) -> float:
            if not math.isfinite(v):
                return w if v > 0 else 0.0
            return w * (v - low) / span if span > 0 else w

        return {a: bias(v) for a, v in zip(legal, values, strict=True)}

    # ---- rewards ------------------------------------------------------------------
    def _rewards(self, state: S) -> list[float]:
        """Each seat's result in [0, 1]: mostly its share of the win, a little its lead."""
        outcome = state.outcome()
        if outcome is not None:
            scores = [float(outcome.score_of(s).total) for s in range(state.players)]
            if len(scores) <= 2 or not self.ranked:
                share = 1 / len(outcome.winners)
                wins = [share if s in outcome.winners else 0.0 for s in range(state.players)]
            else:
                wins = _ranks(scores, outcome.winners)
            leads = self._leads(scores)
            k = self.win_weight
            return [k * w + (1 - k) * lead for w, lead in zip(wins, leads, strict=True)]
        assert self.evaluate is not None
        return self._leads([float(x) for x in self.evaluate(state)])

    def _leads(self, scores: list[float]) -> list[float]:
        if len(scores) == 1:  # solo: more points is better, with no one to beat
            return [1 - math.exp(-max(scores[0], 0.0) / (4 * self.score_scale))]
        out = []
        for s, mine in enumerate(scores):
            rival = max(x for t, x in enumerate(scores) if t != s)
            out.append(0.5 + 0.5 * math.tanh((mine - rival) / self.score_scale))
        return out


def _ranks(scores: list[float], winners: list[int]) -> list[float]:
    """Each seat's share of the others it beats (ties half; the rules' winners beat the rest
    of the top score, so a tie-break counts)."""
    n = len(scores)
    out = []
    for s in range(n):
        beaten = 0.0
        for t in range(n):
            if t == s:
                continue
            if scores[s] > scores[t] or (s in winners and t not in winners):
                beaten += 1.0
            elif scores[s] == scores[t] and (s in winners) == (t in winners):
                beaten += 0.5
        out.append(beaten / (n - 1))
    return out


def _reseeded(state: S, rng: random.Random) -> S:
    """A full state given instead of a view (tests, solo analysis): only future chance is unknown."""
    from .rng import Rng

    copy = state.clone()
    copy.rng = Rng.from_seed(rng.getrandbits(63))
    return copy
