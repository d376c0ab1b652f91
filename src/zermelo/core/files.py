"""The one checked opener: every file a command reads or writes goes through this module.

Bottom floor: imports only :mod:`zermelo.core.errors` (numpy and matplotlib are loaded when used).
The rules, for every file zermelo reads or writes (docs/limits.md, "Files"):

* **Reads** open regular files only: a device, a FIFO, a directory or a ``/proc`` file is
  refused in one line (a FIFO is opened without blocking, then looked at), and a file larger than
  the caller's cap is refused before it is read (``/dev/zero`` is never read at all).
* **Writes** are atomic: the bytes go to a temporary file in the same directory, reach the disk
  (``fsync``) and are renamed over the target, so a full disk, a signal or ``kill -9`` leaves the
  old file or the new one, never half a file, and no temporary file behind.  A target that exists
  and is not a regular file (a device, a FIFO, a symbolic link, a directory) is refused: the device
  is still a device afterwards.
* **Checksums**: what zermelo keeps on disk and reads back (checkpoints, caches, books) carries
  the SHA-256 of its content (:func:`write_npz` / :func:`read_npz` in the ``.npz`` file's ZIP
  comment, :func:`checked_json` / :func:`unchecked_json` as a ``sha256`` key), so an edited or
  damaged file is a :class:`BadFile`, never a silent wrong answer.

A file that cannot be read or written is bad input — a missing directory, a read-only place, a
full disk — so it is an :class:`~zermelo.core.errors.InvalidPosition` with one line: exit 2 in the CLI.

>>> str(cannot_write("/no/such/dir/t.png", FileNotFoundError(2, "No such file or directory")))
'cannot write /no/such/dir/t.png: No such file or directory'
>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> write_atomic(os.path.join(d, "a.txt"), "hello\\n", what="output").name
'a.txt'
>>> read_text(os.path.join(d, "a.txt"), what="input", max_bytes=100)
'hello\\n'
>>> read_text("/dev/null", what="table", max_bytes=100)
Traceback (most recent call last):
...
zermelo.core.files.BadFile: cannot read table /dev/null: it is a character device, not a regular file
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import stat
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from .errors import InvalidPosition

if TYPE_CHECKING:  # pathlib is imported where a Path is made: with urllib and ipaddress, 5-12 ms
    from pathlib import Path  # of a short run's CPU (an octal run without numpy: issue 31)

__all__ = [
    "CACHE_ENV",
    "BadFile",
    "cache_dir",
    "cache_root",
    "cannot_read",
    "cannot_write",
    "check_output",
    "check_target",
    "checked_json",
    "ignored",
    "kind_of",
    "only_mine",
    "read_bytes",
    "read_npz",
    "read_text",
    "save_figure",
    "unchecked_json",
    "write_atomic",
    "write_npz",
]

#: Environment variable naming the cache directory (tests point it at a temporary one).
CACHE_ENV = "ZERMELO_CACHE_DIR"


def only_mine(path: str | os.PathLike[str]) -> bool:
    """Whether only this user (or root) can write in the folder ``path`` (False if it is not one):
    where code may be cached (numba's kernels, :mod:`zermelo.core.aot`'s extensions)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid in (os.geteuid(), 0) and not st.st_mode & 0o022


def cache_dir() -> Path:
    """Where zermelo keeps what it computed once (proven periods, misère quotients, Connect Four
    books): ``$ZERMELO_CACHE_DIR``, else ``$XDG_CACHE_HOME/zermelo``, else ``~/.cache/zermelo``;
    each kind in its own folder below it."""
    from pathlib import Path

    return Path(cache_root())


def cache_root() -> str:
    """:func:`cache_dir` as a string, without pathlib."""
    mine = os.environ.get(CACHE_ENV)
    if mine:
        return mine
    xdg = os.environ.get("XDG_CACHE_HOME")
    return os.path.join(xdg or os.path.join(os.path.expanduser("~"), ".cache"), "zermelo")


