"""CGSuite's library of rulesets in the evaluator: ``game.grid.Domineering("..|..")``,
``game.heap.Kayles(5)``, ``game.heap.TakeAndBreak("0.3F")(7)``, ``Grid.Empty(2,3)``.

Each game says its CGSuite name where it registers (``GameEntry.cgsuite``, a
:class:`~zermelo.rules.catalogue.CGSuiteName` beside its rules), so this module holds no list of games:
``game`` is a :class:`Namespace`, ``game.grid`` another, and a name under it is looked up among
the registered games.  A ruleset called with a position gives a :class:`Position` (the game's
rules and its position), whose properties (``.CanonicalForm``, ``.NimValue``, ``.Options(Left)``,
``.OutcomeClass``, …) come from the one engine and the one value search; any other property of
a game (``.Temperature``) is asked of its canonical form.

>>> from zermelo.cgsuite import evaluate
>>> evaluate('game.grid.Domineering("...|...").CanonicalForm')
'{2|-1/2}'
>>> evaluate('game.heap.Kayles.NimValueSequence(12)')
'[1,2,3,1,4,3,2,1,4,2,6,4]'
>>> evaluate('game.grid.Clobber("xoo").LeftOptions')
'[game.grid.Clobber(".xo")]'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.errors import ZermeloError
from ..rules import Impartial, Outcome, Partisan, Rules
from ..rules.catalogue import CGSuiteName, GameEntry
from ..values.surreal import INF, surreal
from .class_tree import base_class, class_object
from .classes import ClassRef, class_name
from .errors import CGSuiteError
from .map_methods import lookup
from .misere import is_misere_call, misere_call
from .named import COLORS, CGMap, Named, Symbol, bind, plain
from .named import COORDINATES as DIRECTIONS
from .position_text import position_text, shown_args
from .printer import CGString
from .values import FORMS, LEFT, RIGHT, Negative, Player, Procedure, as_int, negate

__all__ = [
    "COLOR",
    "COORDINATES",
    "GAME",
    "GRID",
    "Namespace",
    "Position",
    "Ruleset",
    "apply",
    "as_value",
    "member",
    "rulesets",
]

#: The packages of CGSuite's library under ``game``.
PACKAGES = ("grid", "strip", "graph", "heap", "variant")


def rulesets() -> dict[str, tuple[GameEntry, CGSuiteName]]:
    """Every CGSuite name (``game.grid.Domineering``) a registered game answers to."""
    if not _NAMES:
        from ..games.registry import entries

        for e in entries():
            for cg in e.cgsuite:
                _NAMES[cg.name] = (e, cg)
    return _NAMES


_NAMES: dict[str, tuple[GameEntry, CGSuiteName]] = {}


@dataclass(frozen=True)
class Namespace:
    """``game`` and its packages ``game.grid``, ``game.heap``, …"""

    path: str

    def cgsuite_text(self, _printer: Any = None) -> str:
        return self.path


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: called with a position it gives a :class:`Position`."""

    name: str  # as CGSuite prints it: game.heap.TakeAndBreak("0.77")
    rules: Rules[Any]
    text: Callable[[str], str] | None = None
    shown: Callable[[str], list[str]] | None = None
    coordinates: bool = False
    listed: Callable[[Any, Any, bool], list[Any]] | None = None  # CGSuiteName.options
    strip: Callable[[str], str | None] | None = None  # CGSuiteName.strip

    def cgsuite_text(self, _printer: Any = None) -> str:
        return self.name

    def position(self, args: list[Any]) -> Position:
        plain(args, f"in call to `{self.name}`")
        words = position_text(args)
        try:
            text = self.text(words) if self.text is not None else words
            return Position(self, self.rules.parse(text), self.strip(words) if self.strip is not None else None)
        except ZermeloError as exc:
            raise CGSuiteError(_worded(self.name, exc)) from None


