#!/usr/bin/env python3
"""The page of `dynamo serve` in a real, headless Chromium (docs/serve.md).

Usage: test_browser.py DYNAMO_EXE PROJECT_ROOT OUTPUT_DIR

Starts `DYNAMO_EXE serve --port 0`, sets up examples/dynamo-2.pop's position by clicking the
board, solves #2, clicks the key and steps with the arrow keys, checks a collection, and compares
what the page shows with what the command line says (solve --json, replay, check --json).
Screenshots (PNG) go to OUTPUT_DIR. Exits 77 (skipped) when chromium, chromedriver or Debian's
python3-selenium is missing; `bash setup.sh --tests` installs them.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

SKIP = 77

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("skipped: python3-selenium is not installed (bash setup.sh --tests)")
    sys.exit(SKIP)


def find_program(names, fixed):
    for path in fixed:
        if os.access(path, os.X_OK):
            return path
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = find_program(["chromium", "chromium-browser"], ["/usr/bin/chromium"])
DRIVER = find_program(["chromedriver"], ["/usr/bin/chromedriver"])
if not CHROMIUM or not DRIVER:
    print("skipped: chromium or chromedriver is not installed (bash setup.sh --tests)")
    sys.exit(SKIP)

EXE, ROOT, OUT = (os.path.abspath(a) for a in sys.argv[1:4])
os.makedirs(OUT, exist_ok=True)
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)
    return condition


def cli(*args):
    r = subprocess.run([EXE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return r.stdout


def cli_json(*args):
    return [json.loads(line) for line in cli(*args, "--json").splitlines() if line.strip()]


def placement(fen):
    """{square: 'wK'} of a FEN's placement."""
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + str(8 - i)] = ("w" if c.isupper() else "b") + c.upper()
                file += 1
    return board


def replayed(fen, *moves):
    """The FEN after the moves, by `dynamo replay`."""
    lines = [l for l in cli("replay", "--fen", fen, *moves).splitlines() if l.strip()]
    return " ".join(lines[-1].split()[-6:])


def with_side(fen, side):
    f = fen.split()
    f[1], f[3] = side, "-"
    return " ".join(f)


def pieces_of_pop(path):
    """The `pieces` line of a Popeye file: [('w', 'K', 'd4'), ...] (S is the knight)."""
    text = open(path).read()
    words = re.search(r"^\s*pieces\s+(.*)$", text, re.M | re.I).group(1).split()
    colour, out = None, []
    for w in words:
        if w.lower() in ("white", "black"):
            colour = w[0].lower()
            continue
        m = re.fullmatch(r"([KQRBSP]?)([a-h][1-8])", w)
        letter = {"S": "N", "": "P"}.get(m.group(1), m.group(1))
        out.append((colour, letter, m.group(2)))
    return out


