"""What a game author writes: the rules of a game, and nothing else.

A game only describes its rules.  It never searches: outcome, Grundy value, remoteness, winning
moves and draws are all computed by the one engine (:mod:`zermelo.search.engine`) from these methods.

* :class:`Impartial` — both players have the same moves: ``options(position)``.
* :class:`Partisan` — Left and Right have their own moves: ``left_options`` / ``right_options``.
* :class:`Scored` — zero-sum games with a payoff (tic-tac-toe, stone games): ``moves`` / ``payoff``.
* :class:`Sum` — the disjunctive sum of impartial games: a move is a move in exactly one summand.

Positions are immutable and hashable.  The play convention (normal or misère) is the analysis's, never the game's.

>>> class Square(Impartial[int]):
...     '''Remove a positive square number of stones.'''
...     def options(self, n: int) -> list[int]:
...         return [n - k * k for k in range(1, isqrt(n) + 1)]
>>> sorted(Square().options(10))
[1, 6, 9]
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from math import isqrt
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..core.checks import STRUCTURE_DEPTH, is_natural, parse_int, recursion_room, require, short, shown
from ..core.errors import InvalidPosition
from .boards import Board, changed_cells, read_cells, rows
from .move import Move

if TYPE_CHECKING:
    import numpy as np

    from ..core.reasons import Reason, Why  # annotations only (its dataclasses: ~8 ms of a short command)

__all__ = [
    "STRUCTURE_DEPTH",
    "Impartial",
    "Move",
    "Outcome",
    "Partisan",
    "PartisanSum",
    "Rules",
    "Scored",
    "Sum",
    "is_natural",
    "isqrt",
    "parse_int",
    "recursion_room",
    "require",
    "short",
    "shown",
    "summands",
    "validate_by_text",
]

P = TypeVar("P", bound=Hashable)


class Outcome(enum.Enum):
    """Outcome class of a position: ``P`` (the previous player, who just moved, wins — the player to
    move loses), ``N`` (the next player, to move, wins) or ``DRAW`` (loopy games: neither side can
    force a win); partisan games add ``L`` (Left wins whoever starts) and ``R``."""

    P = "P"
    N = "N"
    DRAW = "D"
    L = "L"
    R = "R"

    def __str__(self) -> str:
        return self.value if self is not Outcome.DRAW else "DRAW"

    @property
    def winner(self) -> str:
        """Who wins with perfect play, in the words of the CLI: first, second, draw, left, right."""
        return {Outcome.P: "second", Outcome.N: "first", Outcome.DRAW: "draw", Outcome.L: "left"}.get(self, "right")


def validate_by_text(game: Rules[P], position: P) -> P:
    """A :meth:`Rules.validate` for games whose ``parse`` checks everything: ``position`` must come back from its
    text form (``parse(format(p))`` is ``p``, or has its key); else :class:`InvalidPosition` (tic-tac-toe, 5 X, 1 O).

    >>> from zermelo.games import TicTacToe
    >>> validate_by_text(TicTacToe(), "X...O....")
    'X...O....'
    >>> validate_by_text(TicTacToe(), 42)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: tictactoe: not a position of this game (the form parse gives), got 42
    """
    name = game.spec()
    with recursion_room():  # a deep position (a tall Hackenbush stalk) compares recursively
        try:
            back = game.parse(game.format(position))
            # The same position, or the same game (a graph whose text form renames its vertices).
            same = back == position or (type(back) is type(position) and game.key(back) == game.key(position))
        except InvalidPosition as exc:
            raise InvalidPosition(f"{name}: not a legal position ({exc}), got {shown(position)}") from None
        except Exception:  # the rules met a value of a type they do not handle
            same = False
    if not same:
        raise InvalidPosition(f"{name}: not a position of this game (the form parse gives), got {shown(position)}")
    return position


class Rules(Generic[P]):
    """What every kind of game has: a name, a text form for positions, an optional key.

    ``parse`` and ``format`` are the position's text form for the CLI and the web page;
    ``parse(format(p)) == p`` must hold.  ``key`` merges positions that are the same game
    (sorted heaps, board symmetries) so the engine solves each only once.
    """

    #: The registry name (``nim``, ``subtraction``); set by each game.
    name: ClassVar[str] = "game"
    #: True when a position may come back (a cycle of moves); ``zermelo check`` reports one otherwise.
    loopy: ClassVar[bool] = False
    #: How a position is written, and examples that parse (the page's help; tests parse every one).
    syntax: ClassVar[str] = ""
    examples: ClassVar[tuple[str, ...]] = ()
    cell_symbols: ClassVar[str] = ""  # a grid written row by row (..|.#): its cells, the empty first (the editor)

    def parse(self, text: str) -> P:
        """Read a position from its text form; raise :class:`InvalidPosition` on bad input."""
        raise InvalidPosition(f"{self.name}: positions have no text form")

    def format(self, position: P) -> str:
        """The position's text form."""
        return str(position)

    def validate(self, position: P) -> P:
        """Check a Python-given position (``parse`` checks text); raise :class:`~zermelo.core.errors.InvalidPosition`
        if it is not one.  The analyses call it on the root position: cheap checks only (the default accepts all)."""
        return position

    def key(self, position: P) -> Hashable:
        """A canonical key: equal for positions that are the same game.  Default: the position."""
        return position

    def spec(self) -> str:
        """The game's text form in the CLI grammar (``subtraction:1,3,4``)."""
        return self.name

    # Optional hooks of every kind of game, each with a default; the front ends call them.
    def explain(self, position: P, analysis: Any) -> str | Why | None:
        """The game's own "why" of ``analysis`` (a :class:`~zermelo.analyses.analysis.Analysis` of
        ``position``), in the notes' terms, or ``None`` for the generic reasons (the nim-sum of a
        sum, the mex rule, backward induction under misère play or with cycles); a :class:`Why`
        adds the typed reasons the words rest on (the front ends read those, not the words).

        Beside the game's closed forms: an explainer calls them, it never searches.  Phrases
        every explainer uses (verdicts, plurals, long numbers) are in :mod:`zermelo.rules.wording`.
        """
        return None

    def parse_move(self, position: P, text: str, moves: Sequence[Move[P]]) -> Move[P] | None:
        """The legal move (one of ``moves``) that ``text`` names in the game's own notation
        (``2 3`` for "take 3 from heap 2" in Nim), or ``None`` when the text is not in it.

        ``text`` is lower case with single spaces.  Raise :class:`InvalidPosition` with a short
        reason for a move in the notation that is not legal.  The front ends first try a move
        number and the labels of :meth:`Impartial.moves` (the writer of the notation).
        """
        return None

    def table_template(self) -> str | None:
        """The cell template of the game's table (``"{n}"``, ``"{r} {c}"``); ``None``: the registry's."""
        return None

    def board(self, position: P) -> Board | None:
        """The position as a small declarative board for drawing, or ``None`` (its text is shown).

        One of the kinds of :mod:`zermelo.rules.boards`: heaps, a grid of cells, a graph with tokens,
        Hackenbush edges.  Must be JSON-able; the web explorer draws it, the terminal prints it.
        """
        return None

    def board_parts(self, position: P, after: P) -> list[str] | None:
        """The parts of :meth:`board`'s drawing (``data-part`` names, :mod:`zermelo.analyses.draw`) that the
        move from ``position`` to ``after`` touches, the one to click first; ``None`` (the default)
        when comparing the two boards finds them (:func:`zermelo.analyses.draw.move_parts`)."""
        return None

    def board_clicks(self, position: P, after: P, side: str | None = None) -> list[list[str]] | None:
        """Every way to make the move on the drawing (Kayles 5 -> 1 + 3: pin 2 or pin 4) by ``side`` (the
        partisan mover, when known), each a list of parts as :meth:`board_parts` gives; ``None``: one."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec()}>"


class Impartial(Rules[P]):
    """An impartial game: both players have the same options.

    Required: :meth:`options`.  Optional hooks, each used by the engine when overridden:
    :meth:`moves` (labelled options), :meth:`components` (an independent sum), :meth:`key`,
    :meth:`option_array` (bulk options of wide heap positions), :meth:`index` / :meth:`position_at`
    (a dense integer encoding, so ``option_array`` works for positions that are not ints),
    :meth:`grundy_formula`, :meth:`outcome_formula`, :meth:`winning_moves_formula`,
    :meth:`remoteness_formula` (closed forms), :meth:`few_moves`, :meth:`parse` / :meth:`format`.
    """

    #: Set to True when ``options`` already returns canonical positions (``key(c) == c`` for
    #: every option): the engine then skips calling ``key`` on each option.  The self-check in
    #: the tests verifies the promise.
    canonical_options: ClassVar[bool] = False
    #: A subtraction game's set S (the options of n are n - s, s in S), or ``None``: ``zermelo
    #: sequence`` proves a period by the subtraction-game theorem; ``zermelo check`` verifies it.
    subtraction_set: tuple[int, ...] | None = None

    def options(self, position: P) -> Iterable[P]:
        """Every position reachable in one move.  An empty result means the position is terminal."""
        raise NotImplementedError

    def moves(self, position: P) -> Iterable[Move[P]]:
        """Labelled options, for people.  Default label: the resulting position's text form."""
        for option in self.options(position):
            yield Move(f"to {self.format(option)}", option)

    def count_moves(self, position: P, most: int) -> int | None:
        """Optional accelerator: how many :meth:`moves`, exact up to ``most`` (None: list them)."""
        return None

    def components(self, position: P) -> Sequence[P] | None:
        """Split a position into independent parts whose disjunctive sum it is, or ``None``: the engine
        solves each part once and XORs their Grundy values, instead of searching the product graph."""
        return None

    def options_never_split(self) -> bool:
        """Whether the options of a position without components never have components either: then the
        engine skips calling :meth:`components` on every option (a subtraction game's heaps never
        split; a Kayles row's do).  Default: True exactly when ``components`` is not overridden."""
        return type(self).components is Impartial.components

    def option_array(self, position: P) -> np.ndarray | None:
        """Optional accelerator: the options of ``position`` as a numpy ``int64`` array, or ``None``.

        Only for games whose positions are non-negative ints that are their own keys (heap
        games), or for games with an :meth:`index` (the array then holds the options' indices).
        The engine then looks up a node's options in bulk with numpy instead of one hash probe per
        option; worth it only for wide nodes, so return ``None`` for narrow ones (``options`` is
        then used).  Must hold the same options as :meth:`options`.
        """
        return None

    def index(self, position: P) -> int:
        """Optional dense integer encoding of positions, for games whose positions are not ints.

        A non-negative int, equal for two positions exactly when their :meth:`key` is equal, and
        small (about the number of positions up to this one: Wythoff's sorted pair (x, y) is
        y(y + 1)/2 + x), with :meth:`position_at` its inverse.  A game that overrides both keys its
        nodes by index, and its :meth:`option_array` then gives the *indices* of a position's
        options: the engine looks them up in bulk in a dense array, as for heap games.
        """
        raise NotImplementedError

    def position_at(self, index: int) -> P:
        """The position of an :meth:`index` (its canonical representative)."""
        raise NotImplementedError

    def grundy_formula(self, position: P) -> int | None:
        """A closed form for the (normal-play) Grundy value, or ``None`` where there is none."""
        return None

    def reasons(self, position: P) -> tuple[Reason, ...]:  # grundy_grounds as data: a proven Period
        return ()

    def grundy_grounds(self, position: P) -> str | None:
        """Why :meth:`grundy_formula` gives its value, in a clause (a proven period and the heap's
        residue, say): a sum's "why" cites it beside the part's value.  ``None``: nothing to cite."""
        return None

    def size_hint(self, position: P) -> int | None:
        """An upper bound on the positions reachable from ``position``, or ``None`` if unknown: the engine
        refuses at once a search whose hint exceeds its budget (Wythoff with 40-digit heaps, say)."""
        return None

    def whole_size_hint(self, position: P) -> int | None:
        """:meth:`size_hint` for a search of the position as one whole (outcome, remoteness, misère
        play), where it is not split into independent parts.  The same by default; a game whose
        moves break a heap in two reaches far more whole positions (Kayles 1000: every multiset of
        heaps of total at most 1000) than the parts it splits into (the heaps 0..1000)."""
        return self.size_hint(position)

    def outcome_formula(self, position: P, misere: bool = False) -> Outcome | None:
        """A closed form for the outcome class, or ``None`` where there is none."""
        return None

    def some_winning_move(self, position: P, misere: bool = False) -> Move[P] | None:
        """One winning move by a closed form, for positions too big to list them all (optional)."""
        return None

    def winning_moves_formula(self, position: P, misere: bool = False) -> list[Move[P]] | None:
        """A closed form for every winning move, or ``None`` where there is none."""
        return None

    def remoteness_formula(self, position: P, misere: bool = False) -> int | None:
        """A closed form for the remoteness (as the engine defines it), or ``None`` where there is none."""
        return None

    def few_moves(self, position: P, misere: bool = False) -> list[Move[P]] | None:
        """Some moves standing for all when they are too many to list (a heap of 10^60: the winning
        ones, take one, take all), for play; any other is typed (:meth:`~Rules.parse_move`)."""
        return None


