"""The explorer's page as an analysis board, driven in Chromium as a
player would use it: moves made by clicking, by dragging, by typing and
by keyboard only; castling (the king onto its rook, and the king's two
squares at the standard start); a promotion; a move nobody played; the
engine's stored lines clicked; a live analysis (`serve --engine`); a
game opened and stepped through; the games-a-month chart; the tabs of
several dbs; a phone's width; and the browser's log free of errors.

The db is made by `chess960 explorer index` from games python-chess
plays (explorer_games.py); its busiest positions are analysed by
`chess960 explorer analyse` with Debian's Stockfish (installed by
test.sh), served by `chess960 explorer serve` on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from conftest import command
from explorer_games import games
from test_explorer_page import chromium_driver

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
SHOTS = os.environ.get("CHESS960_SCREENSHOTS")


class Board:
    """A running server with three dbs and the engine, and its URL."""

    def __init__(self, process: "subprocess.Popen[str]", base: str) -> None:
        self.process = process
        self.base = base

    def get(self, path: str) -> Tuple[int, Any]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def run(*args: str) -> str:
    done = subprocess.run([command(), *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Board]:
    if not os.access(STOCKFISH, os.X_OK):
        pytest.fail(f"no Stockfish at {STOCKFISH}: test.sh installs Debian's (apt-get install -y stockfish)")
    folder = tmp_path_factory.mktemp("board")
    pgn = folder / "games.pgn"
    pgn.write_text(games({451: 300, 518: 120, 0: 30}), encoding="utf-8")
    masters_pgn = folder / "masters.pgn"
    masters_pgn.write_text(games({451: 60, 518: 60}, seed=7), encoding="utf-8")
    for name, source, extra in (
        ("lichess", pgn, []),
        ("masters", masters_pgn, []),
        ("mine", pgn, ["--player", "white3"]),
    ):
        run("explorer", "index", "--db", str(folder / name), *extra, str(source))
    # The busiest positions of start 451 get stored evaluations.
    run("explorer", "analyse", "--db", str(folder / "lichess"), "--engine", STOCKFISH,
        "--nodes", "20000", "--min-games", "100", "--engines", "1")
    process = subprocess.Popen(
        [command(), "explorer", "serve", "--bind", "127.0.0.1:0", "--engine", STOCKFISH,
         "--db", f"lichess={folder / 'lichess'}", "--db", f"masters={folder / 'masters'}",
         "--db", f"mine={folder / 'mine'}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert " on http://127.0.0.1:" in line, (line, process.stderr.read() if process.stderr else "")
    yield Board(process, line.rsplit(" on ", 1)[1].strip().rstrip("/"))
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)


def ready(driver: Any, part: str = "") -> Dict[str, str]:
    """Waits for the page to show an answer whose API URL holds `part`."""
    from selenium.webdriver.support.ui import WebDriverWait

    def done(d: Any) -> bool:
        state = d.execute_script("return document.body.dataset.state")
        api = d.execute_script("return document.getElementById('moves').dataset.api || ''")
        return bool(state == "ready" and part in api)

    WebDriverWait(driver, 20).until(done)
    seen: Dict[str, str] = driver.execute_script(
        "return {api: document.getElementById('moves').dataset.api, url: location.search}")
    return seen


def play_of(driver: Any) -> List[str]:
    query = urllib.parse.parse_qs(driver.execute_script("return location.search")[1:])
    return query.get("play", [""])[0].split(",") if "play" in query else []


def square_offset(driver: Any, square: str) -> Tuple[Any, int, int]:
    """The board element and the offset of `square`'s centre from the board's."""
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.ID, "board")
    rect = element.rect
    flip = driver.execute_script("return location.search.includes('flip=1')")
    file = "abcdefgh".index(square[0])
    rank = int(square[1]) - 1
    x = (7 - file if flip else file) + 0.5
    y = (rank if flip else 7 - rank) + 0.5
    return element, int(x * rect["width"] / 8 - rect["width"] / 2), int(y * rect["height"] / 8 - rect["height"] / 2)


def click(driver: Any, square: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    element, x, y = square_offset(driver, square)
    ActionChains(driver).move_to_element_with_offset(element, x, y).click().perform()


def drag(driver: Any, start: str, end: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    element, x, y = square_offset(driver, start)
    _, x2, y2 = square_offset(driver, end)
    ActionChains(driver).move_to_element_with_offset(element, x, y).click_and_hold() \
        .move_by_offset(8, 8).move_to_element_with_offset(element, x2, y2).release().perform()


def page_pieces(driver: Any) -> Dict[str, str]:
    """The pieces the page draws: square -> piece (`wK`)."""
    pairs: List[List[str]] = driver.execute_script(
        "return [...document.querySelectorAll('#board use')].map(u => [u.dataset.square, u.dataset.piece])")
    return {square: piece for square, piece in pairs}


def no_errors(driver: Any) -> None:
    severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not severe, severe


def shot(driver: Any, name: str) -> None:
    if SHOTS:
        driver.save_screenshot(str(Path(SHOTS) / name))


def test_moves_by_click_drag_typing_castling_and_promotion(board: Board) -> None:
    from selenium.webdriver.common.by import By

    driver = chromium_driver()
    try:
        driver.get(board.base + "/?start=518")
        ready(driver, "start=518")
        # Click: the knight, then its square.
        click(driver, "g1")
        targets = driver.execute_script(
            "return [...document.querySelectorAll('#marks [data-target]')].map(c => c.dataset.target).sort()")
        assert targets == ["f3", "h3"]
        click(driver, "f3")
        ready(driver, "play=g1f3&")
        # Drag: a pawn two squares.
        drag(driver, "e7", "e5")
        ready(driver, "play=g1f3,e7e5&")
        # A try that is not legal does nothing.
        drag(driver, "e2", "e5")
        click(driver, "a1")
        click(driver, "a5")
        time.sleep(0.3)
        assert play_of(driver) == ["g1f3", "e7e5"]
        # Typed: SAN, then UCI; a move nobody played leads on.
        for text, uci in (("e4", "e2e4"), ("g8f6", "g8f6"), ("Bc4", "f1c4"), ("f8c5", "f8c5")):
            box = driver.find_element(By.ID, "move-input")
            box.send_keys(text + "\n")
            ready(driver, uci + "&")
        assert play_of(driver) == ["g1f3", "e7e5", "e2e4", "g8f6", "f1c4", "f8c5"]
        assert "No game reached this position" in driver.find_element(By.ID, "moves").text
        # Castling at the standard start: the king's two squares.
        drag(driver, "e1", "g1")
        ready(driver, "e1h1&")
        pieces = page_pieces(driver)
        assert (pieces.get("g1"), pieces.get("f1"), pieces.get("e1")) == ("wK", "wR", None)
        # Chess960 castling: the king onto its own rook (king b1, rooks a1, h1).
        driver.get(board.base + "/?fen=" + urllib.parse.quote("4k3/8/8/8/8/8/8/RK5R_w_HA_-_0_1"))
        ready(driver, "fen=")
        click(driver, "b1")
        click(driver, "a1")
        ready(driver, "play=b1a1&")
        pieces = page_pieces(driver)
        assert (pieces.get("c1"), pieces.get("d1"), pieces.get("a1")) == ("wK", "wR", None)
        # A promotion asks for the piece.
        driver.get(board.base + "/?fen=" + urllib.parse.quote("7k/P7/8/8/8/8/8/K7_w_-_-_0_1"))
        ready(driver, "fen=")
        drag(driver, "a7", "a8")
        choices = driver.find_elements(By.CSS_SELECTOR, "#promotion button")
        assert sorted(c.get_attribute("data-uci") for c in choices) == ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]
        driver.find_element(By.CSS_SELECTOR, '#promotion button[data-uci="a7a8n"]').click()
        ready(driver, "play=a7a8n&")
        no_errors(driver)
    finally:
        driver.quit()


def test_engine_lines_and_live_analysis(board: Board) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium_driver()
    try:
        # Start 451 is analysed: the bar, the lines in SAN, an eval column.
        driver.get(board.base + "/?start=451")
        ready(driver, "start=451")
        status = driver.find_element(By.ID, "engine-status").text
        assert status.startswith("Stored:") and "depth" in status, status
        lines = driver.find_elements(By.CSS_SELECTOR, "#engine-lines li")
        assert len(lines) == 3
        code, stored = board.get("/api/cloud-eval?fen=" + urllib.parse.quote(
            "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBgb - 0 1") + "&multiPv=3")
        assert code == 200, stored
        first = stored["pvs"][0]["moves"].split()
        assert "eval-bar" in driver.page_source and "none" not in driver.find_element(By.ID, "eval-bar").get_attribute("class")
        evals = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#moves tbody td.eval")]
        assert any(text.startswith(("+", "-", "#")) for text in evals), evals
        # A line's second move clicked: both moves played.
        lines[0].find_elements(By.CSS_SELECTOR, "button.pv-move")[1].click()
        seen = ready(driver, "play=" + ",".join(first[:2]) + "&")
        assert play_of(driver) == first[:2], seen
        # Far from the games, nothing stored: the engine runs live, and
        # its lines deepen on the page.
        driver.get(board.base + "/?start=451&play=a2a3,a7a6,h2h3,h7h6")
        ready(driver, "play=a2a3,a7a6,h2h3,h7h6&")
        WebDriverWait(driver, 30).until(
            lambda d: "Live analysis" in d.find_element(By.ID, "engine-status").text
            and len(d.find_elements(By.CSS_SELECTOR, "#engine-lines li")) > 0)
        shot(driver, "board-live.png")
        # Moving on stops it and starts the next position's.
        driver.find_element(By.ID, "move-input").send_keys("b3\n")
        ready(driver, "h7h6,b2b3&")
        WebDriverWait(driver, 30).until(
            lambda d: "Live analysis" in d.find_element(By.ID, "engine-status").text)
        no_errors(driver)
    finally:
        driver.quit()


def test_games_opened_and_stepped_history_tabs_keyboard_and_phone(board: Board) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium_driver()
    try:
        driver.get(board.base + "/?db=lichess&start=451")
        ready(driver, "start=451")
        # The position's games, a page at a time, with the total.
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#games li[data-id]"))
        assert "of 300" in driver.find_element(By.ID, "games-status").text
        games = driver.find_elements(By.CSS_SELECTOR, "#games li[data-id]")
        assert len(games) == 20
        shot(driver, "board-games.png")
        # One opened: its moves listed, stepped with the keys.
        game_id = games[0].get_attribute("data-id")
        games[0].click()
        ready(driver, "start=451")
        WebDriverWait(driver, 15).until(lambda d: d.find_element(By.ID, "game-panel").is_displayed())
        assert "game=" + game_id in driver.execute_script("return location.search")
        moves = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#game-moves a")]
        assert len(moves) >= 8
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.END)
        ready(driver, "play=")
        assert len(play_of(driver)) == len(moves)
        body.send_keys(Keys.HOME)
        WebDriverWait(driver, 15).until(lambda d: play_of(d) == [])
        for ply in (1, 2, 3):
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
            WebDriverWait(driver, 15).until(lambda d: len(play_of(d)) == ply)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        WebDriverWait(driver, 15).until(lambda d: len(play_of(d)) == 2)
        ready(driver, "play=")
        WebDriverWait(driver, 15).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#game-moves a.current").text == moves[1])
        pgn_link = driver.find_element(By.ID, "game-pgn").get_attribute("href")
        with urllib.request.urlopen(pgn_link, timeout=10) as response:
            assert response.headers["Content-Type"].startswith("application/x-chess-pgn")
            assert "[White " in response.read().decode()
        shot(driver, "board-game.png")
        # The chart of games a month, for the position and a move.
        driver.get(board.base + "/?start=451")
        ready(driver, "start=451")
        bars = driver.find_elements(By.CSS_SELECTOR, "#history-chart g.month")
        assert len(bars) == 12
        assert driver.find_element(By.ID, "history-caption").text == "Games a month: this position"
        row = driver.find_element(By.CSS_SELECTOR, "#moves tbody tr[data-uci]")
        ActionChains(driver).move_to_element(row).perform()
        WebDriverWait(driver, 5).until(
            lambda d: d.find_element(By.ID, "history-caption").text.startswith("Games a month: after "))
        # The tabs: masters (no speed filters), the player's db.
        tabs = driver.find_elements(By.CSS_SELECTOR, "#tabs a")
        assert [tab.text for tab in tabs] == ["Lichess", "Masters", "Player: white3"]
        tabs[1].click()
        seen = ready(driver, "/masters?")
        assert "db=masters" in seen["url"] and not driver.find_element(By.ID, "filters").is_displayed()
        driver.find_elements(By.CSS_SELECTOR, "#tabs a")[2].click()
        ready(driver, "/player?")
        # Keyboard only: a typed move, a row played with Enter.
        driver.get(board.base + "/?start=451")
        ready(driver, "start=451")
        box = driver.find_element(By.ID, "move-input")
        box.send_keys("e3", Keys.ENTER)
        ready(driver, "play=e2e3&")
        row = driver.find_element(By.CSS_SELECTOR, "#moves tbody tr[data-uci]")
        uci = row.get_attribute("data-uci")
        row.send_keys(Keys.ENTER)
        ready(driver, "play=e2e3," + uci + "&")
        # A phone's width: nothing wider than the screen.
        driver.set_window_size(390, 900)
        time.sleep(0.3)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= driver.execute_script(
            "return window.innerWidth")
        shot(driver, "board-phone.png")
        no_errors(driver)
    finally:
        driver.quit()
