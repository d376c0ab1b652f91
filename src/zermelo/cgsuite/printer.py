"""CGSuite's ASCII text of a value: the one printer of ``zermelo.cgsuite``.

What CGSuite 2.x shows for a canonical short game, learnt from its documentation and behaviour:

* numbers ``5``, ``-3/4``; nimbers ``*``, ``*8``; number + ups + star juxtaposed: ``6^*``,
  ``-1^^``, ``73/16v9*8`` (more than two ups get a count: ``^3``);
* other uptimals by their expansion: one ±1 digit at place n is ``^<n>`` / ``v<n>`` (↑^n, the
  n-th power of up), n digits all +1 (−1) are ``^[n]`` / ``v[n]`` (↑ + ↑^2 + … + ↑^n);
* a switch G = −G as ``+-`` and its Left option(s): ``+-1``, ``+-{10|8||6|4}``, ``+-{1,2}``;
* x + Tiny(y) = {x || x | x − y} as ``xTiny(y)``, and ``Miny`` for its negative: ``Tiny(3/2)``,
  ``3Tiny({3|1})``;
* anything else in braces with options in a fixed order (numbers by size, nimbers, uptimals,
  then the rest by their sorted options); a lone option on a side is written bare and the bars
  count the nesting (``{2|0||0}``) up to four, after which braces come back.

Collections print as ``{a,b}`` (sets) and ``[a,b]`` (lists); booleans ``true`` / ``false``; strings
between double quotes (``["x.","o."]``), as CGSuite prints them: with no escaping.

>>> from zermelo.values import parse_value
>>> [cgsuite_text(parse_value(t)) for t in ("{0|*||*|||*||||*}", "{0||0|-1}", "{0|v*}", "{3||2*|1*}")]
['^[4]', 'Tiny(1)', '^<2>', '{3||2*|1*}']
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from ..core.dyadic import format_dyadic
from ..core.limits import deep
from ..values.game import Game, neg
from ..values.surreal import Surreal, surreal
from ..values.thermograph import Thermograph, Wall, expanded_thermograph
from .uptimal import Uptimal, shown_expansion, uptimal_expansion

__all__ = [
    "FORMATTERS",
    "CGString",
    "Coordinates",
    "cgsuite_text",
    "format_number",
    "item_key",
    "sort_key",
    "sort_options",
    "thermograph_text",
]

_MAX_SLASHES = 4
_KEYS: dict[int, tuple[Any, ...]] = {}
# (type, text(value, printer)) of the values printed by the modules built on this one (loopy games)
FORMATTERS: list[tuple[type, Any]] = []


class CGString(str):
    """A CGSuite ``String`` (a literal ``"x...|o..."``, a ``.GridString``): printed as CGSuite prints
    one, between double quotes and with no escaping (``"a\\"b"`` is the string ``a"b``, printed
    ``"a"b"``), alone or inside a list.  Other text results (outcome classes ``P``, ``L``) are plain
    ``str`` and print bare."""

    __slots__ = ()

    def cgsuite_text(self, _printer: Any = None) -> str:
        return '"' + self + '"'


class Coordinates(tuple[Any, ...]):
    """A tuple as written, ``(3,5)``: CGSuite's coordinates, printed in parentheses."""

    __slots__ = ()


def format_number(x: Fraction | int) -> str:
    """``5``, ``-3/4``, ``1/3``."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _uptimal_shown(g: Game) -> Uptimal | None:
    """g's expansion when CGSuite writes g by it (number, nimber, ups, ^<n>, ^[n]), else None."""
    return shown_expansion(g)


def _uptimal_text(u: Uptimal) -> str:
    out = ""
    if u.number != 0 or (u.nimber == 0 and not u.digits):
        out += format_dyadic(u.number)
    d = u.digits
    if len(d) == 1:
        n = d[0]
        sym = "^" if n > 0 else "v"
        out += sym * abs(n) if abs(n) <= 2 else f"{sym}{abs(n)}"
    elif d:
        sign = next(x for x in d if x)
        sym = "^" if sign > 0 else "v"
        out += f"{sym}<{len(d)}>" if u.is_unit else f"{sym}[{len(d)}]"
    if u.nimber:
        out += "*" if u.nimber == 1 else f"*{u.nimber}"
    return out


def sort_key(g: Game) -> tuple[Any, ...]:
    """CGSuite's display order of options: numbers by size, nimbers, uptimals, then the rest
    by their sorted Left options and then their sorted Right options."""
    hit = _KEYS.get(g.id)
    if hit is not None:
        return hit
    if g.num is not None:
        key: tuple[Any, ...] = (0, g.num)
    elif g.nim is not None:
        key = (1, g.nim)
    else:
        u = uptimal_expansion(g)
        if u is not None:
            key = (2, u.number, u.digits, u.nimber)
        else:
            key = (3, tuple(sorted(sort_key(o) for o in g.left)), tuple(sorted(sort_key(o) for o in g.right)))
    _KEYS[g.id] = key
    return key


def sort_options(opts: tuple[Game, ...] | list[Game]) -> list[Game]:
    """Options in CGSuite's display order (:func:`sort_key`).  Numbers and nimbers come first
    and are keyed at once; the others are keyed only when two or more must be ordered (a key may
    need an uptimal expansion, whose digits cost sums of deep forms: ``^.PowTo(60+1/16)``'s
    options, one beside ``*`` on each level, took minutes to key, and need no order)."""
    plain = sorted((o for o in opts if o.num is not None or o.nim is not None), key=sort_key)
    other = [o for o in opts if o.num is None and o.nim is None]
    return plain + (sorted(other, key=sort_key) if len(other) > 1 else other)


def _is_tiny(g: Game) -> bool:
    gl, gr = g.left, g.right
    if len(gl) != 1 or len(gr) != 1 or gl[0].num is None:
        return False
    r = gr[0]
    return len(r.left) == 1 and len(r.right) == 1 and r.left[0] is gl[0] and r.right[0].mean < gl[0].num


def _is_miny(g: Game) -> bool:
    return _is_tiny(neg(g))


class _Printer:
    def __init__(self) -> None:
        self.memo: dict[tuple[int, bool, bool], tuple[str, int]] = {}

    def text(self, g: Game, brackets: bool, parens: bool) -> tuple[str, int]:
        """(text, bars): bars is the nesting of a bare ``a|b`` body, 0 for anything closed."""
        k = (g.id, brackets, parens)
        hit = self.memo.get(k)
        if hit is None:
            hit = self._text(g, brackets, parens)
            self.memo[k] = hit
        return hit

    def _text(self, g: Game, brackets: bool, parens: bool) -> tuple[str, int]:
        u = _uptimal_shown(g)
        if u is not None:
            s = _uptimal_text(u)
            simple = (not u.digits and (u.nimber == 0 or u.number == 0)) or (u.number == 0 and u.nimber == 0)
            return (f"({s})" if parens and not simple else s), 0
        lo, ro = sort_options(g.left), sort_options(g.right)
        if neg(g) is g:
            if len(lo) > 1:
                return "+-{" + ",".join(self.text(o, True, False)[0] for o in lo) + "}", 0
            return "+-" + self.text(lo[0], True, True)[0], 0
        for tiny, name in ((True, "Tiny"), (False, "Miny")):
            if _is_tiny(g) if tiny else _is_miny(g):
                base = lo[0] if tiny else ro[0]
                far = ro[0].right[0] if tiny else lo[0].left[0]
                sub = base + neg(far) if tiny else far + neg(base)
                s = ("" if base.num == 0 else self.text(base, False, False)[0]) + name + "("
                s += self.text(sub, True, False)[0] + ")"
                return (f"({s})" if parens else s), 0
        return self.braces(lo, ro, brackets)

    def braces(self, lo: list[Any], ro: list[Any], brackets: bool) -> tuple[str, int]:
        """``{L|R}`` with the bars counted from the options (also for explicit games)."""
        sides = []
        bars = 1
        for opts in (lo, ro):
            parts = []
            for o in opts:
                t, b = self.any_text(o, len(opts) > 1)
                parts.append(t)
                bars = max(bars, b + 1)
            sides.append(",".join(parts))
        body = sides[0] + "|" * bars + sides[1]
        if brackets or bars >= _MAX_SLASHES:
            return "{" + body + "}", 0
        return body, bars

    def any_text(self, o: Any, brackets: bool) -> tuple[str, int]:
        if isinstance(o, Game):
            return self.text(o, brackets, False)
        if hasattr(o, "left") and hasattr(o, "negative"):  # an explicit game inside another: no quotes of its own
            return self.braces(list(o.left), list(o.right), brackets)
        return cgsuite_text(o), 0


def cgsuite_text(value: Any) -> str:
    """The line CGSuite prints for a value of the evaluator (a game, number, truth value,
    collection, thermograph, or anything with a ``cgsuite_text`` method)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Fraction):
        return format_number(value)
    if isinstance(value, Game):
        with deep():
            return _Printer().text(value, True, False)[0]
    if isinstance(value, Thermograph):
        return thermograph_text(value)
    if isinstance(value, frozenset | set):
        items = sorted(value, key=item_key)
        return "{" + ",".join(cgsuite_text(v) for v in items) + "}"
    if isinstance(value, Coordinates):
        return "(" + ",".join(cgsuite_text(v) for v in value) + ")"
    if isinstance(value, list | tuple):
        return "[" + ",".join(cgsuite_text(v) for v in value) + "]"
    if isinstance(value, str) and not hasattr(value, "cgsuite_text"):  # outcome classes: bare
        return value
    for kind, text in FORMATTERS:
        if isinstance(value, kind):
            return str(text(value, _Printer()))
    method = getattr(value, "cgsuite_text", None)
    if method is not None:
        return str(method(_Printer()))
    return str(value)


def item_key(v: Any) -> tuple[Any, ...]:
    """CGSuite's order of a set's elements (and a map's keys): ``Nothing``; then games and numbers
    (numbers by size, then nimbers, uptimals and the rest as options are ordered); truth values;
    strings; lists (element by element); anything else by its text."""
    if isinstance(v, bool):
        return (2, v)
    if isinstance(v, Game):
        return (1, (0, surreal(v.num))) if v.num is not None else (1, sort_key(v))
    if isinstance(v, int | Fraction | Surreal):  # numbers by size, dyadic or not
        return (1, (0, surreal(v)))
    if isinstance(v, CGString):
        return (3, str(v))
    if isinstance(v, list | tuple) and not isinstance(v, Coordinates):  # a list (kept as a tuple in a set)
        return (4, tuple(item_key(x) for x in v))
    text = cgsuite_text(v)
    return (0,) if text == "Nothing" else (5, text)


def _wall_text(w: Wall) -> str:
    pts = w.points
    temps = [t for t, _ in pts[1:]]
    slopes = [(v1 - v0) / (t1 - t0) for (t0, v0), (t1, v1) in itertools.pairwise(pts)]
    top = w(pts[-1][0])
    t_text = ",".join(format_number(t) for t in reversed(temps))
    s_text = ",".join(format_number(s) for s in [w.slope, *reversed(slopes)])
    return f"{format_number(top)},[{t_text}],[{s_text}]"


def thermograph_text(th: Thermograph) -> str:
    """``Thermograph(mast,[temps],[slopes],mast,[temps],[slopes])``: each wall from the top down,
    its critical temperatures and the slope dx/dt of each piece between them."""
    return f"Thermograph({_wall_text(th.left_wall)},{_wall_text(th.right_wall)})"


def game_thermograph_text(g: Game) -> str:
    """CGSuite's ``G.Thermograph``: numbers drawn from their options below their temperature."""
    return thermograph_text(expanded_thermograph(g))
