"""The explorer's analyses: one handler per endpoint, each taking the query as a plain mapping.

They run inside a worker process of :mod:`zermelo.web.pool` (each worker keeps its own cache of
searched games), so a handler returns a :class:`Reply` of bytes; user errors become 4xx JSON in
:func:`handle`.  Every search is capped by :data:`LIMITS`; the pool kills a worker that overruns
its request's cap.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..analyses.analysis import solve
from ..analyses.draw import board_svg, move_parts
from ..analyses.value_facts import position_value, value_facts
from ..core.cache import KeyedCache, RulesCache
from ..core.checks import recursion_room
from ..core.errors import InvalidGame, InvalidPosition, Remedy, SearchLimitExceeded, Unsupported, ZermeloError
from ..core.limits import Limits, deadline_scope
from ..games.registry import entry, game_and_position, make_game, position_words
from ..heaps.heap import HeapGame, heap_tuple
from ..play import (
    SIDES,
    MoveInfo,
    PositionValue,
    choose_move,
    classify,
    find_move,
    grid,
    heaps,
    judge_move,
    other_side,
)
from ..rules import Impartial, Partisan, Rules, Scored
from ..rules.boards import Board, cell_index, filled_cells, rows, with_dominoes
from ..values.budget import value_budget
from .params import BadRequest, flag, number, text

__all__ = [
    "HANDLERS",
    "LIMITS",
    "MAX_GRAPH",
    "MAX_NIMBER",
    "MAX_TABLE_CELLS",
    "REMEDY_WORDS",
    "Reply",
    "handle",
    "page_error",
]

#: The search budget of one request.
LIMITS = Limits(max_positions=300_000, max_seconds=5.0)
#: The budget of a position's draw levels (the chart's Draw-Level view), within a request's.
DRAW_LEVEL_LIMITS = Limits(max_positions=50_000, max_seconds=1.5)
#: The largest table drawn (rows × columns).
MAX_TABLE_CELLS = 10_000
#: The largest nimber *n whose facts are computed (*n has n options: its facts cost about n² steps).
MAX_NIMBER = 512
#: The largest game graph of a loopy position the value panel draws (positions).
MAX_GRAPH = 16


@dataclass(frozen=True)
class Reply:
    """An HTTP answer, as bytes (it crosses from a worker process to the server)."""

    status: int
    body: bytes
    media_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()


def json_reply(obj: Any, status: int = 200) -> Reply:
    text = json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return Reply(status, text.encode())


def error_reply(message: str, status: int) -> Reply:
    return json_reply({"error": message}, status)


#: What would help, in the page's words: no command-line flags or commands (a limit of this
#: server is not the user's to raise: no words, so none is said).
REMEDY_WORDS = {
    Remedy.LIST_GAMES: "choose one from the Game list",
    Remedy.LIST_MOVES: "the moves are listed above",
    Remedy.MOVE_NUMBER: "a move's number works too",
}


def page_error(error: ZermeloError) -> str:
    """An error in the page's words, from its typed remedies.

    >>> from zermelo.core.limits import over_budget
    >>> page_error(over_budget(300_000))
    'search budget exceeded: more than 300,000 positions'
    >>> page_error(InvalidPosition("cannot read the move 'c'", remedies=(Remedy.LIST_MOVES, Remedy.MOVE_NUMBER)))
    "cannot read the move 'c' (the moves are listed above, or a move's number works too)"
    """
    return error.worded(REMEDY_WORDS)


def overtime(params: Mapping[str, str], cap: float) -> str:
    """What a request killed at its cap says: a scored game's search was too deep (try a position
    nearer the end, in the game's words)."""
    try:
        game: Rules[Any] | None = make_game(params.get("game", ""))
    except ZermeloError:
        game = None
    if isinstance(game, Scored):
        return f"too deep for this server; try a position {game.nearer_the_end}"
    return f"time budget exceeded: the request ran past {cap:g} s"


