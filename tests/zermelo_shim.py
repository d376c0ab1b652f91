"""The ``zermelo`` that bash finds first on PATH when the documentation's examples run
(tests/test_docs.py): a tiny client of the warm ``zermelo`` process (tests/warm_cli.py).

It sends the warm process its arguments, folder and environment, and its standard input, output
and error themselves (the open file descriptors, passed over a Unix socket with ``SCM_RIGHTS``);
the warm process forks a child that runs ``zermelo`` on those very files, and sends back how the
child ended; the shim exits the same way (the status, or killed by the same signal).  So a pipe
into or out of ``zermelo``, ``; echo $?`` and ``isatty`` see what the real console script gives,
for ~20 ms of CPU instead of a new interpreter importing numpy, numba and rich (~1 s).

It runs as ``python -I -S`` and imports only built-in modules (no ``socket``, ``json`` or
``signal``, which import ``enum``, ``re``...).  ``call`` is also the test process's own client for
a plain ``zermelo ARGS`` line, so there is one protocol:

    request  4 bytes: the payload's length (little-endian), with the descriptors as ancillary data;
             the payload: fields joined by NUL: the standard streams sent (b"012" for 0, 1 and 2,
             in the order of the descriptors), the folder, the number of arguments, the
             arguments, then ``NAME=VALUE`` for each environment variable;
    reply    4 bytes: the child's exit code as ``os.waitstatus_to_exitcode`` gives it
             (negative: killed by that signal).

Closing the connection before the reply (the shim killed, a timeout) kills the child.
"""

from __future__ import annotations

import _socket
import posix  # not os: under -S nothing has imported it, and it imports more
import sys

_INT = 4


def request(cwd: str, argv: list[str], env: dict[bytes, bytes], streams: bytes) -> bytes:
    """The payload of a request (the module's docstring)."""
    fields = [streams, _fsencode(cwd), b"%d" % len(argv), *map(_fsencode, argv)]
    fields += [name + b"=" + value for name, value in env.items()]
    return b"\0".join(fields)


def call(
    path: str,
    cwd: str,
    argv: list[str],
    env: dict[bytes, bytes],
    fds: dict[int, int],
    timeout: float | None = None,
) -> int:
    """Run ``zermelo *argv`` in the warm process listening at ``path``, with ``fds`` (the
    descriptor of each standard stream 0, 1, 2 it has) as its standard streams; its exit code
    (negative: the signal that killed it).  Past ``timeout`` seconds the child is killed, then
    :class:`TimeoutError` raised."""
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.connect(path)
        payload = request(cwd, argv, env, b"".join(b"%d" % target for target in fds))
        rights = b"".join(fd.to_bytes(_INT, sys.byteorder) for fd in fds.values())
        sock.sendmsg([len(payload).to_bytes(_INT, "little")], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])
        sock.sendall(payload)
        sock.settimeout(timeout)
        try:
            reply = _receive(sock)
        except TimeoutError:
            sock.settimeout(None)
            sock.shutdown(_socket.SHUT_WR)  # the warm process kills the child, then replies
            _receive(sock)
            raise
        return int.from_bytes(reply, "little", signed=True)
    finally:
        sock.close()


def _fsencode(text: str) -> bytes:
    return text.encode(sys.getfilesystemencoding(), "surrogateescape")


def _receive(sock: _socket.socket) -> bytes:
    reply = b""
    while len(reply) < _INT:
        more = sock.recv(_INT - len(reply))
        if not more:
            raise ConnectionError("the warm zermelo process closed the connection")
        reply += more
    return reply


def _is_open(fd: int) -> bool:
    try:
        posix.fstat(fd)
    except OSError:
        return False
    return True


def main(path: str) -> None:
    """Be ``zermelo``: run it warm on this process's arguments, folder, environment and standard
    streams, and end as it ended."""
    try:
        code = call(path, posix.getcwd(), sys.argv[1:], posix.environ, {fd: fd for fd in (0, 1, 2) if _is_open(fd)})
    except OSError as error:
        posix.write(2, f"zermelo (warm shim): {error}\n".encode())
        posix._exit(127)
    if code < 0:  # killed by signal -code: so is the shim, so that the shell reports it as it would
        import _signal

        if -code not in (_signal.SIGKILL, _signal.SIGSTOP):  # whose action cannot be set
            _signal.signal(-code, _signal.SIG_DFL)
        posix.kill(posix.getpid(), -code)
        code = 128 - code
    posix._exit(code)
