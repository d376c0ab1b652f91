"""docs/notebook.ipynb, the tutorial (solve, tables, values, drawings, misère), runs headless (nbclient)
and its saved outputs are what the code prints today; the drawings are boards and a thermograph.

By hand: ``python tests/test_notebook.py --update`` executes the notebook and saves its outputs
into docs/notebook.ipynb (then read the diff).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"


def executed(tmp: Path) -> Any:
    """The notebook run from the top in a fresh kernel, with a period cache of its own (a stale
    user cache would add a warning to the outputs)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    old = os.environ.get("ZERMELO_CACHE_DIR")
    os.environ["ZERMELO_CACHE_DIR"] = str(tmp)
    try:
        NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}
        ).execute()
    finally:
        if old is None:
            os.environ.pop("ZERMELO_CACHE_DIR", None)
        else:
            os.environ["ZERMELO_CACHE_DIR"] = old
    return nb


def texts(nb: Any) -> list[list[str]]:
    """Each code cell's printed text and plain results (what the saved outputs must match); a
    drawing counts by its kind only (matplotlib's SVG carries ids of its own)."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        shown = []
        for o in cell.get("outputs", []):
            if o["output_type"] == "stream":
                head = f"{o['name']}: "
                if shown and shown[-1].startswith(head):  # the kernel cuts a stream where it likes
                    shown[-1] += o["text"]
                else:
                    shown.append(head + o["text"])
            elif o["output_type"] == "error":
                shown.append(f"error: {o['ename']}: {o['evalue']}")
            elif "image/svg+xml" in o.get("data", {}):
                shown.append("svg")
            else:
                shown.append(str(o.get("data", {}).get("text/plain", "")))
        out.append(shown)
    return out


def test_the_notebook_runs_and_matches_its_saved_outputs(tmp_path: Path) -> None:
    saved = nbformat.read(NOTEBOOK, as_version=4)
    nb = executed(tmp_path)
    assert texts(nb) == texts(saved)  # the tutorial shows what the code does today
    headings = [
        c.source.splitlines()[0] for c in saved.cells if c.cell_type == "markdown" and c.source.startswith("## ")
    ]
    assert headings == [
        "## 1. Solving a position",
        "## 2. The notes' tables",
        "## 3. Partisan values",
        "## 4. Drawings",
        "## 5. Misère play",
    ]
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
    printed = "".join(t for cell in texts(saved) for t in cell)
    for fact in ("Bouton", "period 7", "1 N N P N N N N N", "{2|-1/2}", "Misère Nim"):
        assert fact in printed, fact
    assert not any(t.startswith(("stderr", "error")) for cell in texts(saved) for t in cell)


if __name__ == "__main__":  # python tests/test_notebook.py --update
    if "--update" in sys.argv:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            nb = executed(Path(tmp))
        nbformat.write(nb, NOTEBOOK)
        print(f"saved the outputs into {NOTEBOOK}")
