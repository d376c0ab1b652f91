"""CGSuite's text of loopy values: ``on``, ``off``, ``5over``, ``-1/4v[on]``, ``^<on>``,
``+-(5over)``, ``Tiny(on)``, ``a{0||||0|||a|*||*}``, ``2 & +-1``, ``dud``.

The rules, in CGSuite's order (learnt from its worksheet behaviour and documentation):

* a stopper that cannot repeat is a short game, printed as one;
* *pseudonumbers*: ``on`` = {pass|}, ``off``, x + over = {x|pass} as ``xover`` (``over`` for
  x = 0; in parentheses where a lone option needs them: ``+-(5over)``), x + under;
* a switch G = −G as ``+-`` and its Left option(s);
* a plumtree {x || x | x − y} with y ≥ over as ``xTiny(y)`` (``Miny`` for its negative);
* x + upon forms: {pass | x*n} (with x as a second Left option when n = 0) is
  ``x^[on]*(n⊕1)``; {−x + *k, k ≤ m | H} with −H such an upon form is ``x^<on>``; their
  negatives with ``v``;
* anything else in braces, its short options first in the short games' order, then the loopy
  ones (ordered by an invariant of their graphs: CGSuite orders those by a hash of the graph,
  which zermelo does not reproduce), ``pass`` for a move to the game itself, and a label ``a``, ``b``, … on the
  braces of a game that an option inside points back to (``a{0|{a|*}}``).

A value that is not a stopper prints as ``onside & offside`` (``dud`` for ``on & off``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.dyadic import format_dyadic
from ..values.game import Game, number, star
from ..values.stopper import Sided, SideGraph, Stopper, add, compare, equal, negative
from .loopy import over_number
from .printer import FORMATTERS, sort_options
from .uptimal import uptimal_expansion

__all__ = ["loopy_text"]

_MAX_SLASHES = 4


def _name(n: int) -> str:
    return chr(ord("a") + n) if n < 26 else f"N{n - 25}"


class _Loopy:
    def __init__(self, printer: Any) -> None:
        self.printer = printer

    def any(
        self,
        v: Game | Stopper,
        brackets: bool,
        parens: bool,
        stack: dict[int, str | None] | None = None,
        names: list[int] | None = None,
    ) -> tuple[str, int]:
        if isinstance(v, Game):
            return self.printer.text(v, brackets, parens)  # type: ignore[no-any-return]
        return self.stopper(v, brackets, parens, {} if stack is None else stack, [0] if names is None else names)

    def stopper(
        self, v: Stopper, brackets: bool, parens: bool, stack: dict[int, str | None], names: list[int]
    ) -> tuple[str, int]:
        if isinstance(v, SideGraph):  # a side that is not a stopper: its simplified graph as it is
            return self.general(v, brackets, stack, names)
        p = v.pseudonumber()
        if p is not None:
            kind, x = p
            if kind in ("on", "off"):
                return kind, 0
            if x == 0:
                return kind, 0
            s = self.printer.text(number(x), False, False)[0] + kind
            return (f"({s})" if parens else s), 0
        lo, ro = _sorted(v.left), _sorted(v.right)
        if equal(v, negative(v)):
            if len(lo) > 1:
                return "+-{" + ",".join(self.any(o, True, False)[0] for o in lo) + "}", 0
            return "+-" + self.any(lo[0], True, True)[0], 0
        tiny = self.tiny(v, lo, ro, parens)
        if tiny is not None:
            return tiny, 0
        upon = _upon_text(v)
        if upon is not None:
            return upon, 0
        return self.general(v, brackets, stack, names)

    def tiny(self, v: Stopper, lo: list[Any], ro: list[Any], parens: bool) -> str | None:
        if not v.plumtree or len(lo) != 1 or len(ro) != 1:
            return None
        under = _under()
        a, b = lo[0], ro[0]
        if isinstance(a, Game) and a.num is not None and len(b.left) == 1 and len(b.right) == 1:
            far = b.right[0]
            if _same(b.left[0], a) and _le(_plus(far, negative(a)), under):
                return self.tiny_text("Tiny", a, _plus(negative(far), a), parens)
        if isinstance(b, Game) and b.num is not None and len(a.left) == 1 and len(a.right) == 1:
            far = a.left[0]
            if _same(a.right[0], b) and _le(_plus(b, negative(far)), under):
                return self.tiny_text("Miny", b, _plus(far, negative(b)), parens)
        return None

    def tiny_text(self, name: str, base: Game, sub: Any, parens: bool) -> str:
        s = ("" if base.num == 0 else self.printer.text(base, False, False)[0]) + name + "("
        s += self.any(sub, True, False)[0] + ")"
        return f"({s})" if parens else s

    def general(self, v: Stopper, brackets: bool, stack: dict[int, str | None], names: list[int]) -> tuple[str, int]:
        if v.root in stack:
            name = stack[v.root]
            if name is None:
                name = stack[v.root] = _name(names[0])
                names[0] += 1
            return name, 0
        stack[v.root] = None
        bars = 0
        sides = []
        for opts in (_sorted(v.left), _sorted(v.right)):
            parts = []
            for o in opts:
                if isinstance(o, Stopper) and o.root == v.root:
                    parts.append("pass")
                    continue
                t, b = self.any(o, len(opts) > 1, False, stack, names)
                parts.append(t)
                bars = max(bars, b)
            sides.append(",".join(parts))
        name = stack.pop(v.root)
        bars += 1
        show = brackets or name is not None or not v.left or not v.right or bars == _MAX_SLASHES
        body = sides[0] + "|" * bars + sides[1]
        text = (name or "") + ("{" + body + "}" if show else body)
        return text, (0 if show else bars)


def _sorted(opts: tuple[Game | Stopper, ...]) -> list[Game | Stopper]:
    short = sort_options([o for o in opts if isinstance(o, Game)])
    loopy = sorted((o for o in opts if isinstance(o, Stopper)), key=lambda o: (hash(o), o.root))
    return [*short, *loopy]


def _same(a: Game | Stopper, b: Game | Stopper) -> bool:
    return equal(a, b)


def _plus(a: Any, b: Any) -> Any:
    return add(a, b)


def _le(a: Any, b: Any) -> bool:
    return compare(a, b)


def _under() -> Any:
    return over_number(Fraction(0), False)


def _key(o: Game | Stopper, v: Stopper) -> tuple[Any, ...]:
    if isinstance(o, Game):
        return ("g", o.id)
    return ("self",) if o.root == v.root else ("other", o.root)


def _upon_form(v: Stopper, uponth: bool) -> tuple[str, Any, int] | None:
    """("[on]" or "<on>", number part, nimber part) when v is x + upon or x + uponth (plus a star)."""
    lo, ro = v.left, v.right
    if len(ro) == 1 and len(lo) <= 2 and isinstance(ro[0], Game):
        u = uptimal_expansion(ro[0])
        if u is not None and not u.digits:
            x, n = u.number, u.nimber
            mine = {_key(o, v) for o in lo}
            if (n == 0 and mine == {("self",), ("g", number(x).id)}) or (n != 0 and mine == {("self",)}):
                return "[on]", x, n ^ 1
    if uponth and len(ro) == 1 and isinstance(ro[0], Stopper):
        inner = negative(ro[0])
        if isinstance(inner, Stopper):
            form = _upon_form(inner, False)
            if form is not None and form[0] == "[on]":
                _, y, m = form
                want = {(number(-y) + star(k)).id for k in range((m ^ 1) + 1)}
                if all(isinstance(o, Game) for o in lo) and {o.id for o in lo if isinstance(o, Game)} == want:
                    return "<on>", -y, m ^ 1
    return None


def _upon_text(v: Stopper) -> str | None:
    form = _upon_form(v, True)
    sign = "^"
    if form is None:
        neg = negative(v)
        if isinstance(neg, Stopper):
            form = _upon_form(neg, True)
            if form is not None:
                form = (form[0], -form[1], form[2])
                sign = "v"
    if form is None:
        return None
    kind, x, n = form
    out = "" if x == 0 else _number_text(x)
    out += sign + kind
    if n:
        out += "*" if n == 1 else f"*{n}"
    return out


def _number_text(x: Any) -> str:
    return format_dyadic(x)


def _kind(v: Game | Stopper) -> str | None:
    p = v.pseudonumber() if isinstance(v, Stopper) else None
    return None if p is None else p[0]


def loopy_text(value: Stopper | Sided, printer: Any) -> str:
    """CGSuite's line for a loopy value."""
    out = _Loopy(printer)
    if isinstance(value, Sided):
        on, off = value.onside, value.offside
        if _kind(on) == "on" and _kind(off) == "off":
            return "dud"
        return out.any(on, True, False)[0] + " & " + out.any(off, True, False)[0]
    return out.any(value, True, False)[0]


FORMATTERS.append((Stopper, loopy_text))
FORMATTERS.append((Sided, loopy_text))
