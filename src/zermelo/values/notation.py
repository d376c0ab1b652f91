"""CGSuite's notation for game values: read and write ``0``, ``-3/4``, ``*2``, ``^``, ``v*``, ``±1``, ``{2|-1/2}``.

Printing: numbers as ``3`` or ``-3/4``; number + ups + nimber as ``1/2^*``, ``vv*3``, ``^3``
(ups past two get a count); ``±x`` for {x | −x}; anything else as ``{L|R}`` with options
separated by commas.  A lone nested option is written without its braces and the bars count
the nesting, CGSuite's way: {{2|0}|0} prints as ``{2|0||0}``.  Bars bind looser than commas
(also CGSuite's reading): in ``{1||*|-1,{-1|-3}}`` the side ``*|-1,{-1|-3}`` is one game,
{* | -1, {-1|-3}}; several options on one side that are not atoms keep their braces.

Reading, by a lark LALR grammar (:data:`GRAMMAR`; the same parser library as CGSuite's
expression language in :mod:`zermelo.cgsuite.grammar`), accepts all of that plus sums and
differences (``{1|-1} + ^ + *``), parentheses, ``+-`` for ``±``, ``x±y`` for x + ±y and nested
braces.  A leading minus belongs to the
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
zermelo.core.errors.InvalidPosition: bad value '{1|': unclosed '{'
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.checks import is_digits, parse_int
from ..core.checks import shown as quoted
from ..core.dyadic import format_dyadic, is_dyadic
from ..core.errors import InvalidArgument, InvalidPosition
from ..core.limits import deep
from ..core.traversal import fold
from .game import BUILT_ON, ZERO, Game, add, game, neg, number, star

if TYPE_CHECKING:  # lark is imported when a text is first read: ``import zermelo`` stays quick
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

__all__ = ["GRAMMAR", "format_value", "parse_value"]

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


class _Printed(NamedTuple):  # named tuples here: dataclasses' import is 10-20 ms (core/frozen.py)
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
#: zermelo's value notation as a lark LALR grammar (the library CGSuite's expression language of
#: :mod:`zermelo.cgsuite.grammar` is written in; this floor cannot import that package).  A sum or
#: difference of terms; a leading minus before an atom with a number belongs to the number
#: (``-1/2v`` is −1/2 + ↓), before anything else to the term; ``±`` / ``+-`` is a term (``±1``)
#: and between terms adds one (``3±1``).  A brace's sides and bars are read as written and nested
#: by :func:`_braces`: the more bars the looser, commas tighter than bars.
GRAMMAR = r"""
start: expr
expr: head tail*
?head: term
     | "+" term
     | "-" ATOM -> minus_atom
     | "-" group -> minus
tail: "+" term -> plus
    | "-" term -> minus
    | PM term -> plus_pm
?term: ATOM -> atom
     | group
?group: PM term -> pm
      | "(" expr ")"
      | "{" body "}" -> braces
body: side (BARS side)*
side: option ("," option)*
option: [expr]

PM: "±" | "+-"
BARS: /\|+/
ATOM: /\d+(\/\d+|\.\d+)?([\^v](\^+|v+|\d+)?)?(\*\d*)?|[\^v](\^+|v+|\d+)?(\*\d*)?|\*\d*/

