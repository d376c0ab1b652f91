"""CGSuite's expression language for short games, as a lark LALR grammar.

Precedence follows CGSuite 2.x's own grammar, loosest first: ``:=``; ``or``; ``and``; ``not``;
``is`` (``x is Integer``); comparisons (``==``, ``!=``, ``<=``, ``>=``, ``<``, ``>``, ``<>`` confused, ``<|``, ``|>``);
infix methods (``a NimProduct b`` is ``a.NimProduct(b)``); ``+``, ``-`` and binary ``+-``;
ordinal sum ``:``; ``*``, ``/``, ``%`` (and a trailing ``*``: ``2*`` is 2 + *); unary ``-``,
``+``, ``+-``; ``^`` (a power: ``2^400``, ``2^(*+*)``; after a number, ``^`` followed by
anything but digits or ``(`` is an up: ``6^*``, ``1^^``); ``.Name``, ``.Name(args)`` and calls;
then atoms.

Atoms: integers; ups, downs and stars with an optional number in front, read as one word
(``^``, ``vv``, ``^3``, ``v[3]``, ``^<2>*``, ``3/4v[3]*``, ``-1^^``: a minus in front of such a
word belongs to its number, as CGSuite prints it); a lone ``^`` or ``v``, a name and a star,
read as one word too, CGSuite's up-multiple by a variable (``^ n *`` is n.↑ + *, ``^ n *2``
adds *2): ``^ Heat *`` names the variable ``Heat``, never the infix method ``^.Heat(*)``
(``^ Heat 2`` is that method: CGSuite's grammar reads ``^ NAME *`` as an up-multiple first);
``*``, ``*n``, ``*(expr)``; a lone ``*`` before a capitalised name and an operand is the
star, the name an infix method (``* Heat 2`` is ``*.Heat(2)``, as CGSuite reads it; ``*n``,
``* x + 1`` stay nimbers of names); a number juxtaposed with a call (``2Tiny(2)``); names; ``(expr)``;
``{L|R}`` games whose bars nest by count, the more bars the looser (``{a||b|c}`` is
{a || {b|c}}, two equal loosest bars are ambiguous); ``'{L|R}'`` explicit games kept as
written; ``{a,b}`` sets and ``[a,b]`` lists; ``[expr for a from 1 to 3 for b from 1 to a]``
and ``[expr for x in list]`` comprehensions (the first ``for`` outermost; in braces a set,
``{x^2 for x in [1,3]}``, or a map, ``{x^2 => x for …}``); a block
``begin s1; s2 end`` (its last statement's value, ``Nothing`` if none), whose ``var x := …``
are its own (``var`` outside a block is the worksheet's ``:=``); ``if c then … elseif c2
then … else … end`` (Nothing when no branch is taken).
A call's argument may be a procedure, ``k -> k + 2`` (``GenWythoff(k -> k + 2)``) or
``(k, a) -> a != k`` (``GenMem``), or a named parameter, ``maxJump => 2``
(``GenToadsAndFrogs(maxJump => 2)``); braces without bars may hold a map,
``{Left => {2}, Right => {1}}`` (GenClobber's ``clobbered``), ``{=>}`` the empty one.
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import CGSuiteSyntaxError, NotSupported

__all__ = ["GRAMMAR", "not_supported", "parse"]

GRAMMAR = r"""
start: [statement] (";" [statement])*

?statement: NAME ":=" statement -> assign
          | "var" NAME [":=" statement] -> declare
          | expr

?expr: or_
?or_: and_ | or_ "or" and_ -> or_op
?and_: not_ | and_ "and" not_ -> and_op
?not_: is_ | "not" not_ -> not_op
?is_: rel | rel "is" rel -> is_op
?rel: sided | sided REL sided -> compare
?sided: infix | infix "&" infix -> sided
?infix: add | add NAME add -> infix
?add: ordinal
    | add "+" ordinal -> plus
    | add "-" ordinal -> minus
    | add PM ordinal -> plus_pm
?ordinal: mul | ordinal ":" mul -> ordinal_sum
?mul: unary
    | mul "*" unary -> times
    | mul "/" unary -> divide
    | mul "%" unary -> modulo
    | mul "*" -> add_star
?unary: power
      | "-" power -> negate
      | "+" power
      | PM power -> switch
?power: postfix | postfix "^" power -> exponent
?postfix: atom
        | postfix "." NAME -> prop
        | postfix "." NAME "(" [args] ")" -> method
        | NAME "(" [args] ")" -> call
        | postfix "(" [args] ")" -> apply
args: arg ("," arg)*
?arg: expr
    | NAME "->" expr -> procedure
    | PARAMS "->" expr -> procedure
    | NAME "=>" expr -> named

?atom: INT -> integer
     | UPLIT -> uplit
     | UPBY [atom] -> upby
     | UPOF atom -> upof
     | JUXT postfix -> juxt
     | "*" atom -> nimber
     | MISERE -> misere
     | "*" -> star
     | STARBY -> star
     | NAME -> name
     | "true" -> true
     | "false" -> false
     | "(" expr ")"
     | "(" expr "," expr ("," expr)* ")" -> tuple
     | "{" body "}" -> braces
     | "{" "=>" "}" -> empty_map
     | NAME "{" body "}" -> labelled
     | OVERLIT -> overlit
     | "'" "{" body "}" "'" -> explicit
     | "[" [args] "]" -> listing
     | "[" expr comp_for+ "]" -> comprehension
     | "{" expr comp_for+ "}" -> set_comprehension
     | "{" expr "=>" expr comp_for+ "}" -> map_comprehension
     | STRING -> string
     | "begin" stmts "end" -> block
     | "if" expr "then" stmts ("elseif" expr "then" stmts)* ["else" stmts] "end" -> if_

