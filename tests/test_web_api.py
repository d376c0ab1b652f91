"""The web explorer's JSON API, over real HTTP against a running `zermelo serve`."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import random
import socket
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
import pytest

from web_server import running_server
from zermelo.cli import main
from zermelo.web.api import overtime
from zermelo.web.app import CAP


@pytest.fixture(scope="module")
def client() -> Iterator[httpx2.Client]:
    with running_server() as base, httpx2.Client(base_url=base, timeout=30.0) as c:
        yield c


def get(client: httpx2.Client, path: str, **params: Any) -> tuple[int, Any]:
    r = client.get(path, params=params)
    assert r.headers["content-type"].startswith("application/json"), r.text[:200]
    return r.status_code, r.json()


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_games_lists_every_registered_game_with_a_runnable_example(client: httpx2.Client) -> None:
    status, games = get(client, "/api/games")
    assert status == 200
    names = {g["name"] for g in games}
    assert {"nim", "wythoff", "subtraction", "square", "digraph"} <= names
    for g in games:
        assert g["spec"].split(":")[0] == g["name"]
        if g["kind"] == "impartial":
            s, body = get(client, "/api/solve", game=g["spec"], position=g["position"])
            assert s == 200, body
            assert body["outcome"] in ("P", "N", "DRAW")


@pytest.mark.parametrize(
    ("game", "position", "misere"),
    [
        ("nim", "3 4 5", False),
        ("nim", "1 1 1", True),
        ("wythoff", "26 34", False),
        ("subtraction:1,3,4", "22", False),
        ("square", "17", True),
        ("digraph:a->b, b->a, b->c", "a", False),
    ],
)
def test_solve_is_exactly_the_cli_json(
    client: httpx2.Client, capsys: pytest.CaptureFixture[str], game: str, position: str, misere: bool
) -> None:
    status, body = get(client, "/api/solve", game=game, position=position, misere="1" if misere else "0")
    assert status == 200
    expected = cli_json(capsys, "solve", game, *position.split(), "--json", *(["--misere"] if misere else []))
    assert body == expected


def test_a_misere_heap_game_is_answered_from_its_quotient(client: httpx2.Client) -> None:
    # 30 35 40 of Kayles is past the search budget: the quotient (order 40) answers, and says how
    status, body = get(client, "/api/solve", game="kayles", position="30 35 40", misere="1")
    assert status == 200 and body["outcome"] == "N"
    q = body["misere_quotient"]
    assert q["order"] == 40 and len(q["p_portion"]) == 9
    assert [h["heap"] for h in q["heaps"]] == [30, 35, 40]
    assert (q["position"] in q["p_portion"]) == (body["outcome"] == "P")
    status, body = get(client, "/api/solve", game="kayles", position="30 35 40", misere="0")
    assert status == 200 and "misere_quotient" not in body


def test_moves_are_classified_for_the_mover(client: httpx2.Client) -> None:
    status, body = get(client, "/api/moves", game="nim", position="3 4 5")
    assert status == 200
    assert body["value"] == "win" and body["remoteness"] == 11 and body["grundy"] == 2
    assert body["heaps"] == [3, 4, 5] and body["exact"] and not body["over"]
    wins = [m for m in body["moves"] if m["value"] == "win"]
    assert [(m["position"], m["grundy"], m["describe"]) for m in wins] == [("1 4 5", 0, "win in 11")]
    assert all(m["value"] == "lose" and m["grundy"] != 0 for m in body["moves"] if m not in wins)
    status, body = get(client, "/api/moves", game="nim", position="0 0")
    assert status == 200 and body["over"] and body["moves"] == [] and body["value"] == "lose"
    status, body = get(client, "/api/moves", game="nim", position="0", misere="true")
    assert status == 200 and body["over"] and body["value"] == "win"
    status, body = get(client, "/api/moves", game="digraph:a->b, b->a, b->c, c->d, a->e, e->f", position="a")
    assert body["value"] == "draw" and {m["position"]: m["value"] for m in body["moves"]} == {"b": "draw", "e": "lose"}


def test_huge_nim_is_classified_by_bouton_and_its_remoteness_formula(client: httpx2.Client) -> None:
    status, body = get(client, "/api/moves", game="nim", position="1000 1000 1000")
    assert status == 200 and not body["exact"] and body["remoteness"] == 1 + 2000
    assert [m["position"] for m in body["moves"] if m["value"] == "win"] == [
        "0 1000 1000",
        "1000 0 1000",
        "1000 1000 0",
    ]


def test_a_60_digit_heap_is_played_by_typing(client: httpx2.Client) -> None:
    # Play refused the heap ("too many moves to list"): a few moves stand for all, any is typed.
    big = "1" + "0" * 59
    status, body = get(client, "/api/moves", game="nim", position=f"{big} 7")
    assert status == 200 and not body["listed"] and body["remoteness"] == 15 and len(body["moves"]) == 5
    status, found = get(client, "/api/find", game="nim", position=f"{big} 7", move="take 20 from heap 1")
    assert status == 200 and found["move"]["position"] == f"{10**59 - 20} 7"
    assert found["move"]["describe"] == "lose in 16"
    status, found = get(client, "/api/find", game="nim", position=big, move="take all")
    assert status == 200 and found["move"]["position"] == "0" and found["move"]["describe"] == "win in 1"
    status, reply = get(client, "/api/play", game="nim", position=f"{big} 7")
    assert status == 200 and reply["move"]["position"] == "7 7" and reply["after"]["remoteness"] == 14


def test_the_computer_plays_the_fastest_win(client: httpx2.Client) -> None:
    status, body = get(client, "/api/play", game="wythoff", position="4 6")
    assert status == 200
    assert body["move"]["value"] == "win" and body["move"]["position"] == "3 5"
    after = body["after"]
    assert after["position"] == "3 5" and after["value"] == "lose"
    _, again = get(client, "/api/play", game="nim", position="5 6 7", skill="0", seed="42")
    _, same = get(client, "/api/play", game="nim", position="5 6 7", skill="0", seed="42")
    assert again == same  # a seeded random player is reproducible


def test_partisan_moves_carry_their_values(client: httpx2.Client) -> None:
    status, body = get(client, "/api/moves", game="domineering", position="...|...", turn="left")
    assert status == 200, body
    assert body["partisan"] and body["turn"] == "left" and body["value"] == "win"
    assert body["game_value"] == "{2|-1/2}" and body["outcome"] == "N" and body["remoteness"] == 1
    assert body["grid"] == ["...", "..."] and body["heaps"] is None
    assert [(m["move"], m["value"], m["game_value"], m["outcome"]) for m in body["moves"]] == [
        ("a1-a2", "lose", "±1", "N"),
        ("b1-b2", "win", "2", "L"),
        ("c1-c2", "lose", "±1", "N"),
    ]
    assert body["moves"][1]["describe"] == "win in 1, value 2"
    assert body["moves"][1]["why"] == "it leaves 2 > 0: Left wins whoever moves next"
    status, body = get(client, "/api/play", game="domineering", position="...|...", turn="left", seed="1")
    assert status == 200 and body["move"]["move"] == "b1-b2"  # the only winning move
    after = body["after"]
    assert after["turn"] == "right" and after["value"] == "lose" and after["game_value"] == "2"
    _, nim = get(client, "/api/moves", game="nim", position="1 2")
    assert not nim["partisan"] and nim["turn"] is None and all(m["game_value"] is None for m in nim["moves"])


@pytest.mark.parametrize(
    ("game", "position", "value", "outcome", "mean", "temperature"),
    [
        ("domineering", "..|..", "±1", "N", "0", "1"),
        ("domineering", "...|...", "{2|-1/2}", "N", "3/4", "5/4"),
        ("hackenbush", "BRR", "1/4", "L", "1/4", "-1/4"),
        ("toads", "TT..FF", "*", "N", "0", "0"),
        ("nim", "1 2", "*3", "N", "0", "0"),  # impartial: a nimber
    ],
)
def test_value_is_exactly_the_cli_json(
    client: httpx2.Client,
    capsys: pytest.CaptureFixture[str],
    game: str,
    position: str,
    value: str,
    outcome: str,
    mean: str,
    temperature: str,
) -> None:
    status, body = get(client, "/api/value", game=game, position=position)
    assert status == 200, body
    assert (body["value"], body["outcome"], body["mean"], body["temperature"]) == (value, outcome, mean, temperature)
    words = position.split() if game == "nim" else [position]
    assert body == cli_json(capsys, "value", game, *words, "--json")


def test_value_facts_of_known_positions(client: httpx2.Client) -> None:
    _, hot = get(client, "/api/value", game="domineering", position="...|...")
    assert (hot["left_stop"], hot["right_stop"], hot["birthday"], hot["reduced"]) == ("2", "-1/2", 3, "{2|-1/2}")
    assert hot["atomic_weight"] is None and hot["thermograph"]["mast"] == "3/4"
    _, stalk = get(client, "/api/value", game="hackenbush", position="BRR")
    assert stalk["is_number"] and stalk["winner"] == "left" and stalk["birthday"] == 3
    _, small = get(client, "/api/value", game="nim", position="1 2")
    assert small["all_small"] and small["atomic_weight"] == "0" and small["reduced"] == "0"


def test_a_loopy_value_has_its_sides_and_a_small_games_graph(
    client: httpx2.Client, capsys: pytest.CaptureFixture[str]
) -> None:
    """A loopy position's value panel: the object of ``zermelo value --json`` (its value, outcome
    with draws, sides), marked ``loopy``, with the game graph when it is small."""
    status, sided = get(client, "/api/value", game="backsliding", position="FF.TT.")
    assert status == 200, sided
    assert sided["loopy"] and not sided["stopper"] and sided["cgsuite"] == "on & +-on"
    assert (sided["onside"], sided["offside"], sided["outcome"]) == ("on", "+-on", "NHat")
    graph = sided["graph"]
    assert len(graph["positions"]) == len(graph["left"]) == len(graph["right"]) == sided["graph_size"] == 15
    assert graph["positions"][0] == "FF.TT."
    every = range(sided["graph_size"])
    assert all(w in every for moves in (*graph["left"], *graph["right"]) for w in moves)
    cli = cli_json(capsys, "value", "backsliding", "FF.TT.", "--json")
    assert {k: v for k, v in sided.items() if k not in ("loopy", "graph")} == {
        k: v for k, v in cli.items() if k != "graph"
    }
    _, big = get(client, "/api/value", game="backsliding", position="TT..FF")
    assert big["stopper"] and big["cgsuite"] == "*" and big["graph"] is None and big["graph_size"] == 90


def test_thermograph_is_a_png(client: httpx2.Client) -> None:
    r = client.get("/api/thermograph.png", params={"game": "domineering", "position": "...|..."})
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content.startswith(b"\x89PNG\r\n\x1a\n") and len(r.content) > 5_000
    status, body = get(client, "/api/thermograph.png", game="domineering", position="..|.q")
    assert status == 400 and "unexpected 'q'" in body["error"]


@pytest.mark.filterwarnings("ignore:Using `httpx2` with `starlette.testclient`")
def test_value_budgets_hold_in_the_workers() -> None:
    """Past the search budget a partisan value is a 422; value arithmetic, which polls no clock (a long
    Hackenbush stalk), is stopped by the budget's timer at the search's 5 s (it ran to the cap, where
    its worker was replaced), and the server goes on answering."""
    from starlette.testclient import TestClient

    from zermelo.search.engine import Limits
    from zermelo.web.app import create_app

    app = create_app(workers=2, cap=6.0, limits=Limits(max_positions=100, max_seconds=5.0))
    with TestClient(app, base_url="http://localhost") as c:
        r = c.get("/api/value", params={"game": "domineering", "position": "|".join(["....."] * 5)})
        assert r.status_code == 422 and "more than 100 positions" in r.json()["error"]
        stalk = "BRRBRBRBRBRBRBRGGGGBRBRBRBRBBRBRBRBRRRRGGGGGBBRBRBRRBRBR"  # minutes of sums of green stalks
        r = c.get("/api/thermograph.png", params={"game": "hackenbush", "position": stalk})
        error = r.json()["error"]  # the cap remains the backstop of a machine too loaded to answer
        # stopped by the budget, the cap, or the worker's memory limit (the arithmetic grows fast on
        # an idle machine): a one-line 422 either way, and the server goes on answering
        assert r.status_code == 422 and any(
            w in error for w in ("time budget exceeded after", "ran past 6 s", "needs more memory")
        ), error
        r = c.get("/api/value", params={"game": "hackenbush", "position": "BRR"})
        assert r.status_code == 200 and r.json()["value"] == "1/4"


def test_every_search_of_a_request_keeps_to_one_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose row was over the budget searched each cell on its own, each with a fresh 5 s:
    cgtbreak:{2+}=.0's table ran 17 s of CPU in one worker (make fuzz).  Now every search of a
    request shares the request's deadline, and a table past it is a 422 naming the limit."""
    import time

    from zermelo.core.limits import Limits, deadline
    from zermelo.web import api

    seen: list[tuple[float, float | None]] = []
    probe = lambda _params: seen.append((time.monotonic(), deadline(Limits(None), time.monotonic()))) or {}  # noqa: E731
    monkeypatch.setitem(api.HANDLERS, "probe", probe)
    assert api.handle("probe", {}).status == 200
    now, end = seen[0]
    assert end is not None and now < end <= now + (api.LIMITS.max_seconds or 0)
    # Split a heap into two or more: p(n) - 1 options, 4.6 million for heaps 0..59 together.
    monkeypatch.setattr(api, "LIMITS", Limits(300_000, 0.3))
    r = api.handle("table", {"game": "cgtbreak:{2+}.0", "format": "json"})
    assert r.status == 422 and json.loads(r.body)["error"].startswith("time budget exceeded after"), r.body[:200]


