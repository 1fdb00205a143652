#!/usr/bin/env python3
"""Read Chromium's computed accessibility tree of SDUIKit HTML pages (`sdui render --format html`, `sdui preview`).

For every page, the DevTools protocol's `Accessibility.getFullAXTree` (through selenium's `execute_cdp_cmd`) is
walked depth first in the browser's own child order (which follows `aria-owns`). Each screen panel is a group
whose role description is "screen"; inside it, every node that is not ignored and whose role is an element's
(button, link, heading, searchbox, image, StaticText; switch, spinbutton, textbox, radiogroup for input controls)
is recorded — {role, name, description, disabled, and a switch's checked state or a spinbutton's value} — and not
descended into (a StaticText's inline text boxes, a button's presentational children).

The comparison with `sdui accessibility` is the Swift test's (`AccessibilityBrowserTests`): this script only
reports what the browser computed.

Usage:
    python3 Scripts/browser/check_accessibility.py PAGE.html... --json REPORT.json [--chromium PATH] [--chromedriver PATH]

REPORT.json: {"pages": [{"page": PATH, "panels": [{"name": …, "elements": [{"role", "name", "description", "disabled",
"state"}]}]}]} — state: a switch's `checked` ("true"/"false"), a spinbutton's value, else null.

Exit status: 0 when every page was read; 1 when a page could not be read; 2 when the browser or selenium is
missing (the message says what to install).
"""

import argparse
import json
import os
import pathlib
import shutil
import sys

MISSING_TOOLS = 2
ELEMENT_ROLES = {"button", "link", "heading", "searchbox", "image", "img", "StaticText",
                 "switch", "spinbutton", "textbox", "radiogroup"}


def make_driver(args):
    try:
        from selenium import webdriver
    except ImportError:
        print("check_accessibility: selenium is not installed: pip install selenium==4.50.0", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    chromium = args.chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = args.chromedriver or shutil.which("chromedriver")
    if not chromium or not os.path.exists(chromium):
        print("check_accessibility: chromium not found: apt-get install -y chromium chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    if not driver_path or not os.path.exists(driver_path):
        print("check_accessibility: chromedriver not found: apt-get install -y chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1", "--disable-extensions", "--no-first-run", "--window-size=1400,1000"]:
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    return driver


def value(field):
    return (field or {}).get("value")


def prop(node, name):
    for p in node.get("properties", []):
        if p.get("name") == name:
            return value(p.get("value"))
    return None


def panels(tree):
    """The screen panels of one page's AX tree, each with its elements in the browser's order."""
    nodes = {n["nodeId"]: n for n in tree["nodes"]}
    children_of = {n["nodeId"]: n.get("childIds", []) for n in tree["nodes"]}
    has_parent = {c for ids in children_of.values() for c in ids}
    roots = [n["nodeId"] for n in tree["nodes"] if n["nodeId"] not in has_parent]
    found = []

    def walk(node_id, panel):
        node = nodes.get(node_id)
        if node is None:
            return
        role = value(node.get("role"))
        ignored = node.get("ignored", False)
        if not ignored and role == "group" and prop(node, "roledescription") == "screen":
            panel = {"name": value(node.get("name")), "elements": []}
            found.append(panel)
        elif panel is not None and not ignored and role in ELEMENT_ROLES:
            panel["elements"].append({
                "role": "image" if role == "img" else role,
                "name": value(node.get("name")) or "",
                "description": value(node.get("description")),
                "disabled": bool(prop(node, "disabled")),
                "state": (str(prop(node, "checked")) if role == "switch"
                          else str(value(node.get("value"))) if role == "spinbutton" else None),
            })
            return
        for child in children_of.get(node_id, []):
            walk(child, panel)

    for root in roots:
        walk(root, None)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--json", required=True)
    parser.add_argument("--chromium")
    parser.add_argument("--chromedriver")
    args = parser.parse_args()
    driver = make_driver(args)
    report = {"pages": []}
    status = 0
    try:
        driver.execute_cdp_cmd("Accessibility.enable", {})
        for page in args.pages:
            try:
                driver.get(pathlib.Path(page).resolve().as_uri())
                tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
                report["pages"].append({"page": page, "panels": panels(tree)})
            except Exception as error:  # a page that cannot be read is reported, the others still are
                print(f"check_accessibility: {page}: {error}", file=sys.stderr)
                report["pages"].append({"page": page, "error": str(error), "panels": []})
                status = 1
    finally:
        driver.quit()
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False, indent=1)
    for page in report["pages"]:
        counts = ", ".join(str(len(p["elements"])) for p in page["panels"])
        print(f"{page['page']}: {len(page['panels'])} panels, elements {counts}")
    return status


if __name__ == "__main__":
    sys.exit(main())
