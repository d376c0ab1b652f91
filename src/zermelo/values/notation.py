"""CGSuite's notation for game values: read and write ``0``, ``-3/4``, ``*2``, ``^``, ``v*``, ``±1``, ``{2|-1/2}``.

Printing: numbers as ``3`` or ``-3/4``; number + ups + nimber as ``1/2^*``, ``vv*3``, ``^3``
(ups past two get a count); ``±x`` for {x | −x}; anything else as ``{L|R}`` with options
separated by commas.  A lone nested option is written without its braces and the bars count
the nesting, CGSuite's way: {{2|0}|0} prints as ``{2|0||0}``.  Bars bind looser than commas
(also CGSuite's reading): in ``{1||*|-1,{-1|-3}}`` the side ``*|-1,{-1|-3}`` is one game,
{* | -1, {-1|-3}}; several options on one side that are not atoms keep their braces.

Reading accepts all of that plus sums and differences (``{1|-1} + ^ + *``), parentheses,
``+-`` for ``±``, ``x±y`` for x + ±y and nested braces.  A leading minus belongs to the
number it touches, as printed: ``-1/2v`` is −1/2 + ↓ (but ``2 - 1^`` subtracts all of 1↑).
``parse_value(str(g)) is g`` for every value (round trip).

>>> print(parse_value("{1|0||-1}"), parse_value("{{2|0}|0}"), parse_value("{0|*}"), parse_value("+-1"))
{1|0||-1} {2|0||0} ^ ±1
>>> print(parse_value("{1|-1} + ^ + *"), parse_value("^ + ^ + *"), parse_value("{0,*|0,*}"))
{1^*|-1^*} ^^* *2
>>> print(parse_value("{1||*|-1,{-1|-3}}"), parse_value("{1||{*|-1},{-1|-3}}"))
{1||*|-1,{-1|-3}} {1||-1|-3}
>>> parse_value("{1|")
Traceback (most recent call last):
...
zermelo.errors.InvalidPosition: bad value '{1|': unclosed '{'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..checks import is_digits
from ..checks import shown as quoted
from ..errors import InvalidArgument, InvalidPosition
from ..limits import deep
from ..traversal import fold
from .dyadic import format_dyadic, is_dyadic
from .game import BUILT_ON, ZERO, Game, add, game, neg, number, star

__all__ = ["format_value", "parse_value"]

# ---------------------------------------------------------------------- printing
_STARS = 16


def pure_ups(h: Game) -> tuple[int, int] | None:
    """(n, s) with h = n·↑ + *s, n >= 1 and s in {0, 1}, or None.

    Walks the canonical forms ↑ = {0|*}, ↑* = {0,*|0}, n·↑ = {0 | (n−1)·↑*} and
    n·↑* = {0 | (n−1)·↑} (n >= 2) down the right options, without recursion.
    """
    depth = 0
    x = h
    up_star = {ZERO, star()}
    while x.nim is None and x.num is None:
        left, right = x.left, x.right
        if len(right) == 1 and right[0] is ZERO and set(left) == up_star:
            n, s = 1, 1  # ↑*
            break
        if len(left) != 1 or left[0] is not ZERO or len(right) != 1:
            return None
        if right[0] is star():
            n, s = 1, 0  # ↑
            break
        depth += 1
        x = right[0]
    else:
        return None
    # Each level up adds one ↑ and toggles the star.
    return (n + depth, s ^ (depth & 1))


def uptimal(rest: Game) -> tuple[int, int] | None:
    """(n, m) with rest = n·↑ + *m, or None."""
    if rest.nim is not None:
        return (0, rest.nim)
    # Every option of n·↑ + *m is again of that form, so its stops are 0: a cheap filter
    # before trying sums.
    for o in (*rest.left, *rest.right):
        if o.num is None and o.nim is None and not (o.left_stop == o.right_stop == 0):
            return None
        if o.num is not None and o.num != 0:
            return None
    for m in range(_STARS):
        h = add(rest, star(m))
        for sign in (1, -1):
            hit = pure_ups(h if sign > 0 else neg(h))
            if hit is not None:
                return (sign * hit[0], hit[1] ^ m)
    return None


def _atom(g: Game) -> str | None:
    """The short name of a number, nimber or number + ups + nimber; None for other games."""
    if g.num is not None:
        return format_dyadic(g.num)
    if g.nim is not None:
        return "*" if g.nim == 1 else f"*{g.nim}"
    ls, rs = g.left_stop, g.right_stop
    if ls != rs:
        return None
    rest = add(g, number(-ls))
    hit = uptimal(rest)
    if hit is None:
        return None
    n, m = hit
    out = "" if ls == 0 else format_dyadic(ls)
    if n:
        sign = "^" if n > 0 else "v"
        out += sign * abs(n) if abs(n) <= 2 else f"{sign}{abs(n)}"
    if m:
        out += "*" if m == 1 else f"*{m}"
    return out


@dataclass
class _Printed:
    text: str
    bars: int  # 0: an atom; k: a bare {…} body whose main split is k bars


def _body(g: Game, memo: dict[int, _Printed]) -> _Printed:
    hit = memo.get(g.id)
    if hit is not None:
        return hit
    a = _atom(g)
    if a is not None:
        out = _Printed(a, 0)
    else:
        gl, gr = g.left, g.right
        if len(gl) == 1 and len(gr) == 1 and gl[0].num is not None and gr[0] is neg(gl[0]):
            out = _Printed(f"±{format_dyadic(gl[0].num)}", 0)
        else:
            sides = [_side(gl, memo), _side(gr, memo)]
            bars = 1 + max(s[1] for s in sides)
            out = _Printed(f"{sides[0][0]}{'|' * bars}{sides[1][0]}", bars)
    memo[g.id] = out
    return out


def _side(opts: tuple[Game, ...], memo: dict[int, _Printed]) -> tuple[str, int]:
    """Options joined by commas; a lone option stays bare, several general ones get braces.

    Bars bind looser than commas (CGSuite's reading), so a lone option's own commas cannot be
    taken for the parent's: ``{1||*|-1,{-1|-3}}`` is printed as CGSuite prints it.
    """
    parts = [_body(o, memo) for o in _display_order(opts)]
    if len(parts) == 1:
        return parts[0].text, parts[0].bars
    return ",".join(p.text if p.bars == 0 else "{" + p.text + "}" for p in parts), 0


def _display_order(opts: tuple[Game, ...]) -> list[Game]:
    """Numbers first by size, then the rest by birthday: a stable, readable order."""
    return sorted(opts, key=lambda o: (o.num is None, o.num if o.num is not None else 0, o.birthday, o.id))


def format_value(g: Game) -> str:
    """The value in CGSuite's notation (see the module docstring)."""
    with deep():
        # Print the options bottom-up first, so deep games never recurse in _body.
        memo: dict[int, _Printed] = {}

        def children(x: Game) -> list[Game]:
            return [] if x.num is not None or x.nim is not None else [*x.left, *x.right]

        fold(g, children, lambda x, _v: _body(x, memo), key=lambda x: x.id)
        p = _body(g, memo)
    return p.text if p.bars == 0 else "{" + p.text + "}"


# ---------------------------------------------------------------------- reading
_TOKEN = re.compile(
    r"\s*(?:(?P<open>\{)|(?P<close>\})|(?P<lpar>\()|(?P<rpar>\))|(?P<comma>,)|(?P<bars>\|+)"
    r"|(?P<pm>±|\+-)|(?P<plus>\+)|(?P<minus>-)"
    r"|(?P<atom>(?P<num>\d+(?:/\d+|\.\d+)?)?(?P<ups>\^|v)?(?P<upn>\^+|v+|\d+)?(?P<star>\*(?P<starn>\d+)?)?))"
)
_MAX_NESTING = 400
_SHOWN = 60  # characters of a malformed text repeated in its error message
_MAX_UPS = 1000  # n·↑ costs about n² steps to build
_MAX_NIMBER = 4096  # *n holds n options


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int
    value: Game | None = None
    length: int = 0
    number: Game | None = None  # an atom's number part, if it has one


class _Bad(Exception):
    pass


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i:].strip() == "":
            break
        m = _TOKEN.match(text, i)
        if m is None or m.end() == i or (m.lastgroup == "atom" and not m.group("atom")):
            j = i
            while j < n and text[j].isspace():
                j += 1
            raise _Bad(f"unexpected {text[j]!r} at position {j + 1}")
        kind = m.lastgroup
        if kind in ("num", "ups", "upn", "star", "starn"):
            kind = "atom"
        assert kind is not None
        start = m.start(kind) if kind != "atom" else m.start("atom")
        if kind == "atom":
            num = m.group("num")
            value = _read_atom(m, start)
            out.append(
                _Tok("atom", m.group("atom"), start, value, number=None if num is None else number(Fraction(num)))
            )
        elif kind == "bars":
            out.append(_Tok("bars", m.group(kind), start, length=len(m.group(kind))))
        else:
            out.append(_Tok(kind, m.group(kind), start))
        i = m.end()
    return out


