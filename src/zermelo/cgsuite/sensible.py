"""A game's sensible options, CGSuite's ``G.SensibleLeftOptions``, ``G.SensibleRightOptions`` and
``G.SensibleOptions(player)``, and its sensible lines of play, ``G.SensibleLines(player)``.

Let K be the canonical form of G.  For each Left option K^L of K, the sensible Left option is the
first Left option G^L of G (in the order of G's options) with G^L >= K^L; none if no option of G
is that good (K^L came from bypassing a reversible move).  Right's the same with <=.  The answer
is a set, as CGSuite's: several K^L may find the same G^L.  They show how K sits in G: the moves
worth considering.  A loopy game has no canonical form: CGSuite's error.

Which G^L is found first, when several are >= K^L, follows G's order of options, CGSuite's own
where zermelo knows it (a ruleset's ``Options`` list: heaps, Domineering, the Clobber family, Toads
and Frogs and its generalizations, Amazons, Fission, Toppling Dominoes, the graph and coordinate
games; games as written); another
board game's options are taken in the order of their text, where CGSuite's generation order may
find another of the equally good moves.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("'{0, *, -1 | 2}'.SensibleLeftOptions"), evaluate("'{0, *, -1 | 2}'.SensibleRightOptions")
('{0}', '{}')

(the game is the number 1 = {0|}: of Left's options only 0 is needed, of Right's none).
>>> evaluate('game.grid.Clobber("xoxo|ox..").SensibleLeftOptions')  # CGSuite's tutorial: only one
'{game.grid.Clobber("xx.o|ox..")}'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import Partisan
from ..values.game import Game, le
from .errors import CGSuiteError
from .kept_options import is_kept, options_of
from .printer import cgsuite_text
from .rulesets import Position
from .values import LEFT, RIGHT, Explicit, Player, as_game

__all__ = ["SENSIBLE", "sensible_lines", "sensible_options"]

_LOOPY = "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."


def _form(v: Any) -> Game:
    """The canonical form of an option (a position, a game as written, a value)."""
    if isinstance(v, Position):
        g = v.canonical_form()
        if not isinstance(g, Game):
            raise CGSuiteError(_LOOPY)
        return g
    return as_game(v)


def _options(g: Any, player: Player) -> list[Any]:
    """G's options for ``player`` in G's order (see the module's note)."""
    if is_kept(g):  # a sum or negative kept as CGSuite keeps it: its options from its parts'
        found = options_of(g, player)
        return list(found.items) if found.ordered else sorted(found.items, key=cgsuite_text)
    if isinstance(g, Position):
        rules = g.ruleset.rules
        if isinstance(rules, Partisan) and rules.loopy:
            raise CGSuiteError(_LOOPY)
        opts = g.options(player)
        return opts if isinstance(opts, list) else sorted(opts, key=cgsuite_text)
    if isinstance(g, Explicit):
        return list(g.left if player is LEFT else g.right)
    k = as_game(g)
    return list(k.left if player is LEFT else k.right)


def sensible_options(g: Any, player: Player) -> frozenset[Any]:
    """G's sensible options for ``player`` (the module's definition)."""
    options = _options(g, player)
    k = _form(g)
    left = player is LEFT
    found = (_first(options, target, left) for target in (k.left if left else k.right))
    return frozenset(o for o in found if o is not None)


def _first(options: list[Any], bound: Game, at_least: bool) -> Any:
    """The first of ``options`` whose form is >= ``bound`` (``at_least``) or <= it, else None."""
    for o in options:
        form = _form(o)
        if le(bound, form) if at_least else le(form, bound):
            return o
    return None


def sensible_lines(g: Any, player: Player) -> frozenset[tuple[Any, ...]]:
    """CGSuite's ``SensibleLines(player)``: for each option K^L of G's canonical form K, the line
    G^L, G^LR, G^LRL, … that reaches it: each move of ``player`` the first at least as good as
    K^L, each reply the first that reverses it (back to a game <= G for Left, >= G for Right),
    until a move's value is K^L itself.  A set of lists, as CGSuite's."""
    k = _form(g)
    left = player is LEFT
    lines = []
    for target in k.left if left else k.right:
        line: list[Any] = []
        current = g
        while True:
            move = _first(_options(current, player), target, left)
            if move is None:
                raise CGSuiteError("unable to find sensible continuation")
            line.append(move)
            if _form(move) is target:
                break
            reply = _first(_options(move, RIGHT if left else LEFT), k, not left)
            if reply is None:
                raise CGSuiteError("unable to find reverting continuation")
            line.append(reply)
            current = reply
        lines.append(tuple(line))
    return frozenset(lines)


def _player(args: list[Any] | None, name: str = "SensibleOptions") -> Player:
    if args is None or len(args) != 1 or not isinstance(args[0], Player):
        raise CGSuiteError(f"{name} takes one player: {name}(Left) or {name}(Right)")
    return args[0]


#: CGSuite's methods of every game, by name.
SENSIBLE: dict[str, Callable[[Any, list[Any] | None], frozenset[Any]]] = {
    "SensibleLeftOptions": lambda g, _args: sensible_options(g, LEFT),
    "SensibleRightOptions": lambda g, _args: sensible_options(g, RIGHT),
    "SensibleOptions": lambda g, args: sensible_options(g, _player(args)),
    "SensibleLines": lambda g, args: sensible_lines(g, _player(args, "SensibleLines")),
}