class Partisan(Rules[P]):
    """A partisan game: Left and Right have different options.  Normal play.

    Required: :meth:`left_options` and :meth:`right_options`.  Optional hooks: :meth:`left_moves`
    / :meth:`right_moves` (labelled moves; by default the board cells a move changes),
    :meth:`components`, :meth:`value_key` and :meth:`ordinal` (for canonical forms), and the
    hooks of every game (:meth:`~Rules.explain`, :meth:`~Rules.parse_move`, :meth:`~Rules.board`).
    """

    def left_options(self, position: P) -> Iterable[P]:
        """Positions Left can move to."""
        raise NotImplementedError

    def right_options(self, position: P) -> Iterable[P]:
        """Positions Right can move to."""
        raise NotImplementedError

    def components(self, position: P) -> Sequence[P] | None:
        """Split into independent parts whose sum the position is, or ``None``."""
        return None

    def left_moves(self, position: P) -> Iterator[Move[P]]:
        """Left's moves, labelled: see :meth:`right_moves`."""
        return self._labelled(position, self.left_options(position))

    def right_moves(self, position: P) -> Iterator[Move[P]]:
        """Right's moves, labelled.  Default: on a grid :meth:`~Rules.board`, the cells the move
        changes (``a1-a2``: columns a, b, … from the left, rows 1, 2, … from the top; a cell that
        was emptied comes first, so Clobber's ``b1-a1`` moves from b1 to a1) or the one cell it
        used up (Col); else ``to`` and the position it leads to."""
        return self._labelled(position, self.right_options(position))

    def _labelled(self, position: P, options: Iterable[P]) -> Iterator[Move[P]]:
        before = rows(self.board(position))
        for option in options:
            cells = changed_cells(before, rows(self.board(option))) if before is not None else None
            yield Move(cells or f"to {self.format(option)}", option)

    def parse_move(self, position: P, text: str, moves: Sequence[Move[P]]) -> Move[P] | None:
        """Board cells name a move, in any order (``a1-a2``, ``a2 a1``, one cell if only one
        move uses it): :func:`~zermelo.rules.boards.read_cells`."""
        return read_cells(text, moves)

    def value_key(self, position: P) -> tuple[Hashable, bool]:
        """``(key, negated)``: merge a position with its negative for canonical forms
        (Domineering turned a quarter turn is the same board with the players swapped).
        ``negated`` says the key's position is the negative of this one.  Default: not merged."""
        return self.key(position), False

    def ordinal(self, position: P) -> tuple[Any, P] | None:
        """``(base value, top position)`` when the position is an ordinal sum base : top (a
        Hackenbush edge carrying a tree): only the top is then searched.  Default ``None``."""
        return None


