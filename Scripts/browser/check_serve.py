#!/usr/bin/env python3
"""Check `sdui serve` in headless Chromium: live reload, interaction, errors, safety.

Starts `sdui serve PAYLOAD --port 0` (the payload is copied to a temporary folder, which the script then edits),
opens the page in Chromium and checks, without ever reloading the page:

* interaction   a tap on a control or a button with a state action changes the same texts in every panel (one state
                per page, shared by its panels); only the elements that changed are touched (a MutationObserver
                counts them, and no node element is replaced); typing into a text field echoes in every panel;
* live reload   a save changes the page without a reload (a node added to the payload appears in every panel), the
                state, the Dynamic Type choice and a scroll view's scroll position are kept; how long the save took
                to reach every panel is printed with the timings (measured, not asserted);
* errors        a save that is not JSON shows an overlay with a line and column over the last render; the next good
                save clears it;
* state         (scenario) the state panel's edit is applied, a bad one is refused naming its JSON Pointer; a named
                preview can be picked;
* safety        `Host: attacker.example` is refused (403), `/../../etc/passwd` and its percent-encoded spellings
                are refused, the page's Content-Security-Policy has no inline script and a payload's
                `<script>`/`onerror` text runs nothing; no CSP violation is logged;
* shutdown      SIGTERM stops the server (exit 0).

Without --payload the script writes its own scenario payload (a counter with a text field, a toggle, a long list in a
scroll view and hostile strings) and checks everything above by node id; with --payload it runs the generic checks on
that payload (any payload with a state action or an input control).

Usage:
    python3 Scripts/browser/check_serve.py --sdui .build/debug/sdui [--payload FILE] [--json REPORT.json]
        [--screenshot PAGE.png] [--chromium PATH] [--chromedriver PATH]

Exit status: 0 all checks pass, 1 a check failed, 2 a tool is missing (the message says what to install).
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

MISSING_TOOLS = 2

SCENARIO = {
    "schemaVersion": 1, "id": "counter", "title": "Counter <script>window.__pwned = 3</script>",
    "state": {"count": 0, "name": "", "on": False, "rows": [{"id": "r%d" % i, "title": "Row %d" % i} for i in range(40)]},
    "previews": {"ten": {"count": 10}, "named": {"name": "Grace"}},
    "root": {"type": "scroll", "id": "scroller", "children": [{"type": "vstack", "id": "content", "alignment": "leading", "spacing": 12,
        "padding": 16, "children": [
            {"type": "text", "id": "label", "text": "Count: @{count}", "style": "title"},
            {"type": "button", "id": "increment", "title": "Add one", "style": "bordered",
             "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
            {"type": "textField", "id": "name-field", "text": "@{name}", "placeholder": "Your name"},
            {"type": "text", "id": "greeting", "text": "Hello, @{name}!"},
            {"type": "toggle", "id": "flag", "isOn": "@{on}", "label": "Flag"},
            {"type": "text", "id": "hostile", "text": "<script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\">"},
            {"type": "vstack", "id": "rows", "alignment": "leading", "spacing": 8, "children": [
                {"type": "forEach", "items": "@{rows}", "id": "@{item.id}",
                 "template": {"type": "text", "id": "row-@{item.id}", "text": "@{item.title}"}}]}]}]}}

SNAPSHOT = """
return Array.from(document.querySelectorAll('#sv-panels section[data-w]')).map(function (s) {
  var texts = {};
  s.querySelectorAll('.sdui-node[data-node-id]').forEach(function (n) {
    var lines = Array.from(n.querySelectorAll(':scope > .sdui-line')).map(function (l) { return l.textContent; }).join('\\n');
    var checked = n.getAttribute('aria-checked');
    if (lines || checked !== null) texts[n.getAttribute('data-node-id')] = lines + (checked !== null ? ' [' + checked + ']' : '');
  });
  return {w: s.dataset.w, texts: texts};
});
"""

OBSERVE = """
var marks = 0;
document.querySelectorAll('#sv-panels [data-k]').forEach(function (el) { el.__svMark = 1; marks++; });
window.__svMutated = new Set();
window.__svObserver = new MutationObserver(function (records) {
  records.forEach(function (r) {
    var t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    var el = t && t.closest('[data-k]');
    if (el) window.__svMutated.add(el);
  });
});
window.__svObserver.observe(document.getElementById('sv-panels'), {subtree: true, childList: true, attributes: true, characterData: true});
return marks;
"""

OBSERVED = """
window.__svObserver.disconnect();
var all = document.querySelectorAll('#sv-panels [data-k]');
var replaced = Array.from(all).filter(function (el) { return !el.__svMark; }).length;
return {mutated: window.__svMutated.size, total: all.length, fresh: replaced};
"""


class Failure(Exception):
    pass


def wait_until(predicate, timeout, interval=0.02):
    start = time.time()
    while time.time() - start < timeout:
        value = predicate()
        if value:
            return value, time.time() - start
        time.sleep(interval)
    return predicate(), time.time() - start


def raw_request(port, text):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(text.encode("latin-1"))
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.decode("utf-8", "replace")


def status_of(response):
    m = re.match(r"HTTP/1\.1 (\d+)", response)
    return int(m.group(1)) if m else None


def make_driver(args):
    try:
        from selenium import webdriver
    except ImportError:
        print("check_serve: selenium is not installed: pip install selenium==4.50.0", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    chromium = args.chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = args.chromedriver or shutil.which("chromedriver")
    if not chromium or not os.path.exists(chromium):
        print("check_serve: chromium not found: apt-get install -y chromium chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    if not driver_path or not os.path.exists(driver_path):
        print("check_serve: chromedriver not found: apt-get install -y chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-extensions", "--no-first-run",
                 "--window-size=1680,1200"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(30)
    return driver


class Run:
    def __init__(self, args):
        self.args = args
        self.report = {"failures": [], "checks": {}, "timings": {}}
        self.folder = tempfile.mkdtemp(prefix="sdui-serve-check-")
        name = os.path.basename(args.payload) if args.payload else "counter.json"
        self.path = os.path.join(self.folder, name)
        if args.payload:
            with open(args.payload, "rb") as f:
                self.original = json.loads(f.read().decode("utf-8"))
        else:
            self.original = SCENARIO
        self.current = json.loads(json.dumps(self.original))
        self.write(self.current)
        self.process = None
        self.driver = None
        self.port = None

    # -- bookkeeping

    def check(self, name, ok, detail=""):
        self.report["checks"][name] = bool(ok)
        if not ok:
            self.report["failures"].append(name + (": " + detail if detail else ""))
        print(("ok    " if ok else "FAIL  ") + name + (" — " + detail if detail and not ok else ""))
        return ok

    def timing(self, name, seconds):
        self.report["timings"].setdefault(name, []).append(round(seconds * 1000, 1))

    def write(self, payload=None, text=None):
        data = text if text is not None else json.dumps(payload, indent=2)
        # Written in place, as most editors do; the server waits for a save to hold still before reading it.
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(data)

    # -- the server

    def start_server(self):
        self.process = subprocess.Popen([self.args.sdui, "serve", self.path, "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            raise Failure("sdui serve did not print its address: %r %s" % (line, self.process.stderr.read()))
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/" % self.port

    def stop_server(self):
        if self.process and self.process.poll() is None:
            start = time.time()
            self.process.send_signal(signal.SIGTERM)
            try:
                code = self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                code = None
            self.check("SIGTERM stops the server with exit 0", code == 0, "exit %r" % code)
            self.timing("stop", time.time() - start)

    # -- the page

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def snapshot(self):
        return self.js(SNAPSHOT)

    def panel_count(self):
        return self.js("return document.querySelectorAll('#sv-panels section[data-w]').length")

    def loaded_at(self):
        return self.js("return window.sduiServe && window.sduiServe.loadedAt")

    def open_page(self):
        self.driver.get(self.url)
        ready, seconds = wait_until(lambda: self.js("return !!(window.sduiServe && window.sduiServe.ready)"), 20)
        self.check("the page connects to its server", ready)
        self.timing("connect", seconds)
        self.loaded = self.loaded_at()

    def changed(self, before, after):
        """Per panel, the node ids whose text differs between two snapshots."""
        out = []
        for b, a in zip(before, after):
            keys = set(b["texts"]) | set(a["texts"])
            out.append({k: a["texts"].get(k) for k in keys if b["texts"].get(k) != a["texts"].get(k)})
        return out

    def click(self, section_index, node_id=None, element=None, x_from_right=None):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        if element is None:
            sections = self.driver.find_elements(By.CSS_SELECTOR, "#sv-panels section[data-w]")
            element = sections[section_index].find_element(By.CSS_SELECTOR, '[data-node-id="%s"]' % node_id)
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        if x_from_right is not None:
            width = element.size["width"]
            ActionChains(self.driver).move_to_element_with_offset(element, width / 2 - x_from_right, 0).click().perform()
        else:
            element.click()

    # -- checks

    def tap_changes_every_panel(self):
        """Taps state-changing elements until one changes a text; the change must be the same in every panel."""
        from selenium.webdriver.common.by import By
        first = self.driver.find_elements(By.CSS_SELECTOR, "#sv-panels section[data-w]")[0]
        candidates = first.find_elements(By.CSS_SELECTOR, '[data-action^="set "], [data-action^="toggle "], [data-action^="append"], '
                                         '[data-action^="remove"], [data-action*="then"], [data-type="toggle"], [data-type="stepper"], '
                                         '[data-type="picker"]')
        if self.args.payload is None:
            candidates = [first.find_element(By.CSS_SELECTOR, '[data-node-id="increment"]')]
        for element in candidates[:8]:
            node_id = element.get_attribute("data-node-id")
            kind = element.get_attribute("data-type")
            before = self.snapshot()
            self.js(OBSERVE)
            start = time.time()
            self.click(0, element=element, x_from_right=10 if kind in ("stepper", "picker") else None)
            _, seconds = wait_until(lambda: any(self.changed(before, self.snapshot())), 3)
            changes = self.changed(before, self.snapshot())
            observed = self.js(OBSERVED)
            if not changes[0]:
                continue
            # Every panel shows the change (allow the other panels a moment more).
            wait_until(lambda: all(c == self.changed(before, self.snapshot())[0] for c in self.changed(before, self.snapshot())), 3)
            changes = self.changed(before, self.snapshot())
            self.timing("tap to every panel", time.time() - start)
            self.report["tap"] = {"node": node_id, "changes": changes[0], "observed": observed}
            self.check("a tap on %s changes the same texts in every panel" % node_id,
                       all(c == changes[0] for c in changes), json.dumps(changes)[:400])
            if self.args.payload is None:
                self.check("the bound text reads Count: 1 in every panel",
                           all(s["texts"].get("label") == "Count: 1" for s in self.snapshot()))
                self.check("only the changed elements are touched (%d of %d)" % (observed["mutated"], observed["total"]),
                           0 < observed["mutated"] <= max(4 * self.panel_count(), observed["total"] // 8), json.dumps(observed))
            self.check("no element is replaced by a state change", observed["fresh"] == 0 or kind is None and "append" in
                       (element.get_attribute("data-action") or ""), json.dumps(observed))
            return True
        self.check("some tap changes the page", False, "no state-changing element changed a text")
        return False

    def typing_echoes(self):
        from selenium.webdriver.common.by import By
        sections = self.driver.find_elements(By.CSS_SELECTOR, "#sv-panels section[data-w]")
        target = 1 if len(sections) > 1 else 0
        fields = sections[target].find_elements(By.CSS_SELECTOR, '[data-type="textField"]')
        if not fields:
            self.report["typing"] = "no text field"
            return
        node_id = fields[0].get_attribute("data-node-id")
        self.click(target, element=fields[0])
        editor, _ = wait_until(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".sv-editor"), 3)
        if not self.check("a tap on a text field opens its editor", editor):
            return
        editor[0].send_keys("Zed")
        start = time.time()

        def echoed():
            snaps = self.snapshot()
            return all("Zed" in (s["texts"].get(node_id) or "") for s in snaps)
        ok, _ = wait_until(echoed, 3)
        self.timing("typing to every panel", time.time() - start)
        self.check("typing into %s echoes in every panel" % node_id, ok)
        if self.args.payload is None:
            ok, _ = wait_until(lambda: all(s["texts"].get("greeting") == "Hello, Zed!" for s in self.snapshot()), 3)
            self.check("the greeting bound to the field reads Hello, Zed! in every panel", ok)
        self.js("document.activeElement && document.activeElement.blur()")

    def scroll_view(self):
        """The first scroll view of the first panel that can scroll, scrolled part way."""
        return self.js("""
            var s = document.querySelector('#sv-panels section[data-w]');
            var views = Array.from(s.querySelectorAll('.sdui-scroll')).filter(function (v) { return v.scrollHeight > v.clientHeight + 40; });
            if (!views.length) return null;
            var v = views[0];
            v.scrollTop = Math.min(120, v.scrollHeight - v.clientHeight);
            return {k: v.getAttribute('data-k'), top: v.scrollTop};
        """)

    def scroll_top(self, key):
        return self.js("""
            var s = document.querySelector('#sv-panels section[data-w]');
            var v = Array.from(s.querySelectorAll('.sdui-scroll')).find(function (e) { return e.getAttribute('data-k') === arguments[0]; });
            return v ? v.scrollTop : null;
        """.replace("arguments[0]", json.dumps(key)))

    def probe_container(self, payload):
        """The children list the probe text goes into: the first container's, down from the root."""
        node = payload["root"]
        while True:
            children = node.get("children")
            if not isinstance(children, list):
                return None
            nested = [c for c in children if isinstance(c, dict) and c.get("type") in ("vstack", "hstack", "zstack", "scroll", "lazyVStack", "section")]
            if node is payload["root"] and node.get("type") == "scroll" and nested:
                node = nested[0]
                continue
            return children

    def save_reloads_live(self):
        from selenium.webdriver.support.ui import Select
        state_before = self.js("return document.getElementById('sv-state-text').value")
        # A Dynamic Type choice that must survive the saves.
        Select(self.driver.find_element("id", "sv-size")).select_by_value("xLarge")
        wait_until(lambda: self.js("return Array.from(document.querySelectorAll('#sv-panels .sdui-panel')).every(function (p) { return p.dataset.contentSize === 'xLarge'; })"), 5)
        time.sleep(0.3)
        scroll = self.scroll_view()
        container = self.probe_container(self.current)
        if container is None:
            self.check("the payload has a container to add a probe text to", False)
            return
        container.insert(0, {"type": "text", "id": "sdui-serve-probe", "text": "probe 1"})
        start = time.time()
        self.write(self.current)

        def probe_everywhere(text):
            snaps = self.snapshot()
            return all(s["texts"].get("sdui-serve-probe") == text for s in snaps)
        ok, _ = wait_until(lambda: probe_everywhere("probe 1"), 3)
        seconds = time.time() - start
        self.timing("save to every panel", seconds)
        self.check("a save changes every panel without a reload", ok and self.loaded_at() == self.loaded)
        # How long the save took to reach every panel is a measurement (printed with the timings), not a check: on a
        # loaded machine a debug server under a parallel test run can take longer than on a developer's.
        print("note  save to every panel in %.0f ms" % (seconds * 1000))
        self.check("the state is kept across the save", self.js("return document.getElementById('sv-state-text').value") == state_before)
        self.check("the Dynamic Type choice is kept", self.js(
            "return document.getElementById('sv-size').value === 'xLarge' && Array.from(document.querySelectorAll('#sv-panels .sdui-panel')).every(function (p) { return p.dataset.contentSize === 'xLarge'; })"))
        if scroll:
            self.check("a scroll view keeps its scroll position (%s)" % scroll["top"], self.scroll_top(scroll["k"]) == scroll["top"],
                       "was %s, now %s" % (scroll["top"], self.scroll_top(scroll["k"])))
        elif self.args.payload is None:
            self.check("the scenario scrolls", False)

        # A broken save: the overlay names a line and column; the last render stays.
        text = json.dumps(self.current, indent=2)
        start = time.time()
        self.write(text=text[: len(text) * 2 // 3])
        ok, _ = wait_until(lambda: self.js("var o = document.getElementById('sv-overlay'); return !o.hidden && /line \\d+, column \\d+/.test(o.textContent)"), 3)
        self.timing("broken save to overlay", time.time() - start)
        overlay = self.js("return document.getElementById('sv-overlay').textContent")
        self.report["overlay"] = overlay[:500]
        self.check("a broken save shows its problem with a line and column", ok, overlay[:200])
        self.check("the last good render stays under the overlay", probe_everywhere("probe 1") and self.loaded_at() == self.loaded)

        # The next good save clears it.
        self.current_probe(container, "probe 2")
        start = time.time()
        self.write(self.current)
        ok, _ = wait_until(lambda: self.js("return document.getElementById('sv-overlay').hidden") and probe_everywhere("probe 2"), 3)
        self.timing("recovery", time.time() - start)
        self.check("the next save clears the overlay and updates the page", ok and self.loaded_at() == self.loaded)
        self.check("the state survives the broken save", self.js("return document.getElementById('sv-state-text').value") == state_before)

    def current_probe(self, container, text):
        for child in container:
            if isinstance(child, dict) and child.get("id") == "sdui-serve-probe":
                child["text"] = text

    def state_and_previews(self):
        from selenium.webdriver.support.ui import Select
        area = self.driver.find_element("id", "sv-state-text")
        self.js("arguments[0].value = arguments[1]", area, '{"cout": 1}')
        self.driver.find_element("id", "sv-state-apply").click()
        ok, _ = wait_until(lambda: "/cout" in self.js("return document.getElementById('sv-state-problems').textContent"), 3)
        self.check("a state edit naming an unknown variable is refused with its pointer", ok)
        self.js("arguments[0].value = arguments[1]", area, '{"count": 41}')
        self.driver.find_element("id", "sv-state-apply").click()
        ok, _ = wait_until(lambda: all(s["texts"].get("label") == "Count: 41" for s in self.snapshot()), 3)
        self.check("a state edit is applied to every panel", ok)
        Select(self.driver.find_element("id", "sv-preview")).select_by_value("ten")
        ok, _ = wait_until(lambda: all(s["texts"].get("label") == "Count: 10" for s in self.snapshot()), 3)
        self.check("a named preview can be picked", ok)

    def safety(self):
        self.check("Host: attacker.example is refused",
                   status_of(raw_request(self.port, "GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")) == 403)
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/etc/passwd"]:
            response = raw_request(self.port, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % (path, self.port))
            self.check("%s is refused" % path, status_of(response) in (400, 403, 404) and "root:" not in response, response[:80])
        with urllib.request.urlopen(self.url, timeout=10) as r:
            csp = r.headers.get("Content-Security-Policy", "")
        script_src = re.search(r"script-src([^;]*)", csp)
        self.check("the page's CSP allows only the server's own script",
                   script_src is not None and "'self'" in script_src.group(1) and "unsafe" not in script_src.group(1), csp)
        if self.args.payload is None:
            self.check("payload markup runs nothing", self.js("return window.__pwned === undefined"))
            shown = self.snapshot()[0]["texts"].get("hostile", "")
            self.check("payload markup is shown as text", "<script>" in shown, shown[:80])

    def console_errors(self):
        try:
            logs = self.driver.get_log("browser")
        except Exception:  # noqa: BLE001 — not every driver keeps logs
            logs = []
        violations = [e["message"] for e in logs if "Content Security Policy" in e.get("message", "")]
        self.report["consoleErrors"] = [e["message"][:200] for e in logs if e.get("level") == "SEVERE"][:10]
        self.check("no Content-Security-Policy violation is logged", not violations, "; ".join(violations)[:300])

    def run(self):
        try:
            self.start_server()
            self.driver = make_driver(self.args)
            self.open_page()
            self.report["panels"] = self.panel_count()
            self.check("the page shows its panels", self.report["panels"] >= 2)
            self.tap_changes_every_panel()
            self.typing_echoes()
            self.save_reloads_live()
            if self.args.payload is None:
                self.state_and_previews()
            self.safety()
            if self.args.screenshot:
                self.screenshot()
            self.console_errors()
            self.check("the page was never reloaded", self.loaded_at() == self.loaded)
        except Failure as e:
            self.check("the run", False, str(e))
        finally:
            if self.driver:
                self.driver.quit()
            self.stop_server()
            shutil.rmtree(self.folder, ignore_errors=True)
        return self.report

    def screenshot(self):
        """The page as the README shows it: the original payload in its initial state, then a tap on the first
        state-changing button, the scroll views at their tops."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select
        self.current = json.loads(json.dumps(self.original))
        self.write(self.current)
        wait_until(lambda: self.js("return document.getElementById('sv-overlay').hidden"), 3)
        Select(self.driver.find_element("id", "sv-size")).select_by_value("Large")
        self.driver.find_element("id", "sv-state-reset").click()
        time.sleep(1)
        buttons = self.driver.find_elements(By.CSS_SELECTOR, '#sv-panels section[data-w] [data-type="button"][data-action^="set "]')
        if buttons:
            self.click(0, element=buttons[0])
        time.sleep(1.5)
        self.js("document.querySelectorAll('.sdui-scroll').forEach(function (v) { v.scrollTop = 0; }); window.scrollTo(0, 0)")
        time.sleep(0.3)
        self.driver.save_screenshot(self.args.screenshot)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sdui", required=True, help="the sdui executable")
    parser.add_argument("--payload", help="a payload to check generically (default: the scenario)")
    parser.add_argument("--json", help="write the report here")
    parser.add_argument("--screenshot", help="save a screenshot of the page here (PNG)")
    parser.add_argument("--chromium")
    parser.add_argument("--chromedriver")
    args = parser.parse_args()
    report = Run(args).run()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    print("timings (ms): " + json.dumps(report["timings"]))
    sys.exit(1 if report["failures"] else 0)


if __name__ == "__main__":
    main()