%ignore /\s+/
"""

_ATOM = re.compile(r"(?P<num>\d+(?:/\d+|\.\d+)?)?(?:(?P<ups>\^|v)(?P<upn>\^+|v+|\d+)?)?(?P<star>\*(?P<starn>\d+)?)?")
_MAX_NESTING = 400
_SHOWN = 60  # characters of a malformed text repeated in its error message
_MAX_UPS = 1000  # n·↑ costs about n² steps to build
_MAX_NIMBER = 4096  # *n holds n options
_OPEN = {"(": ")", "{": "}"}


class _Bad(Exception):
    pass


def _whole(digits: str, what: str) -> int:
    """A number of a value's text, by the one numeric parser (an error of the text, not a crash,
    for ``'３'`` or 5,000 digits)."""
    try:
        return parse_int(digits, what)
    except InvalidPosition as exc:
        raise _Bad(str(exc)) from None


def _read_atom(text: str, pos: int) -> tuple[Game, Game | None]:
    """The value of an atom (``3/4v3*2``) and its number part (``None`` if it has none)."""
    m = _ATOM.fullmatch(text)
    if m is None:
        raise _Bad(f"unexpected {text!r} at position {pos + 1}")
    total = ZERO
    part: Game | None = None
    num, ups, upn = m.group("num"), m.group("ups"), m.group("upn")
    if num is not None:
        for digits in re.split(r"[/.]", num):
            _whole(digits, "a number")  # ASCII digits, at most 4,300 of them: Fraction would fail
        try:
            x = Fraction(num)
        except ZeroDivisionError:
            raise _Bad(f"division by zero in {num!r}") from None
        if not is_dyadic(x):
            raise _Bad(f"{num} is not a dyadic rational (its denominator must be a power of 2)")
        total = part = number(x)
    if ups is not None:
        if upn is None:
            count = 1
        elif is_digits(upn):
            count = _whole(upn, "a number of ups or downs")
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
        n = 1 if k is None else _whole(k, "a nimber *n")
        if n > _MAX_NIMBER:
            raise _Bad(f"nimbers up to *{_MAX_NIMBER} only, got *{n}")
        total = add(total, star(n))
    return total, part


class _Side(NamedTuple):
    options: list[Game | None]


class _Build:
    """The value of each rule as the LALR parser reduces it (no tree is built, no recursion):
    lark calls the method named after the rule with the values of its parts."""

    def atom(self, items: list[Token]) -> Game:
        return _read_atom(str(items[0]), items[0].start_pos or 0)[0]

    def minus_atom(self, items: list[Token]) -> Game:
        value, part = _read_atom(str(items[0]), items[0].start_pos or 0)
        # "-1/2v" is (-1/2) + v, as it is printed: a leading minus belongs to the number.
        return neg(value) if part is None else add(value, neg(part) + neg(part))

    def minus(self, items: list[Game]) -> Game:
        return neg(items[0])

    def plus(self, items: list[Game]) -> Game:
        return items[0]

    def plus_pm(self, items: list[Any]) -> Game:
        return game([items[1]], [neg(items[1])])

    def pm(self, items: list[Any]) -> Game:
        return game([items[1]], [neg(items[1])])

    def expr(self, items: list[Game]) -> Game:
        total = ZERO
        for term in items:
            total = add(total, term)
        return total

    def start(self, items: list[Game]) -> Game:
        return items[0]

    def option(self, items: list[Game | None]) -> Game | None:
        return items[0]

    def side(self, items: list[Game | None]) -> _Side:
        return _Side(list(items))

    def body(self, items: list[Any]) -> tuple[list[_Side], list[Token]]:
        return items[0::2], items[1::2]

    def braces(self, items: list[tuple[list[_Side], list[Token]]]) -> Game:
        sides, bars = items[0]
        if not bars:
            raise _Bad("a game {…} needs a '|' between Left's and Right's options")
        return _braces(sides, bars)


def _braces(sides: list[_Side], bars: list[Token]) -> Game:
    """The game of sides split by bars: at the one longest run of bars (two equal longest runs
    are ambiguous), each half a game again if it has bars, else its options."""
    most = max(len(b) for b in bars)
    at = [i for i, b in enumerate(bars) if len(b) == most]
    if len(at) > 1:
        a, b = (bars[i].start_pos or 0 for i in at[:2])
        raise _Bad(f"ambiguous bars at positions {a + 1} and {b + 1}")
    i = at[0]
    return game(_options(sides[: i + 1], bars[:i]), _options(sides[i + 1 :], bars[i + 1 :]))


def _options(sides: list[_Side], bars: list[Token]) -> list[Game]:
    """One side's options.  Bars bind looser than commas, as in CGSuite: a side with a bar is one
    game (``{1||*|-1,{-1|-3}}`` is {1 || {* | -1, {-1|-3}}}), only a side without one a list."""
    if bars:
        return [_braces(sides, bars)]
    options = sides[0].options
    if options == [None]:
        return []
    if None in options:
        raise _Bad("empty option between commas")
    return [o for o in options if o is not None]


@cache
def _parser() -> Lark:
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", transformer=_Build(), maybe_placeholders=True)


def _check_nesting(text: str) -> None:
    """Reject brackets (and chains of ±) nested past the limit before parsing: a deep game costs
    time and memory as deep as its text, and nothing else reads so deep."""
    depth = run = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        at = i
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        if c == "±" or text.startswith("+-", i):
            run += 1
            i += 1 if c == "±" else 2
        else:
            if not c.isspace():
                run = 0
            i += 1
        if depth + run > _MAX_NESTING:
            raise _Bad(f"brackets nested more than {_MAX_NESTING} deep (at position {at + 1})")


def _open_at(text: str, end: int) -> str | None:
    """The innermost bracket still open before ``text[end]`` (None if every one is closed)."""
    stack: list[str] = []
    for c in text[:end]:
        if c in _OPEN:
            stack.append(c)
        elif c in ")}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _syntax(text: str, exc: UnexpectedInput) -> str:
    """What is wrong, in the words of the old reader: the place and what was expected."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF

    if isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream or 0
        return f"unexpected {text[at]!r} at position {at + 1}"
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedEOF) or token is None or token.type == "$END":
        still = _open_at(text, len(text))
        if still is not None:
            return f"unclosed {still!r}"
        tail = text.rstrip()
        if tail.endswith(("±", "+-")):
            return f"± needs a value after it at position {len(tail) - (1 if tail.endswith('±') else 2) + 1}"
        return "missing value at the end"
    pos = token.start_pos or 0
    before = text[:pos].rstrip()
    if token.type in ("RPAR", "RBRACE"):
        opener = _open_at(text, pos)
        if opener is not None and _OPEN[opener] != str(token):
            return f"mismatched {str(token)!r} at position {pos + 1}"
        if opener is not None:
            return "missing value"
    if before and before[-1] in "0123456789^v*)}":  # a whole term before it: a sum goes on with + or -
        hint = "; nimbers multiply in `zermelo nim`, e.g. zermelo nim '*3 * *5'" if str(token).startswith("*") else ""
        return f"expected + or - at position {pos + 1}, got {str(token)!r}{hint}"
    return f"unexpected {str(token)!r} at position {pos + 1}"