# --------------------------------------------------------------------------- games, cached per worker
_GAMES: OrderedDict[str, Rules[Any]] = OrderedDict()


def _game(spec: str) -> Rules[Any]:
    """The rules of a spec, kept (a few dozen) so later requests reuse the searched graph."""
    hit = _GAMES.get(spec)
    if hit is None:
        hit = make_game(spec)  # files=False: a request's text is never a file's name
        _GAMES[spec] = hit
        while len(_GAMES) > 32:
            _GAMES.popitem(last=False)
    else:
        _GAMES.move_to_end(spec)
    return hit


def _forget(game: Rules[Any]) -> None:
    """Drop a game whose search met the budget: its engine keeps the unfinished frontier, which
    the next small question would otherwise pay to expand.  A fresh rules object gets a fresh engine."""
    for spec, g in list(_GAMES.items()):
        if g is game:
            del _GAMES[spec]


def forget_all() -> None:
    """Empty the cache of searched games (and of classified scored positions)."""
    _GAMES.clear()
    _SCORED.clear()


def _game_position(params: Mapping[str, str]) -> tuple[Rules[Any], Any]:
    spec = text(params, "game")
    if params.get("position") is None:
        raise BadRequest("missing parameter 'position'")
    words = text(params, "position", required=False).split()
    if "+" in words:  # a sum, as the CLI reads it: nim 3 4 + kayles 5
        _game(spec)  # the first part's spec is checked as any other
        return game_and_position(spec, words)  # files=False: no summand's text is a file's name
    game = _game(spec)
    # An empty position text is the game's to judge (some games start from "").
    return game, game.parse(text(params, "position", required=False))


def _turn(params: Mapping[str, str], game: Rules[Any]) -> str | None:
    """The side to move of a partisan game (required there, refused elsewhere)."""
    value = params.get("turn", "").strip().lower()
    if not isinstance(game, Partisan):
        if value:
            raise BadRequest(f"parameter 'turn' is for partisan games; {game.spec()} is not one")
        return None
    if value not in SIDES:
        got = f", got {value[:20]!r}" if value else ""
        raise BadRequest(f"{game.spec()} is a partisan game: parameter 'turn' must be left or right{got}")
    return value


@contextmanager
def _too_deep(game: Rules[Any]) -> Iterator[None]:
    """A scored game's search past the budget, said plainly: a position nearer the end will do."""
    try:
        yield
    except SearchLimitExceeded as exc:
        if not isinstance(game, Scored):
            raise
        raise SearchLimitExceeded(overtime({"game": game.spec()}, 0)) from exc


#: Scored positions a worker keeps classified (a negamax of every move each), per rules object: a
#: class clicking through a game (moves, find, play: each classifies the position again) pays each
#: position's search once.  At most :data:`SCORED_POSITIONS` positions of each of the last
#: :data:`SCORED_GAMES` games, each with at most :data:`SCORED_MOVES` moves: about half a KB a
#: move kept (mnk:4,3,3's 10 moves, 5.5 KB), so ~7 MB full of twelve-move positions, under 40 MB at
#: the worst, against a worker's 3 GiB.
SCORED_POSITIONS = 256
SCORED_GAMES = 4
SCORED_MOVES = 64
_SCORED: RulesCache[KeyedCache[Hashable, PositionValue]] = RulesCache(
    lambda _rules: KeyedCache(SCORED_POSITIONS), size=SCORED_GAMES
)


def _classify(game: Rules[Any], position: Any, misere: bool, turn: str | None = None) -> PositionValue:
    if isinstance(game, Scored) and not misere and _hashable(position):
        kept = _SCORED.get(game)
        hit: PositionValue | None = kept.get(position)
        if hit is None:
            hit = _search(game, position, misere, turn)
            if len(hit.moves) <= SCORED_MOVES:
                kept[position] = hit
        return hit
    return _search(game, position, misere, turn)