def test_table_is_an_integration_point(client: httpx2.Client) -> None:
    r = client.get("/api/table", params={"game": "wythoff", "rows": 8, "cols": 8})
    if importlib.util.find_spec("zermelo.analyses.tables") is None:
        assert r.status_code == 501 and "zermelo.analyses.tables" in r.json()["error"]
    else:
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        assert r.content.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("path", "params", "status", "message"),
    [
        ("/api/solve", {"position": "3"}, 400, "missing parameter 'game'"),
        ("/api/solve", {"game": "nim"}, 400, "missing parameter 'position'"),
        ("/api/solve", {"game": "nim", "position": ""}, 400, "give at least one heap size"),
        ("/api/solve", {"game": "chess", "position": "3"}, 400, "unknown game 'chess'"),
        ("/api/solve", {"game": "subtraction:1,x", "position": "3"}, 400, "not a whole number"),
        ("/api/solve", {"game": "subtraction", "position": "3"}, 400, "give the subtraction set"),
        ("/api/solve", {"game": "nim", "position": "3 -4"}, 400, "whole number >= 0"),
        ("/api/solve", {"game": "wythoff", "position": "1 2 3"}, 400, "two heap sizes"),
        ("/api/solve", {"game": "digraph", "position": "a"}, 400, "give the graph"),
        ("/api/solve", {"game": "digraph:a->b", "position": "z"}, 400, "no vertex 'z'"),
        ("/api/solve", {"game": "digraph:/etc/hostname", "position": "a"}, 400, "cannot read edge '/etc/hostname'"),
        ("/api/solve", {"game": "digraph:@/etc/hostname", "position": "a"}, 400, "cannot read edge '@/etc/hostname'"),
        ("/api/solve", {"game": "nim", "position": "3", "misere": "maybe"}, 400, "true or false"),
        ("/api/solve", {"game": "nim", "position": "1 " * 1500}, 400, "too long"),
        ("/api/solve", {"game": "square", "position": "10000000000"}, 422, "budget"),
        ("/api/moves", {"game": "square", "position": "100000000"}, None, "too many"),
        ("/api/moves", {"game": "wythoff", "position": "100000 100000"}, 400, "too many"),
        ("/api/play", {"game": "nim", "position": "0"}, 400, "game is over"),
        ("/api/play", {"game": "nim", "position": "3", "skill": "2"}, 400, "between 0 and 1"),
        ("/api/play", {"game": "nim", "position": "3", "skill": "high"}, 400, "must be a number"),
        ("/api/play", {"game": "nim", "position": "3", "seed": "-1"}, 400, "'seed'"),
        ("/api/play", {"game": "nim", "position": "3", "seed": "-1"}, 400, "between 0 and 9,223,372,036,854,775,808"),
        ("/api/moves", {"game": "domineering", "position": "..|.."}, 400, "'turn' must be left or right"),
        ("/api/play", {"game": "domineering", "position": "..|..", "turn": "up"}, 400, "got 'up'"),
        ("/api/moves", {"game": "nim", "position": "3", "turn": "left"}, 400, "'turn' is for partisan games"),
        ("/api/moves", {"game": "clobber", "position": "xo", "turn": "left", "misere": "1"}, 400, "misère"),
        ("/api/moves", {"game": "domineering", "position": "..|.q", "turn": "left"}, 400, "unexpected 'q'"),
        ("/api/play", {"game": "domineering", "position": ".#|#.", "turn": "right"}, 400, "game is over"),
        ("/api/value", {"game": "chess", "position": "3"}, 400, "unknown game 'chess'"),
        ("/api/value", {"game": "domineering"}, 400, "missing parameter 'position'"),
        ("/api/value", {"game": "domineering", "position": "..|.q"}, 400, "unexpected 'q'"),
        ("/api/value", {"game": "hackenbush", "position": "BXR"}, 400, "hackenbush"),
        ("/api/value", {"game": "square", "position": "100000000"}, 422, "budget"),
        ("/api/value", {"game": "nim", "position": "600"}, 422, "nimbers beyond *512"),
        ("/api/thermograph.png", {"game": "chess", "position": "3"}, 400, "unknown game 'chess'"),
        ("/api/table", {"game": "digraph:a->b"}, None, ""),
        ("/api/nothing", {}, 404, "Not Found"),
    ],
)
def test_bad_input_is_a_clear_4xx(
    client: httpx2.Client, path: str, params: dict[str, str], status: int | None, message: str
) -> None:
    code, body = get(client, path, **params)
    assert 400 <= code < 500 if status is None else code == status, body
    assert message in body["error"]


