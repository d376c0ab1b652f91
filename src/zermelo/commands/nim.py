"""``zermelo nim EXPR``: the nimber calculator — nim-sum, nim-product, inverse, square root.

An expression over nimbers ``*n`` (or plain ``n``): ``+`` is the nim-sum (XOR), ``*``, ``x`` or
``⊗`` the nim-product, ``/`` multiplies by the inverse, ``^k`` a power with a whole exponent, and
``inv(…)`` / ``sqrt(…)`` the inverse and the square root; parentheses group.  Mock Turtles and
the Tartan theorem (the value of a product of coin-turning games) need the product.

    zermelo nim "*3 * *5"        *3 ⊗ *5 = *15
    zermelo nim "sqrt(*8)"       √*8 = *14
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from ..core.errors import InvalidPosition
from ..core.nimber import nim_inverse, nim_multiply, nim_power, nim_sqrt
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

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z]+)|(?P<op>[-+*/^()⊗⊕√x×]))")


def add(sub: Any) -> None:
    p = sub.add_parser(
        "nim",
        help=SUMMARY["nim"],
        description="Nimber arithmetic: + is the nim-sum, * (or x, ⊗) the nim-product, / divides, ^k a power; "
        "inv(a) and sqrt(a) the inverse and the square root.",
        epilog='Examples: zermelo nim "*3 * *5";  zermelo nim "inv(*7)";  zermelo nim "sqrt(*8)"',
    )
    p.add_argument(
        "expr",
        metavar="EXPR",
        nargs="+",
        help='an expression like "*3 * *5" (the * before a number is optional)',
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


class _Parser:
    """A small precedence parser; each step returns (value, text shown in the answer)."""

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
        while (t := self.peek()) is not None and t[1] in ("+", "⊕", "-"):
            self.take()  # in characteristic 2, minus is plus
            w, right = self.product()
            v, shown = v ^ w, f"{shown} ⊕ {right}"
        return v, shown

    def product(self) -> tuple[int, str]:
        v, shown = self.power()
        while (t := self.peek()) is not None and t[1] in ("*", "x", "×", "⊗", "/"):
            self.take()
            w, right = self.power()
            if t[1] == "/":
                if w == 0:
                    raise InvalidPosition("nim: division by *0")
                v, shown = nim_multiply(v, _inverse(w)), f"{shown} ⊘ {right}"
            else:
                v, shown = nim_multiply(v, w), f"{shown} ⊗ {right}"
        return v, shown

    def power(self) -> tuple[int, str]:
        v, shown = self.atom()
        if (t := self.peek()) is not None and t[1] == "^":
            self.take()
            e = self.take()
            if e[0] != "num" or len(e[1]) > 6:
                raise InvalidPosition(f"nim: the exponent after ^ is a whole number below 10^6, at position {e[2]}")
            v, shown = nim_power(v, int(e[1])), f"{shown}^{e[1]}"
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
            return f(v), f"{sign}{shown}" if sign == "√" else f"inv{shown}"
        raise InvalidPosition(f"nim: unexpected {tok!r} at position {pos} of {self.text!r}")


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
    >>> evaluate("inv(*2)")[0], evaluate("sqrt(8)")[0]
    (3, 14)
    """
    return _Parser(text).parse()


def _why() -> str:
    return (
        "nim-sum: binary addition without carries (XOR); nim-product: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : "
        "a' < a, b' < b} (Conway). Below each Fermat 2-power F = 2^(2^k) the nimbers form a field, so every "
        "non-zero nimber has an inverse and every nimber one square root; the product is computed from "
        "x ⊗ F = x·F for x < F and F ⊗ F = 3F/2."
    )


def run(args: argparse.Namespace) -> int:
    text = " ".join(args.expr)
    value, shown = evaluate(text)
    if args.json:
        emit_json({"expression": text, "shown": shown, "value": value, "nimber": f"*{value}"})
        return 0
    print(f"{shown} = *{value}")
    print(f"  why: {_why()}")
    return 0