def _hashable(position: Any) -> bool:
    try:
        hash(position)
    except TypeError:
        return False
    return True


def _search(game: Rules[Any], position: Any, misere: bool, turn: str | None = None) -> PositionValue:
    try:
        with _too_deep(game):
            pv = classify(game, position, misere=misere, limits=LIMITS, turn=turn)
    except SearchLimitExceeded:
        # A partisan value search leaves only finished values in the rules' value cache: the
        # rules (and that cache) are worth keeping.
        if turn is None:
            _forget(game)
        raise
    if not pv.exact:
        _forget(game)
    return pv


def _parts(game: Rules[Any], position: Any, board: Board | None, after: Any) -> list[str]:
    """The parts of the drawing a move touches: the game's own answer, else the boards compared."""
    own = game.board_parts(position, after)
    return own if own is not None else move_parts(board, game.board(after))


def _clicks(game: Rules[Any], position: Any, board: Board | None, after: Any, side: str | None) -> list[list[str]]:
    """Every way to click a move on the drawing (the game's, else the one way of :func:`_parts`)."""
    # A game of the user's file may define the hook without ``side``: it is passed only when taken.
    takes_side = side is not None and "side" in inspect.signature(game.board_clicks).parameters
    own = game.board_clicks(position, after, side=side) if takes_side else game.board_clicks(position, after)
    if own is not None:
        return own
    parts = _parts(game, position, board, after)
    return [parts] if parts else []


def _with_clicks(
    game: Rules[Any], position: Any, board: Board | None, m: MoveInfo, side: str | None = None
) -> dict[str, Any]:
    """A classified move with its ``parts`` (the first way to click it), ``clicks`` (every way) and,
    on a grid, ``lands``: the cells it fills that no click names (a Fission stone's two halves),
    which the page shades while the part it starts from is pointed at."""
    clicks = _clicks(game, position, board, m.position, side)
    out = {**_move_json(game, position, m), "parts": clicks[0] if clicks else [], "clicks": clicks}
    before = rows(board)
    if before is not None:
        named = {part for way in clicks for part in way}
        out["lands"] = [c for c in filled_cells(before, rows(game.board(m.position))) if c not in named]
    return out


def _moves_json(game: Rules[Any], position: Any, pv: PositionValue, placed: str = "") -> dict[str, Any]:
    """The classified position for the page; ``placed`` the dominoes played so far (``a1-a2 b1-b2``),
    so a grid's drawing pairs its covered cells as they were played."""
    board = game.board(position)
    if placed and board is not None and board["kind"] == "grid":
        board = with_dominoes(board, placed)
    moves = [_with_clicks(game, position, board, m, pv.turn) for m in pv.moves]
    return {
        "game": game.spec(),
        "position": position_words(game, position),
        "value": pv.value,
        "remoteness": pv.remoteness,
        "grundy": pv.grundy,
        "exact": pv.exact,
        "listed": pv.listed,
        "over": pv.over,
        "heaps": heaps(game, position),
        "grid": grid(game, position),
        "moves": moves,
        "board": board,
        "svg": board_svg(board, f"{game.spec()} {game.format(position)}"),
        "partisan": pv.turn is not None,
        "turn": pv.turn,
        "game_value": pv.game_value,
        "outcome": pv.outcome,
        "score": pv.score,
    }


def _draw_levels(game: Rules[Any], position: Any, pv: PositionValue, misere: bool) -> dict[str, Any]:
    """Where the position or a move is a draw of an impartial game: each one's draw level
    (:mod:`zermelo.analyses.draw_level`), for the chart's Draw-Level view; ``None`` where none."""
    if not isinstance(game, Impartial) or not pv.exact or "draw" not in {pv.value, *(m.value for m in pv.moves)}:
        return {}
    from ..analyses.draw_level import draw_levels

    try:  # an extra: past its own small budget the chart goes without it, the moves are answered
        found = draw_levels(
            game, [position, *(m.position for m in pv.moves)], misere=misere, limits=DRAW_LEVEL_LIMITS.started()
        )
    except SearchLimitExceeded:
        return {}
    shown = [
        None if f is None else {"level": f.level, "pressing": f.pressing, "remoteness": f.remoteness} for f in found
    ]
    return {"draw_level": shown[0], "move_draw_levels": shown[1:]}