@dataclass(frozen=True)
class Family:
    """A ruleset that takes parameters first: ``game.heap.TakeAndBreak("0.77")``."""

    entry: GameEntry
    cg: CGSuiteName

    def cgsuite_text(self, _printer: Any = None) -> str:  # a class named bare: ⟪game.grid.GenClobber⟫
        return f"⟪{self.cg.name}⟫" if class_object(self.cg.name) else self.cg.name

    def ruleset(self, args: list[Any]) -> Ruleset:
        cg, entry = self.cg, self.entry
        if cg.of_ruleset is not None and len(args) == 1 and isinstance(args[0], Ruleset):
            try:  # Turning(R): built on R's rules themselves (a procedure's HeapRuleset has no spec)
                rules = cg.of_ruleset(args[0].rules)
            except ZermeloError as exc:
                raise CGSuiteError(f"{cg.name}: {_unprefixed(str(exc))}") from None
            return Ruleset(f"{cg.name}({args[0].name})", rules, cg.text, cg.shown, cg.coordinates, cg.options, cg.strip)
        if cg.bind is None:
            plain(args, f"in call to `{cg.name}` constructor")
            params = cg.separator.join(_param_text(a) for a in args)
            if not params:
                raise CGSuiteError(f"{cg.name} needs its parameters, like {self.entry.example}")
        else:  # CGSuite's parameters by name too (maxJump => 2), with their defaults
            named = {k: _param_text(v) for k, v in bind(args, cg.parameters, cg.name).items()}
        try:
            if cg.bind is not None:
                params = cg.bind(named)
            target: str | None = params
            if params.startswith("="):  # the schema's instance is another of the library's rulesets
                entry, cg = rulesets()[params[1:]]
                target = cg.params
            rules = entry.factory(cg.code(target) if cg.code is not None and target is not None else target)
        except ZermeloError as exc:
            raise CGSuiteError(_worded(self.cg.name, exc)) from None
        shown = (
            ", ".join(_shown_arg(a) for a in args)
            if any(isinstance(a, Named) for a in args)
            else (",".join(_shown_arg(a) for a in args))
        )
        return Ruleset(f"{self.cg.name}({shown})", rules, cg.text, cg.shown, cg.coordinates, cg.options, cg.strip)


@dataclass(frozen=True)
class Position:
    """One position of a ruleset."""

    ruleset: Ruleset
    position: Any = field(compare=False)
    strip: str | None = field(default=None, compare=False)  # CGSuite's strip as kept (CGSuiteName.strip)
    key: Any = field(init=False)

    def __post_init__(self) -> None:
        key = self.strip if self.strip is not None else self.ruleset.rules.format(self.position)
        object.__setattr__(self, "key", key)

    def cgsuite_text(self, _printer: Any = None) -> str:
        r = self.ruleset
        if self.strip is not None:
            return f'{r.name}("{self.strip}")'
        printed = getattr(r.rules, "printed", None)  # a twisted variant's negative: -R(…)
        text, negated = printed(self.position) if printed is not None else (r.rules.format(self.position), False)
        args = shown_args(text, r.shown, r.coordinates)
        out = " + ".join(f"{r.name}({a})" for a in args) if args else "0"
        return f"-{out if len(args) == 1 else f'({out})'}" if negated and args else out

    def options(self, player: Player) -> frozenset[Position] | list[Any]:
        """The options: CGSuite's list where the game knows CGSuite's order (a heap ruleset's
        heap: its ``HeapOptions``, an option of no heap the integer 0), else their set."""
        from .heap_options import heap_listed

        rules = self.ruleset.rules
        listed = self.ruleset.listed
        if listed is not None and self.ruleset.strip is not None:  # CGSuite's strips, as its ruleset lists them
            if self.strip is not None:
                return [self.ruleset.position([s]) for s in listed(rules, self.strip, player == LEFT)]
            listed = None
        if listed is not None and isinstance(rules, Partisan | Impartial):
            return [Position(self.ruleset, p) for p in listed(rules, self.position, player == LEFT)]
        heaps = heap_listed(rules, self.position, player == LEFT)
        if heaps is not None:
            return [surreal(0) if p is None else Position(self.ruleset, p) for p in heaps]
        if isinstance(rules, Partisan):
            opts = rules.left_options(self.position) if player is LEFT else rules.right_options(self.position)
        elif isinstance(rules, Impartial):
            opts = rules.options(self.position)
        else:
            raise CGSuiteError(f"{self.ruleset.name} is not a game of two players' options")
        return frozenset(Position(self.ruleset, p) for p in opts)

    def kept(self) -> bool:
        """Whether a sum or a negative keeps this position as written, CGSuite's compound of it
        (:mod:`.position_sums`): a short game of two players' options, not a twisted variant's."""
        rules = self.ruleset.rules
        return isinstance(rules, Impartial | Partisan) and not rules.loopy and not hasattr(rules, "printed")

    def cgsuite_negative(self) -> Any:
        """``-G``: an impartial position is its own negative, a partizan one's CGSuite's
        ``NegativeGame``; one not kept (:meth:`kept`), the negative of its value."""
        if not self.kept():
            return negate(self.canonical_form())
        return self if isinstance(self.ruleset.rules, Impartial) else Negative(self)

    def canonical_form(self) -> Any:
        from ..analyses.analysis import grundy
        from ..analyses.canonical import canonical_form
        from ..values.game import star

        rules = self.ruleset.rules
        if isinstance(rules, Impartial):
            g = grundy(rules, self.position)
            if not isinstance(g, int):
                raise CGSuiteError(f"{cgsuite_name(self)} is loopy: it has no canonical form")
            return star(g)
        if isinstance(rules, Partisan) and rules.loopy:  # Fox and Geese, Backsliding Toads and Frogs
            from ..analyses.loopy_form import loopy_value

            return loopy_value(rules, self.position)
        if isinstance(rules, Partisan):
            return canonical_form(rules, self.position)
        raise CGSuiteError(f"{self.ruleset.name} is a scored game: it has no canonical form")