class Scored(Rules[P]):
    """A zero-sum game that ends with a score (tic-tac-toe, the stone games).

    ``payoff(position)`` is ``None`` while the game goes on, else the value of the finished
    position for the player to move.  ``moves`` lists the legal moves.
    """

    def moves(self, position: P) -> Iterable[Move[P]]:
        """Labelled moves for the player to move."""
        raise NotImplementedError

    def payoff(self, position: P) -> int | None:
        """Final value for the player to move, or ``None`` if the game is not over."""
        raise NotImplementedError

    # Optional hooks, each with a safe default; :mod:`zermelo.search.minimax` uses them when set.

    #: True for a win/draw/loss game whose ``payoff`` is -1, 0 or +1: the search then prefers
    #: quick wins and slow losses and reports the distance (in plies) to the end.
    win_loss: ClassVar[bool] = False
    #: True when moves score points as they are made (the stone games): see :meth:`gain`.
    gains: ClassVar[bool] = False
    #: Positions a search finishes sooner, in the game's words (suggested after a search too deep).
    nearer_the_end: ClassVar[str] = "nearer the end"

    def gain(self, position: P, move: Move[P]) -> int:
        """Points the player to move banks by making ``move`` (read only when ``gains`` is True):
        the value of a position is then the best ``gain - value(option)`` (score difference)."""
        return 0

    def evaluate(self, position: P) -> int:
        """The static evaluation function (Shannon's term): a heuristic value for the player to
        move, used at the horizon of a depth-limited search (not the play classifier, ``classify``).
        Default 0 ("looks even").  For ``win_loss`` games keep it well below
        :data:`~zermelo.search.minimax_result.WIN_SCORE` (10**6).
        """
        return 0

    #: What the value means, said after it (``Alice's score from here``); ``None``: the score
    #: difference for the player to move.
    value_meaning: ClassVar[str | None] = None

    def to_move(self, position: P) -> str | None:
        """Who is to move, in the game's words (``X``), or ``None`` when the position does not say."""
        return None

    def order(self, position: P, moves: list[Move[P]]) -> list[Move[P]]:
        """Move ordering for alpha-beta: likely-best moves first.  Default: as generated."""
        return moves

    def exact_value(
        self,
        position: P,
        max_nodes: int | None = None,
        at_most: int | None = None,
        *,
        weak: bool = False,
        deadline: float | None = None,
        progress: Callable[[Any], None] | None = None,
    ) -> tuple[int, int] | None:
        """An exact value from a compiled solver, ``(value, nodes)``, or ``None`` (the default).

        ``value`` is in the encoding of :mod:`zermelo.search.minimax` (for ``win_loss`` games
        ``±(10**6 - distance)``).  With ``at_most=x`` the solver may answer a cheaper null-window
        test instead: the returned value is then only a bound, ``<= x`` exactly when the true
        value is.  ``weak`` asks only who wins: the value is then -1, 0 or 1.  Past ``max_nodes``
        or the ``deadline`` (``time.monotonic()``) the solver raises
        :class:`~zermelo.core.errors.SearchLimitExceeded`; ``progress`` gets an
        :class:`~zermelo.search.engine.Progress` now and then.  Connect Four uses it for its bitboard kernel.
        """
        return None