# ---- the server
server = subprocess.Popen([EXE, "serve", "--port", "0"], cwd=tempfile.gettempdir(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
first_line = []
reader = threading.Thread(target=lambda: first_line.append(server.stdout.readline()), daemon=True)
reader.start()
reader.join(30)
match = re.search(r"dynamo serve: (http://\S+)", first_line[0] if first_line else "")
if not match:
    server.kill()
    print("FAIL the server printed no URL:", first_line, server.stderr.read() if server.poll() is not None else "")
    sys.exit(1)
url = match.group(1)
print("server at", url, flush=True)

profile = tempfile.mkdtemp(prefix="dynamo-chromium-")
options = webdriver.ChromeOptions()
options.binary_location = CHROMIUM
for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1500,1000"]:
    options.add_argument(flag)
driver = None
try:
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    wait = WebDriverWait(driver, 60)
    q = lambda css: driver.find_element(By.CSS_SELECTOR, css)
    qa = lambda css: driver.find_elements(By.CSS_SELECTOR, css)

    def board_pieces():
        return {e.get_attribute("data-square"): e.get_attribute("data-piece") for e in qa("#pieces [data-piece]")}

    def shown(index):
        wait.until(lambda d: q("#board").get_attribute("data-shown") == index)

    def press(key):
        webdriver.ActionChains(driver).send_keys(key).perform()

    driver.get(url)
    wait.until(lambda d: q("body").get_attribute("data-ready") == "true")
    check(driver.execute_script("return document.querySelectorAll('link[href^=http], script[src^=http]').length") == 0,
          "the page loads nothing from the internet")

    # ---- set up examples/dynamo-2.pop by clicking the palette and the squares
    pop = os.path.join(ROOT, "examples", "dynamo-2.pop")
    expected_diagram = {}
    for colour, letter, square in pieces_of_pop(pop):
        q(f'#palette button[data-piece="{colour}{letter}"]').click()
        q(f'#squares [data-square="{square}"]').click()
        expected_diagram[square] = colour + letter
    check(board_pieces() == expected_diagram, f"the board holds the clicked pieces {expected_diagram}")
    diagram_fen = q("#fen").get_attribute("value")
    check(placement(diagram_fen) == expected_diagram, f"the FEN field says the same: {diagram_fen}")

    # ---- choose #2 and solve
    stip = q("#stip")
    stip.clear()
    stip.send_keys("#2", Keys.TAB)
    cli_result = cli_json("solve", "examples/dynamo-2.pop")[0]
    # Timed inside the page: from the click on Solve to the verdict's text in #verdict.
    driver.execute_script("""
        window.solveClickedAt = null; window.verdictShownAt = null;
        document.getElementById('solve').addEventListener('click',
            () => { window.solveClickedAt = performance.now(); }, {capture: true, once: true});
        const v = document.getElementById('verdict');
        new MutationObserver(() => {
            if (v.textContent.trim() && window.verdictShownAt === null) window.verdictShownAt = performance.now();
        }).observe(v, {childList: true, characterData: true, subtree: true});""")
    started = time.perf_counter()
    q("#solve").click()
    WebDriverWait(driver, 60, poll_frequency=0.02).until(lambda d: q("#verdict").text.strip() != "")
    seen = time.perf_counter() - started
    in_page = driver.execute_script("return (window.verdictShownAt - window.solveClickedAt) / 1000")
    print(f"solve to verdict: {in_page:.3f} s in the page ({seen:.3f} s as the test saw it): "
          "examples/dynamo-2.pop, #2", flush=True)
    verdict = q("#verdict").text
    check(cli_result["verdict"] in verdict, f"the verdict block says {cli_result['verdict']!r}: {verdict!r}")

    def tree_moves(nodes, out):
        for n in nodes:
            out.add(n["move"])
            for k in ("threat", "variations", "refutations", "continuations"):
                tree_moves(n.get(k, []), out)
        return out

    page_moves = [e.get_attribute("data-move") for e in qa("#tree [data-move]")]
    check(set(page_moves) == tree_moves(cli_result["tree"], set()),
          f"the tree's moves are solve --json's ({len(page_moves)} shown)")
    keys = qa("#tree [data-key]")
    cli_key = cli_result["keys"][0]
    check(len(keys) == 1 and keys[0].get_attribute("data-move") == cli_key["move"],
          f"one key, {cli_key['move']}")
    driver.save_screenshot(os.path.join(OUT, "solved.png"))
    # The downloads: each export of the job answers, the FEN one with the diagram.
    exports = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(['pop', 'fen', 'svg', 'latex'].map((f) => fetch(document.getElementById('dl-' + f).href)
            .then(async (r) => [f, r.status, await r.text()]))).then(done);""")
    for fmt, status, body in exports:
        check(status == 200 and body.strip() != "", f"the {fmt} download answers ({status}, {len(body)} characters)")
    fen_export = next((body for fmt, _, body in exports if fmt == "fen"), "")
    check(placement(fen_export.strip().splitlines()[0]) == expected_diagram if fen_export.strip() else False,
          f"the FEN download is the diagram: {(fen_export.strip().splitlines() or [''])[0]}")

    # ---- the key on the board
    start_fen = with_side(diagram_fen, "w")
    after_key = replayed(start_fen, cli_key["move"])
    keys[0].click()
    shown(keys[0].get_attribute("data-node"))
    check(board_pieces() == placement(after_key), f"after the key the board is {after_key.split()[0]}")
    check(len(qa("#arrows .arrow-active")) == 1, "an arrow shows the key's move")
    driver.save_screenshot(os.path.join(OUT, "key.png"))

    # ---- the arrow keys: right to the first move after the key, left back, left to the diagram
    key_node = next(n for n in cli_result["tree"] if n["kind"] == "key")
    if key_node.get("threat"):
        child, child_fen = key_node["threat"][0], replayed(with_side(after_key, "w"), key_node["threat"][0]["move"])
    else:
        child = key_node["variations"][0]
        child_fen = replayed(after_key, child["move"])
    press(Keys.ARROW_RIGHT)
    wait.until(lambda d: q("#tree .mv.current").get_attribute("data-move") == child["move"])
    shown(q("#tree .mv.current").get_attribute("data-node"))
    check(board_pieces() == placement(child_fen), f"right arrow: {child['move']}, board {child_fen.split()[0]}")
    press(Keys.ARROW_LEFT)
    shown(keys[0].get_attribute("data-node"))
    check(board_pieces() == placement(after_key), "left arrow: back to the key's position")
    press(Keys.ARROW_LEFT)
    wait.until(lambda d: not qa("#tree .mv.current"))
    check(board_pieces() == expected_diagram, "left arrow again: the diagram")

    # A push, for the picture: both arrows.
    pushes = [e for e in qa("#tree [data-move]") if "/" in e.get_attribute("data-move")]
    if pushes:
        pushes[0].click()
        shown(pushes[0].get_attribute("data-node"))
        check(len(qa("#arrows .arrow-passive")) == 1, f"{pushes[0].get_attribute('data-move')}: the pushed piece's arrow")
    driver.save_screenshot(os.path.join(OUT, "serve.png"))

    # ---- a link: the URL's hash sets up and solves
    link = (url + "#fen=" + urllib.parse.quote(with_side(diagram_fen, "w")) + "&stip=%232&rules=Dynamo&solve")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: q("body").get_attribute("data-ready") == "true" and q("#verdict").text.strip() != "")
    linked_keys = [e.get_attribute("data-move") for e in qa("#tree [data-key]")]
    check(linked_keys == [cli_key["move"]], f"a link with &solve solves on load: key {linked_keys}")

    # ---- a collection: every verdict, as check --json says, then a row opens on the board
    collection = "examples/collection.pop"
    cli_rows = cli_json("check", collection)
    Select(q("#bundled")).select_by_value(collection)
    q("#bundled-check").click()
    wait.until(lambda d: q("#check-table").get_attribute("data-done") == "done")
    rows = qa("#check-table tbody tr")
    page_verdicts = [r.get_attribute("data-verdict") for r in rows]
    check(page_verdicts == [r["verdict"] for r in cli_rows],
          f"{collection}: the table's verdicts {page_verdicts} are check --json's")
    driver.execute_script("document.getElementById('check-box').scrollIntoView()")
    driver.save_screenshot(os.path.join(OUT, "check.png"))
    if rows and cli_rows and cli_rows[-1].get("fen"):
        rows[-1].click()
        wait.until(lambda d: placement(q("#fen").get_attribute("value")) == placement(cli_rows[-1]["fen"]))
        check(board_pieces() == placement(cli_rows[-1]["fen"]), "a row click puts its problem on the board")
        check(q("#stip").get_attribute("value") == cli_rows[-1]["stipulation"], "... with its stipulation")
except Exception as e:  # a timeout or a missing element: the test fails, with the page's state
    check(False, f"{type(e).__name__}: {e}")
    if driver:
        driver.save_screenshot(os.path.join(OUT, "failure.png"))
        print("error field:", driver.execute_script("return document.getElementById('error').textContent"))
finally:
    if driver:
        driver.quit()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        check(False, "the server stops on SIGTERM")
    shutil.rmtree(profile, ignore_errors=True)

print(f"screenshots in {OUT}")
if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
print("all passed")
