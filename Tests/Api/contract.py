#!/usr/bin/env python3
"""The JSON API against its own description: starts the app on a demo account, makes a token that may read and change
through Profile → API tokens, and runs schemathesis over every operation of Resources/openapi.yaml, with its examples,
coverage, fuzzing and stateful phases (the spec's links chain a created entry into its reads). It fails on any 5xx, and
on any answer whose status, content type, headers or body the spec doesn't describe.

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
import urllib.request
import ssl

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
        passed = True
        return 0
    finally:
        server.terminate()
        server.wait(timeout=10)
        if passed:
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
