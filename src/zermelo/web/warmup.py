"""The explorer's warm-up, step by step: what :mod:`zermelo.web.warm` runs when the pool's
forkserver imports it (every worker is then forked warm), and what ``make kernels``
(tests/warm_kernels.py) runs in parallel parts on a fresh checkout.

The first analysis of a fresh process pays for lazy imports (numba, the games' modules, the
explanations) and, on a cold cache, for compiling numba's kernels; done here once, a worker
forked afterwards answers its first request as fast as its hundredth.  Nothing is cached that a
request could change: the handlers' game cache is emptied again.
"""

from __future__ import annotations

from ..analyses import compiled_walk
from ..games import chargrid_kernel, domineering_kernel
from ..games.amazons import Amazons
from ..games.domineering import Domineering
from ..games.konane import Konane
from ..values import compiled_forms
from . import api

__all__ = ["analyses", "compiled_values", "warm"]

_WARM_UP = [
    ("solve", {"game": "nim", "position": "3 4 5"}),
    ("moves", {"game": "wythoff", "position": "3 5"}),
    ("moves", {"game": "domineering", "position": "..|..", "turn": "left"}),
    ("value", {"game": "hackenbush", "position": "BRR"}),
    ("thermograph", {"game": "domineering", "position": "..|.."}),  # matplotlib and its fonts
    ("solve", {"game": "tictactoe", "position": "XOX.O...."}),
    # the engine's compiled kernels that the games' examples reach: retrograde analysis (Chomp),
    # loopy Grundy values (digraphs), dense option lookup (Wythoff), so no worker compiles one
    ("solve", {"game": "chomp", "position": "3x4"}),
    ("solve", {"game": "digraph:a->b, b->a, b->c", "position": "a"}),
    ("solve", {"game": "wythoff", "position": "26 34"}),
    # subtraction and all-but games' proven periods (their sequence kernels), which answers cite
    ("solve", {"game": "allbut:1,2", "position": "10"}),
    ("solve", {"game": "subtraction:1,3,4", "position": "21"}),
    # the loopy comparison's compiled kernel (values.survival): compiled on a cold cache it took
    # 8 CPU s, past a request's cap on a busy machine
    ("value", {"game": "backsliding", "position": "TT..FF"}),
    # Connect Four's compiled solver (numba) and the shipped 6x5 opening book, read once here
    ("play", {"game": "connect4:6x5", "position": "3344551"}),  # past the book: a search
    # the misère quotient's compiled verification and trials (misere.kernels): a process with
    # numba loaded uses them at once, and compiled on a cold cache they took a request past its cap
    ("solve", {"game": "kayles", "position": "30 35 40", "misere": "1"}),
]


def analyses() -> None:
    """The requests above, answered once, and the char grids' compiled options."""
    for name, params in _WARM_UP:
        api.handle(name, params)
    # Konane's and Amazons' compiled options (games.chargrid_kernel): a value search turns to them
    # after a few thousand regions where numba is loaded, as it is here; no example is that large
    chargrid_kernel.warm()
    api.forget_all()


def compiled_values() -> None:
    """The compiled canonical forms (values.compiled_forms): a value search where numba is loaded
    keeps its values there past a few thousand positions; compiled on a cold cache they take
    33-40 CPU s, the largest kernel zermelo has.  And Domineering's compiled options, used as
    those forms are, and the compiled value walk of the games with compiled options."""
    compiled_forms.warm()
    domineering_kernel.warm()
    # the compiled value walk over the char grids' and Domineering's options (analyses.compiled_walk,
    # 10-16 CPU s each on a cold cache): a value search where numba is loaded values regions with it
    compiled_walk.warm(Amazons(), "x.|.o")
    compiled_walk.warm(Konane(), "xo.")  # the char grids' walk with Konane's number: a state of its own
    compiled_walk.warm(Domineering(), "...|...")
    compiled_forms.forms()[0].fill()  # the values met here as Games: a search's first answer reads its root's


def warm() -> None:
    """Every step: what a worker needs before its first request."""
    analyses()
    compiled_values()
