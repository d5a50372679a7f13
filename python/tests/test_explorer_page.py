"""`chess960 explorer serve`: its API against `chess960 explorer query`,
its refusals, and its page driven in Chromium as a person would use it.

A small db is made from games python-chess plays (explorer_games.py),
indexed by `chess960 explorer index`, served on 127.0.0.1 on a free port.
The browser is Debian's `chromium` with `chromium-driver` (Selenium);
where they are missing the page's test fails and says how to install
them (`apt-get install -y chromium chromium-driver`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from conftest import command
from explorer_games import games

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class Server:
    """A running `chess960 explorer serve` and its base URL."""

    def __init__(self, process: "subprocess.Popen[str]", base: str, db: Path) -> None:
        self.process = process
        self.base = base
        self.db = db

    def get(self, path: str) -> Tuple[int, Dict[str, Any]]:
        """GETs `path`: the status and the JSON body."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A db of 520 games (400 from start 451) served on a free port."""
    folder = tmp_path_factory.mktemp("explorer")
    pgn = folder / "games.pgn"
    pgn.write_text(games({451: 400, 518: 80, 0: 40}), encoding="utf-8")
    db = folder / "db"
    done = subprocess.run(
        [command(), "explorer", "index", "--db", str(db), str(pgn)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    process = subprocess.Popen(
        [command(), "explorer", "serve", "--db", str(db), "--bind", "127.0.0.1:0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert " on http://127.0.0.1:" in line, (line, process.stderr.read() if process.stderr else "")
    base = line.rsplit(" on ", 1)[1].strip().rstrip("/")
    yield Server(process, base, db)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


def cli_answer(server: Server, *args: str) -> Dict[str, Any]:
    """`chess960 explorer query --format jsonl` on the served db."""
    done = subprocess.run(
        [command(), "explorer", "query", "--db", str(server.db), "--format", "jsonl", *args],
        capture_output=True, text=True, check=True,
    )
    answer: Dict[str, Any] = json.loads(done.stdout)
    return answer


def without_extras(answer: Dict[str, Any]) -> Dict[str, Any]:
    """The answer as lichess's explorer gives it: without `fen`, `playSan`."""
    return {key: value for key, value in answer.items() if key not in ("fen", "playSan")}


def test_api_answers_as_the_query_command(server: Server) -> None:
    status, root = server.get("/lichess?variant=chess960&start=451&moves=999&topGames=4&recentGames=4")
    assert status == 200
    assert without_extras(root) == cli_answer(server, "--start", "451")
    assert root["fen"] == "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBgb - 0 1"
    assert root["opening"] is None and root["moves"]
    first = root["moves"][0]["uci"]
    second_status, after = server.get(f"/lichess?start=451&play={first}&moves=999")
    assert second_status == 200
    assert after["playSan"] == [root["moves"][0]["san"]]
    assert without_extras(after) == cli_answer(server, "--start", "451", "--play", first)
    reply = after["moves"][0]["uci"]
    filters = "speeds=blitz,rapid&ratings=1600,1800,2000&since=2024-03&until=2024-10"
    status, filtered = server.get(f"/lichess?start=451&play={first},{reply}&{filters}&moves=999&topGames=2&recentGames=3")
    assert status == 200
    assert without_extras(filtered) == cli_answer(
        server, "--start", "451", "--play", f"{first},{reply}", "--speeds", "blitz,rapid",
        "--ratings", "1600,1800,2000", "--since", "2024-03", "--until", "2024-10",
        "--top-games", "2", "--recent-games", "3",
    )
    # The same position by its FEN (X-FEN and Shredder-FEN, spaces as _).
    status, by_fen = server.get("/lichess?fen=brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB_w_GBgb_-_0_1&moves=999")
    assert status == 200 and without_extras(by_fen) == without_extras(root)
    status, by_xfen = server.get("/lichess?fen=brnnkqrb%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FBRNNKQRB+w+KQkq+-+0+1&moves=999")
    assert status == 200 and without_extras(by_xfen) == without_extras(root)


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1_w_KQkq_-_0_1", "fen"),
        ("fen=not+a+fen", "fen"),
        ("start=960", "start"),
        ("start=451&play=e2e5", "play"),
        ("start=451&play=e2e3,e2e3", "play"),
        ("start=451&play=castle", "play"),
        ("speeds=blitz,slow", "speeds"),
        ("ratings=1650", "ratings"),
        ("since=2024-13", "since"),
        ("until=2024", "until"),
        ("since=2024-05&until=2024-01", "until"),
        ("moves=-1", "moves"),
        ("topGames=many", "topGames"),
        ("variant=atomic", "variant"),
        ("play=%ZZ", "play"),
        ("fen=" + "x" * 5000, "query"),
    ],
)
def test_bad_requests_are_400_naming_the_parameter(server: Server, query: str, parameter: str) -> None:
    status, body = server.get("/lichess?" + query)
    assert status == 400, body
    assert body["parameter"] == parameter and body["error"], body
    assert set(body) == {"error", "parameter"}


def test_unknown_paths_are_404_and_the_server_keeps_serving(server: Server) -> None:
    for path in ("/nothing", "/lichess/", "/player?start=451", "/..%2f..%2fetc/passwd"):
        status, body = server.get(path)
        assert status == 404 and "error" in body, (path, body)
    status, _ = server.get("/lichess?start=451")
    assert status == 200
    assert server.process.poll() is None


def type_start(driver: Any, text: str) -> None:
    """Types `text` into the start field and presses Enter, as a player does."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.ID, "start-input")
    box.clear()
    box.send_keys(text, Keys.ENTER)


def chromium_driver() -> Any:
    """Headless Chromium through chromedriver, with a profile of its own."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if shutil.which(path) is None]
    if missing:
        pytest.fail(
            f"no Chromium here ({', '.join(missing)} missing): the page's test needs Debian's "
            "chromium and chromium-driver (apt-get install -y chromium chromium-driver)"
        )
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("selenium is not installed (pip install selenium)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    profile = tempfile.mkdtemp(prefix="chess960-chromium-")
    for flag in (
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,1000",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def wait_ready(driver: Any, query_part: str) -> Dict[str, str]:
    """Waits until the page shows an answer whose API URL holds `query_part`."""
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(d: Any) -> bool:
        state = d.execute_script("return document.body.dataset.state")
        api = d.execute_script("return document.getElementById('moves').dataset.api || ''")
        return bool(state == "ready" and query_part in api)

    WebDriverWait(driver, 15).until(ready)
    result: Dict[str, str] = driver.execute_script(
        "return {api: document.getElementById('moves').dataset.api, url: location.search}"
    )
    return result


def page_board(driver: Any) -> Dict[str, str]:
    """The pieces the page draws: square -> piece (`wK`)."""
    pieces: List[List[str]] = driver.execute_script(
        "return [...document.querySelectorAll('#board use')].map(u => [u.dataset.square, u.dataset.piece])"
    )
    return {square: piece for square, piece in pieces}


def fen_board(fen: str) -> Dict[str, str]:
    """The pieces of a FEN: square -> piece (`wK`)."""
    board: Dict[str, str] = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
                continue
            board["abcdefgh"[file] + str(8 - row)] = ("w" if char.isupper() else "b") + char.upper()
            file += 1
    return board


def page_rows(driver: Any) -> List[List[str]]:
    """The moves table's rows: uci, SAN, games, rating."""
    rows: List[List[str]] = driver.execute_script(
        """return [...document.querySelectorAll('#moves tbody tr[data-uci]')].map(tr =>
            [tr.dataset.uci, tr.cells[0].textContent, tr.cells[1].firstChild.textContent,
             tr.cells[3].textContent])"""
    )
    return rows


def api_rows(answer: Dict[str, Any]) -> List[List[str]]:
    """The rows the page should show for an answer."""
    return [
        [
            move["uci"],
            move["san"],
            f"{move['white'] + move['draws'] + move['black']:,}",
            "" if move["averageRating"] is None else str(move["averageRating"]),
        ]
        for move in answer["moves"]
    ]


def games_of(answer: Dict[str, Any]) -> int:
    """The games an answer counts."""
    return int(answer["white"] + answer["draws"] + answer["black"])


def check_page_matches_api(driver: Any, server: Server, api: str) -> Dict[str, Any]:
    """The board and the table the page shows equal the API's answer."""
    status, answer = server.get(api)
    assert status == 200
    assert page_board(driver) == fen_board(answer["fen"])
    assert driver.execute_script("return document.getElementById('board').dataset.fen") == answer["fen"]
    assert page_rows(driver) == api_rows(answer)
    return answer


def test_the_page_in_chromium(server: Server, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = chromium_driver()
    try:
        driver.get(server.base + "/")
        wait_ready(driver, "start=518")
        # Choose start 451 by typing it; Enter shows it.
        type_start(driver, "451")
        wait_ready(driver, "start=451&moves")
        root = check_page_matches_api(driver, server, driver.execute_script(
            "return document.getElementById('moves').dataset.api"))
        assert "SP 451" in driver.find_element(By.ID, "start-info").text
        assert "BRNNKQRB" in driver.find_element(By.ID, "start-info").text
        assert "cp" in driver.find_element(By.ID, "start-info").text
        # Click the most played move, twice.
        played: List[str] = []
        answer = root
        for _ in range(2):
            top = answer["moves"][0]["uci"]
            driver.find_element(By.CSS_SELECTOR, "#moves tbody tr[data-uci]").click()
            played.append(top)
            seen = wait_ready(driver, "play=" + ",".join(played) + "&")
            assert seen["url"] == "?start=451&play=" + ",".join(played)
            answer = check_page_matches_api(driver, server, seen["api"])
        line = driver.find_element(By.ID, "line").text
        assert answer["playSan"][0] in line and answer["playSan"][1] in line
        # Games link to their Site.
        links = driver.find_elements(By.CSS_SELECTOR, "#top-games a")
        assert links and links[0].get_attribute("href").startswith("https://lichess.org/")
        # Back: the browser's history.
        driver.back()
        seen = wait_ready(driver, "play=" + played[0] + "&")
        assert seen["url"] == "?start=451&play=" + played[0]
        before = check_page_matches_api(driver, server, seen["api"])
        # A filter: blitz off.
        driver.find_element(By.ID, "speed-blitz").click()
        seen = wait_ready(driver, "speeds=")
        assert "speeds=ultraBullet,bullet,rapid,classical,correspondence" in seen["url"]
        filtered = check_page_matches_api(driver, server, seen["api"])
        assert 0 < games_of(filtered) < games_of(before)
        # The keyboard: a row focused, Enter plays it.
        row = driver.find_element(By.CSS_SELECTOR, "#moves tbody tr[data-uci]")
        uci = row.get_attribute("data-uci")
        row.send_keys(Keys.ENTER)
        seen = wait_ready(driver, f"play={played[0]},{uci}&")
        check_page_matches_api(driver, server, seen["api"])
        # At a phone's width nothing is wider than the screen.
        driver.set_window_size(390, 900)
        time.sleep(0.3)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        inner = driver.execute_script("return window.innerWidth")
        assert width <= inner, (width, inner)
        if os.environ.get("CHESS960_SCREENSHOTS"):
            driver.save_screenshot(str(Path(os.environ["CHESS960_SCREENSHOTS"]) / "phone.png"))
        # Nothing failed on the way: no script error, no CSP violation, no
        # file missing.
        severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not severe, severe
    finally:
        driver.quit()


def test_the_page_chooses_starts_by_rank_and_evaluation(server: Server) -> None:
    from selenium.webdriver.common.by import By

    driver = chromium_driver()
    try:
        driver.get(server.base + "/?start=0&play=e2e4")
        wait_ready(driver, "start=0&play=e2e4")
        # A back rank, in any case, names its start; the moves are dropped.
        type_start(driver, "brnnkqrb")
        seen = wait_ready(driver, "start=451&moves")
        assert seen["url"] == "?start=451"
        # Not a start: said, and the page stays where it was.
        type_start(driver, "RRNNKQBB")
        assert "Not a start" in driver.find_element(By.ID, "status").text
        assert driver.execute_script("return location.search") == "?start=451"
        # A start from an evaluation band: its evaluation lies in it.
        starts = json.loads(driver.execute_script("return document.getElementById('starts').textContent"))["starts"]
        for name, value in (("band-min", "30"), ("band-max", "31")):
            field = driver.find_element(By.ID, name)
            field.clear()
            field.send_keys(value)
        driver.find_element(By.ID, "random-band").click()
        seen = wait_ready(driver, "start=")
        start = int(seen["url"].split("start=")[1].split("&")[0])
        assert 30 <= starts[start][1] <= 31
        assert f"SP {start}" in driver.find_element(By.ID, "start-info").text
        # A link with an illegal move: the server's reason, an empty table.
        from selenium.webdriver.support.ui import WebDriverWait

        driver.get(server.base + "/?start=451&play=e2e5")
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.body.dataset.state") == "error")
        assert "play: ply 1: e2e5 is not a legal move" in driver.find_element(By.ID, "status").text
        assert not driver.find_elements(By.CSS_SELECTOR, "#moves tbody tr")
        driver.back()
        wait_ready(driver, "start=")
        # Flipped: Black at the bottom, in the URL too.
        driver.find_element(By.ID, "flip").click()
        seen = wait_ready(driver, "start=")
        assert seen["url"].endswith("&flip=1")
        y = driver.execute_script("return document.querySelector('#board use[data-square=\"a1\"]').getAttribute('y')")
        assert y == "0"
    finally:
        driver.quit()


def test_sigterm_ends_the_server_within_a_second(server: Server) -> None:
    # Last in this module: it stops the module's server. A request in
    # flight when the signal comes is answered; a connection that never
    # finishes its request does not hold the server past the second.
    status, _ = server.get("/lichess?start=451")
    assert status == 200
    host, port = server.base.rsplit("/", 1)[1].split(":")
    in_flight = socket.create_connection((host, int(port)), timeout=5)
    stalled = socket.create_connection((host, int(port)), timeout=5)
    try:
        in_flight.sendall(b"GET /lichess?start=451 HTTP/1.1\r\nHost: x\r\n")
        stalled.sendall(b"GET /lichess?start=451 HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.1)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        in_flight.sendall(b"Connection: close\r\n\r\n")
        assert in_flight.recv(100).startswith(b"HTTP/1.1 200 OK")
        server.process.wait(timeout=5)
        assert time.monotonic() - started < 1.0
        assert server.process.returncode == 0
    finally:
        in_flight.close()
        stalled.close()