def cgsuite_name(p: Position) -> str:
    return p.cgsuite_text()


class EmptyGrid(str):
    """``Grid.Empty(rows, cols)``: the text of an empty grid (``..|..``) for a ruleset to read,
    printed as CGSuite prints its ``Grid``: ``Grid([[0,0],[0,0]])``."""

    __slots__ = ()

    def cgsuite_text(self, _printer: Any = None) -> str:
        return "Grid([" + ",".join("[" + ",".join("0" * len(row)) + "]" for row in self.split("|")) + "])"


#: ``Grid.Empty(rows, cols)``: the text of an empty grid.
GRID = Namespace("Grid")
#: ``Coordinates.Compass`` and the other directions a ruleset takes (GenClobber's ``directions``).
COORDINATES = Namespace("Coordinates")
#: ``Color.Blue``, ``Color.Red``, ``Color.Green`` (GenHackenbush's ``childishEdges``).
COLOR = Namespace("Color")
#: ``game``, the root of CGSuite's library.
GAME = Namespace("game")


def member(obj: Any, name: str, args: list[Any] | None) -> Any:
    """``obj.Name`` (``args`` None) or ``obj.Name(args)`` for the objects of this module."""
    if isinstance(obj, Namespace):
        return _namespace_member(obj, name, args)
    if isinstance(obj, Ruleset):
        return _ruleset_member(obj, name, args)
    if isinstance(obj, Family):
        for static, names, make in obj.cg.statics:  # TakeAndBreak.FromSubtractionSet([2,3], "3")
            if static == name and args is not None:
                where = f"{obj.cg.name}.{name}"
                given = {k: _param_text(v) for k, v in bind(args, names, where).items()}
                try:
                    params = make(given)
                except ZermeloError as exc:
                    raise CGSuiteError(f"{where}: {_unprefixed(str(exc))}") from None
                return obj.ruleset([params])
        raise CGSuiteError(f"{obj.cg.name} needs its parameters first, like {obj.entry.example}")
    if isinstance(obj, Position):
        fn = POSITION_METHODS.get(name)
        if fn is not None:
            return fn(obj, [] if args is None else args)
        if is_misere_call(obj, name):
            # From the position's own misère form: its nimber's form is another game.  Imported
            # here: misere.forms loads the misère package, which other expressions never need.
            from ..misere.forms import misere_canonical_form

            rules = obj.ruleset.rules
            if name == "MisereOutcomeClass" and isinstance(rules, Partisan):
                from ..analyses.analysis import partisan_outcome

                return str(partisan_outcome(rules, obj.position, misere=True))  # plain search
            if not isinstance(rules, Impartial):
                raise CGSuiteError(f"`{name}` is a misère property of impartial games; {obj.ruleset.name} is not one")
            return misere_call(misere_canonical_form(rules, obj.position), name, args)
        from .methods import call_method

        if name in _KEPT_COMPOUNDS and obj.kept():  # CGSuite's compound of the position, kept as written
            return call_method(obj, name, args)
        return call_method(obj.canonical_form(), name, args)
    raise CGSuiteError(f"Not a method or member variable: `{name}`")