def parse_value(text: str) -> Game:
    """Read a value in CGSuite's notation; :class:`~zermelo.core.errors.InvalidPosition` if malformed.

    >>> print(parse_value("-3/4"), parse_value("*2 + *3"), parse_value("^*"), parse_value("1±1"))
    -3/4 * ^* {2|0}
    """
    if not isinstance(text, str):
        raise InvalidArgument(f"parse_value reads a text like '*2 + ^', got {quoted(text)}")
    from lark.exceptions import UnexpectedInput, VisitError

    try:
        if not text.strip():
            raise _Bad("empty")
        _check_nesting(text)
        with deep():
            try:
                value = _parser().parse(text)  # the transformer's value: a Game
            except VisitError as exc:  # a rule's own complaint (_Bad), raised while reducing
                if isinstance(exc.orig_exc, _Bad):
                    raise exc.orig_exc from None
                raise
            except UnexpectedInput as exc:
                raise _Bad(_syntax(text, exc)) from None
        assert isinstance(value, Game)
        return value
    except _Bad as exc:
        shown = text.strip()
        if len(shown) > _SHOWN:
            shown = shown[: _SHOWN - 3] + "..."
        raise InvalidPosition(f"bad value {shown!r}: {exc}") from None


BUILT_ON.format_value = format_value  # str(g) and pickling (see zermelo.values.game.BuiltOn)
BUILT_ON.parse_value = parse_value