class _Summands:
    """What both kinds of sum share: a position is one position per summand, keyed, written and
    read part by part (``A + B + …``)."""

    games: Sequence[Rules[Any]]

    def key(self, position: tuple[Any, ...]) -> Hashable:
        return tuple(g.key(p) for g, p in zip(self.games, position, strict=True))

    def format(self, position: tuple[Any, ...]) -> str:
        return " + ".join(g.format(p) for g, p in zip(self.games, position, strict=True))

    def spec(self) -> str:
        return " + ".join(g.spec() for g in self.games)

    def parse(self, text: str) -> tuple[Any, ...]:
        parts = [" ".join(chunk) for chunk in split_on_plus(text.split())]
        n = len(self.games)
        if len(parts) != n:
            raise InvalidPosition(f"a sum of {n} games needs {n} positions separated by ' + '")
        return tuple(g.parse(t) for g, t in zip(self.games, parts, strict=True))

    def validate(self, position: tuple[Any, ...]) -> tuple[Any, ...]:
        """One valid position per summand, each checked by its own rules."""
        if not isinstance(position, tuple) or len(position) != len(self.games):
            raise InvalidPosition(f"a position of {self.spec()} is a tuple of {len(self.games)} positions")
        for g, p in zip(self.games, position, strict=True):
            g.validate(p)
        return position