def test_garbage_never_gets_a_500(client: httpx2.Client) -> None:
    rng = random.Random(1)
    alphabet = "0123456789 ,:-><()xyzab∞é\\\"';%&\x00\t"
    junk = ["", " ", "%", "\x00", "1" * 3000, "9" * 400, "nim:3", "nim:", ":", "digraph:->", "digraph:a->"]
    junk += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(25)]
    for i, text in enumerate(junk):
        game = ["nim", "wythoff", "subtraction:1,3,4", "digraph:a->b, b->a", text][i % 5]
        for path in ("/api/solve", "/api/moves", "/api/play", "/api/value"):
            r = client.get(path, params={"game": game, "position": text, "misere": "1" if i % 2 else "0"})
            assert r.status_code < 500, (path, game, text, r.text[:200])
            assert isinstance(r.json(), dict)


def test_concurrent_requests_are_answered(client: httpx2.Client) -> None:
    positions = [f"{a} {b}" for a in range(6) for b in range(6)]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda p: get(client, "/api/solve", game="wythoff", position=p), positions))
    p_positions = {p for p, (_, body) in zip(positions, answers, strict=True) if body["outcome"] == "P"}
    assert p_positions == {"0 0", "1 2", "2 1", "3 5", "5 3"}


def test_the_page_and_its_assets_are_served_locally(client: httpx2.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in page.text and "http" not in page.text.replace("http-equiv", "")
    for asset, kind in (("/static/app.js", "javascript"), ("/static/style.css", "text/css")):
        r = client.get(asset)
        assert r.status_code == 200 and kind in r.headers["content-type"]
        assert "https://" not in r.text  # no CDN: everything comes from this server


def test_serve_on_a_busy_port_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"zermelo: error: cannot listen on 127.0.0.1:{port}") and "\n" not in err
    assert main(["serve", "--port", "70000"]) == 2