#: The ZIP comment that carries an ``.npz`` file's checksum: this prefix, then 64 hex digits.
NPZ_TAG = b"zermelo-sha256 "
#: A ZIP's fixed member date (1980-01-01): the same arrays give the same bytes (``make books``).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BadFile(InvalidPosition):
    """A file that cannot be read as what it should be: not a regular file, too large, not the
    format, or its checksum does not match.  A cache treats it as missing (and says so); a file
    named on the command line is refused (exit 2)."""


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words.

    >>> kind_of(stat.S_IFCHR), kind_of(stat.S_IFIFO), kind_of(stat.S_IFDIR)
    ('a character device', 'a FIFO', 'a directory')
    """
    for test, name in (
        (stat.S_ISREG, "a regular file"),
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _named(path: str | os.PathLike[str], what: str) -> str:
    return f"{what} {os.fspath(path)}" if what else str(os.fspath(path))


def cannot_write(path: str | os.PathLike[str], exc: OSError, what: str = "") -> InvalidPosition:
    """The one-line error for ``path`` that could not be written (``what``: ``checkpoint``, …)."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        reason = "no space left on the device"
    return InvalidPosition(f"cannot write {_named(path, what)}: {reason}")


def cannot_read(path: str | os.PathLike[str], reason: str, what: str = "") -> BadFile:
    """The one-line error for ``path`` that could not be read."""
    return BadFile(f"cannot read {_named(path, what)}: {reason}")


# ---------------------------------------------------------------------------------------- reads
def _open_regular(path: str | os.PathLike[str], what: str, max_bytes: int) -> tuple[int, int]:
    """``(fd, size)`` of a regular file of at most ``max_bytes``; :class:`BadFile` otherwise.

    ``O_NONBLOCK`` so that a FIFO with no writer does not block the open; ``fstat`` on what was
    opened (not the name) decides, so nothing can be swapped in between.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise cannot_read(path, exc.strerror or str(exc), what) from None
    except ValueError:  # a NUL byte in the name
        raise cannot_read(path, "not a file name", what) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise cannot_read(path, f"it is {kind_of(st.st_mode)}, not a regular file", what)
        if st.st_size > max_bytes:
            raise cannot_read(path, f"it is larger than {_size(max_bytes)} ({_size(st.st_size)})", what)
    except BaseException:
        os.close(fd)
        raise
    return fd, st.st_size


def _size(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):,.1f} {unit}".replace(".0 ", " ")
    return f"{n:,} bytes"


def read_bytes(path: str | os.PathLike[str], *, what: str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (else a one-line :class:`BadFile`).

    A file whose size is not what ``fstat`` says (``/proc`` and ``/sys`` files say 0) is refused
    too: it is no plain file on a disk.
    """
    fd, size = _open_regular(path, what, max_bytes)
    try:
        with os.fdopen(fd, "rb", closefd=False) as f:
            # One byte past the size fstat gave (at most max_bytes): a read of max_bytes + 1
            # reserves that much memory first (4 GiB for a checkpoint of a few kilobytes, a
            # MemoryError under an address-space cap such as the web workers').
            data = f.read(size + 1)
    except OSError as exc:
        raise cannot_read(path, exc.strerror or str(exc), what) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise cannot_read(path, f"it is larger than {_size(max_bytes)}", what)
    if len(data) != size:
        raise cannot_read(path, "its size changed while it was read (a /proc file, or one being written)", what)
    return data