def _move_json(game: Rules[Any], position: Any, m: MoveInfo) -> dict[str, Any]:
    """A classified move for the page: the position it leads to as the page sends it back (a
    sum's summands named), and the points it banks in a game that scores as it goes (Cheques)."""
    out = {**m.to_json(), "position": position_words(game, m.position)}
    if isinstance(game, Scored) and game.gains:
        out["gain"] = game.gain(position, m.move)
    return out


def _refuse_misere(params: Mapping[str, str], game: Rules[Any]) -> None:
    """Misère play is for impartial games: refused alike by Solve, Value and Play."""
    if flag(params, "misere") and not isinstance(game, Impartial):
        raise Unsupported(f"misère play of {game.spec()} is not supported: it is not an impartial game")


# --------------------------------------------------------------------------- endpoints
def api_solve(params: Mapping[str, str]) -> dict[str, Any]:
    """``zermelo solve --json`` for impartial games, ``zermelo negamax --json`` for scored ones."""
    game, position = _game_position(params)
    misere = flag(params, "misere")
    _refuse_misere(params, game)
    if isinstance(game, Scored):
        from ..search.minimax import negamax  # imported lazily, as the CLI does

        with _too_deep(game):
            return dict(negamax(game, position, limits=LIMITS).to_json())
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is a partisan game: its value says who wins (the Value panel)")
    quotient = _prepare_quotient(game, position) if misere and isinstance(game, HeapGame) else None
    try:
        a = solve(game, position, misere=misere, limits=LIMITS)
    except SearchLimitExceeded:
        _forget(game)
        raise
    if a.notes:  # an extra (remoteness, Grundy value) met the budget
        _forget(game)
    # Each move's position as the page reads it back (a sum's summands named: "0 4 + kayles 5"),
    # printed as `zermelo solve --json` prints it.
    out = a.to_json(game, REMEDY_WORDS)
    if quotient is not None:  # a field of the web's answer only (`zermelo misere --json` has it all)
        out["misere_quotient"] = quotient
    return out


def _prepare_quotient(game: HeapGame, position: Any) -> dict[str, Any] | None:
    """The game's misère quotient covering the position, computed now if need be (a few seconds
    at most, so that the answer comes from it, not from a search over the budget), as the Misère
    quotient panel shows it; None when the game has none within that time."""
    from ..misere.hook import prepare  # the misère package: only for misère questions

    heaps = [h for h in heap_tuple(position) if h]
    q = prepare(game, max(heaps, default=0))
    if q is None or not q.covers(heaps):
        return None
    return q.position_facts(heaps)


def api_moves(params: Mapping[str, str]) -> dict[str, Any]:
    game, position = _game_position(params)
    pv = _classify(game, position, flag(params, "misere"), _turn(params, game))
    out = _moves_json(game, position, pv, text(params, "dominoes", required=False))
    return {**out, **_draw_levels(game, position, pv, flag(params, "misere"))}


def api_play(params: Mapping[str, str]) -> dict[str, Any]:
    game, position = _game_position(params)
    misere = flag(params, "misere")
    skill = number(params, "skill", float, 1.0, 0.0, 1.0)
    seed = number(params, "seed", int, None, 0, 2**63)
    turn = _turn(params, game)
    pv = _classify(game, position, misere, turn)
    m = choose_move(game, pv, skill, random.Random(seed))
    if m is None:
        raise InvalidPosition(f"the game is over: {game.format(position)} has no legal move")
    after = _classify(game, m.position, misere, None if turn is None else other_side(turn))
    placed = text(params, "dominoes", required=False)
    # The move carries its parts as a person's move does: the page sends every played domino's
    # cells back with the next request, the computer's too, so each is drawn whole.
    move = _with_clicks(game, position, game.board(position), m, turn)
    cells = move["parts"]
    if len(cells) == 2 and all(cell_index(c) for c in cells):  # the computer's domino joins the others
        placed = f"{placed} {cells[0]}-{cells[1]}"
    shown = {**_moves_json(game, m.position, after, placed.strip()), **_draw_levels(game, m.position, after, misere)}
    return {"move": move, "after": shown}


