"""docs/notebook.ipynb runs headless (nbclient) and shows the drawings: boards and a thermograph."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"


def test_the_notebook_runs_and_shows_boards_and_a_thermograph() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    svgs = [
        out["data"]["image/svg+xml"]
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if "image/svg+xml" in out.get("data", {})
    ]
    assert len(svgs) == 4
    connect4, domineering, chomp, thermograph = svgs
    assert connect4.count('class="part column') == 6 and "#d32f2f" in connect4  # discs under gravity
    assert 'class="domino"' in domineering and 'data-part="c3"' in domineering
    assert chomp.count('class="part cell') == 12 and "☠" in chomp
    assert "<svg" in thermograph and "domineering" in thermograph  # matplotlib's SVG, titled
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
