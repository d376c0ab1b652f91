"""The options of the sums and negatives the evaluator keeps as CGSuite does (:mod:`.position_sums`):
``(game.grid.Domineering("..|..") + game.grid.Domineering("...")).LeftOptions`` and the rest,
from the parts' own options, as CGSuite's ``CompoundGame`` and ``NegativeGame`` build them.

* G + H (a ``CompoundGame``): Left's options are each G^L + H, then each G + H^L (one part moved,
  the other kept, nothing simplified: a heap taken to nothing leaves ``0 + H``).  The collection
  is of G's kind: G's options a list (a ruleset's position, a game as written), a list; G's a set
  (a canonical game: a number, a nimber), a set.  ``Options`` is Left's, then Right's, again of
  Left's kind.  Each option is a plain ``game.CompoundGame``, impartial parts or not.
* An impartial sum (a ``CompoundImpartialGame``) has one collection of options, the same for
  ``Options``, ``Options(player)``, ``LeftOptions`` and ``RightOptions``, each a
  ``CompoundImpartialGame``.
* G ConjunctiveSum H: each G^L ConjunctiveSum H^L, G's options outer; G : H: each G^L itself,
  then each G : H^L (a ``CompoundImpartialGame`` of impartial parts, as CGSuite's ``:`` makes).
  G OrdinalProduct H: for each H^L each (G OrdinalProduct H^L) : G^L, then for each H^R each
  (G OrdinalProduct H^R) : (-G)^L, a list.  (CGSuite's selective sum moves to G^L + H and
  G^L ConjunctiveSum H^L, not to its own definition, and a Conway product to sums of products:
  their options are still their canonical forms' here.)
* -G (a ``NegativeGame``: a position's negative, a product's): CGSuite's class gives no
  ``Options``, so ``Options``, ``Options(p)``, ``LeftOptions`` and ``RightOptions`` are Game's
  own error; within a sum, and for its sensible
  options and followers, -G's options for Left are the negatives of G's for Right.
* ``SortedOptions`` is a canonical game's: CGSuite's "Not a method" error for these classes.
* ``Followers`` is every game reached (the game itself included), ``FollowerCount`` their number;
  ``Decomposition`` is Game's own, the game alone in a list.

Where zermelo knows CGSuite's order of G's options (a list, a set's iteration order: a nimber up
to ``*4``, a number, CGSuite keeps up to four in the order made) a list prints in it; where it
does not (a ruleset whose order is not CGSuite's, several options of another canonical game) the
options print as a set, as a position's own do.  A set prints in zermelo's order of its elements'
text, where CGSuite orders sums by their hash codes.

>>> from zermelo.cgsuite import evaluate
>>> evaluate('(game.grid.Domineering(".|.") + game.grid.Domineering("..")).LeftOptions')
'[game.grid.Domineering("#|#") + game.grid.Domineering("..")]'
>>> evaluate('(game.grid.Domineering(".|.") + game.grid.Domineering("..")).RightOptions')
'[game.grid.Domineering(".|.") + game.grid.Domineering("##")]'
>>> evaluate("(game.heap.Nim(2) + game.heap.Kayles(1)).Options")
'[game.heap.Nim(1) + game.heap.Kayles(1),0 + game.heap.Kayles(1),game.heap.Nim(2) + 0]'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..rules import Impartial
from ..values.game import Game, star
from ..values.misere import MisereGame
from .errors import CGSuiteError
from .printer import cgsuite_text
from .values import FORMS, LEFT, RIGHT, Compound, Explicit, Negative, Player, as_game, negate

__all__ = ["KEPT_MEMBERS", "Options", "answers", "is_kept", "kept_member", "options_of"]

#: Followers listed at most (as a position's ``Followers``).
MAX_FOLLOWERS = 200_000

_NO_OPTIONS = "Subclasses of `Game` must implement the `Options` method."


@dataclass(frozen=True)
class Options:
    """One side's options as CGSuite's collection: its items in order, whether CGSuite's collection
    is a set (printed ``{…}``) or a list, and whether zermelo knows CGSuite's order of the items."""

    items: tuple[Any, ...]
    is_set: bool
    ordered: bool

    def value(self) -> list[Any] | frozenset[Any]:
        """The evaluator's value: a list in CGSuite's order, else a set."""
        return list(self.items) if self.ordered and not self.is_set else frozenset(self.items)

    def _kind(self, items: Iterable[Any], ordered: bool) -> Options:
        """``items`` in a collection of this one's kind: a set keeps each item once."""
        return Options(tuple(dict.fromkeys(items)) if self.is_set else tuple(items), self.is_set, ordered)

    def then(self, other: Options) -> Options:
        """CGSuite's ``a ++ b``: b's items after a's, in a collection of a's kind."""
        return self._kind(self.items + other.items, self.ordered and other.ordered)

    def paired(self, other: Options, fn: Callable[[Any, Any], Any]) -> Options:
        """CGSuite's ``for (x <- a; y <- b) yield fn(x, y)``: in a collection of a's kind."""
        return self._kind((fn(x, y) for x in self.items for y in other.items), self.ordered and other.ordered)

    def mapped(self, fn: Callable[[Any], Any]) -> Options:
        """CGSuite's ``a map fn``: in a collection of a's kind."""
        return self._kind((fn(x) for x in self.items), self.ordered)


