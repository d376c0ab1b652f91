"""Thermograph pictures (PNG, matplotlib's Agg backend: no display needed).

The value axis grows to the *left*, as in Winning Ways and CGSuite: Left's wall is on the left.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from ..core.files import save_figure
from ..values.game import Game
from ..values.thermograph import Wall

__all__ = ["save_thermograph", "thermograph_title"]


def _trace(w: Wall, top: Fraction) -> tuple[list[float], list[float]]:
    """Points (value, temperature) of a wall from t = −1 up to ``top`` (floats only for drawing)."""
    ts = [t for t, _ in w.points if t < top] + [top]
    return [float(w(t)) for t in ts], [float(t) for t in ts]


def thermograph_title(what: str, g: Game) -> str:
    """The picture's title: what was valued (``domineering ...|...``), with ``= value`` when the
    value is short and says something the text does not.

    >>> from zermelo.values import parse_value
    >>> thermograph_title("domineering ...|...", parse_value("{2|-1/2}")), thermograph_title("^", parse_value("^"))
    ('domineering ...|... = {2|-1/2}', '^')
    """
    return what if what == str(g) or len(str(g)) > 60 else f"{what} = {g}"


def save_thermograph(g: Game, path: str | Path, title: str | None = None) -> Path:
    """Draw the thermograph of ``g`` to a PNG file (an SVG one when ``path`` ends in ``.svg``) and return its path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    th = g.thermograph
    top = max(th.temperature, Fraction(0)) + max(Fraction(1), abs(th.temperature) / 2)
    fig, ax = plt.subplots(figsize=(6, 4.5), dpi=100)
    lx, ly = _trace(th.left_wall, th.temperature)
    rx, ry = _trace(th.right_wall, th.temperature)
    ax.plot(lx, ly, color="tab:blue", lw=2, label="left wall")
    ax.plot(rx, ry, color="tab:red", lw=2, label="right wall")
    ax.plot([float(th.mast)] * 2, [float(th.temperature), float(top)], color="black", lw=2, label="mast")
    ax.axhline(0, color="grey", lw=0.5)
    xs = lx + rx + [float(th.mast)]
    pad = max(0.5, (max(xs) - min(xs)) * 0.15)
    ax.set_xlim(max(xs) + pad, min(xs) - pad)  # Left's side (larger values) on the left
    ax.set_ylim(-1, float(top))
    ax.set_xlabel("value")
    ax.set_ylabel("temperature")
    ax.set_title(title or f"thermograph of {g}")
    ax.annotate(
        f"mean {th.mast}, temperature {th.temperature}",
        xy=(float(th.mast), float(th.temperature)),
        xytext=(6, 6),
        textcoords="offset points",
        fontsize=9,
    )
    ax.legend(loc="upper right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out = Path(path)
    return save_figure(fig, out, format="svg" if out.suffix.lower() == ".svg" else "png")