def api_find(params: Mapping[str, str]) -> dict[str, Any]:
    """The move a person typed in the game's notation (``2 3``, ``a1-a2``, ``to 3 1 5``, a number)."""
    game, position = _game_position(params)
    misere = flag(params, "misere")
    pv = _classify(game, position, misere, _turn(params, game))
    # A few moves stand for all of a heap of 10^60: any other typed is judged by the closed forms.
    judge = None if pv.listed or not isinstance(game, Impartial) else lambda m: judge_move(game, m, misere, LIMITS)
    return {"move": _move_json(game, position, find_move(game, position, text(params, "move"), pv.moves, judge))}


def api_trace(params: Mapping[str, str]) -> dict[str, Any]:
    """The notes' alpha-beta search tree of a scored game's position, as ``zermelo negamax --trace
    --json`` gives it (``tree``: each position's value, window α, β, and the moves cut off because
    α ≥ β), with its drawing (``svg``, :func:`~zermelo.analyses.draw_trace.trace_svg`)."""
    from ..analyses.draw_trace import trace_svg  # imported lazily, as the CLI does
    from ..analyses.trace_text import alphabeta_trace, trace_facts

    game, position = _game_position(params)
    if not isinstance(game, Scored):
        raise Unsupported(f"{game.spec()} is not a scored game: the alpha-beta search tree is of minimax games")
    plies = number(params, "plies", int, 2, 1, 4)
    with _too_deep(game):
        root = alphabeta_trace(game, position, limits=LIMITS)
    tree = trace_facts(game, root, plies=plies)
    return {"game": game.spec(), "plies": plies, "tree": tree, "svg": trace_svg(game, root, plies=plies)}


def _value_position(params: Mapping[str, str]) -> tuple[Rules[Any], Any]:
    """The game and the position of a value request (refused here: misère play, a scored game)."""
    game, position = _game_position(params)
    _refuse_misere(params, game)
    if not isinstance(game, Impartial | Partisan):
        raise Unsupported(f"{game.spec()} has no game value (it is a scored game): Solve gives its score")
    return game, position


@contextmanager
def _forgotten_past_the_budget(game: Rules[Any]) -> Iterator[None]:
    """An impartial game whose value search met the budget is forgotten (its engine keeps the
    unfinished frontier); a partisan value search leaves only finished values: kept."""
    try:
        yield
    except SearchLimitExceeded:
        if isinstance(game, Impartial):
            _forget(game)
        raise


def api_value(params: Mapping[str, str]) -> dict[str, Any]:
    """Exactly the object of ``zermelo value GAME POSITION --json``: the one path,
    :func:`~zermelo.analyses.value_facts.value_facts`; for a loopy game
    :func:`~zermelo.analyses.loopy_form.loopy_position_facts`, with the game graph of a small one
    (``loopy`` true; the page draws it)."""
    game, position = _value_position(params)
    if isinstance(game, Partisan) and game.loopy:
        from ..analyses.loopy_form import loopy_position_facts

        return {"loopy": True, **loopy_position_facts(game, position, limits=LIMITS, graph_up_to=MAX_GRAPH)}
    with _forgotten_past_the_budget(game):
        return value_facts(game, position, limits=LIMITS, max_nimber=MAX_NIMBER, explained=True)[1]