def _read_atom(m: re.Match[str], pos: int) -> Game:
    total = ZERO
    num, ups, upn = m.group("num"), m.group("ups"), m.group("upn")
    if num is not None:
        try:
            x = Fraction(num)
        except ZeroDivisionError:
            raise _Bad(f"division by zero in {num!r}") from None
        if not is_dyadic(x):
            raise _Bad(f"{num} is not a dyadic rational (its denominator must be a power of 2)")
        total = number(x)
    if upn is not None and ups is None:
        raise _Bad(f"unexpected {upn!r} at position {pos + 1}")
    if ups is not None:
        if upn is None:
            count = 1
        elif is_digits(upn):
            count = int(upn)
        elif set(upn) == {ups}:
            count = 1 + len(upn)
        else:
            raise _Bad(f"mixed ups and downs {ups + upn!r} at position {pos + 1}")
        if count > _MAX_UPS:
            raise _Bad(f"at most {_MAX_UPS} ups or downs in one term")
        up = game([ZERO], [star()])
        unit = up if ups == "^" else neg(up)
        for _ in range(count):
            total = add(total, unit)
    if m.group("star") is not None:
        k = m.group("starn")
        n = 1 if k is None else int(k)
        if n > _MAX_NIMBER:
            raise _Bad(f"nimbers up to *{_MAX_NIMBER} only, got *{n}")
        total = add(total, star(n))
    return total