def _kept_position(v: Any) -> bool:
    """Whether v is a kept position, which :mod:`.compounds` walks as its game tree."""
    return isinstance(v, Position) and v.kept()


FORMS["kept_position"] = _kept_position
FORMS["position"] = lambda v: isinstance(v, Position)

#: The infix compounds (:mod:`.compounds`) that keep a position as written, as CGSuite does.
_KEPT_COMPOUNDS = frozenset({"ConjunctiveSum", "SelectiveSum", "OrdinalProduct"})


def apply(obj: Any, args: list[Any]) -> Any:
    """``obj(args)``: a ruleset called with a position, a family with its parameters."""
    if isinstance(obj, Ruleset):
        return obj.position(args)
    if isinstance(obj, Family):
        return obj.ruleset(args)
    if isinstance(obj, CGMap):  # a map is CGSuite's function of its keys
        if len(args) != 1:
            raise CGSuiteError("A map takes one key: map(key)")
        return lookup(obj, args[0])
    if isinstance(obj, ClassRef):  # a class held by a variable: called as if named
        ns, _, last = obj.rpartition(".")
        return _namespace_member(Namespace(ns), last, args)
    name = class_name(obj)
    if name is not None:  # CGSuite's words: a call is the method Eval, which a value of that class has not
        raise CGSuiteError(f"No method `Eval` for class: `{name}`")
    raise CGSuiteError("That is not a function or ruleset: it cannot be called")


def as_value(v: Any) -> Any:
    """A position as its canonical form (for arithmetic and comparison), anything else as it is."""
    return v.canonical_form() if isinstance(v, Position) else v


def _namespace_member(ns: Namespace, name: str, args: list[Any] | None) -> Any:
    if ns.path == "Color":
        if name in COLORS and args is None:
            return COLORS[name]
        raise CGSuiteError(f"Not a method or member variable: `Color.{name}` (Color.Blue, Color.Red, Color.Green are)")
    if ns.path == "Coordinates":
        if name in DIRECTIONS and args is None:
            return DIRECTIONS[name]
        raise CGSuiteError(f"Not a method or member variable: `Coordinates.{name}`")
    if ns is GRID or ns.path == "Grid":
        if name == "Empty" and args is not None and len(args) == 2:
            rows, cols = as_int(args[0]), as_int(args[1])
            if not (0 < rows <= 400 and 0 < cols <= 400):
                raise CGSuiteError("Grid.Empty(rows, cols) needs 1 to 400 rows and columns")
            return EmptyGrid("|".join("." * cols for _ in range(rows)))
        raise CGSuiteError(f"Not a method or member variable: `Grid.{name}` (Grid.Empty(rows, cols) is)")
    full = f"{ns.path}.{name}"
    if ns.path == "game" and name in PACKAGES and args is None:
        return Namespace(full)
    if full == "game.graph.Color" and args is None:  # where CGSuite's Color lives
        return COLOR
    if (cls := base_class(full, args, rulesets())) is not None:  # a base class named bare: GridRuleset
        return cls
    if ns.path == "game.variant":
        from .variants import variant_constructor

        return variant_constructor(full, args, Ruleset, Position)
    if full in ("game.heap.HeapRuleset", "game.heap.FunctionalHeapRuleset", "game.heap.PartizanHeapRuleset"):
        from .heap_ruleset import heap_constructor

        return heap_constructor(full, args, Ruleset)
    from .coordinate_ruleset import coordinate_constructor

    made = coordinate_constructor(full, args, Ruleset)
    if made is not None:
        return made
    hit = rulesets().get(full)
    if hit is None:
        if ns.path == "game":
            raise CGSuiteError(f"No package `{full}` (there are {', '.join('game.' + p for p in PACKAGES)})")
        raise CGSuiteError(f"No ruleset `{full}` in zermelo's library of CGSuite's rulesets")
    entry, cg = hit
    if cg.family:
        family = Family(entry, cg)
        return family if args is None else family.ruleset(args)
    try:
        rules = entry.factory(cg.params)
    except ZermeloError as exc:
        raise CGSuiteError(_worded(cg.name, exc)) from None
    ruleset = Ruleset(cg.name, rules, cg.text, cg.shown, cg.coordinates, cg.options, cg.strip)
    return ruleset if args is None else ruleset.position(args)


