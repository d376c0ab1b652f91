"""The canonical form of a position: its value, computed bottom-up over its options by the engine's fold.

A position's value is ``{values of Left's options | values of Right's options}`` in canonical
form, and the value of a sum of independent components is the sum of their values.  The
traversal is :func:`zermelo.search.engine.fold` (iterative, memoised by the rules' key), so deep games
never reach the recursion limit, and each distinct component is evaluated once per game.

Impartial rules are partisan games whose two players have the same options; their values are
nimbers, and *n is exactly Grundy value n (Sprague–Grundy).

>>> from zermelo.games import Nim
>>> print(canonical_form(Nim(), (1, 2)))
*3
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..core.budget import Budget
from ..core.cache import RulesCache, memo_trimmer
from ..core.checks import MAX_NUMBER_BITS, game_argument, short
from ..core.checks import shown as quoted
from ..core.errors import InvalidArgument, Unsupported
from ..core.limits import Limits, ambient_deadline, deep
from ..core.sprague_grundy import mex
from ..rules import Impartial, Partisan, PartisanSum, Rules, Sum
from ..rules.sizes import check_size
from ..values.game import Game, game, neg, star, total
from ..values.ordinal import ordinal_sum

__all__ = ["canonical_form", "value_cache"]

_SUM = "sum"
_ORD = "ordinal"
_IMP = "impartial"

#: Options keyed between two looks at the budget within one position: a position of a 10 × 10
#: Amazons board has 3,682 options, and keying them (each one's regions) took 0.9 CPU s, so a
#: look per position let `play amazons … --timeout 1` run 4 s.
KEYS_PER_LOOK = 256


#: The memo of values per position key, one per rules object (the last few: :mod:`zermelo.core.cache`).
VALUES: RulesCache[dict[Hashable, Any]] = RulesCache(lambda rules: {})


def value_cache(rules: Rules[Any]) -> dict[Hashable, Any]:
    """The memo of values per position key for one rules object (kept, so repeated queries are free)."""
    return VALUES.get(rules)


#: Entries the value memos of all rules objects together (:data:`VALUES`, :data:`ID_VALUES`) may
#: hold when a value budget starts (a request of the web explorer, a line of ``zermelo value``):
#: past it every rules object's memos are emptied, with what the rules keep of the positions met
#: (their optional ``forget()``: Domineering's regions and keys).  A web worker keeps one rules
#: object per game for weeks, and its memos grew with every board valued (1 GB after forty 5 × 6
#: Domineering boards, each within the explorer's budget).  Only time is lost: a value forgotten
#: is found again.  Read at each trim, so a test may lower it.
VALUES_KEEP = 1 << 17

#: id(rules) -> value searches of it under way (their memos are never emptied under them).
_UNDER_WAY: dict[int, int] = {}


@memo_trimmer
def _trim_values(limit: int | None) -> int:
    """Empty the value memos when they hold more than ``limit`` (:data:`VALUES_KEEP`) entries
    together (see :func:`zermelo.core.cache.trim_memos`); how many entries went."""
    bound = VALUES_KEEP if limit is None else limit
    held: list[tuple[Any, Any]] = [(rules, memo) for cache in (VALUES, ID_VALUES) for rules, memo in cache.items()]
    walks = sys.modules.get("zermelo.analyses.compiled_walk")  # the compiled walk's states, if loaded
    states: list[Any] = walks.WALKS.values() if walks is not None else []
    if sum(_held(memo) for _, memo in held) + sum(_held(state) for state in states) <= bound:
        return 0
    gone = 0
    for state in states:  # a search under way holds its walk itself: dropping the state kept is safe
        gone += _held(state)
        state.clear()
    emptied: dict[int, Any] = {}  # a rules object is in several of these caches: forgets once
    for rules, memo in held:
        if id(rules) in _UNDER_WAY:
            continue
        gone += _held(memo)
        memo.clear()
        emptied[id(rules)] = rules
    for rules in emptied.values():
        forget = getattr(rules, "forget", None)
        if forget is not None:
            forget()
    return gone


def _held(memo: Any) -> int:
    """Entries of a memo: a dictionary's, or those of the compiled walk's state in a list."""
    return len(memo[0]) if type(memo) is list and memo else len(memo)


_NO_LIMITS = Limits()


def canonical_form(rules: Rules[Any], position: Any, *, limits: Limits | None = None) -> Game:
    """The canonical form of ``position`` under ``rules`` (Partisan or Impartial).

    ``limits`` caps the number of distinct positions examined and the seconds spent
    (:class:`~zermelo.core.errors.SearchLimitExceeded` past them).
    """
    walks = sys.modules.get("zermelo.analyses.compiled_walk")  # loaded: roots may take the short way
    if walks is not None and limits is None and (at := walks.ROOTS.get(type(rules))) is not None:
        out = _short(rules, position, walks, at)
        if out is not None:
            return out
    limits = _checked(rules, position, limits)
    if isinstance(rules, (Sum, PartisanSum)):
        # A sum's value is the sum of its parts' values: each part is valued by its own rules
        # (and their cache), never by searching the product of the parts' positions.
        return total(canonical_form(g, p, limits=limits) for g, p in zip(rules.games, position, strict=True))
    impartial = isinstance(rules, Impartial)
    if impartial:
        # As the engine does: a position whose options alone pass the budget (Wythoff with
        # 400-digit heaps) is refused before a single option is listed.
        check_size(rules, position, limits)  # type: ignore[arg-type]
    memo = value_cache(rules)
    # Rules may say a position is an ordinal sum base : top (a Hackenbush edge carrying a
    # tree): ordinal(p) -> (base value, top position) or None.  Then only the top is searched.
    ordinal = rules.ordinal if isinstance(rules, Partisan) and type(rules).ordinal is not Partisan.ordinal else None
    value_key = _value_key(rules)
    with deep():  # value arithmetic recurses by birthday (and some rules' keys: a tall Hackenbush stalk's)
        root_key, root_flip = value_key(position)
        known = memo.get(root_key)
        if known is not None and limits.progress is None:  # valued before: no search set up (0.1 ms)
            return -known if root_flip else known  # type: ignore[no-any-return]
        walk = _Walk(rules, limits, memo, value_key, ordinal, impartial)
        _UNDER_WAY[id(rules)] = _UNDER_WAY.get(id(rules), 0) + 1
        try:
            out = walk.value(position, root_key, root_flip)
        finally:
            walk.budget.report(done=True)
            if _UNDER_WAY[id(rules)] == 1:
                del _UNDER_WAY[id(rules)]
            else:
                _UNDER_WAY[id(rules)] -= 1
    return out


#: Rules classes whose roots may be valued the short way (:func:`_short`), found once per class.
_SHORT: dict[type, bool] = {}
_NONE: dict[str, Any] = {}


def _short(rules: Rules[Any], position: Any, walks: Any, at: tuple[Any, int]) -> Game | None:
    """Stage 0, the short way of a root that is one region of rules with a compiled walk set up
    in this process (:data:`zermelo.analyses.compiled_walk.ROOTS`), asked with no limits: the
    checks of :func:`_checked` that such a position needs, the bytes the walk reads of it as it
    stands (``rules.root_bytes``), and :func:`~zermelo.analyses.compiled_walk.root_value`, with no
    key, ``Budget``, memo or walk of the long way set up (a 2 x 2 Domineering board cost 0.4 ms
    that way in a warm process, its kernel call 25 µs); the default limits' count of positions
    still holds, looked at between the walk's slices.  None where the long way must answer: a
    position of another shape (the boundary's scan and errors are the long way's), one that is not
    one region, a deadline in the context, a walk not kept."""
    cls = type(rules)
    fit = _SHORT.get(cls)
    if fit is None:  # a partisan game whose searches take no other way (sums, ordinal sums)
        fit = _SHORT[cls] = (
            issubclass(cls, Partisan)
            and not issubclass(cls, (Sum, PartisanSum, Impartial))
            and cls.ordinal is Partisan.ordinal
            and callable(getattr(cls, "root_bytes", None))
        )
    own = getattr(rules, "__dict__", _NONE)  # an object's own hooks (a test's) take the long way
    if not fit or type(position) is not tuple or "compiled_step" in own or "root_bytes" in own:
        return None
    for x in position:  # game_argument's scan, for a flat tuple of ints and texts
        if type(x) is int:
            if x.bit_length() > MAX_NUMBER_BITS:
                return None
        elif type(x) is not str:
            return None
    rules.validate(position)
    kb = rules.root_bytes(position)  # type: ignore[attr-defined]
    if kb is None or ambient_deadline() is not None:
        return None
    return walks.root_value(at, kb, _NO_LIMITS.max_positions)  # type: ignore[no-any-return]


def _checked(rules: Rules[Any], position: Any, limits: Limits | None) -> Limits:
    """Stage 1 of :func:`canonical_form`: game objects, a valid position, and the limits to keep."""
    if not isinstance(rules, (Partisan, Impartial)):
        hint = f" (make one with zermelo.make_game({short(rules)!r}))" if isinstance(rules, str) else ""
        raise InvalidArgument(
            f"canonical_form: the game must be a game object (partisan or impartial rules){hint}, got {quoted(rules)}"
        )
    game_argument("canonical_form", rules, Rules, position)  # a 10**5000 in the position, say
    if limits is not None and not isinstance(limits, Limits):
        raise InvalidArgument(f"canonical_form: limits must be a zermelo.Limits, got {quoted(limits)}")
    rules.validate(position)
    return limits if limits is not None else _NO_LIMITS


def _value_key(rules: Rules[Any]) -> Callable[[Any], tuple[Hashable, bool]]:
    """Stage 2: the memo's key of a position, and whether the position is that key's negative.

    Rules may merge a position with its negative (Domineering turned a quarter turn is the same
    board with the players swapped); the memo then holds the value of the unnegated representative.
    """
    if isinstance(rules, Partisan) and type(rules).value_key is not Partisan.value_key:  # the default merges nothing
        return rules.value_key
    plain_key = rules.key

    def value_key(p: Any) -> tuple[Hashable, bool]:
        return plain_key(p), False

    return value_key


class _Walk:
    """The bottom-up evaluation of one position's value, iterative (deep games never reach the
    recursion limit), each distinct key expanded once.

    A frame is ``[position, key, negated, kinds, children's (key, negated) or None]``; ``kinds``
    is the count of Left's options, or :data:`_SUM`, or :data:`_ORD` with the base value.  This
    is :func:`zermelo.core.traversal.fold` written out for values: a value is read from the memo
    and negated where the key's position is the negative, with no per-position bookkeeping
    beyond the frame (the values of a 5 × 5 Domineering board meet 10⁵ positions).
    """

    def __init__(
        self,
        rules: Rules[Any],
        limits: Limits,
        memo: dict[Hashable, Any],
        value_key: Any,
        ordinal: Any,
        impartial: bool,
    ) -> None:
        self.rules, self.limits, self.memo = rules, limits, memo
        self.value_key, self.ordinal, self.impartial = value_key, ordinal, impartial
        self.budget = b = Budget(limits)  # max_seconds, the analysis' deadline or the ambient one
        self.expanded = self.listed = 0
        # The budget is ticked at every position only when it watches more than its cap (a
        # clock, a progress display, an options' cap); otherwise once the count passes the cap.
        self.watched = b.end is not None or b.show is not None or b.max_options is not None
        self.cap = b.cap
        # Optional hook of partisan rules: keyed_options(p) -> (count of Left's options, the
        # options with Left's first, their value keys) in one step, or None (Domineering's region).
        self.keyed_options = None if ordinal or impartial else getattr(rules, "keyed_options", None)
        # Past this many positions the values are kept as ids of the compiled forms
        # (:mod:`zermelo.values.compiled_forms`); never for impartial or ordinal-sum rules.
        self.ids: _IdValues | None = _IdValues.resume(rules) if not (ordinal or impartial) else None
        self.switch = 1 << 62 if self.ids is not None or ordinal or impartial else _switch_point()
        if self.switch == 0:  # the compiled forms are loaded: ids from the root on
            self.ids = _IdValues.start(rules, memo, 0, 0, self.budget.end is not None)
            self.switch = 1 << 62 if self.ids is not None else COMPILED_AFTER[0]
        # With ids, rules that list a region's options compiled have whole regions valued by the
        # compiled walk (:mod:`zermelo.analyses.compiled_walk`): region_bytes(key) -> bytes or None.
        self.region_bytes: Callable[[Hashable], bytes | None] | None = (
            None if ordinal or impartial else getattr(rules, "region_bytes", None)
        )
        self.regions: Any = None
        #: Options listed past which the walk is loaded through numba, when it was not built ahead
        #: of time and numba was not loaded at the switch (None: nothing deferred).
        self.walk_at: int | None = None
        self.compiled_regions()

    def compiled_regions(self) -> None:
        """The compiled walk of the rules' regions, once the values are ids (and the rules list
        their options compiled): see :func:`zermelo.analyses.compiled_walk.region_walk`.  Built
        ahead of time, it is taken at once; through numba (which costs 0.7-1.8 CPU s to load)
        only once the search has listed :data:`COMPILED_AFTER` ``[2]`` options."""
        if self.ids is not None and self.region_bytes is not None:
            from .compiled_walk import region_walk

            later = not is_loaded() and self.listed < COMPILED_AFTER[2]
            self.regions = region_walk(self.rules, self.ids.forms, self.budget.end is not None, ahead_only=later)
            self.walk_at = COMPILED_AFTER[2] if self.regions is None and later else None

    def between(self, positions: int, options: int) -> tuple[int, int]:
        """The compiled walk's slice done (its counts added, the budget looked at); how many
        positions and options the next may take: the cap is met exactly, as in Python."""
        walks = sys.modules["zermelo.analyses.compiled_walk"]  # loaded (a walk calls this): no import statement
        SLICE_POSITIONS, SLICE_OPTIONS = walks.SLICE_POSITIONS, walks.SLICE_OPTIONS
        self.expanded += positions
        self.listed += options
        if self.watched or (self.cap is not None and self.expanded > self.cap):
            self.budget.tick(positions=self.expanded, options=self.listed)
        room = SLICE_POSITIONS if self.cap is None else max(1, min(SLICE_POSITIONS, self.cap + 1 - self.expanded))
        cap = self.budget.max_options
        return room, SLICE_OPTIONS if cap is None else max(1, min(SLICE_OPTIONS, cap + 1 - self.listed))

    def value(self, root: Any, root_key: Hashable, root_flip: bool) -> Game:
        """The value of ``root``, whose key is ``(root_key, root_flip)``."""
        memo = self.memo
        v = memo.get(root_key)
        if v is not None:
            return -v if root_flip else v  # type: ignore[no-any-return]
        ids = self.ids
        if ids is not None and root_key in ids.memo:
            return self.stored(root_key, root_flip)
        stack: list[list[Any]] = [[root, root_key, root_flip, None, None]]
        on_path: set[Hashable] = set()
        expand = self.expand
        known = memo if ids is None else ids.memo
        while stack:
            frame = stack[-1]
            kids = frame[4]
            if kids is None:
                k = frame[1]
                if k in known or k in memo:
                    stack.pop()
                    continue
                if self.regions is not None and ids is not None and (kb := self.region_bytes(k)) is not None:  # type: ignore[misc]
                    try:  # the whole region in compiled code
                        ids.memo[k] = self.regions.value(kb, self.between)
                        stack.pop()
                        continue
                    except ids.too_large:
                        self.regions = None
                positions, kids = expand(frame)
                frame[4] = kids
                on_path.add(k)
                for c, (ck, cf) in zip(positions, kids, strict=True):
                    if ck not in known and ck not in memo:
                        if ck in on_path:
                            raise Unsupported("this analysis needs a game without cycles")
                        stack.append([c, ck, cf, None, None])
                continue
            kind = frame[3]
            k = frame[1]
            if ids is not None and ids.on and (type(kind) is int or kind is _SUM):
                ids.finish(k, kids, kind if type(kind) is int else -1, frame[2])
            if ids is None or k not in ids.memo:  # in Python (numbers too large: ids.on is False)
                vals = [neg(memo[ck]) if cf else memo[ck] for ck, cf in kids] if ids is None else ids.games(kids)
                if type(kind) is int:
                    out = game(vals[:kind], vals[kind:])
                elif kind is _SUM:
                    out = total(vals)
                elif kind is _IMP:
                    out = _mex_star(vals) or game(vals, vals)
                else:
                    out = ordinal_sum(kind[1], vals[0])
                memo[k] = neg(out) if frame[2] else out
            on_path.discard(k)
            stack.pop()
            if ids is None and self.expanded >= self.switch:
                ids = self.ids = _IdValues.start(
                    self.rules, memo, self.expanded, self.listed, self.budget.end is not None
                )
                if ids is not None:
                    known = ids.memo
                    self.compiled_regions()
                    if self.regions is not None and stack:
                        # The compiled walk values again what the frames under way have expanded,
                        # sooner than they would finish in Python over ids (each of their values
                        # turned into an id): the search starts again from the root, values kept.
                        stack[:] = [[root, root_key, root_flip, None, None]]
                        on_path.clear()
                else:
                    self.switch += LOOK_EVERY
            elif self.walk_at is not None and self.listed >= self.walk_at:
                self.compiled_regions()
        if ids is not None and root_key not in memo:
            return self.stored(root_key, root_flip)
        v = memo[root_key]
        return -v if root_flip else v  # type: ignore[no-any-return]

    def stored(self, key: Hashable, flip: bool) -> Game:
        """The value of a key the compiled forms hold, as a ``Game`` (kept in the memo)."""
        assert self.ids is not None
        v = self.memo[key] = self.ids.game(key)
        return -v if flip else v

    def keyed(self, positions: Sequence[Any]) -> list[tuple[Hashable, bool]]:
        """The memo's keys of a position's children, counted as its options; a wide position's
        keyed :data:`KEYS_PER_LOOK` at a time, the budget looked at between slices."""
        value_key = self.value_key
        self.listed += len(positions)
        if len(positions) <= KEYS_PER_LOOK:
            return [value_key(c) for c in positions]
        out: list[tuple[Hashable, bool]] = []
        before = self.listed - len(positions)
        for at in range(0, len(positions), KEYS_PER_LOOK):
            if at:
                self.budget.look(positions=self.expanded, options=before + at)
            out += [value_key(c) for c in positions[at : at + KEYS_PER_LOOK]]
        return out

    def expand(self, frame: list[Any]) -> tuple[list[Any], list[tuple[Hashable, bool]]]:
        """The children of the frame's position and their keys, its kind set in the frame;
        counts and the budget."""
        self.expanded += 1
        # The budget at every position (one of a long Toads row takes 0.1 s; the clock costs
        # 0.05 µs), before the arithmetic of more positions.
        if self.watched or (self.cap is not None and self.expanded > self.cap):
            self.budget.tick(positions=self.expanded, options=self.listed)
        rules, p = self.rules, frame[0]
        comps = rules.components(p)  # type: ignore[attr-defined]
        if comps is not None:
            k, flip = self.value_key(comps[0]) if len(comps) == 1 else (None, False)
            if k is None or k != frame[1]:
                frame[3] = _SUM
                return comps, self.keyed(comps)
            # The position's one part, in the rules' own form for parts (Domineering's region
            # moved to a corner of its frame): its options are the ones to list.
            p = frame[0] = comps[0]
            frame[2] = flip
        if self.keyed_options is not None and (got := self.keyed_options(p)) is not None:
            # The rules list a part's options with their keys in one step (Domineering's framed
            # region: each option is the region less one domino).
            frame[3], kids, keys = got
            self.listed += len(kids)
            return kids, keys
        if self.ordinal is not None and (split := self.ordinal(p)) is not None:
            frame[3] = (_ORD, split[0])
            kids = [split[1]]
        elif self.impartial:
            kids = list(rules.options(p))  # type: ignore[attr-defined]
            frame[3] = _IMP
        else:
            kids = list(rules.left_options(p))  # type: ignore[attr-defined]
            frame[3] = len(kids)
            kids.extend(rules.right_options(p))  # type: ignore[attr-defined]
        return kids, self.keyed(kids)


#: Positions a value search expands before it keeps its values as ids of the compiled forms
#: (:mod:`zermelo.values.compiled_forms`): when numba is loaded already (the first number), else
#: the second; or, for rules whose regions the compiled walk values whole
#: (:mod:`zermelo.analyses.compiled_walk`), options listed (the third).  Importing numba and
#: loading the kernels costs 0.7-1.8 CPU s here; a position valued with ids (one compiled call
#: each) saves 35-55 µs; the Python walk of Konane, Amazons and Domineering costs 13-15 µs an
#: option listed, and the compiled walk most of that: a fresh process loads them once the search
#: has spent in Python about what loading costs (it then pays at most about twice what the better
#: choice would have).
COMPILED_AFTER = [4_000, 50_000, 60_000]
#: The same two thresholds (options listed by rules with a compiled walk, else positions) when
#: ``zermelo compile`` built the forms (and the rules' walk) ahead of time: loading them then costs
#: numpy's import and a few milliseconds, not numba's load (:mod:`zermelo.core.aot`).
AHEAD_AFTER = [2_500, 1_500]
#: Positions between two looks at whether to switch (the first look after as many).
LOOK_EVERY = 250


def is_loaded() -> bool:
    """:func:`zermelo.core._jit.is_loaded` (whether numba is imported), without importing that
    module (and its pathlib: 5-12 ms of a small answer, issue 31)."""
    return "numba" in sys.modules


def _switch_point() -> int:
    """0 when this process has loaded the compiled forms already (a web worker, a notebook after
    a large search: then they are cheaper from the first position), else the first look at
    whether to switch: after :data:`COMPILED_AFTER` ``[0]`` positions when numba is loaded, else
    :data:`LOOK_EVERY`."""
    module = sys.modules.get("zermelo.values.compiled_forms")
    if module is not None and module.ready():
        return 0
    return COMPILED_AFTER[0] if is_loaded() else LOOK_EVERY


#: Whether ``zermelo compile`` built the compiled forms (and each step's walk) for this process's
#: sources, machine and numba: found once (it reads the sources), by module.
_AHEAD: dict[str, bool] = {}


def _built_ahead(rules: Rules[Any], walked: bool) -> bool:
    """Whether the compiled forms, and the rules' compiled walk when ``walked``, load ahead of
    time (numpy's import and a few ms) rather than through numba."""
    if not _available("zermelo.values.forms_kernel"):
        return False
    if not walked:
        return True
    step = rules.compiled_step()  # type: ignore[attr-defined]
    if step is None:
        return False
    from .compiled_walk import ahead_name

    return _available(ahead_name(getattr(step[0], "py_func", step[0]).__module__))


def _loaded_ahead(rules: Rules[Any], walked: bool) -> bool:
    """Whether this process has made the compiled forms' table and, when ``walked``, loaded the
    rules' walk built ahead of time (an earlier search's switch, or a caller that loaded them):
    numpy's import and the extensions' loads are paid, so a search takes them from its root, small
    or not (a 14-stone Konane 86 ms in Python, 10 ms compiled).  Asks nothing of the disk."""
    module = sys.modules.get("zermelo.values.compiled_forms")
    if module is None or not module.ready():
        return False
    if not walked:
        return True
    walks = sys.modules.get("zermelo.analyses.compiled_walk")
    step = rules.compiled_step()  # type: ignore[attr-defined]
    return walks is not None and step is not None and bool(walks.loaded(step[0]))


def _available(module: str) -> bool:
    found = _AHEAD.get(module)
    if found is None:
        from ..core import aot

        found = _AHEAD[module] = aot.available(module)
    return found


#: The values of keys as ids of the compiled forms, one memo per rules object.
ID_VALUES: RulesCache[dict[Hashable, int]] = RulesCache(lambda rules: {})


class _IdValues:
    """A search's values as ids of :mod:`zermelo.values.compiled_forms`: each finished
    position costs one compiled call; the values found before (``Game``s in the memo) are
    turned into ids when read."""

    def __init__(self, rules: Rules[Any], memo: dict[Hashable, Any]) -> None:
        from ..values.compiled_forms import OutOfRange, forms

        self.too_large = OutOfRange  # a number past the kernels' range: see finish
        self.forms, new = forms()
        if new:  # the ids of an earlier table (too large, dropped) are gone with it
            ID_VALUES.clear()
        self.memo = ID_VALUES.get(rules)
        self.games_memo = memo
        self.on = True

    @classmethod
    def resume(cls, rules: Rules[Any]) -> _IdValues | None:
        """The id values of rules whose search switched before (their memo holds ids)."""
        if rules not in ID_VALUES or not ID_VALUES.get(rules):
            return None
        return cls(rules, value_cache(rules))

    @classmethod
    def start(
        cls, rules: Rules[Any], memo: dict[Hashable, Any], expanded: int, listed: int, timed: bool
    ) -> _IdValues | None:
        """Switch to ids after ``expanded`` positions, or None: not yet (numba is not loaded and
        the search is still small, see :data:`COMPILED_AFTER`; or :data:`AHEAD_AFTER` when
        ``zermelo compile`` built the forms, and the rules' walk, ahead of time), or not under a time budget
        (``timed``) while the forms' kernel would have to be compiled: 33-40 CPU s that nothing
        interrupts (a 5 s ``--timeout`` stopped after 31 s on a cold cache)."""
        if not is_loaded():
            walked = getattr(rules, "region_bytes", None) is not None  # asked without importing its kernel
            if _loaded_ahead(rules, walked):  # what the switch would load is loaded: from the root
                return cls(rules, memo)
            if listed < AHEAD_AFTER[0] if walked else expanded < AHEAD_AFTER[1]:
                return None
            small = listed < COMPILED_AFTER[2] if walked else expanded < COMPILED_AFTER[1]
            if small and not _built_ahead(rules, walked):  # numba's load would cost more than it saves
                return None
        if timed:
            from ..values.compiled_forms import cheap

            if not cheap():
                return None
        return cls(rules, memo)

    def id_of(self, key: Hashable) -> int:
        i = self.memo.get(key)
        if i is None:
            i = self.memo[key] = self.forms.from_game(self.games_memo[key])
        return i

    def finish(self, key: Hashable, kids: list[tuple[Hashable, bool]], lefts: int, negate: bool) -> None:
        """The value of ``key`` from its children's, as an id; a number too large for the compiled
        forms turns them off for the rest of the search (its values are then found in Python)."""
        memo = self.memo
        try:
            ids = [memo[ck] if ck in memo else self.id_of(ck) for ck, _ in kids]
            self.memo[key] = self.forms.value_of(ids, [cf for _, cf in kids], lefts, negate)
        except self.too_large:
            self.on = False

    def games(self, kids: list[tuple[Hashable, bool]]) -> list[Game]:
        out = []
        for ck, cf in kids:
            v = self.games_memo.get(ck)
            if v is None:
                v = self.game(ck)
            out.append(neg(v) if cf else v)
        return out

    def game(self, key: Hashable) -> Game:
        return self.forms.to_game(self.memo[key])


def _mex_star(vals: list[Game]) -> Game | None:
    """*mex when every option is a nimber (the Sprague–Grundy shortcut), else None."""
    nims = [v.nim for v in vals]
    if any(n is None for n in nims):
        return None
    return star(mex(n for n in nims if n is not None))