class Sum(_Summands, Impartial[tuple[Any, ...]]):
    """The disjunctive sum G₁ + G₂ + …: a move is a move in exactly one summand.

    A position is a tuple with one position per summand.  Its Grundy value is the nim-sum (XOR)
    of the summands' values (Sprague–Grundy); the engine uses that instead of the product graph.

    >>> from zermelo.games import Nim
    >>> s = Sum(Nim(), Nim())
    >>> sorted(s.options((1, 2)))
    [(0, 2), (1, 0), (1, 1)]
    """

    name: ClassVar[str] = "sum"

    def __init__(self, *games: Impartial[Any]) -> None:
        if not games:
            raise ValueError("Sum needs at least one game")
        self.games: tuple[Impartial[Any], ...] = games

    def options(self, position: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        for i, (game, part) in enumerate(zip(self.games, position, strict=True)):
            for option in game.options(part):
                yield (*position[:i], option, *position[i + 1 :])

    def moves(self, position: tuple[Any, ...]) -> Iterator[Move[tuple[Any, ...]]]:
        for i, (game, part) in enumerate(zip(self.games, position, strict=True)):
            for move in game.moves(part):
                new = (*position[:i], move.position, *position[i + 1 :])
                yield Move(f"in game {i + 1}: {move.label}", new)

    def size_hint(self, position: tuple[Any, ...]) -> int | None:
        """The product of the summands' hints (a position of the sum is one position of each), or
        ``None`` when a summand has none: a heap of 10^12 in a sum is refused at once, not searched
        until the budget runs out."""
        return self._product(position, whole=False)

    def whole_size_hint(self, position: tuple[Any, ...]) -> int | None:
        """The product of the summands' whole hints."""
        return self._product(position, whole=True)

    def _product(self, position: tuple[Any, ...], whole: bool) -> int | None:
        total = 1
        for game, part in zip(self.games, position, strict=True):
            hint = game.whole_size_hint(part) if whole else game.size_hint(part)
            if hint is None:
                return None
            total *= hint
        return total


def summands(game: Impartial[Any], position: Any) -> list[tuple[Impartial[Any], Any]]:
    r"""The independent summands of a position, each with its rules: nested :class:`Sum`\ s
    flattened, and a position a game splits (:meth:`~Impartial.components`) split.

    The engine values a sum by these parts (the nim-sum of their Grundy values), and the
    explanation of a sum names them.

    >>> from zermelo.games import Nim, Square
    >>> [(g.spec(), p) for g, p in summands(Sum(Square(), Nim()), (5, (1, 2)))]
    [('square', 5), ('nim', 1), ('nim', 2)]
    """
    if isinstance(game, Sum):
        out: list[tuple[Impartial[Any], Any]] = []
        for g, part in zip(game.games, position, strict=True):
            out.extend(summands(g, part))
        return out
    comps = game.components(position)
    if comps is None:
        return [(game, position)]
    return [(game, c) for c in comps]


class PartisanSum(_Summands, Partisan[tuple[Any, ...]]):
    """The disjunctive sum of partisan games (impartial ones count as partisan games too).

    Left moves in one summand as Left, Right as Right.  Its value is the sum of the summands'
    values, which :func:`~zermelo.analyses.canonical.canonical_form` computes part by part.

    >>> from zermelo.games import Domineering, Nim
    >>> s = PartisanSum(Domineering(), Nim())
    >>> pos = s.parse("..|.. + 1")
    >>> len(list(s.left_options(pos))), len(list(s.right_options(pos)))
    (3, 3)
    """

    name: ClassVar[str] = "sum"

    def __init__(self, *games: Rules[Any]) -> None:
        if not games:
            raise ValueError("a sum needs at least one game")
        for g in games:
            if not isinstance(g, (Partisan, Impartial)):
                raise TypeError(f"{g.spec()} is neither a partisan nor an impartial game")
        self.games: tuple[Rules[Any], ...] = games

    def _side(self, position: tuple[Any, ...], left: bool) -> Iterator[tuple[Any, ...]]:
        for i, (game, part) in enumerate(zip(self.games, position, strict=True)):
            if isinstance(game, Impartial):
                opts: Iterable[Any] = game.options(part)
            else:
                opts = game.left_options(part) if left else game.right_options(part)  # type: ignore[attr-defined]
            for option in opts:
                yield (*position[:i], option, *position[i + 1 :])

    def left_options(self, position: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        return self._side(position, True)

    def right_options(self, position: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        return self._side(position, False)


def split_on_plus(words: Sequence[str]) -> list[list[str]]:
    """Words split at each word ``+``."""
    out: list[list[str]] = [[]]
    for w in words:
        if w == "+":
            out.append([])
        else:
            out[-1].append(w)
    return out