def api_thermograph(params: Mapping[str, str]) -> Reply:
    """The thermograph as a PNG, titled as ``zermelo value --thermograph`` titles it."""
    from ..analyses.thermograph_plot import save_thermograph, thermograph_title

    game, position = _value_position(params)
    with _forgotten_past_the_budget(game):
        g = position_value(game, position, limits=LIMITS, max_nimber=MAX_NIMBER)
    title = thermograph_title(f"{game.spec()} {game.format(position)}", g)
    with tempfile.TemporaryDirectory() as tmp:
        path = save_thermograph(g, Path(tmp) / "thermograph.png", title=title)
        return Reply(200, path.read_bytes(), "image/png")


def api_table(params: Mapping[str, str]) -> Reply | dict[str, Any]:
    """The game's table as a picture (PNG) or JSON.  Integration point with :mod:`zermelo.analyses.tables`."""
    spec = text(params, "game")
    e = entry(spec.partition(":")[0])
    if e.table is None:
        raise Unsupported(f"{e.name} has no table layout")
    is_grid = "{n}" not in e.table
    rows = number(params, "rows", int, 16 if is_grid else 1, 1, 1000)
    cols = number(params, "cols", int, 16 if is_grid else 60, 1, MAX_TABLE_CELLS)
    if rows * cols > MAX_TABLE_CELLS:
        raise BadRequest(f"a table of {rows} x {cols} is too big (at most {MAX_TABLE_CELLS:,} cells)")
    grundy_values = flag(params, "grundy")
    misere = flag(params, "misere")
    fmt = params.get("format", "png")
    if fmt not in ("png", "json"):
        raise BadRequest(f"parameter 'format' must be png or json, got {fmt[:20]!r}")
    try:
        # Lazily, and typed loosely: the web explorer works (501 here) without zermelo.analyses.tables.
        tables: Any = importlib.import_module("zermelo.analyses.tables")
    except ImportError:
        return error_reply("tables are not available in this installation (zermelo.analyses.tables)", 501)
    size = (rows, cols) if is_grid else cols
    t = tables.table(_game(spec), size, grundy=grundy_values, misere=misere, limits=LIMITS)
    if fmt == "json":
        return dict(t.to_json())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "table.png"
        tables.render_png(t, str(path))
        return Reply(200, path.read_bytes(), "image/png")


Handler = Callable[[Mapping[str, str]], "Reply | dict[str, Any]"]
HANDLERS: dict[str, Handler] = {
    "solve": api_solve,
    "moves": api_moves,
    "play": api_play,
    "find": api_find,
    "trace": api_trace,
    "value": api_value,
    "thermograph": api_thermograph,
    "table": api_table,
}

_STATUS: list[tuple[type[ZermeloError], int]] = [
    (SearchLimitExceeded, 422),
    (BadRequest, 400),
    (InvalidGame, 400),
    (InvalidPosition, 400),
    (Unsupported, 400),
]


def status_of(exc: ZermeloError) -> int:
    return next((code for cls, code in _STATUS if isinstance(exc, cls)), 400)


def handle(name: str, params: Mapping[str, str]) -> Reply:
    """Run one endpoint's handler; user errors become a 4xx JSON ``{"error": "one line"}``."""
    try:
        # Positions as deep as their games allow (a Hackenbush stalk of 2,000); value arithmetic
        # stopped by the same clock as the searches (it polls none: the budget's timer does); and
        # one deadline for every search of the request (a table searched each cell on its own
        # when the row was over the budget, each with a fresh 5 s: 17 s for one request).
        lim = LIMITS.started()
        with recursion_room(), deadline_scope(lim.deadline), value_budget(lim, count_work=False, arithmetic_only=True):
            result = HANDLERS[name](params)
    except ZermeloError as exc:
        return error_reply(page_error(exc), status_of(exc))
    except RecursionError:
        return error_reply("the position is too deep for this analysis", 422)
    return result if isinstance(result, Reply) else json_reply(result)