class _Parser:
    def __init__(self, toks: list[_Tok], text: str) -> None:
        self.toks = toks
        self.text = text
        self.depth = 0

    def expr(self, lo: int, hi: int) -> Game:
        """A sum/difference of terms covering toks[lo:hi] exactly."""
        if lo >= hi:
            raise _Bad("missing value")
        i = lo
        total = ZERO
        first = True
        while i < hi:
            sign = 1
            t = self.toks[i]
            if t.kind in ("plus", "minus"):
                sign = -1 if t.kind == "minus" else 1
                i += 1
            elif not first and t.kind != "pm":
                nimbers = t.text.startswith("*")
                hint = "; nimbers multiply in `zermelo nim`, e.g. zermelo nim '*3 * *5'" if nimbers else ""
                raise _Bad(f"expected + or - at position {t.pos + 1}, got {t.text!r}{hint}")
            if i >= hi:
                raise _Bad("missing value at the end")
            t = self.toks[i]
            if first and sign < 0 and t.kind == "atom" and t.number is not None:
                # "-1/2v" is (-1/2) + v, as it is printed: a leading minus belongs to the number.
                assert t.value is not None
                term, i = add(t.value, neg(t.number) + neg(t.number)), i + 1
                sign = 1
            else:
                term, i = self.term(i, hi)
            total = add(total, term if sign > 0 else neg(term))
            first = False
        return total

    def term(self, i: int, hi: int) -> tuple[Game, int]:
        t = self.toks[i]
        if t.kind == "atom":
            assert t.value is not None
            return t.value, i + 1
        if t.kind == "pm":
            if i + 1 >= hi:
                raise _Bad(f"± needs a value after it at position {t.pos + 1}")
            inner, j = self.term(i + 1, hi)
            return game([inner], [neg(inner)]), j
        if t.kind in ("open", "lpar"):
            j = self.match(i, hi)
            if t.kind == "lpar":
                return self.expr(i + 1, j), j + 1
            return self.braces(i + 1, j), j + 1
        raise _Bad(f"unexpected {t.text!r} at position {t.pos + 1}")

    def match(self, i: int, hi: int) -> int:
        """Index of the bracket closing toks[i]."""
        opener = self.toks[i].kind
        closer = "close" if opener == "open" else "rpar"
        depth = 0
        for j in range(i, hi):
            k = self.toks[j].kind
            if k in ("open", "lpar"):
                depth += 1
            elif k in ("close", "rpar"):
                depth -= 1
                if depth == 0:
                    if k != closer:
                        raise _Bad(f"mismatched {self.toks[j].text!r} at position {self.toks[j].pos + 1}")
                    return j
        raise _Bad(f"unclosed {self.toks[i].text!r}")

    def top_level(self, lo: int, hi: int, kinds: tuple[str, ...]) -> list[int]:
        """Indices in [lo, hi) of tokens of these kinds outside any brackets."""
        out = []
        depth = 0
        for j in range(lo, hi):
            k = self.toks[j].kind
            if k in ("open", "lpar"):
                depth += 1
            elif k in ("close", "rpar"):
                depth -= 1
                if depth < 0:
                    raise _Bad(f"unmatched {self.toks[j].text!r} at position {self.toks[j].pos + 1}")
            elif depth == 0 and k in kinds:
                out.append(j)
        return out

    def braces(self, lo: int, hi: int) -> Game:
        """The game written between toks[lo-1] = '{' and toks[hi] = '}' (or bare, nested)."""
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise _Bad(f"braces nested more than {_MAX_NESTING} deep")
        bars = self.top_level(lo, hi, ("bars",))
        if not bars:
            raise _Bad("a game {…} needs a '|' between Left's and Right's options")
        most = max(self.toks[j].length for j in bars)
        at = [j for j in bars if self.toks[j].length == most]
        if len(at) > 1:
            raise _Bad(f"ambiguous bars at positions {self.toks[at[0]].pos + 1} and {self.toks[at[1]].pos + 1}")
        split = at[0]
        left = self.side(lo, split)
        right = self.side(split + 1, hi)
        self.depth -= 1
        return game(left, right)

    def side(self, lo: int, hi: int) -> list[Game]:
        """One side's options.  Bars bind looser than commas, as in CGSuite: a side with a bar
        outside brackets is one game (``{1||*|-1,{-1|-3}}`` is {1 || {* | -1, {-1|-3}}}), and
        only a side without one is a comma-separated list."""
        if lo >= hi:
            return []
        if self.top_level(lo, hi, ("bars",)):
            return [self.braces(lo, hi)]
        commas = self.top_level(lo, hi, ("comma",))
        out = []
        for a, b in zip([lo - 1, *commas], [*commas, hi], strict=True):
            if a + 1 >= b:
                raise _Bad("empty option between commas")
            out.append(self.expr(a + 1, b))
        return out