stmts: [statement] (";" [statement])*
comp_for: "for" NAME "from" expr "to" expr ["where" expr]
        | "for" NAME "in" expr ["where" expr] -> comp_in
        | "for" NAME "from" expr "while" expr ["where" expr] -> comp_while

body: options (SLASHES options)*
options: [entry ("," entry)*]
?entry: expr
      | expr "=>" expr -> pair

PM: "+-"
STARBY.4: /\*(?=\s+[A-Z]\w*\s+[0-9A-Za-z_{'"\[^])/
PARAMS.3: /\(\s*[A-Za-z_]\w*(\s*,\s*[A-Za-z_]\w*)+\s*\)(?=\s*->)/
STRING: /"(?:[^"\\\n\r]|\\(?:[\\nrt"]|u[0-9a-fA-F]{4}))*"/
REL.2: "==" | "!=" | "<=" | ">=" | "<|" | "|>" | "<>" | "<" | ">"
SLASHES: /\|+/
UPOF.5: /\^(?=\s*[("{])|v(?=")/
UPBY.5: /(\^\s*|v\s+)(v+[A-Za-uw-z_]|[A-Za-uw-z_])[A-Za-z0-9_]*\s*\*/
UPLIT.3: /(\d+(\/\d+)?(?!\^\d))?([\^v](\d+|\[(\d+|on)\]|<(\d+|on)>)|\^+|v+)(?![A-Za-z_(])(\*\d*)?/
OVERLIT.3: /\d+(\/\d+)?(over|under)(?![A-Za-z0-9_])/
JUXT.3: /\d+(\/\d+)?(?=[A-Z])/
MISERE.4: /\*\[(?=[0-9&(])(?:[0-9#()]|&\d+;|\[(?:[0-9#-]|&\d+;)*\])+\]/
NAME: /(v+[A-Za-uw-z_]|[A-Za-uw-z_])[A-Za-z0-9_]*/
INT: /\d+/

%ignore /\s+/
%ignore /\/\/[^\n]*/
"""

# CGScript beyond expressions: named, never reported as a syntax error in the user's game.
_SCRIPT = re.compile(
    r"\b(for|while|def|class|do|yield|from|by|where|in|return"
    r"|break|continue|try|finally|listof|setof|tableof|sumof|mapof|import|enum|singleton|system"
    r"|this|super|function|ruleset)\b|->|\.\."
)
_STRINGS = re.compile(r'"(?:[^"\\\n\r]|\\(?:[\\nrt"]|u[0-9a-fA-F]{4}))*"')
# A procedure as a call's argument (GenWythoff(k -> k + 2)) is an expression too.
_PROCEDURE = re.compile(r"([(,]\s*(?:[A-Za-z_]\w*|\(\s*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+\s*\))\s*)->")
# CGSuite's list comprehension [expr for n from a to b] (or for x in a list) is an expression.
_COMPREHENSION = re.compile(r"\bfor(\s+[A-Za-z_]\w*\s+)(?:from|in)\b|\b(?:where|while)\b()")


def _without_comprehensions(text: str) -> str:
    """``text`` with the ``for n from`` (and ``where``, ``while``) of every comprehension blanked:
    those inside brackets or braces (``[game.heap.Subtraction([1,2])(n).NimValue for n from 1 to 9]``
    has brackets of its own; ``{x^2 for x in [1,3]}`` is a set)."""
    out, last = [], 0
    for m in _COMPREHENSION.finditer(text):
        before = text[: m.start()]
        if before.count("[") + before.count("{") > before.count("]") + before.count("}"):
            out.append(text[last : m.start()] + " " + (m.group(1) or "") + " ")
            last = m.end()
    return "".join(out) + text[last:]


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def parse(text: str) -> Tree[Token]:
    """The syntax tree of a worksheet line; :class:`CGSuiteSyntaxError` naming line and column."""
    hit = _SCRIPT.search(_PROCEDURE.sub(r"\1  ", _without_comprehensions(_STRINGS.sub('""', text))))
    if hit is not None:
        raise not_supported(hit.group(0))
    try:
        return _parser().parse(text)
    except UnexpectedInput as exc:
        if isinstance(exc, UnexpectedToken) and _SCRIPT.fullmatch(str(exc.token)):
            raise not_supported(str(exc.token)) from None  # a `for` where no comprehension can be
        raise CGSuiteSyntaxError(_where(text, exc)) from None


def not_supported(word: str) -> NotSupported:
    """The error for CGScript's ``word``, which zermelo does not evaluate."""
    return NotSupported(
        f"CGScript's `{word}` is not supported: zermelo evaluates CGSuite expressions of short"
        " games and numbers (values, operations, properties), not CGScript programs"
    )


def _where(text: str, exc: UnexpectedInput) -> str:
    line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        end = len(text.splitlines()[-1]) + 1 if text.strip() else 1
        return f"Syntax error at line {line}, column {end}: unexpected end of input"
    if isinstance(exc, UnexpectedToken):
        return f"Syntax error at line {line}, column {column}: unexpected '{exc.token}'"
    if isinstance(exc, UnexpectedCharacters):
        return f"Syntax error at line {line}, column {column}: unexpected '{exc.char}'"
    return f"Syntax error at line {line}, column {column}"