def _raw(client: httpx2.Client, request: bytes) -> tuple[int, bytes, bytes]:
    """Send bytes on a raw socket (httpx2 refuses URLs this long and malformed requests); the
    status, headers and body of the answer.  The server may close while the request is still
    being sent: its answer is read all the same."""
    url = client.base_url
    assert url.host and url.port
    answer = b""
    with socket.create_connection((url.host, url.port), timeout=30) as s:
        with contextlib.suppress(OSError):
            s.sendall(request)
        with contextlib.suppress(OSError):
            while chunk := s.recv(65536):
                answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    headers, _, body = rest.partition(b"\r\n\r\n")
    assert status_line.startswith(b"HTTP/1.1 "), answer[:300]
    return int(status_line.split()[1]), headers.lower(), body


def test_a_hundred_kilobyte_query_gets_a_json_414(client: httpx2.Client) -> None:
    # uvicorn's h11 answered it with a plain-text "400 Invalid HTTP request received.".
    host = f"localhost:{client.base_url.port}"  # a loopback name with this server's port
    head = f"GET /api/solve?game=nim&position={'1+' * 50_000} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    status, headers, body = _raw(client, head.encode())
    assert status == 414 and b"content-type: application/json" in headers, (status, headers, body[:300])
    assert "the query is too long" in json.loads(body)["error"]


