#!/usr/bin/env python3
"""The JSON API against its own description: starts the app on a demo account, makes a token that may read and change
through Profile → API tokens, and runs schemathesis over every operation of Resources/openapi.yaml, with its examples,
coverage, fuzzing and stateful phases (the spec's links chain a created entry into its reads). It fails on any 5xx, and
on any answer whose status, content type, headers or body the spec doesn't describe.

Then the README's integrations, as written there: the Homepage tile's mappings and the Home Assistant sensors'
templates (rendered with Jinja, as Home Assistant does) against a real glance, and the shortcut's request, sent twice
with the same Idempotency-Key.

Usage: Tests/Api/contract.py [--binary .build/debug/stashify] [--max-examples N]
"""

import argparse
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import json
import re
import ssl
import urllib.request

import jinja2
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks"))
import pages  # noqa: E402  (the benchmark's sign-in and token helpers)

EMAIL = "api@example.com"
PASSWORD = "stashify-demo"
CHECKS = ",".join([
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/stashify"))
    parser.add_argument("--max-examples", default="40")
    parser.add_argument("--schemathesis", default=str(ROOT / ".build-api/bin/schemathesis"))
    args = parser.parse_args()

    data = tempfile.mkdtemp(prefix="stashify-api-")
    passed = False
    port = free_port()
    base = f"https://127.0.0.1:{port}"
    subprocess.run([args.binary, "demo-data", "--email", EMAIL, "--password", PASSWORD, "--entries", "400",
                    "--years", "1", "--data-dir", data], check=True, stdout=subprocess.DEVNULL)
    # The rate limit is raised so the run measures the API, not the limit (its own test covers it).
    server = subprocess.Popen([args.binary, "--data-dir", data, "--resources-dir", str(ROOT), "--host", "127.0.0.1",
                               "--port", str(port), "--api-requests-per-minute", "100000"],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(data, "server.log"), "w"))
    try:
        context = ssl._create_unverified_context()  # the server's certificate is self-made
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1, context=context)
                break
            except Exception:
                time.sleep(0.1)
        cookie = pages.login(base, EMAIL, PASSWORD)
        conn = pages.connect(base)
        token = pages.api_token(conn, cookie, scope="write")
        conn.close()
        result = subprocess.run([
            args.schemathesis, "run", str(ROOT / "Resources/openapi.yaml"),
            "--url", base + "/api/v1",
            "--header", f"Authorization: Bearer {token}",
            "--tls-verify", "false",
            "--checks", CHECKS,
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", args.max_examples,
            "--seed", "20261128",
            "--workers", "2",
            "--suppress-health-check", "too_slow",
            "--no-color",
            "--report", "junit",
            "--report-dir", os.path.join(data, "report"),
        ], cwd=data)
        if result.returncode != 0:
            print(f"contract.py: schemathesis failed; the server's log is {data}/server.log", file=sys.stderr)
            return result.returncode
        print("contract.py: every answer matched the API description")
        integrations(base, token)
        print("contract.py: the README's Homepage tile, Home Assistant sensors and shortcut work as written")
        passed = True
        return 0
    finally:
        server.terminate()
        server.wait(timeout=10)
        if passed:
            shutil.rmtree(data, ignore_errors=True)


# --- the README's integrations ----------------------------------------------------------------------------------

README_HOST = "https://stashify.lan:8443"


def readme_block(name: str) -> str:
    """The fenced block after `<!-- integration: name -->` in README.md."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- integration: " + re.escape(name) + r" -->\n```\w*\n(.*?)\n```", text, re.S)
    if not match:
        raise SystemExit(f"contract.py: README.md has no '{name}' integration block")
    return match.group(1)


def fetch_json(url: str, headers: dict, method: str = "GET", body: bytes = None):
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10, context=ssl._create_unverified_context()) as response:
        return response.status, dict(response.headers), json.loads(response.read())


def check(condition: bool, what: str):
    if not condition:
        raise SystemExit(f"contract.py: {what}")


def homepage_value(field: str, data):
    """A mapping's `field` as Homepage's customapi widget reads it: a dot path, numbers indexing arrays."""
    for part in field.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def integrations(base: str, token: str):
    glance_url = base + "/api/v1/glance"
    _, _, glance = fetch_json(glance_url, {"Authorization": f"Bearer {token}"})
    expected = {
        "safeToSpend": glance["safeToSpend"]["amount"] / 100,
        "remainingThisMonth": glance["remainingThisMonth"]["amount"] / 100,
        "stashesBehindPace": len(glance["stashesBehindPace"]),
        "benefitsExpiringThisWeek": len(glance["benefitsExpiringThisWeek"]),
    }

    # Homepage: the widget's URL and headers, then each mapping's field, scale and size
    services = yaml.safe_load(readme_block("homepage").replace("stsh_…", token))
    widget = services[0]["Money"][0]["Stashify"]["widget"]
    check(widget["type"] == "customapi", "the Homepage widget isn't a customapi one")
    _, _, data = fetch_json(widget["url"].replace(README_HOST, base), widget["headers"])
    shown = []
    for mapping in widget["mappings"]:
        value = homepage_value(mapping["field"], data)
        if mapping.get("format") == "size":
            value = len(value)
        if "scale" in mapping:
            value = value * mapping["scale"]
        shown.append(value)
    check([round(value, 2) for value in shown] == list(expected.values()),
          f"the Homepage tile would show {shown}, not {list(expected.values())}")

    # Home Assistant: `!secret stashify_token` is what secrets.yaml holds; each sensor's template over value_json
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!secret", lambda loader, node: {"stashify_token": f"Bearer {token}"}[node.value])
    rest = yaml.load(readme_block("home-assistant"), Loader=Loader)["rest"][0]
    _, _, value_json = fetch_json(rest["resource"].replace(README_HOST, base), rest["headers"])
    environment = jinja2.Environment()
    states = [environment.from_string(sensor["value_template"]).render(value_json=value_json) for sensor in rest["sensor"]]
    check(states == [str(value) for value in expected.values()],
          f"the Home Assistant sensors would read {states}, not {list(expected.values())}")

    # The shortcut's request, twice with the same Idempotency-Key: one entry, the same answer
    headers = {"Authorization": f"Bearer {token}"}
    _, _, stashes = fetch_json(base + "/api/v1/stashes", headers)
    stash = stashes["stashes"][0]["id"]
    command = readme_block("shortcut").replace(README_HOST, base).replace("stsh_…", token)
    command = command.replace("/stashes/7/", f"/stashes/{stash}/").split("\n#", 1)[0]
    before = len(fetch_json(base + f"/api/v1/stashes/{stash}/entries", headers)[2]["entries"])
    answers = []
    for _ in range(2):
        result = subprocess.run(["sh", "-c", command.replace("curl ", "curl --silent --insecure ", 1)],
                                capture_output=True, text=True, check=True)
        answers.append(json.loads(result.stdout))
    check(answers[0] == answers[1], "the shortcut's retry got another answer")
    check(answers[0]["transaction"]["amount"]["amount"] == 450 and answers[0]["transaction"]["note"] == "Coffee",
          f"the shortcut's entry is {answers[0]}")
    after = len(fetch_json(base + f"/api/v1/stashes/{stash}/entries", headers)[2]["entries"])
    check(after == before + 1, f"the shortcut sent twice made {after - before} entries, not one")


if __name__ == "__main__":
    sys.exit(main())