def parse_value(text: str) -> Game:
    """Read a value in CGSuite's notation; :class:`~zermelo.errors.InvalidPosition` if malformed.

    >>> print(parse_value("-3/4"), parse_value("*2 + *3"), parse_value("^*"), parse_value("1±1"))
    -3/4 * ^* {2|0}
    """
    if not isinstance(text, str):
        raise InvalidArgument(f"parse_value reads a text like '*2 + ^', got {quoted(text)}")
    try:
        toks = _tokens(text)
        if not toks:
            raise _Bad("empty")
        _check_nesting(toks)
        p = _Parser(toks, text)
        with deep():
            return p.expr(0, len(toks))
    except _Bad as exc:
        shown = text.strip()
        if len(shown) > _SHOWN:
            shown = shown[: _SHOWN - 3] + "..."
        raise InvalidPosition(f"bad value {shown!r}: {exc}") from None


def _check_nesting(toks: list[_Tok]) -> None:
    """Reject brackets (and chains of ±) nested past the limit, in one pass before parsing.

    The parser finds each bracket's partner by scanning, so deep nesting would cost time
    quadratic in the length of the text, and recursion as deep as the nesting.
    """
    depth = run = 0
    for t in toks:
        if t.kind in ("open", "lpar"):
            depth += 1
        elif t.kind in ("close", "rpar"):
            depth -= 1
        run = run + 1 if t.kind == "pm" else 0
        if depth + run > _MAX_NESTING:
            raise _Bad(f"brackets nested more than {_MAX_NESTING} deep (at position {t.pos + 1})")


BUILT_ON.format_value = format_value  # str(g) and pickling (see zermelo.values.game.BuiltOn)
BUILT_ON.parse_value = parse_value