@pytest.mark.parametrize(
    ("request_bytes", "status", "message"),
    [
        # Past the 256 KiB head uvicorn reads: h11 refuses it before the app sees it.
        (
            b"GET /api/solve?game=nim&position=" + b"1+" * (5 * 2**20) + b" HTTP/1.1\r\nHost: localhost\r\n\r\n",
            431,
            "the request head is too long (more than 256 KiB; a query may have at most 65,536 bytes)",
        ),
        (b"GARBAGE\r\n\r\n", 400, "bad HTTP request: illegal request line"),
        (b"GET /api/games HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400, "bad HTTP request: illegal header"),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400, "bad HTTP request"),  # TLS on plain HTTP
        (b"GET /api/solve?game=nim&position=\xff HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "bad HTTP request"),
        (b"GET /api/solve?game=nim\xc3\xa9 HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "bad HTTP request"),
    ],
)
def test_what_uvicorn_refuses_before_the_app_is_json_too(
    client: httpx2.Client, request_bytes: bytes, status: int, message: str
) -> None:
    got, headers, body = _raw(client, request_bytes)
    assert got == status and b"content-type: application/json" in headers, (got, headers, body[:300])
    assert json.loads(body)["error"].startswith(message)


#: Partisan values that ran 10-11 s, to the worker's cap and past it: the value arithmetic polled no clock.
SLOW_VALUES = [("snort", "." * 40), ("clobber", "xo" * 50), ("toads", "T." * 150), ("toppling", "BGRG" * 30)]


def test_slow_partisan_values_end_within_the_search_budget(client: httpx2.Client) -> None:
    # Asked at once, as a class would: each stops at its own budget, whatever the others do (one
    # client's share of the workers answers some at once, the rest in turn; one by one they took
    # 20 s).  Either stop is a clear one-line 422: the search budget, or (toppling's sums grow fast)
    # the memory one request may use -- not the worker killed at its cap (no clock read here: the
    # server says which stop it was).
    with ThreadPoolExecutor(len(SLOW_VALUES)) as pool:
        answers = list(
            pool.map(lambda c: client.get("/api/value", params={"game": c[0], "position": c[1]}), SLOW_VALUES)
        )
    for (game, position), r in zip(SLOW_VALUES, answers, strict=True):
        error = r.json()["error"]
        assert r.status_code == 422 and ("budget" in error or "needs more memory than this server" in error), error
        assert error != overtime({"game": game, "position": position}, CAP)


def test_typed_moves_sums_scored_solve_and_help(client: httpx2.Client) -> None:
    status, body = get(client, "/api/find", game="nim", position="3 4 5", move="heap 1 -> 1")
    assert status == 200 and body["move"]["position"] == "1 4 5" and body["move"]["value"] == "win"
    status, body = get(client, "/api/find", game="nim", position="3 4 5", move="9 1")
    assert status == 400 and "no heap 9" in body["error"]
    _, body = get(client, "/api/solve", game="nim", position="3 4 + kayles 5")
    assert body["outcome"] == "N" and body["grundy"] == 3
    status, body = get(client, "/api/solve", game="nim", position="3 + digraph:@/etc/hostname a")
    assert status == 400 and "cannot read edge '@/etc/hostname'" in body["error"]
    _, body = get(client, "/api/solve", game="tictactoe", position="X...O....")
    assert body["outcome"] == "draw" and len(body["best_moves"]) == 7 and body["pv"][0].startswith("X")
    status, body = get(client, "/api/value", game="domineering", position="..|..", misere="1")
    assert status == 400 and "misère" in body["error"]
    _, games = get(client, "/api/games")
    helps = {g["name"]: g["help"] for g in games}
    assert helps["kayles"].startswith("Kayles") and helps["nim"].startswith("Nim")
    _, moves = get(client, "/api/moves", game="connect4:6x5", position="4455")
    assert moves["board"]["gravity"] and moves["svg"].startswith("<svg")
    assert [m["parts"][0] for m in moves["moves"]] == ["col-a", "col-b", "col-c", "col-d", "col-e", "col-f"]


def test_big_integers_stay_exact_in_the_json(client: httpx2.Client) -> None:
    a, b = 1234567890123456789012345678901234567890, 98765432109876543210
    r = client.get("/api/solve", params={"game": "nim", "position": f"{a} {b}"})
    assert f'"grundy":{a ^ b}' in r.text  # digits, not a float


def test_every_move_of_every_game_can_be_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyboard play of every game: each move the page offers (at every game's example position,
    the first player to move) is found again from its name typed into the move box (/api/find)."""
    from zermelo.web import api
    from zermelo.web.app import games_json

    # The position budget bounds each search; the 5 s clock is the server's, and a loaded
    # machine stretches it (mnk:4,3,3's example ran past it once in CI): not what is tested here.
    # A minute still stops an example too heavy for the page (a wide product's example searched
    # for 3 min 23 s before its position budget, and CI stalled): it fails here, by name.
    monkeypatch.setattr(api, "LIMITS", api.LIMITS.replace(max_seconds=60.0))

    games = games_json()
    assert len(games) >= 40
    for g in games:
        params = {"game": g["spec"], "position": g["position"]}
        if g["kind"] == "partisan":
            params["turn"] = "left"
        reply = api.handle("moves", params)
        assert reply.status == 200, (g["spec"], reply.body[:200])
        moves = json.loads(reply.body)["moves"]
        assert moves, g["spec"]
        for m in moves:
            found = api.handle("find", {**params, "move": m["move"]})
            assert found.status == 200, (g["spec"], m["move"], found.body[:200])
            assert json.loads(found.body)["move"]["position"] == m["position"], (g["spec"], m["move"])


def test_the_alpha_beta_tree_is_the_cli_trace_with_its_drawing(
    client: httpx2.Client, capsys: pytest.CaptureFixture[str]
) -> None:
    status, body = get(client, "/api/trace", game="tictactoe", position="X...O....")
    assert status == 200 and body["svg"].startswith("<svg") and 'class="cut"' in body["svg"]
    expected = cli_json(capsys, "negamax", "tictactoe", "X...O....", "--trace", "--json")
    assert {k: body[k] for k in ("game", "plies", "tree")} == expected
    status, body = get(client, "/api/trace", game="nim", position="3 4")
    assert status == 400 and "not a scored game" in body["error"]


def test_a_draws_level_comes_with_its_moves(client: httpx2.Client) -> None:
    # The chart's Draw-Level view (GamesmanUni's): each draw's level, who presses, how soon.
    spec = "digraph:a->b, b->a, b->c, c->d, x->a, x->y, y->x"
    status, body = get(client, "/api/moves", game=spec, position="x")
    assert status == 200 and body["draw_level"] == {"level": 1, "pressing": False, "remoteness": 0}
    levels = {m["position"]: lv for m, lv in zip(body["moves"], body["move_draw_levels"], strict=True)}
    assert levels == {
        "a": {"level": 0, "pressing": True, "remoteness": 1},
        "y": {"level": 1, "pressing": True, "remoteness": 1},
    }
    status, body = get(client, "/api/moves", game="nim", position="3 4")
    assert status == 200 and "draw_level" not in body  # no draw, nothing searched


def test_draw_levels_past_their_budget_leave_the_moves_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.core.limits import Limits
    from zermelo.web import api

    monkeypatch.setattr(api, "DRAW_LEVEL_LIMITS", Limits(max_positions=2))
    reply = api.handle("moves", {"game": "digraph:a->b, b->a, b->c, c->d, x->a, x->y, y->x", "position": "x"})
    body = json.loads(reply.body)
    assert reply.status == 200 and body["value"] == "draw" and "draw_level" not in body


def test_a_scored_game_clicked_through_searches_each_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page asks for a position's moves, then finds the typed move, then the computer plays:
    each asks the same position's negamax again.  A worker keeps the classified positions (per
    rules object, bounded): each position is searched once, counted by the searches that run."""
    import zermelo.search.minimax as minimax
    from zermelo.web import api

    searches: list[str] = []
    real = minimax.move_values

    def counted(game: Any, position: Any, **kw: Any) -> Any:
        searches.append(position)
        return real(game, position, **kw)

    monkeypatch.setattr(minimax, "move_values", counted)
    monkeypatch.setattr(api, "LIMITS", api.LIMITS.replace(max_seconds=None))  # counted, not timed
    api.forget_all()
    game, position = {"game": "mnk:4,3,3"}, "X.O..O..X..."
    seen = set()
    while True:  # the person's move (typed, found), the page's answer, the computer's move
        moves = api.api_moves({**game, "position": position})
        seen.add(position)
        if moves["over"]:
            break
        typed = max(moves["moves"], key=lambda m: m["score"])  # the best: a long game
        position = api.api_find({**game, "position": position, "move": typed["move"]})["move"]["position"]
        assert position == typed["position"]
        seen.add(position)
        if api.api_moves({**game, "position": position})["over"]:
            break
        position = api.api_play({**game, "position": position, "seed": "1"})["move"]["position"]
        seen.add(position)
    # Once each, no more (a game over has no moves: no search).
    over = {p for p in seen if api.api_moves({**game, "position": p})["over"]}
    assert len(seen - over) >= 4 and sorted(searches) == sorted(seen - over), (searches, seen)
    # Bounded: past SCORED_POSITIONS positions of a game the least recently used goes, and is
    # searched again when asked; another rules object keeps its own.
    api.forget_all()
    monkeypatch.setattr(api, "SCORED_POSITIONS", 2)
    searches.clear()
    kept = ("XO..XO......", "XO..X.O.....", "XOX.O.......", "XO..XO......")
    for p in kept:
        api.api_moves({**game, "position": p})
    assert searches == list(kept)
    api.api_moves({"game": "mnk:3,4,3", "position": "XO..XO......"})  # other rules, other positions
    assert len(searches) == 5 and len(api._SCORED) == 2
    api.forget_all()