def is_kept(v: Any) -> bool:
    """Whether v is a sum or negative kept as CGSuite keeps it, whose options this module gives."""
    if isinstance(v, Negative) or (isinstance(v, Compound) and v.op in _KEPT_OPS and not v.negated):
        return True
    if isinstance(v, Compound) and v.negated:  # -(G OrdinalProduct H): a NegativeGame of one
        return v.op == "OrdinalProduct"
    return _position(v) and _heaps(v) is not None  # a heap ruleset's position of several heaps: a sum


#: The compounds whose options CGSuite builds as this module does.
_KEPT_OPS = ("+", "ConjunctiveSum", ":", "OrdinalProduct")


def _negative(v: Any) -> bool:
    """Whether v is CGSuite's ``NegativeGame``: a position's negative, or a product's (whose
    negative CGSuite keeps around it: ``-(G OrdinalProduct H)``, ``-(2 * G)``)."""
    return isinstance(v, Negative) or (isinstance(v, Compound) and v.negated)


def answers(v: Any, name: str) -> bool:
    """Whether :func:`kept_member` answers ``v.name``: any options-like member of a kept compound,
    and a negated product's ``Options`` family (CGSuite's error) and ``Decomposition``."""
    return name in KEPT_MEMBERS and (is_kept(v) or (_negative(v) and name not in _WALKS))


#: The members that walk a game's options, for a kept compound only.
_WALKS = frozenset({"Followers", "FollowerCount"})


def _impartial(v: Any) -> bool:
    """Whether v is CGSuite's ``CompoundImpartialGame`` (instances.py registers the test): a sum
    or ordinal sum of impartial games (a conjunctive sum is ``Game``'s, a plain ``CompoundGame``)."""
    test = FORMS.get("impartial")
    return isinstance(v, Compound) and v.op in ("+", ":") and bool(test is not None and test(v))


def _position(v: Any) -> bool:
    """Whether v is a ruleset's position (rulesets.py registers the test), loopy or not."""
    test = FORMS.get("position")
    return test is not None and bool(test(v))


def options_of(v: Any, player: Player) -> Options:
    """CGSuite's ``options(player)`` of v, a sum's part or a sum: a position's moves, a sum's from
    its parts', a negative's the negatives of its game's other side's, a game as written its own,
    a canonical game's its canonical options (a set)."""
    if isinstance(v, Compound) and v.negated and v.op == "OrdinalProduct":  # a NegativeGame's
        return options_of(replace(v, negated=False), RIGHT if player is LEFT else LEFT).mapped(negate)
    if isinstance(v, Compound) and v.op == "OrdinalProduct":
        return _ordinal_product(v, player)
    if isinstance(v, Compound) and is_kept(v):
        a, b = options_of(v.a, player), options_of(v.b, player)
        plain = not _impartial(v)
        if v.op == "ConjunctiveSum":  # each G^L with each H^L
            return a.paired(b, lambda x, y: Compound(v.op, x, y))
        moved = a if v.op == ":" else a.mapped(lambda x: Compound("+", x, v.b, plain=plain))  # G : H's G^L bare
        return moved.then(b.mapped(lambda y: Compound(v.op, v.a, y, plain=plain)))
    if isinstance(v, Negative):
        return options_of(v.g, RIGHT if player is LEFT else LEFT).mapped(negate)
    if _position(v):
        total = _as_sum(v)
        if total is not v:  # several heaps: CGSuite's sum of one-heap positions
            return options_of(total, player)
        rules = v.ruleset.rules
        opts = v.options(LEFT if isinstance(rules, Impartial) else player)
        items = tuple(_as_sum(x) for x in opts)  # an option of several heaps: their sum, as it is reached
        return Options(items, False, True) if isinstance(opts, list) else _unordered(items)
    if isinstance(v, Explicit):
        return Options(tuple(v.left if player is LEFT else v.right), False, True)
    if isinstance(v, MisereGame):
        return Options(tuple(v.sorted_options()), False, True)
    if isinstance(v, Compound):  # another compound kept as written: its definition's options
        left, right = FORMS["options"](v)
        return _unordered(left if player is LEFT else right)
    return _canonical(as_game(v), player)