def _ruleset_member(r: Ruleset, name: str, args: list[Any] | None) -> Any:
    if name in ("ImpartialVariant", "DicoticVariant", "TwistedVariant"):  # R.TwistedVariant("...") too
        from .variants import variant_ruleset

        made = variant_ruleset(r, name, Ruleset)
        return made if args is None else made.position(args)
    if name in ("NimValueSequence", "HeapNimValue") and args is not None and len(args) == 1:
        if not isinstance(r.rules, Impartial):
            raise CGSuiteError(f"{r.name} is not impartial: it has no nim values")
        n = as_int(args[0])
        if n < 0:
            raise CGSuiteError(f"{name} needs a heap size of at least 0, got {n}")
        if name == "HeapNimValue":
            return _heap_value(r, n)
        return [surreal(v) for v in _nim_values(r, n)[1:]]  # CGSuite's: heaps 1 to n
    if name in ("CheckPeriodicity", "code"):
        from .periodicity import check_periodicity, heap_code

        return (
            check_periodicity(r.name, r.rules, args or []) if name == "CheckPeriodicity" else heap_code(r.name, r.rules)
        )
    from .ruleset_ops import ruleset_method  # products, joins, tables: CGSuite's other methods

    return ruleset_method(r, name, args, Ruleset, POSITION_METHODS)


def _nim_values(r: Ruleset, n: int) -> list[int]:
    """Nim values of heaps 0..n: the heap kernels when the game is on whole numbers."""
    from ..heaps.sequence import on_heaps, sequence

    rules = r.rules
    assert isinstance(rules, Impartial)
    if on_heaps(rules):
        return [int(v) for v in sequence(rules, n, prove=False).values.tolist()]
    return [as_int(_heap_value(r, h)) for h in range(n + 1)]


def _heap_value(r: Ruleset, n: int) -> Any:
    p = r.position([surreal(n)])
    return _nim_value(p, [])


def _nim_value(p: Position, _args: list[Any]) -> Any:
    from ..analyses.analysis import grundy

    rules = p.ruleset.rules
    if isinstance(rules, Impartial):
        g = grundy(rules, p.position)
        if not isinstance(g, int):
            raise CGSuiteError(f"{p.cgsuite_text()} is loopy: its nim value is {g}")
        return surreal(g)
    from .methods import call_method

    return call_method(p.canonical_form(), "NimValue", None)


def _outcome(p: Position, _args: list[Any]) -> str:
    rules = p.ruleset.rules
    if isinstance(rules, Impartial):
        from ..analyses.analysis import outcome

        o = outcome(rules, p.position)
        if o is Outcome.DRAW:
            return "D"
        return "P" if o is Outcome.P else "N"
    from .methods import call_method

    return str(call_method(p.canonical_form(), "OutcomeClass", None))


def _side(player: Player | None) -> Callable[[Position, list[Any]], frozenset[Position] | list[Position]]:
    def fn(p: Position, args: list[Any]) -> frozenset[Position] | list[Position]:
        if player is not None:
            if args:
                raise CGSuiteError("Expected no arguments")
            return p.options(player)
        if not args and isinstance(p.ruleset.rules, Impartial):  # an impartial game's Options need no player
            return p.options(LEFT)
        if not args:  # CGSuite's Game.Options: Left's options, then Right's
            left, right = p.options(LEFT), p.options(RIGHT)
            if isinstance(left, list) and isinstance(right, list):
                return left + right
            return frozenset(left) | frozenset(right)
        if len(args) != 1 or not isinstance(args[0], Player):
            raise CGSuiteError("Expected a Player (Left or Right)")
        return p.options(args[0])

    return fn


def _short_form(p: Position) -> Any:
    """``.CanonicalForm``: of a short game only, as CGSuite (a loopy ruleset's value is ``.GameValue``)."""
    rules = p.ruleset.rules
    if isinstance(rules, Partisan) and rules.loopy:
        raise CGSuiteError(
            "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."
        )
    return p.canonical_form()


