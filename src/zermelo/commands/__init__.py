"""One module per CLI command; each has ``add(subparsers)`` and sets ``run`` on its parser.

``SUMMARY`` lists the commands in the order ``zermelo --help`` shows them, with their one-line help:
the CLI builds the full parser of the command being run only, so a command loads only what it
uses.
"""

from __future__ import annotations

from ..core.errors import Remedy, ZermeloError

SUMMARY = {
    "games": "list every game with its parameters and an example",
    "solve": "outcome, Grundy value, remoteness and winning moves of a position",
    "value": "canonical form, outcome, mean, temperature and stops of a partisan position or a value expression",
    "sequence": "Grundy values of heaps 0..N of a heap game, with period, preperiod and proof",
    "misere": "the misère quotient of a heap game (Plambeck–Siegel): monoid, P-portion, pretending function",
    "census": "sweep a family of heap games (octal, hex, subtraction, all-but) on Dask; results in SQLite",
    "nim": "nimber arithmetic: nim-sum, nim-product, inverse and square root of nimbers",
    "negamax": "value, best moves and principal variation of a scored game's position",
    "book": "a Connect Four opening book: every position up to K plies with its exact score",
    "table": "the P/N or Grundy table of a game (a row or a grid), as text, JSON or a picture",
    "conjecture": "check a conjectured set of P-positions up to a bound, the way the notes prove one",
    "check": "a game's self-check: text form, keys, cycles, closed forms and components against plain search",
    "play": "play a position against the perfect player, with hints",
    "serve": "the web explorer: solve and play in the browser",
    "compile": "compile the heap, Connect Four and value-search kernels ahead of time for this machine (faster start)",
}


#: What would help, in the command line's words: its flags and commands.
REMEDY_WORDS = {
    Remedy.MORE_POSITIONS: "raise it with --budget",
    Remedy.MORE_TIME: "raise it with --timeout",
    Remedy.DEPTH_LIMIT: "give --depth for a heuristic value",
    Remedy.SMALLER_RANGE: "lower --upto",
    Remedy.LIST_GAMES: "`zermelo games` lists them",
    Remedy.LIST_MOVES: "type `moves` to list them",
    Remedy.MOVE_NUMBER: "a move number",
}


def words(error: ZermeloError) -> str:
    """An error as the command line says it: the message, then its remedies as flags.

    >>> from zermelo.core.limits import over_budget
    >>> words(over_budget(1000))
    'search budget exceeded: more than 1,000 positions (raise it with --budget)'
    """
    return error.worded(REMEDY_WORDS)


#: The longest error message printed: one readable line, even when it quotes a huge input.
MAX_MESSAGE = 240


def one_line(message: str) -> str:
    """An error message as one line of at most :data:`MAX_MESSAGE` characters.

    >>> one_line("bad\\nposition")
    'bad position'
    >>> len(one_line("x" * 1000))
    240
    """
    text = " ".join(message.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"