def _ordinal_product(v: Compound, player: Player) -> Options:
    """G OrdinalProduct H's options: for each H^L, each (G OrdinalProduct H^L) : G^P; then for each
    H^R, each (G OrdinalProduct H^R) : (-G)^P; always a list (CGSuite's outer ``Seq(Left, Right)``)."""
    items: list[Any] = []
    ordered = True
    for side, base in ((LEFT, v.a), (RIGHT, negate(v.a))):
        hs, gs = options_of(v.b, side), options_of(base, player)
        ordered = ordered and hs.ordered and gs.ordered
        items += [Compound(":", Compound(v.op, v.a, y), x) for y in hs.items for x in gs.items]
    return Options(tuple(items), False, ordered)


def _heaps(v: Any) -> list[Any] | None:
    """A heap ruleset's position of several heaps as its one-heap positions (CGSuite's option of
    several heaps is their ``Sum``), else None."""
    from ..games.partizanheap import PartizanHeap
    from ..heaps.heap import HeapGame

    rules, position = v.ruleset.rules, v.position
    if not isinstance(rules, HeapGame | PartizanHeap) or not isinstance(position, tuple) or len(position) < 2:
        return None
    one = (lambda h: (h,)) if isinstance(rules, PartizanHeap) else (lambda h: h)
    return [type(v)(v.ruleset, one(h)) for h in position]


def _as_sum(v: Any) -> Any:
    """A position of several heaps as CGSuite's sum of its heaps, left to right (its negative: the
    sum of their negatives); v itself if not."""
    if isinstance(v, Negative):
        total = _as_sum(v.g)
        return v if total is v.g else negate(total)
    heaps = _heaps(v) if _position(v) else None
    if heaps is None:
        return v
    total = heaps[0]
    for h in heaps[1:]:
        total = Compound("+", total, h)
    return total


def _unordered(opts: Any) -> Options:
    return Options(tuple(opts), False, False)


def _canonical(g: Game, player: Player) -> Options:
    """A canonical game's options: CGSuite's set, iterated in the order made when zermelo knows it
    (a nimber's 0, *, *2, *3; a number's one option)."""
    if g.nim is not None:
        return Options(tuple(star(i) for i in range(g.nim)), True, g.nim <= 4)
    side = g.left if player is LEFT else g.right
    return Options(tuple(side), True, len(side) <= 1)


def _side(v: Any, player: Player | None) -> list[Any] | frozenset[Any]:
    """CGSuite's ``Options(player)`` member (None: ``Options``) of a kept sum or negative."""
    if _negative(v):
        raise CGSuiteError(_NO_OPTIONS)
    if _impartial(v) or player is not None:
        return options_of(v, LEFT if player is None else player).value()
    return options_of(v, LEFT).then(options_of(v, RIGHT)).value()


def _player(args: list[Any] | None) -> Player | None:
    if not args:
        return None
    if len(args) != 1 or not isinstance(args[0], Player):
        raise CGSuiteError("Expected a Player (Left or Right)")
    return args[0]


def followers(v: Any) -> frozenset[Any]:
    """CGSuite's ``Followers``: every game reached from v by any moves, v itself included."""
    v = _as_sum(v)
    seen, stack = {v}, [v]
    while stack:
        g = stack.pop()
        one = _impartial(g) or (_position(g) and isinstance(g.ruleset.rules, Impartial))
        for player in (LEFT,) if one else (LEFT, RIGHT):
            for o in options_of(g, player).items:
                if o not in seen:
                    if len(seen) >= MAX_FOLLOWERS:
                        raise CGSuiteError(
                            f"{cgsuite_text(v)} has more than {MAX_FOLLOWERS:,} followers: too many to list"
                        )
                    seen.add(o)
                    stack.append(o)
    return frozenset(seen)


def _no_player(name: str, args: list[Any] | None) -> None:
    if args:
        raise CGSuiteError(f"`{name}` takes no arguments")


def kept_member(v: Any, name: str, args: list[Any] | None) -> Any:
    """``v.Name`` / ``v.Name(args)`` for an options-like member of a kept sum or negative."""
    v = _as_sum(v)
    if name == "Options":
        return _side(v, _player(args))
    if name in ("LeftOptions", "RightOptions"):
        _no_player(name, args)
        return _side(v, LEFT if name == "LeftOptions" else RIGHT)
    if name == "Decomposition":  # Game's own: the game alone (CompoundGame's is Scala's only)
        _no_player(name, args)
        return [v]
    if name == "SortedOptions":
        cls = "game.NegativeGame" if _negative(v) else "game.CompoundGame"
        if _impartial(v):
            cls = "game.CompoundImpartialGame"
        raise CGSuiteError(f"Not a method or member variable: `{name}` (in object of class `{cls}`)")
    _no_player(name, args)
    found = followers(v)
    if name == "Followers":
        return found
    from ..values.surreal import surreal

    return surreal(len(found))


#: The members :func:`kept_member` answers.
KEPT_MEMBERS = frozenset(
    {"Options", "LeftOptions", "RightOptions", "SortedOptions", "Followers", "FollowerCount", "Decomposition"}
)
