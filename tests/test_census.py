"""zermelo.heaps.census: families and equivalent codes, the SQLite store, a census on a LocalCluster, the
report and the comparison with published tables."""

from __future__ import annotations

import contextlib
import csv
import json
import re
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.cli import main
from zermelo.heaps import TakeAndBreak, parse_code, sequence
from zermelo.heaps.census import Store, members, normal_form, run
from zermelo.heaps.census.families import Member, _member, count, shift
from zermelo.heaps.census.report import compare
from zermelo.heaps.census.work import compute, game_of

PUBLISHED = Path(__file__).parent / "data" / "published_octal.csv"


def engine_values(game: z.Impartial, n: int) -> list[int]:  # type: ignore[type-arg]
    return sequence(game, n, kernel="engine", prove=False).values.astype(int).tolist()


# -- families and equivalences ----------------------------------------------------------------
def test_family_sizes() -> None:
    assert len(members("octal", digits=3)) == 511  # 0.d, 0.dd, 0.ddd, last digit not 0
    assert len(members("octal", digits=2, d0=True)) == 63 + 64  # and 4.0, 4.d, 4.dd
    assert len(members("hex", digits=1)) == 15
    assert len(members("subtraction", top=4)) == 15
    assert [m.code for m in members("subtraction", top=4, size=3)] == ["1,2,3", "1,2,4", "1,3,4", "2,3,4"]
    assert len(members("allbut", top=3)) == 8  # the empty set too: Nim


@settings(max_examples=30, deadline=None)
@given(
    family=st.sampled_from(["octal", "hex", "subtraction", "allbut"]),
    digits=st.integers(1, 2),
    d0=st.booleans(),
    top=st.integers(1, 8),
    size=st.one_of(st.none(), st.integers(1, 8)),
)
def test_a_family_is_counted_without_listing_it(family: str, digits: int, d0: bool, top: int, size: int | None) -> None:
    """The count the progress display shows first is the number of codes listed, or the same error."""
    kw: dict[str, object] = {"digits": digits, "d0": d0} if family in ("octal", "hex") else {"top": top, "size": size}
    try:
        listed = len(members(family, **kw))  # type: ignore[arg-type]
    except z.InvalidGame as exc:
        with pytest.raises(z.InvalidGame, match=re.escape(str(exc))):
            count(family, **kw)  # type: ignore[arg-type]
    else:
        assert count(family, **kw) == listed  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"family": "octal"}, "--digits"),
        ({"family": "octal", "digits": 0}, "--digits"),
        ({"family": "subtraction"}, "--max"),
        ({"family": "subtraction", "top": 3, "size": 5}, "--size"),
        ({"family": "octal", "digits": 8}, "at most"),
        ({"family": "chess", "digits": 2}, "unknown family"),
    ],
)
def test_bad_families(args: dict[str, object], message: str) -> None:
    family = args.pop("family")
    with pytest.raises(z.InvalidGame, match=message):
        members(family, **args)  # type: ignore[arg-type]


def test_equivalences_from_the_literature() -> None:
    # OEIS A002187: .07 has Dawson's Chess's values a(n-1), .4 and .42 a(n-2).
    assert normal_form("0.07") == ("octal", "0.137", 1)
    assert normal_form("0.4") == ("octal", "0.137", 2)
    assert normal_form("0.42") == ("octal", "0.137", 2)
    # OEIS A071434: .074-.077 have the values of .1377 a(n-1), .440-.443 and .460-.463 a(n-2).
    assert {normal_form(f"0.07{d}")[1:] for d in "4567"} == {("0.1377", 1)}
    assert {normal_form(f"{a}{d}")[1:] for a in ("0.44", "0.46") for d in "0123"} == {("0.1377", 2)}
    # A hexadecimal code with octal digits is that octal game; Kayles is its own.
    assert normal_form("0.37", 16) == ("octal", "0.37", 0)
    assert normal_form("0.77") == ("octal", "0.77", 0)
    assert shift(parse_code("0.77")) is None