def read_text(path: str | os.PathLike[str], *, what: str, max_bytes: int) -> str:
    """The UTF-8 text of a regular file (a leading byte-order mark is dropped, as spreadsheets write
    one); not UTF-8 is a one-line :class:`BadFile`."""
    data = read_bytes(path, what=what, max_bytes=max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise cannot_read(path, f"it is not UTF-8 text (byte {exc.start + 1})", what) from None


# --------------------------------------------------------------------------------------- writes
def check_target(path: str | os.PathLike[str], what: str) -> None:
    """Refuse an output path that exists and is not a regular file (a device, a FIFO, a symbolic
    link, a directory): writing would replace it.  A missing path is fine."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise cannot_write(path, exc, what) from None
    except ValueError:
        raise InvalidPosition(f"cannot write {_named(path, what)}: not a file name") from None
    if not stat.S_ISREG(st.st_mode):
        raise InvalidPosition(f"cannot write {_named(path, what)}: it is {kind_of(st.st_mode)}, not a regular file")


def check_output(path: str | os.PathLike[str], what: str) -> None:
    """:func:`check_target`, and the folder must exist: a command's output file (``--out``,
    ``--image``) checked before its work, so a FIFO or a missing folder is not found after it."""
    check_target(path, what)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise cannot_write(path, FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), folder), what)


def write_atomic(path: str | os.PathLike[str], data: bytes | str | Callable[[IO[bytes]], None], *, what: str) -> Path:
    """Write ``data`` (bytes, text as UTF-8, or a function writing to a binary file) to ``path``
    atomically: a temporary file beside it, ``fsync``, rename.  Refuses a target that is not a
    regular file (:func:`check_target`); any failure is :func:`cannot_write` and leaves no file
    behind (the old one, if any, is untouched)."""
    from pathlib import Path

    out = Path(path)
    check_target(out, what)
    payload = data.encode() if isinstance(data, str) else data
    tmp: str | None = None
    import tempfile  # here, not at the top: a run that writes nothing does not pay for it

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name[:100]}.", suffix=".tmp", dir=out.parent)
        with os.fdopen(fd, "wb") as f:
            if callable(payload):
                payload(f)
            else:
                f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # what open() would have made, not mkstemp's 0600
        check_target(out, what)  # still nothing but a regular file there
        os.replace(tmp, out)
        tmp = None
        with contextlib.suppress(OSError):  # the rename itself reaches the disk (not on every OS)
            dfd = os.open(out.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
    except OSError as exc:
        raise cannot_write(out, exc, what) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return out


def save_figure(fig: Any, path: str | Path, *, format: str | None = None) -> Path:
    """Save a matplotlib figure to ``path`` (atomically, :func:`write_atomic`) and close it.

    ``format`` (``"png"``, ``"svg"``) is given when the file name's extension must not decide it.
    The figure is closed in pyplot when pyplot is loaded (a figure pyplot made stays in its
    registry until closed); a figure made without pyplot needs nothing more.
    """
    try:
        check_target(path, "figure")  # before the drawing: refused at once
        kind = format or os.path.splitext(path)[1].lstrip(".").lower() or "png"
        buf = io.BytesIO()
        fig.savefig(buf, format=kind)
    except InvalidPosition:
        raise
    except ValueError as exc:  # matplotlib: an unknown format
        raise InvalidPosition(f"cannot write figure {path}: {exc}") from None
    finally:
        pyplot = sys.modules.get("matplotlib.pyplot")
        if pyplot is not None:
            pyplot.close(fig)
    return write_atomic(path, buf.getvalue(), what="figure")


def ignored(exc: BadFile, then: str) -> None:
    """Say in one line on stderr that a cache file was bad and is not used (``then``: what is
    done instead).  A cache is only a speed-up: the answer is computed again, right."""
    print(f"zermelo: warning: {' '.join(str(exc).split())}; {then}", file=sys.stderr)


# ------------------------------------------------------------------------------------ checksums
def _canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def checked_json(obj: dict[str, Any]) -> str:
    """``obj`` as JSON text with a ``sha256`` key: the checksum of the rest.

    >>> checked_json({"a": 1})
    '{"a":1,"sha256":"015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"}'
    """
    import hashlib  # here, not at the top: OpenSSL's load is 4 ms of every short command

    return json.dumps({**obj, "sha256": hashlib.sha256(_canonical(obj)).hexdigest()}, separators=(",", ":"))


def unchecked_json(text: str, path: str | os.PathLike[str], what: str) -> dict[str, Any]:
    """The object :func:`checked_json` wrote, its checksum checked; :class:`BadFile` otherwise.

    >>> unchecked_json(checked_json({"a": 1}), "f.json", "cache")
    {'a': 1}
    >>> edited = checked_json({"a": 1}).replace('"a":1', '"a":2')
    >>> unchecked_json(edited, "f.json", "cache")
    Traceback (most recent call last):
    ...
    zermelo.core.files.BadFile: cache f.json: its checksum does not match its content (edited or damaged)
    """
    try:
        obj = json.loads(text)
    except ValueError as exc:
        raise BadFile(f"{_named(path, what)}: not JSON ({exc})") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("sha256"), str):
        raise BadFile(f"{_named(path, what)}: no checksum (not written by this zermelo)")
    import hashlib

    digest = obj.pop("sha256")
    if hashlib.sha256(_canonical(obj)).hexdigest() != digest:
        raise BadFile(f"{_named(path, what)}: its checksum does not match its content (edited or damaged)")
    return obj


def write_npz(path: str | os.PathLike[str], arrays: dict[str, Any], *, what: str) -> Path:
    """Write numpy arrays as an ``.npz`` file (``numpy.load`` reads it) atomically, with the SHA-256
    of its members in the ZIP comment and a fixed date, so the same arrays give the same bytes."""
    import hashlib
    import zipfile  # with bz2 and lzma, 13 ms: only where a ZIP is written or read

    import numpy as np

    buf = io.BytesIO()
    digest = hashlib.sha256()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for name, value in arrays.items():
            member = io.BytesIO()
            np.lib.format.write_array(member, np.asanyarray(value), allow_pickle=False)
            body = member.getvalue()
            info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            zf.writestr(info, body)
            digest.update(_member_key(f"{name}.npy", body))
        zf.comment = NPZ_TAG + digest.hexdigest().encode()
    return write_atomic(path, buf.getvalue(), what=what)


def _member_key(name: str, body: bytes) -> bytes:
    return name.encode() + b"\0" + len(body).to_bytes(8, "little") + body


def _array(body: bytes, named: str) -> Any:
    """The array of one ``.npy`` member whose header's shape and type fit its size exactly: numpy
    allocates what a header says before it reads, so a crafted header of shape (10**12,) over a
    few bytes was a MemoryError, not a bad file (ValueError from numpy's reader is caught above)."""
    import numpy as np

    fmt = np.lib.format
    member = io.BytesIO(body)
    version = fmt.read_magic(member)
    header = fmt.read_array_header_1_0 if version == (1, 0) else fmt.read_array_header_2_0
    shape, _, dtype = header(member)
    count = 1
    for n in shape:
        count *= n
    if dtype.hasobject or count * dtype.itemsize != len(body) - member.tell():
        raise BadFile(f"{named}: its header does not fit its size")
    member.seek(0)
    return fmt.read_array(member, allow_pickle=False)


def read_npz(path: str | os.PathLike[str], *, what: str, max_bytes: int) -> dict[str, Any]:
    """The arrays of a :func:`write_npz` file, its checksum checked (no pickles, no compressed
    members); :class:`BadFile` in one line for anything else."""
    import hashlib
    import zipfile

    data = read_bytes(path, what=what, max_bytes=max_bytes)
    named = _named(path, what)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            comment = zf.comment
            if not comment.startswith(NPZ_TAG):
                raise BadFile(f"{named}: no checksum (not written by this zermelo, or edited)")
            digest = hashlib.sha256()
            out: dict[str, Any] = {}
            for info in zf.infolist():
                if info.compress_type != zipfile.ZIP_STORED or not info.filename.endswith(".npy"):
                    raise BadFile(f"{named}: member {info.filename!r} is not a stored numpy array")
                body = zf.read(info)
                digest.update(_member_key(info.filename, body))
                out[info.filename[:-4]] = _array(body, f"{named}: member {info.filename!r}")
    except BadFile:
        raise
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, KeyError) as exc:
        raise BadFile(f"{named}: not a zermelo .npz file ({' '.join(str(exc).split())})") from None
    if comment[len(NPZ_TAG) :] != digest.hexdigest().encode():
        raise BadFile(f"{named}: its checksum does not match its content (edited or damaged)")
    return out
