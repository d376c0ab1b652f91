"""The one checked opener: regular files only, atomic writes, size caps, checksums — tried on real
devices (``mknod``), FIFOs, symbolic links, directories, ``/proc`` and a full ``tmpfs``."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import numpy as np
import pytest

from zermelo.core.errors import InvalidPosition
from zermelo.core.files import (
    BadFile,
    checked_json,
    read_bytes,
    read_npz,
    read_text,
    unchecked_json,
    write_atomic,
    write_npz,
)


@pytest.fixture
def device(tmp_path: Path) -> Path:
    """A character device (the same numbers as /dev/null) in a temporary directory."""
    path = tmp_path / "dev"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("mknod needs root")
    return path


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def test_reads_refuse_what_is_not_a_regular_file(tmp_path: Path, device: Path, fifo: Path) -> None:
    with pytest.raises(BadFile, match="it is a character device, not a regular file"):
        read_bytes(device, what="table", max_bytes=100)
    with pytest.raises(BadFile, match="it is a directory"):
        read_bytes(tmp_path, what="table", max_bytes=100)
    with pytest.raises(BadFile, match="No such file"):
        read_bytes(tmp_path / "missing", what="table", max_bytes=100)
    # A FIFO with no writer: refused at once, not a blocked open (a thread would hang forever).
    done: list[BaseException] = []

    def go() -> None:
        try:
            read_bytes(fifo, what="table", max_bytes=100)
        except BaseException as exc:
            done.append(exc)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(timeout=30)
    assert done and isinstance(done[0], BadFile) and "a FIFO" in str(done[0])
    with pytest.raises(BadFile, match="size changed"):
        read_bytes("/proc/self/status", what="table", max_bytes=1 << 20)
    with pytest.raises(BadFile, match="character device"):
        read_bytes("/dev/zero", what="table", max_bytes=1 << 20)


def test_reads_are_capped_and_text_is_utf8_with_or_without_a_bom(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(BadFile, match="larger than 1,000 bytes"):
        read_bytes(big, what="table", max_bytes=1000)
    assert read_bytes(big, what="table", max_bytes=1001) == b"x" * 1001
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbfcode,period\n")
    assert read_text(bom, what="table", max_bytes=100) == "code,period\n"
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"caf\xe9")
    with pytest.raises(BadFile, match=r"not UTF-8 text \(byte 4\)"):
        read_text(latin, what="table", max_bytes=100)


def test_writes_refuse_devices_fifos_symlinks_and_directories(tmp_path: Path, device: Path, fifo: Path) -> None:
    link = tmp_path / "link"
    target = tmp_path / "target"
    target.write_text("kept")
    link.symlink_to(target)
    kinds = {device: "a character device", fifo: "a FIFO", link: "a symbolic link", tmp_path: "a directory"}
    for path, kind in kinds.items():
        with pytest.raises(InvalidPosition, match=f"cannot write out {path}: it is {kind}, not a regular file"):
            write_atomic(path, b"data", what="out")
    assert stat.S_ISCHR(os.lstat(device).st_mode) and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert link.is_symlink() and target.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dev", "fifo", "link", "target"]  # no temporary left


def test_a_write_replaces_atomically_and_a_failed_one_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    write_atomic(path, "old", what="out")
    assert path.read_text() == "old" and oct(path.stat().st_mode & 0o777) == oct(0o666 & ~_umask())

    def half(f: object) -> None:
        f.write(b"half")  # type: ignore[attr-defined]
        raise KeyboardInterrupt  # a signal in the middle of writing

    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, half, what="out")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    with pytest.raises(InvalidPosition, match=r"cannot write out .*No such file or directory"):
        write_atomic(tmp_path / "no" / "out.txt", "x", what="out")


def test_a_full_disk_is_one_line_and_leaves_no_partial_file(tiny_disk: Path) -> None:
    path = tiny_disk / "big.bin"
    write_atomic(path, b"small", what="out")
    with pytest.raises(InvalidPosition, match=r"cannot write out .*: no space left on the device"):
        write_atomic(path, b"x" * (1 << 20), what="out")
    assert path.read_bytes() == b"small" and [p.name for p in tiny_disk.iterdir()] == ["big.bin"]


def test_a_read_only_place_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(InvalidPosition, match="cannot write out /proc/zermelo-test"):
        write_atomic("/proc/zermelo-test", b"x", what="out")


def test_json_and_npz_checksums_catch_an_edit(tmp_path: Path) -> None:
    text = checked_json({"values": [0, 1, 2]})
    assert unchecked_json(text, "f", "cache") == {"values": [0, 1, 2]}
    with pytest.raises(BadFile, match="checksum does not match"):
        unchecked_json(text.replace("[0,1,2]", "[0,1,3]"), "f", "cache")
    with pytest.raises(BadFile, match="no checksum"):
        unchecked_json('{"values": [0]}', "f", "cache")
    path = tmp_path / "a.npz"
    write_npz(path, {"keys": np.arange(5, dtype=np.uint64), "w": np.int64(7)}, what="book")
    got = read_npz(path, what="book", max_bytes=1 << 20)
    assert got["keys"].tolist() == [0, 1, 2, 3, 4] and int(got["w"]) == 7
    with np.load(path) as plain:  # still an ordinary .npz
        assert plain["keys"].tolist() == [0, 1, 2, 3, 4]
    first = path.read_bytes()
    write_npz(path, {"keys": np.arange(5, dtype=np.uint64), "w": np.int64(7)}, what="book")
    assert path.read_bytes() == first  # byte for byte: no time stamp inside
    data = bytearray(first)
    at = data.index(np.arange(5, dtype=np.uint64).tobytes()) + 8
    data[at] ^= 1  # one flipped bit in an array
    path.write_bytes(bytes(data))
    with pytest.raises(BadFile, match=r"book .*a.npz"):
        read_npz(path, what="book", max_bytes=1 << 20)
    path.write_bytes(first[: len(first) // 2])  # truncated
    with pytest.raises(BadFile, match=r"not a zermelo .npz file"):
        read_npz(path, what="book", max_bytes=1 << 20)
    np.savez(path, keys=np.arange(5))  # numpy's own: no checksum
    with pytest.raises(BadFile, match="no checksum"):
        read_npz(path, what="book", max_bytes=1 << 20)


def test_a_read_reserves_the_file_not_the_cap_and_an_npz_header_must_fit_its_member(tmp_path: Path) -> None:
    """A read reserved its cap first (4 GiB for a checkpoint of a few kilobytes: a MemoryError
    under an address-space cap); an .npz member's header claiming 2**40 numbers over 8 bytes, its
    checksum made again, made numpy allocate them: one line now, before any allocation."""
    import hashlib
    import io
    import zipfile

    small = tmp_path / "small"
    small.write_bytes(b"abc")
    assert read_bytes(small, what="table", max_bytes=2**62) == b"abc"
    member = io.BytesIO()
    np.lib.format.write_array(member, np.arange(1, dtype=np.int64))
    body = member.getvalue().replace(b"(1,), }" + b" " * 12, b"(1099511627776,), }", 1)  # padding kept
    assert len(body) == len(member.getvalue()) and b"(1099511627776,)" in body
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("values.npy", body)
        key = b"values.npy\0" + len(body).to_bytes(8, "little") + body
        zf.comment = b"zermelo-sha256 " + hashlib.sha256(key).hexdigest().encode()
    crafted = tmp_path / "c.npz"
    crafted.write_bytes(buf.getvalue())
    with pytest.raises(BadFile, match=r"member 'values.npy': its header does not fit its size"):
        read_npz(crafted, what="checkpoint", max_bytes=1 << 20)


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


@pytest.mark.parametrize(
    ("argv", "work", "what"),
    [
        (
            ["sequence", "kayles", "--upto", "10", "--out", "{fifo}"],
            "zermelo.commands.sequence._sequence",
            "values file",
        ),
        (
            ["sequence", "kayles", "--upto", "10", "--plot", "{missing}"],
            "zermelo.commands.sequence._sequence",
            "figure",
        ),
        (["table", "nim", "--size", "3", "--image", "{fifo}"], "zermelo.commands.table.table", "figure"),
        (
            ["value", "domineering", "..|..", "--thermograph", "{missing}"],
            "zermelo.commands.value.value_facts",
            "figure",
        ),
        (
            ["negamax", "connect4:4x4", "", "--trace", "--svg", "{fifo}"],
            "zermelo.analyses.trace_text.alphabeta_trace",
            "drawing",
        ),
    ],
)
def test_commands_check_their_outputs_before_their_work(
    tmp_path: Path,
    fifo: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    work: str,
    what: str,
) -> None:
    """Issue 32 item 3: `sequence --out FIFO` (or into a missing folder) was refused only after the
    whole computation.  Now the path is checked first: the work is never started."""
    from zermelo.cli import main

    def never(*args: object, **kw: object) -> None:
        raise AssertionError("the work started before its output was checked")

    monkeypatch.setattr(work, never)
    missing = tmp_path / "no" / "out.png"
    argv = [w.format(fifo=fifo, missing=missing) for w in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"zermelo: error: cannot write {what} ") and err.count("\n") == 1, err
    assert ("a FIFO" in err) != ("No such file or directory" in err), err