def _check_shift(m: Member, n: int = 40) -> None:
    game = game_of(m.family, m.code) if m.family in ("subtraction", "allbut") else TakeAndBreak(m.code)
    own = engine_values(game, n)
    stored = engine_values(TakeAndBreak(m.game_code), n)
    assert own == ([0] * m.shift + stored)[: n + 1], m


@pytest.mark.parametrize(
    "family,kw",
    [("octal", {"digits": 2, "d0": True}), ("hex", {"digits": 1, "d0": True}), ("subtraction", {"top": 5})],
)
def test_normal_forms_against_the_engine(family: str, kw: dict[str, object]) -> None:
    """Each code's values are its stored game's values shifted: checked by plain search."""
    for m in members(family, **kw):  # type: ignore[arg-type]
        _check_shift(m)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(("0", "4")), st.text("01234567", min_size=3, max_size=4))
def test_normal_forms_of_longer_codes(head: str, tail: str) -> None:
    code = f"{head}.{tail}"
    if not any(c != "0" for c in code.replace(".", "")):
        return
    _check_shift(_member("octal", str(parse_code(code, 8)), 8), 30)


# -- the store ----------------------------------------------------------------------------------
def test_store_is_idempotent_and_keeps_aliases(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    ms = [_member("octal", c, 8) for c in ("0.07", "0.4", "0.137")]
    result = compute("octal", "0.137", 300)
    with Store(db) as s:
        assert s.journal_mode() == "wal"
        for _ in range(3):
            s.save(("octal", "0.137"), 300, result, ms)
    con = sqlite3.connect(db)
    rows = con.execute("SELECT code, same_as, shift, period, preperiod, proven FROM results ORDER BY code").fetchall()
    dups = con.execute("SELECT COUNT(*) FROM results GROUP BY family, code, upto HAVING COUNT(*) > 1").fetchall()
    blobs = con.execute("SELECT COUNT(*) FROM results WHERE values_blob IS NOT NULL").fetchone()[0]
    con.close()
    assert dups == [] and blobs == 1  # the values are stored once
    # OEIS A002187: period 34, last exception 51; .07 a(n-1), .4 a(n-2).
    assert rows == [
        ("0.07", "octal:0.137", 1, 34, 53, 1),
        ("0.137", None, 0, 34, 52, 1),
        ("0.4", "octal:0.137", 2, 34, 54, 1),
    ]
    with Store(db) as s:
        for m in ms:
            got = s.values("octal", m.code, 300)
            assert got is not None and got.tolist() == engine_values(TakeAndBreak(m.code), 300)


def test_store_failures_then_success(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    ms = [_member("octal", "0.07", 8)]
    with Store(db) as s:
        s.fail(("octal", "0.137"), 100, "RuntimeError: boom", 1, ms)
        assert s.status("octal", "0.137", 100) == ("failed", 1)
        assert s.status("octal", "0.07", 100) == ("failed", 1)
        s.save(("octal", "0.137"), 100, compute("octal", "0.137", 100) | {"attempts": 1}, ms)
        assert s.status("octal", "0.07", 100) == ("done", 1)
        assert all(r.error is None for r in s.records())


def test_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_text("hello, this is not SQLite" * 100)
    with pytest.raises(z.InvalidPosition, match="not a census database"):
        Store(bad)


# -- a census on a LocalCluster (worker processes) ------------------------------------------------
def test_two_digit_octal_census_on_a_local_cluster(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    upto = 2000
    rows = z.census("octal", digits=2, upto=upto, db=db, workers=2)
    assert len(rows) == 63 and {r.status for r in rows} == {"done"}
    assert not (tmp_path / "c.sqlite.checkpoints").exists()  # a finished census leaves no empty folder
    con = sqlite3.connect(db)
    member_rows = con.execute("SELECT COUNT(*) FROM results WHERE member = 1 AND upto = ?", (upto,)).fetchone()[0]
    before = dict(con.execute("SELECT family || ':' || code, finished_at FROM results").fetchall())
    con.close()
    assert member_rows == 63
    with Store(db) as s:
        for r in rows:
            # Every code's stored values (its own, or its game's shifted) against plain search...
            values = s.values(r.family, r.code, upto)
            assert values is not None and values.size == upto + 1
            assert values[:41].tolist() == engine_values(TakeAndBreak(r.code), 40), r.code
            # ...and its period facts against a plain z.sequence of the code itself.
            plain = sequence(z.heaps.Octal(r.code), upto)
            assert np.array_equal(values, plain.values), r.code
            assert (r.period, r.preperiod, r.proven) == (
                (plain.period, plain.preperiod, plain.proven) if plain.proven or r.period else (None, None, False)
            ), r.code
    # Run again: nothing is computed, nothing rewritten.
    summary = run(members("octal", digits=2), upto, db, workers=2)
    assert (summary.computed, summary.stored) == (0, summary.games)
    con = sqlite3.connect(db)
    assert dict(con.execute("SELECT family || ':' || code, finished_at FROM results").fetchall()) == before
    con.close()


def _flaky(family: str, code: str, upto: int, *rest: object) -> dict[str, object]:
    if code == "0.15":
        raise RuntimeError(f"no luck with {code}")
    return compute(family, code, upto, *rest)  # type: ignore[arg-type]


def test_a_game_that_keeps_failing_is_marked(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    ms = [_member("octal", c, 8) for c in ("0.15", "0.77")]
    summary = run(ms, 200, db, workers=1, task=_flaky, processes=False)
    assert (summary.computed, summary.failed) == (1, 1)
    with Store(db) as s:
        (failed,) = [r for r in s.records() if r.code == "0.15"]
        assert failed.status == "failed" and failed.attempts == 3 and "no luck with 0.15" in (failed.error or "")
    again = run(ms, 200, db, workers=1, task=_flaky, processes=False)  # not tried for ever
    assert (again.computed, again.failed, again.stored) == (0, 1, 1)
    healed = run(ms, 200, db, workers=1, processes=False, retry_failed=True)
    assert (healed.computed, healed.failed) == (1, 0)


# -- published tables -------------------------------------------------------------------------
def test_named_games_agree_with_the_published_tables(tmp_path: Path) -> None:
    """Every code of tests/data/published_octal.csv (OEIS A002186, A002187, A071434, A071435,
    A071452, A071464; T. Czajka's octal-games tables after Flammenkamp, among them every code
    with up to three digits of its TrivialGames.md: 68 codes, 23 of them the 1- and 2-digit ones
    it lists under their own name) to 12,000 heaps."""
    db = tmp_path / "c.sqlite"
    with PUBLISHED.open() as f:
        table = list(csv.DictReader(f))
    ms = [_member("octal", row["code"], 8) for row in table]
    run(ms, 12_000, db, workers=2, processes=False)
    with Store(db) as s:
        found = list(compare(s, PUBLISHED))
    assert [str(d) for d in found if d.reached] == []
    # Only the games whose proofs need far more heaps are not settled at 12,000.
    assert {d.code for d in found} == {"0.16", "0.56", "0.127", "0.376", "0.354"}
    # The CLI says the same, and catches a wrong table.
    assert main(["census", "compare", str(PUBLISHED), "--db", str(db)]) == 0
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(PUBLISHED.read_text().replace("0.77,12,71", "0.77,12,72"))
    assert main(["census", "compare", str(wrong), "--db", str(db)]) == 1


# -- the command line -------------------------------------------------------------------------
def test_cli_census_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite")
    assert main(["census", "subtraction", "--max", "3", "--upto", "500", "--db", db, "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "7 codes" in out and "computed" in out
    assert main(["census", "report", "--db", db]) == 0
    table = capsys.readouterr().out
    assert "subtraction  1,2,3" in table and "7 codes: 7 proven" in table
    assert main(["census", "report", "--db", db, "--json", "--code", "1,*"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert {r["code"] for r in records} == {"1,2", "1,3", "1,2,3"}
    # subtraction {1, 2, 3}: G(n) = n mod 4.
    assert [(r["period"], r["preperiod"]) for r in records if r["code"] == "1,2,3"] == [(4, 0)]
    assert main(["census", "report", "--db", db, "--csv", "--period-over", "3"]) == 0
    lines = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert lines and all(int(x["period"]) > 3 for x in lines)
    image = tmp_path / "census.png"
    assert main(["census", "report", "--db", db, "--image", str(image), "--open"]) == 0
    assert image.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    "argv",
    [
        ["census", "octal", "--digits", "2", "--upto", "-1"],
        ["census", "octal", "--digits", "0", "--upto", "10"],
        ["census", "octal", "--digits", "2", "--upto", "10", "--workers", "0"],
        ["census", "octal", "--digits", "2", "--upto", "10", "--scheduler", "nowhere"],
        ["census", "subtraction", "--max", "3", "--size", "4", "--upto", "10"],
        ["census", "report", "--db", "/nonexistent/c.sqlite"],
        ["census", "report", "--image", "x.jpg"],
        ["census", "compare", "/nonexistent.csv"],
    ],
)
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if argv[1] in ("report", "compare") and "--db" not in argv:
        Store(tmp_path / "c.sqlite").close()
        argv = [*argv, "--db", str(tmp_path / "c.sqlite")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("zermelo: error: ") and err.count("\n") == 1


# -- damaged databases and tables ---------------------------------------------------------------
def _small_db(path: Path) -> None:
    with Store(path) as s:
        for code in ("0.137", "0.77", "0.6"):
            s.save(("octal", code), 300, compute("octal", code, 300), [_member("octal", code, 8)])


def _cli(*argv: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    cli = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
    got = subprocess.run([sys.executable, "-c", cli, *argv], capture_output=True, text=True, timeout=120)
    return got.returncode, got.stdout, got.stderr


def test_a_damaged_database_is_one_line_exit_2(tmp_path: Path) -> None:
    import contextlib

    db = tmp_path / "c.sqlite"
    _small_db(db)
    assert _cli("census", "report", "--db", str(db))[0] == 0
    whole = db.read_bytes()  # the store is closed: everything is in the main file

    def damage(data: bytes = whole, sql: str = "", *params: object) -> None:
        for extra in ("-wal", "-shm"):
            Path(f"{db}{extra}").unlink(missing_ok=True)
        db.write_bytes(data)
        if sql:
            with contextlib.closing(sqlite3.connect(db)) as c, c:
                c.execute(sql, params)

    page = 4096
    assert len(whole) >= 3 * page
    # Garbage over a b-tree page's cell pointers: SQLite's quick_check finds it on open.
    damage(whole[: 2 * page + 8] + b"\xff" * 64 + whole[2 * page + 72 :])
    status, out, err = _cli("census", "report", "--db", str(db))
    assert (status, out) == (2, "") and err.startswith(f"zermelo: error: census database {db} is damaged (")
    assert err.count("\n") == 1
    # A row edited to hold text where a number belongs, and a truncated values blob.
    damage(whole, "UPDATE results SET period = 'x' WHERE code = '0.77'")
    status, out, err = _cli("census", "report", "--db", str(db))
    assert (status, out) == (2, "")
    assert err == f"zermelo: error: census database {db} is damaged: row octal:0.77 has period = 'x'\n"
    damage(whole)
    with Store(db) as s:
        (blob,) = s.db.execute("SELECT values_blob FROM results WHERE code = '0.137'").fetchone()
    damage(whole, "UPDATE results SET values_blob = ? WHERE code = '0.137'", blob[: len(blob) // 2])
    with (
        Store(db) as s,
        pytest.raises(z.InvalidPosition, match=r"the values of octal:0\.137 are \d+, not the 301 of heaps"),
    ):
        s.values("octal", "0.137", 300)


def test_a_damaged_stored_game_is_refused_when_a_new_census_links_its_codes(tmp_path: Path) -> None:
    """A census of a larger family gives the codes new to it the rows of games already stored
    (`Store.link`).  It read the stored row unchecked: a truncated values blob stopped
    `census octal --digits 3` with "internal error: error: Error -5 while decompressing data", a
    period edited to text with a TypeError.  It reads the row as a report does now."""
    db = tmp_path / "c.sqlite"
    _small_db(db)
    alias = _member("octal", "0.1370", 8)  # the same code as 0.137
    assert (alias.game_code, alias.shift) == ("0.137", 0)
    whole = db.read_bytes()
    with Store(db) as s:
        s.link(("octal", "0.137"), 300, [alias])
        linked, stored = s.values("octal", "0.1370", 300), s.values("octal", "0.137", 300)
    assert linked is not None and stored is not None and linked.tolist() == stored.tolist()
    for sql, message in (
        ("UPDATE results SET values_blob = substr(values_blob, 1, 20) WHERE code = '0.137'", "the values of"),
        ("UPDATE results SET period = 'x' WHERE code = '0.137'", "row octal:0.137 has period = 'x'"),
    ):
        db.write_bytes(whole)
        with contextlib.closing(sqlite3.connect(db)) as c, c:
            c.execute(sql)
        with Store(db) as s, pytest.raises(z.InvalidPosition, match=f"census database .* is damaged: {message}"):
            s.link(("octal", "0.137"), 300, [alias])


def test_census_refuses_a_device_and_compare_reads_no_device(tmp_path: Path) -> None:
    import os
    import stat

    dev = tmp_path / "dev"
    try:
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 5))  # /dev/zero's numbers
    except PermissionError:
        pytest.skip("mknod needs root")
    db = tmp_path / "c.sqlite"
    _small_db(db)
    status, out, err = _cli("census", "compare", str(dev), "--db", str(db))
    assert (status, out) == (2, "")
    assert err == f"zermelo: error: cannot read published table {dev}: it is a character device, not a regular file\n"
    status, out, err = _cli("census", "octal", "--digits", "1", "--upto", "10", "--db", str(dev), "--quiet")
    assert (status, out) == (2, "")
    assert err == f"zermelo: error: cannot write census database {dev}: it is a character device, not a regular file\n"
    assert stat.S_ISCHR(os.lstat(dev).st_mode)


def test_compare_accepts_a_table_with_a_byte_order_mark(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    _small_db(db)
    table = tmp_path / "t.csv"
    table.write_bytes(b"\xef\xbb\xbfcode,period,preperiod\n0.77,12,71\n")  # as a spreadsheet saves it
    status, out, err = _cli("census", "compare", str(table), "--db", str(db))
    assert (status, err) == (0, "") and "0 disagreements" in out


def test_a_damaged_census_checkpoint_is_deleted_and_the_game_started_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ck = tmp_path / "ck.npz"
    ck.write_bytes(b"PK\x03\x04 not a checkpoint")
    result = compute("octal", "0.137", 300, checkpoint=str(ck))
    assert (result["period"] == 34 and not ck.exists()) or ck.stat().st_size > 100
    assert capsys.readouterr().err.startswith(f"zermelo: warning: checkpoint {ck}: not a zermelo .npz file")


def test_a_local_cluster_listens_on_this_machine_only(tmp_path: Path) -> None:
    """Issue 32 item 8: every socket a census's local cluster listens on (scheduler, nannies,
    workers, their HTTP servers) is on 127.0.0.1 — Dask's dashboard listened on 0.0.0.0."""
    import subprocess
    import sys
    import time

    import psutil

    argv = ["census", "octal", "--digits", "1", "--upto", "20", "--workers", "2", "--db", str(tmp_path / "c.db")]
    proc = subprocess.Popen([sys.executable, "-m", "zermelo.cli", *argv, "--quiet"], stderr=subprocess.PIPE, text=True)
    seen: set[tuple[str, int]] = set()
    while proc.poll() is None:  # the sockets of the census and of every process it started
        with contextlib.suppress(psutil.Error):
            top = psutil.Process(proc.pid)
            for p in [top, *top.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    seen |= {tuple(c.laddr) for c in p.net_connections("inet") if c.status == psutil.CONN_LISTEN}
        time.sleep(0.02)
    assert proc.wait() == 0, proc.stderr.read() if proc.stderr else ""
    assert len(seen) >= 4, seen  # a scheduler and two workers were seen listening
    assert {ip for ip, _ in seen} == {"127.0.0.1"}, seen


def test_the_dask_dashboard_is_off_unless_asked() -> None:
    """Without ``--dashboard`` the scheduler's HTTP server answers a health check and nothing that
    lists the workers; with it, the status pages are there (on 127.0.0.1)."""
    import httpx2

    from zermelo.heaps.census.run import dask_cluster, release

    for dashboard, status in ((False, 404), (True, 200)):
        client, cluster, _ = dask_cluster(1, None, processes=True, dashboard=dashboard)
        try:
            link = cluster.dashboard_link.rsplit("/", 1)[0]
            assert link.startswith("http://127.0.0.1:")
            assert httpx2.get(f"{link}/info/main/workers.html", timeout=30).status_code == status
            assert httpx2.get(f"{link}/health", timeout=30).status_code == 200
        finally:
            release(client, cluster, [])


#: Runs the CLI with the listing of an all-but family watched: at its first code, what is loaded
#: already, and then Ctrl-C (the census stops there, nothing computed).
_WATCHED_LISTING = """
import sys
from zermelo.heaps.census import families
real = families.allbut_sets
def watched(top, size=None):
    for code in real(top, size):
        heavy = sorted(m for m in ("numpy", "distributed", "sqlite3") if m in sys.modules)
        print("loaded when the first code is listed:", heavy, file=sys.stderr, flush=True)
        raise KeyboardInterrupt
        yield code
families.allbut_sets = watched
from zermelo.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_first_progress_line_comes_before_the_family_is_listed(tmp_path: Path) -> None:
    """Issue 32 item 6: `census allbut --max 17` printed its first line after 7 s: it listed and
    looked up 131,072 codes, and loaded numpy and Dask, first.  Counted, not timed: in a real
    process the line naming the count is out before the first code is listed and before numpy,
    SQLite or Dask load; Ctrl-C while listing is one line, exit 130."""
    import subprocess
    import sys

    argv = ["census", "allbut", "--max", "17", "--upto", "10", "--db", str(tmp_path / "c.sqlite")]
    got = subprocess.run([sys.executable, "-c", _WATCHED_LISTING, *argv], capture_output=True, text=True, timeout=120)
    assert got.stderr.splitlines() == [
        "census allbut: listing 131,072 codes",
        "loaded when the first code is listed: []",
        f"zermelo: census interrupted while listing the codes; the finished ones are stored in {tmp_path / 'c.sqlite'} "
        "(run again to resume)",
    ], got.stderr
    assert got.returncode == 130


def test_a_big_family_starts_at_once_and_stops_on_ctrl_c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 item 6: `census allbut --max 17` sent all 131,072 games to Dask before the first
    could start (0 done after 60 s, no progress).  Now a few games a worker are in flight: counted
    here (not timed), on all-but games excluding subsets of 1..11 (2,048 games), by the games sent
    when the first one is done; Ctrl-C there stops the run with what is done stored."""
    import distributed

    from zermelo.heaps.census.run import IN_FLIGHT

    sent = [0]
    real = distributed.Client.submit

    def submit(self: distributed.Client, *args: object, **kw: object) -> object:
        sent[0] += 1
        return real(self, *args, **kw)

    monkeypatch.setattr(distributed.Client, "submit", submit)
    at_first: list[int] = []

    def progress(p: object) -> None:
        if getattr(p, "done", 0) >= 1 and not at_first:
            at_first.append(sent[0])
            raise KeyboardInterrupt

    db = tmp_path / "c.sqlite"
    with pytest.raises(KeyboardInterrupt):
        run(members("allbut", top=11), 50, db, workers=1, processes=False, progress=progress)
    assert at_first and at_first[0] <= IN_FLIGHT * 4 + 1, at_first
    with Store(db) as store:
        assert len(list(store.records("upto = ?", (50,)))) >= 1  # the finished game was kept
