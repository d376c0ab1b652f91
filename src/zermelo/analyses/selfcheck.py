"""A game's self-check (GAMESMAN ships one): the rules checked against themselves and against
plain search, on the positions reachable from a few small ones.

What is checked, position by position (smallest first; each finding keeps its smallest
counterexample):

* ``text``: every position and option prints and reads back as itself (``parse(format(p))``);
* ``key``: keys are hashable and stable (the same twice, the same for the re-read position);
* ``moves``: the labelled moves lead to exactly the options;
* ``cycle``: no sequence of moves leads back to a position, unless the game declares ``loopy``;
* ``grundy_formula``, ``outcome_formula`` (normal and misère), ``winning_moves_formula``: the
  closed forms agree with plain search (the engine on the game reduced to its ``options``);
* ``components``: the parts' Grundy values XOR to the whole's, by plain search;
* ``subtraction_set`` and ``canonical_options``: what the game declares holds;
* ``negative`` (partisan, where declared): the negative position's value is minus the position's.

The checks never trust the hooks they test: the reference is :class:`Plain`, the game with only
its options and no key.  Searches are capped by ``budget`` positions; a position whose plain
search is over it is skipped and counted.

>>> from zermelo.games import Nim
>>> r = self_check(Nim(), [(1, 2, 3)])
>>> r.ok, r.positions, r.counts["grundy_formula"]
(True, 14, 14)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SearchLimitExceeded, ZermeloError
from ..core.limits import Limits
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Outcome, Partisan, Rules, Scored, summands
from ..rules.define import DefinedPartisan
from ..search.engine import DRAW, PREVIOUS_WINS, Engine

__all__ = ["CHECKS", "Finding", "Plain", "SelfCheck", "self_check"]

#: The checks, in the order they are reported.
CHECKS = (
    "text",
    "key",
    "moves",
    "cycle",
    "subtraction_set",
    "canonical_options",
    "grundy_formula",
    "outcome_formula",
    "winning_moves_formula",
    "components",
    "negative",
)


@dataclass(frozen=True)
class Finding:
    """One failed check: which, at which position (its text), and what was seen."""

    check: str
    position: str
    detail: str


@dataclass
class SelfCheck:
    """What :func:`self_check` found: the findings (one per check, its smallest counterexample),
    how many positions each check examined, and how many plain searches were over the budget."""

    game: str
    positions: int
    findings: list[Finding] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    skipped: int = 0

    @property
    def ok(self) -> bool:
        return not self.findings


class Plain(Impartial[Any]):
    """A game reduced to its options: no key, no components, no closed form — the reference every
    hook is checked against."""

    def __init__(self, game: Impartial[Any]) -> None:
        self.game = game

    def options(self, position: Any) -> list[Any]:
        return list(self.game.options(position))


def _size(text: str) -> tuple[int, str]:
    return len(text), text


def _sides(game: Rules[Any], position: Any) -> list[Any]:
    if isinstance(game, Impartial):
        return list(game.options(position))
    if isinstance(game, Partisan):
        return [*game.left_options(position), *game.right_options(position)]
    if isinstance(game, Scored):
        return [m.position for m in game.moves(position)] if game.payoff(position) is None else []
    return []


class _Run:
    def __init__(self, game: Rules[Any], budget: int) -> None:
        self.game = game
        self.limits = Limits(max_positions=budget)
        self.found: dict[str, tuple[tuple[int, str], Finding]] = {}
        self.counts: dict[str, int] = {}
        self.skipped = 0

    def text(self, p: Any) -> str:
        try:
            return self.game.format(p)
        except Exception:  # a position the text form cannot print: that is the finding
            return repr(p)

    def fail(self, check: str, p: Any, detail: str) -> None:
        t = self.text(p)
        old = self.found.get(check)
        if old is None or _size(t) < old[0]:
            self.found[check] = (_size(t), Finding(check, t, detail))

    def count(self, check: str) -> None:
        self.counts[check] = self.counts.get(check, 0) + 1

    def plain(self, search: Callable[..., Any], *args: Any) -> Any:
        """``search(*args, limits)``, or ``None`` (counted) when it is over the budget."""
        try:
            return search(*args, self.limits)
        except SearchLimitExceeded:
            self.skipped += 1
            return None


def _explore(game: Rules[Any], seeds: Iterable[Any], most: int) -> tuple[list[Any], dict[Hashable, list[Any]]]:
    """Positions reachable from ``seeds`` (breadth first, at most ``most``) and their successors,
    keyed by the positions themselves (not by the game's key, which is under test)."""
    order: list[Any] = []
    succ: dict[Hashable, list[Any]] = {}
    queue = list(seeds)
    seen: set[Any] = set()
    while queue and len(order) < most:
        p = queue.pop(0)
        if p in seen:
            continue
        seen.add(p)
        order.append(p)
        succ[p] = _sides(game, p)
        queue.extend(q for q in succ[p] if q not in seen)
    return order, succ


def _cycle(order: Sequence[Any], succ: dict[Hashable, list[Any]]) -> list[Any] | None:
    """A cycle among the explored positions (iterative depth-first search), or ``None``."""
    colour: dict[Any, int] = {}
    for root in order:
        if root in colour:
            continue
        stack: list[tuple[Any, int]] = [(root, 0)]
        path: list[Any] = [root]
        colour[root] = 1
        while stack:
            v, i = stack[-1]
            nxt = succ.get(v, [])
            if i < len(nxt):
                stack[-1] = (v, i + 1)
                w = nxt[i]
                if w not in succ:
                    continue
                if colour.get(w) == 1:
                    return [*path[path.index(w) :], w]
                if w not in colour:
                    colour[w] = 1
                    stack.append((w, 0))
                    path.append(w)
            else:
                colour[v] = 2
                stack.pop()
                path.pop()
    return None


def self_check(
    game: Rules[Any],
    seeds: Iterable[Any],
    *,
    most: int = 200,
    sample: int = 30,
    budget: int = 100_000,
    seed: int = 0,
) -> SelfCheck:
    """Check ``game`` on the positions reachable from ``seeds`` (at most ``most``); the closed
    forms and the components on ``sample`` of them (the smallest and a seeded random choice), each
    plain search capped at ``budget`` positions."""
    run = _Run(game, budget)
    order, succ = _explore(game, seeds, most)
    for p in order:
        _text_and_key(run, p, succ[p])
    cyc = _cycle(order, succ)
    if cyc is not None and not game.loopy:
        moves = " -> ".join(run.text(p) for p in cyc)
        run.fail("cycle", cyc[0], f"a cycle of moves: {moves} (a loopy game says loopy = True)")
    run.counts["cycle"] = len(order)
    ranked = sorted(order, key=lambda p: _size(run.text(p)))
    rest = ranked[sample // 3 :]
    chosen = ranked[: sample // 3] + random.Random(seed).sample(rest, min(len(rest), sample - sample // 3))
    loops = cyc is not None
    if isinstance(game, Impartial):
        ref = Engine(Plain(game))
        for p in order:
            _declared(run, game, p, succ[p])
        for p in sorted(chosen, key=lambda p: _size(run.text(p))):
            _closed_forms(run, game, ref, p, loops)
    if isinstance(game, Partisan):
        for p in sorted(chosen, key=lambda p: _size(run.text(p))):
            _negative(run, game, p)
    findings = [run.found[c][1] for c in CHECKS if c in run.found]
    return SelfCheck(game.spec(), len(order), findings, run.counts, run.skipped)


def _text_and_key(run: _Run, p: Any, options: list[Any]) -> None:
    game = run.game
    for q in [p, *options]:
        run.count("text")
        try:
            back = game.parse(game.format(q))
            same = back == q or game.key(back) == game.key(q)
        except ZermeloError as exc:
            run.fail("text", q, f"{run.text(q)!r} does not read back: {exc}")
            continue
        if not same:
            run.fail("text", q, f"{q!r} prints as {run.text(q)!r}, which reads back as {back!r}")
    run.count("key")
    try:
        k1, k2 = game.key(p), game.key(p)
        hash(k1)
        if k1 != k2 or hash(k1) != hash(k2):
            run.fail("key", p, f"the key changes: {k1!r}, then {k2!r}")
    except TypeError as exc:
        run.fail("key", p, f"the key is not hashable: {exc}")
    if isinstance(game, Impartial):
        run.count("moves")
        moved = _keys(game, (m.position for m in game.moves(p)))
        if moved != _keys(game, options):
            said = ", ".join(sorted(run.text(m.position) for m in game.moves(p)))
            opts = ", ".join(sorted(run.text(q) for q in options))
            run.fail("moves", p, f"the labelled moves lead to {{{said}}}, the options are {{{opts}}}")


def _keys(game: Rules[Any], positions: Iterable[Any]) -> set[str]:
    return {repr(game.key(q)) for q in positions}


def _declared(run: _Run, game: Impartial[Any], p: Any, options: list[Any]) -> None:
    s = game.subtraction_set
    if s is not None and type(p) is int:
        run.count("subtraction_set")
        want = sorted({p - k for k in s if k <= p})
        if sorted(set(options)) != want:
            run.fail("subtraction_set", p, f"options {sorted(set(options))}, but S = {set(s)} gives {want}")
    if game.canonical_options:
        run.count("canonical_options")
        bad = next((q for q in options if game.key(q) != q), None)
        if bad is not None:
            run.fail("canonical_options", p, f"the option {run.text(bad)} is not its own key {game.key(bad)!r}")


def _closed_forms(run: _Run, game: Impartial[Any], ref: Engine, p: Any, loops: bool) -> None:
    g = game.grundy_formula(p)
    if g is not None:
        run.count("grundy_formula")
        truth = run.plain(ref.grundy, p)
        if truth is not None and truth != g:
            run.fail("grundy_formula", p, f"grundy_formula says {g}, plain search {truth}")
    for misere in (False, True):
        o = game.outcome_formula(p, misere)
        if o is not None:
            run.count("outcome_formula")
            found = run.plain(ref.outcome, p, misere)
            if found is not None:
                truth = Outcome.DRAW if found[0] == DRAW else Outcome.P if found[0] == PREVIOUS_WINS else Outcome.N
                if truth is not o:
                    play = "misère" if misere else "normal"
                    run.fail("outcome_formula", p, f"outcome_formula ({play} play) says {o}, plain search {truth}")
        w = game.winning_moves_formula(p, misere)
        if w is not None:
            run.count("winning_moves_formula")
            opts = list(game.options(p))
            found_all = run.plain(ref.outcomes, opts, misere)
            if found_all is not None:
                wins = [q for q, (s, _) in zip(opts, found_all, strict=True) if s == PREVIOUS_WINS]
                if _keys(game, (m.position for m in w)) != _keys(game, wins):
                    said = ", ".join(sorted(run.text(m.position) for m in w))
                    truth_w = ", ".join(sorted(run.text(q) for q in wins))
                    detail = f"winning_moves_formula leads to {{{said}}}, plain search to {{{truth_w}}}"
                    run.fail("winning_moves_formula", p, detail)
    parts = summands(game, p)
    if len(parts) > 1 and not loops:
        run.count("components")
        whole = run.plain(ref.grundy, p)
        values = [run.plain(Engine(Plain(r)).grundy, q) for r, q in parts]
        if (
            whole is not None
            and None not in values
            and isinstance(whole, int)
            and all(isinstance(v, int) for v in values)
        ):
            x = nim_sum(*values)
            if x != whole:
                shown = " + ".join(run.text(q) for _, q in parts)
                run.fail("components", p, f"the parts {shown} have Grundy values XOR-ing to {x}; the whole has {whole}")


def _negative(run: _Run, game: Partisan[Any], p: Any) -> None:
    neg = game.negative(p) if isinstance(game, DefinedPartisan) else None
    if neg is None:
        return
    from .canonical import canonical_form

    run.count("negative")
    try:
        a = canonical_form(game, p, limits=run.limits)
        b = canonical_form(game, neg, limits=run.limits)
    except SearchLimitExceeded:
        run.skipped += 1
        return
    if b != -a:
        run.fail("negative", p, f"the negative {run.text(neg)} has value {b}, not -({a})")