def _followers(p: Position, _args: list[Any]) -> frozenset[Any]:
    """Every position reachable from ``p`` (itself included), as CGSuite lists a game's followers:
    positions, not their canonical forms (Amazons "x...|o..." has 2,784 of them); a heap's option of
    no heap is CGSuite's integer 0, which has no options."""
    from .kept_options import followers

    return followers(p)


def _variant(kind: str, p: Position, args: list[Any]) -> Position:
    from .variants import variant_position

    if args:
        raise CGSuiteError(f"`{kind}` takes no arguments")
    return variant_position(p, kind, Ruleset, Position)


#: The properties a position answers itself; the others are its canonical form's.
POSITION_METHODS: dict[str, Callable[[Position, list[Any]], Any]] = {
    "CanonicalForm": lambda p, _a: _short_form(p),
    "GameValue": lambda p, _a: p.canonical_form(),
    "NimValue": _nim_value,
    "OutcomeClass": _outcome,
    "Options": _side(None),
    "LeftOptions": _side(LEFT),
    "RightOptions": _side(RIGHT),
    "GridString": lambda p, _a: _grid_string(p),
    "Followers": _followers,
    "FollowerCount": lambda p, _a: surreal(len(_followers(p, _a))),
    **{kind: partial(_variant, kind) for kind in ("ImpartialVariant", "DicoticVariant", "TwistedVariant")},
}


def _grid_string(p: Position) -> CGString:
    """A grid game's board as CGSuite's string (rows separated by ``|``)."""
    if not p.ruleset.name.startswith("game.grid."):
        raise CGSuiteError(f"Not a method or member variable: `GridString` (of {p.ruleset.name}: not a grid game)")
    (arg,) = shown_args(p.ruleset.rules.format(p.position), p.ruleset.shown, p.ruleset.coordinates)
    return CGString(arg[1:-1])


#: The arguments a procedure parameter is written down by (``f(1) … f(PROCEDURE_POINTS)``).
PROCEDURE_POINTS = 24


def _param_text(a: Any) -> str:
    """A family's parameter as the game's text; a procedure of one parameter as its values at 1,
    2, … (``fn:3,4,5,…``), which the game's ``code`` reads (GenWythoff's ``k -> k + a``), one of
    two as its text (GenMem's ``(k, a) -> a != k``, which the game reads)."""
    if isinstance(a, bool):
        return "true" if a else "false"
    if isinstance(a, str):
        return a
    if isinstance(a, Ruleset):  # Turning(game.heap.Spawning("1-3")): ruleset:spawning:1-3
        return "ruleset:" + a.rules.spec()
    if isinstance(a, CGMap):  # {Left => {2}, Right => {1}}: Left=2;Right=1
        return ";".join(f"{_param_text(k)}={_param_text(v)}" for k, v in a)
    if isinstance(a, Player):
        return str(a)
    if isinstance(a, Symbol):
        return a.word
    if a is INF:
        return "inf"
    if isinstance(a, Procedure) and a.text.startswith("("):  # (k, a) -> …: the game reads its text
        return a.text
    if isinstance(a, Procedure):
        values = [a(surreal(k)) for k in range(1, PROCEDURE_POINTS + 1)]
        return "fn:" + ",".join(str(as_int(v, "a procedure whose values are whole numbers")) for v in values)
    if isinstance(a, frozenset):
        return ",".join(str(n) for n in sorted(as_int(x) for x in a))
    if isinstance(a, list | tuple):
        return ",".join(_param_text(x) for x in a)
    return str(as_int(a, "a whole number, a list of them or a string"))


def _shown_arg(a: Any) -> str:
    from .printer import cgsuite_text

    return '"' + a + '"' if isinstance(a, str) else cgsuite_text(a)


def _worded(name: str, exc: ZermeloError) -> str:
    """A game's error in CGSuite's language: CGSuite's own wording of it when it has one, else
    the message after the ruleset's name."""
    return getattr(exc, "cgsuite_words", "") or f"{name}: {_unprefixed(str(exc))}"


def _unprefixed(message: str) -> str:
    """An error of a game without the game's own name in front (the ruleset's is put there)."""
    head, sep, rest = message.partition(": ")
    return rest if sep and " " not in head else message
