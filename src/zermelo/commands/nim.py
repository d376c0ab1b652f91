"""``zermelo nim EXPR``: the nimber calculator — nim-sum, nim-product, inverse, square root.

An expression over nimbers ``*n`` (or plain ``n``): ``+`` is the nim-sum (XOR), ``*``, ``x`` or
``⊗`` the nim-product, ``/`` multiplies by the inverse, ``^k`` a power with a whole exponent, and
``inv(…)`` / ``sqrt(…)`` the inverse and the square root, ``mex(a, b, …)`` the least nimber not
listed (the value of a game whose options have those values); parentheses group.  The "why" shows
the steps the notes show: the binary columns of a nim-sum, the mex, and for a product its
definition and the field it lives in.  Mock Turtles and
the Tartan theorem (the value of a product of coin-turning games) need the product.

    zermelo nim "*3 * *5"        *3 ⊗ *5 = *15
    zermelo nim "sqrt(*8)"       √*8 = *14
    zermelo nim "mex(0,1,2,5,9)" mex(*0, *1, *2, *5, *9) = *3
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidPosition
from ..core.nimber import nim_inverse, nim_multiply, nim_power, nim_sqrt
from ..core.sprague_grundy import mex
from ..rules.wording import nim_columns
from . import SUMMARY
from .common import emit_json

#: Nimbers below 2^MAX_BITS are multiplied (a product of two such takes milliseconds; powers a few
#: dozen products).
MAX_BITS = 1024
#: The inverse and the square root are powers with exponents near the field's size: nimbers below
#: 2^FIELD_BITS only (a second at most).
FIELD_BITS = 128
#: Parentheses and functions nested at most this deep.
MAX_DEPTH = 100

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z]+)|(?P<op>[-+*/^(),⊗⊕√x×]))")

#: Binary columns are drawn for nimbers of at most this many bits.
COLUMN_BITS = 64


def add(sub: Any) -> None:
    p = sub.add_parser(
        "nim",
        help=SUMMARY["nim"],
        description="Nimber arithmetic: + is the nim-sum, * (or x, ⊗) the nim-product, / divides, ^k a power; "
        "inv(a) and sqrt(a) the inverse and the square root; mex(a, b, ...) the least nimber not listed.",
        epilog='Examples: zermelo nim "11 + 16 + 18";  zermelo nim "*3 * *5";  zermelo nim "inv(*7)";  '
        'zermelo nim "mex(0,1,2,5,9)"',
    )
    p.add_argument(
        "expr",
        metavar="EXPR",
        nargs="+",
        help='an expression like "*3 * *5" (the * before a number is optional)',
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


@dataclass(frozen=True)
class Step:
    """One operation of the expression, as data for its "why": ``op`` is ``"sum"``, ``"product"``,
    ``"quotient"``, ``"power"``, ``"inverse"``, ``"sqrt"`` or ``"mex"``; ``args`` its operands' values
    (a power's exponent last), ``value`` its result."""

    op: str
    args: tuple[int, ...]
    value: int


class _Parser:
    """A small precedence parser; each step returns (value, text shown in the answer) and records
    its operation in ``steps``, innermost first."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                raise InvalidPosition(f"nim: cannot read {text[pos:].strip()[:20]!r} at position {pos + 1} of {text!r}")
            kind = m.lastgroup or "op"
            tok, at = m.group(kind), m.start(kind) + 1
            if kind == "name" and tok.lower() == "x":
                kind, tok = "op", "x"
            self.toks.append((kind, tok.lower() if kind == "name" else tok, at))
            pos = m.end()
        self.i = 0
        self.depth = 0
        self.steps: list[Step] = []

    def peek(self) -> tuple[str, str, int] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> tuple[str, str, int]:
        t = self.peek()
        if t is None:
            raise InvalidPosition(f"nim: {self.text!r} ends too soon")
        self.i += 1
        return t

    def expect(self, op: str) -> None:
        t = self.take()
        if t[1] != op:
            raise InvalidPosition(f"nim: expected {op!r} at position {t[2]} of {self.text!r}, got {t[1]!r}")

    def parse(self) -> tuple[int, str]:
        if not self.toks:
            raise InvalidPosition('nim: give an expression, like "*3 * *5"')
        v, shown = self.sum()
        t = self.peek()
        if t is not None:
            raise InvalidPosition(f"nim: unexpected {t[1]!r} at position {t[2]} of {self.text!r}")
        return v, shown

    def sum(self) -> tuple[int, str]:
        v, shown = self.product()
        terms = [v]
        while (t := self.peek()) is not None and t[1] in ("+", "⊕", "-"):
            self.take()  # in characteristic 2, minus is plus
            w, right = self.product()
            terms.append(w)
            v, shown = v ^ w, f"{shown} ⊕ {right}"
        if len(terms) > 1:
            self.steps.append(Step("sum", tuple(terms), v))
        return v, shown

    def product(self) -> tuple[int, str]:
        v, shown = self.power()
        while (t := self.peek()) is not None and t[1] in ("*", "x", "×", "⊗", "/"):
            self.take()
            w, right = self.power()
            if t[1] == "/":
                if w == 0:
                    raise InvalidPosition("nim: division by *0")
                u = nim_multiply(v, _inverse(w))
                self.steps.append(Step("quotient", (v, w), u))
                v, shown = u, f"{shown} ⊘ {right}"
            else:
                u = nim_multiply(v, w)
                self.steps.append(Step("product", (v, w), u))
                v, shown = u, f"{shown} ⊗ {right}"
        return v, shown

    def power(self) -> tuple[int, str]:
        v, shown = self.atom()
        if (t := self.peek()) is not None and t[1] == "^":
            self.take()
            e = self.take()
            if e[0] != "num" or len(e[1]) > 6:
                raise InvalidPosition(f"nim: the exponent after ^ is a whole number below 10^6, at position {e[2]}")
            u = nim_power(v, int(e[1]))
            self.steps.append(Step("power", (v, int(e[1])), u))
            v, shown = u, f"{shown}^{e[1]}"
        return v, shown

    def atom(self) -> tuple[int, str]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvalidPosition(f"nim: parentheses and functions nested more than {MAX_DEPTH} deep")
        try:
            return self._atom()
        finally:
            self.depth -= 1

    def _atom(self) -> tuple[int, str]:
        kind, tok, pos = self.take()
        if tok in ("*", "⊗") and (n := self.peek()) is not None and n[0] == "num":
            kind, tok, pos = self.take()  # *5: the nimber 5
        if kind == "num":
            if len(tok) > MAX_BITS // 3 or int(tok) >> MAX_BITS:
                raise InvalidPosition(f"nim: nimbers below 2^{MAX_BITS} only, got {tok[:20]}… ({len(tok):,} digits)")
            return int(tok), f"*{int(tok)}"
        if tok == "(":
            v, shown = self.sum()
            self.expect(")")
            return v, f"({shown})"
        if tok == "mex":
            return self.mex()
        funcs: dict[str, tuple[Callable[[int], int], str]] = {
            "inv": (_inverse, "inv"),
            "inverse": (_inverse, "inv"),
            "sqrt": (_sqrt, "√"),
            "√": (_sqrt, "√"),
        }
        if tok in funcs:
            f, sign = funcs[tok]
            if (n := self.peek()) is not None and n[1] != "(":
                v, shown = self.atom()  # sqrt 8, √8: the next operand
            else:
                self.expect("(")
                v, shown = self.sum()
                self.expect(")")
                shown = f"({shown})" if sign == "inv" else shown
            u = f(v)
            self.steps.append(Step("sqrt" if sign == "√" else "inverse", (v,), u))
            return u, f"{sign}{shown}" if sign == "√" else f"inv{shown}"
        raise InvalidPosition(f"nim: unexpected {tok!r} at position {pos} of {self.text!r}")

    def mex(self) -> tuple[int, str]:
        """``mex(a, b, …)``: the least nimber not among the (comma separated) arguments."""
        self.expect("(")
        values: list[int] = []
        shown: list[str] = []
        if (t := self.peek()) is not None and t[1] == ")":
            self.take()  # mex() = 0: a game with no options
        else:
            while True:
                v, text = self.sum()
                values.append(v)
                shown.append(text)
                if self.take()[1] == ")":
                    break
                if self.toks[self.i - 1][1] != ",":
                    t = self.toks[self.i - 1]
                    raise InvalidPosition(f"nim: expected ',' or ')' at position {t[2]} of {self.text!r}, got {t[1]!r}")
        u = mex(values)
        self.steps.append(Step("mex", tuple(values), u))
        return u, f"mex({', '.join(shown)})"


def _in_field(a: int, what: str) -> None:
    if a >> FIELD_BITS:
        raise InvalidPosition(f"nim: the {what} is computed for nimbers below 2^{FIELD_BITS} only")


def _inverse(a: int) -> int:
    if a == 0:
        raise InvalidPosition("nim: *0 has no inverse")
    _in_field(a, "inverse")
    return nim_inverse(a)


def _sqrt(a: int) -> int:
    _in_field(a, "square root")
    return nim_sqrt(a)


def evaluate(text: str) -> tuple[int, str]:
    """The value of a nimber expression and the expression as shown in the answer.

    >>> evaluate("*3 * *5"), evaluate("2 x 2 + 1")
    ((15, '*3 ⊗ *5'), (2, '*2 ⊗ *2 ⊕ *1'))
    >>> evaluate("inv(*2)")[0], evaluate("sqrt(8)")[0], evaluate("mex(0, 1, 2, 5, 9)")
    (3, 14, (3, 'mex(*0, *1, *2, *5, *9)'))
    """
    return _Parser(text).parse()


def steps(text: str) -> list[Step]:
    """The operations of a nimber expression, innermost first (the facts its "why" words).

    >>> steps("11 + 16 + 18")
    [Step(op='sum', args=(11, 16, 18), value=9)]
    """
    p = _Parser(text)
    p.parse()
    return p.steps


def _field(*xs: int) -> int:
    """The least Fermat 2-power F = 2^(2^k) above every x: the nimbers below F form a field."""
    f = 2
    while any(x >= f for x in xs):
        f *= f
    return f


def _bits_of(x: int) -> list[int]:
    return [1 << b for b in range(x.bit_length() - 1, -1, -1) if x >> b & 1]


def _product_text(a: int, b: int, c: int) -> str:
    """A small product distributed over the powers of two of its factors (nim-multiplication
    distributes over the nim-sum), then each product of two powers of two."""
    head = f"*{a} ⊗ *{b} = *{c}"
    pa, pb = _bits_of(a), _bits_of(b)
    if not pa or not pb or len(pa) * len(pb) > 8 or (len(pa) == 1 and len(pb) == 1):
        return head
    terms = [nim_multiply(x, y) for x in pa for y in pb]
    split = f"({' ⊕ '.join(map(str, pa))}) ⊗ ({' ⊕ '.join(map(str, pb))})" if len(pa) > 1 or len(pb) > 1 else ""
    pairs = " ⊕ ".join(f"{x}⊗{y}" for x in pa for y in pb)
    return f"{head}: {a} ⊗ {b} = {split} = {pairs} = {' ⊕ '.join(map(str, terms))} = {c}"


def why(found: list[Step]) -> list[str]:
    """The "why" of an expression, one paragraph (or table line) per kind of step, in the notes' words.

    >>> why(steps("mex(0, 1, 2, 5, 9)"))[0].split(":")[1]
    ' the least nimber not among *0, *1, *2, *5, *9 is *3 (0, 1, 2 are there, 3 is not)'
    """
    lines: list[str] = []
    products = [s for s in found if s.op in ("product", "quotient", "power", "inverse", "sqrt")]
    for s in found:
        if s is (products[0] if products else None):
            lines.append(_products_text(products))
        elif s.op == "sum":
            if max(s.args).bit_length() <= COLUMN_BITS:
                lines.append(
                    "nim-sum: write the numbers in binary and add each column without carrying (XOR): a column of "
                    "the sum is 1 where it has an odd number of ones."
                )
                lines += [line[2:] for line in nim_columns(s.args, named=False)]
            else:
                lines.append(f"nim-sum: the binary digits of the {len(s.args)} numbers added without carrying (XOR).")
        elif s.op == "mex" and not s.args:
            lines.append("mex: the least nimber of none is *0: a game with no options is worth *0 (a P-position).")
        elif s.op == "mex":
            listed = ", ".join(f"*{v}" for v in s.args[:12]) + (", …" if len(s.args) > 12 else "")
            below = ", ".join(map(str, range(s.value)))
            there = f" ({below} {'is' if s.value == 1 else 'are'} there, {s.value} is not)" if 0 < s.value <= 12 else ""
            lines.append(
                f"mex: the least nimber not among {listed} is *{s.value}{there}: a game whose options "
                f"are worth those values is worth *{s.value}."
            )
    return lines


def _products_text(products: list[Step]) -> str:
    """Conway's product, the field it lives in, and each product (inverse, root, power) of the expression."""
    f = _field(*(x for s in products for x in (*(s.args[:1] if s.op == "power" else s.args), s.value)))
    said = []
    for s in products[:6]:
        if s.op == "product":
            said.append(_product_text(s.args[0], s.args[1], s.value))
        elif s.op == "quotient":
            said.append(f"*{s.args[0]} ⊘ *{s.args[1]} = *{s.args[0]} ⊗ inv(*{s.args[1]}) = *{s.value}")
        elif s.op == "power":
            said.append(f"*{s.args[0]}^{s.args[1]} = the product of {s.args[1]} factors *{s.args[0]} = *{s.value}")
        elif s.op == "inverse":
            said.append(f"inv(*{s.args[0]}) = *{s.value}, since *{s.args[0]} ⊗ *{s.value} = *1")
        else:
            said.append(f"√*{s.args[0]} = *{s.value}, since *{s.value} ⊗ *{s.value} = *{s.args[0]}")
    return (
        "nim-product: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (Conway); it distributes over the "
        "nim-sum, and on powers of two x ⊗ F = x·F for x < F and F ⊗ F = 3F/2 (F = 2^(2^k), a Fermat 2-power). "
        f"The nimbers below {f} form a field, so every non-zero nimber has an inverse and every nimber one "
        f"square root. Here: {'; '.join(said)}."
    )


def run(args: argparse.Namespace) -> int:
    text = " ".join(args.expr)
    p = _Parser(text)
    value, shown = p.parse()
    if args.json:
        steps_json = [{"op": st.op, "args": list(st.args), "value": st.value} for st in p.steps]
        emit_json({"expression": text, "shown": shown, "value": value, "nimber": f"*{value}", "steps": steps_json})
        return 0
    print(f"{shown} = *{value}")
    lines = why(p.steps) or [f"*{value} is the nimber itself: the value of a Nim heap of {value}."]
    print(f"  why: {lines[0]}")
    for line in lines[1:]:
        print(f"       {line}")
    return 0
