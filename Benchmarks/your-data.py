#!/usr/bin/env python3
"""How long a large account takes to leave and to come back, and a bank statement to preview, on a running
release server. Not a test; never run in CI. See Benchmarks/README.md.

Usage: your-data.py --bin BINARY [--entries 100000] [--rows 10000]

Makes a demo account of --entries entries, then times, over plain HTTP on 127.0.0.1 (one request at a time):
Download everything, importing that ZIP into a new empty account, and uploading and previewing a bank CSV of
--rows rows; /healthz's median is printed beside them as the floor.
"""
import argparse
import http.client
import importlib
import os
import re
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
burst = importlib.import_module("login-burst")
EMAIL, PASSWORD = burst.EMAIL, burst.PASSWORD


class Client:
    """One browser: its cookies, and the last page's CSRF and one-time tokens."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookies = {}
        self.tokens = {}

    def request(self, method, path, body=None, content_type=None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if content_type:
            headers["Content-Type"] = content_type
        start = time.perf_counter()
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        self.cookies.update(burst.cookies_of(response))
        text = data.decode("utf-8", "replace") if b"<html" in data[:200].lower() else ""
        for name in ("_csrf", "_once"):
            found = re.search(rf'name="{name}" value="([^"]+)"', text)
            if found:
                self.tokens[name] = found.group(1)
        return response.status, response.getheader("Location"), data, elapsed

    def post(self, path, fields):
        body = urllib.parse.urlencode({**fields, **self.tokens})
        return self.request("POST", path, body, "application/x-www-form-urlencoded")

    def upload(self, path, field, filename, content):
        boundary = "----stashify-bench"
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                 for name, value in self.tokens.items()]
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                     f"Content-Type: application/octet-stream\r\n\r\n".encode() + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", path, b"".join(parts), f"multipart/form-data; boundary={boundary}")


def expect(status, wanted, what):
    if status != wanted:
        sys.exit(f"your-data.py: {what} answered {status}, not {wanted}")


def bank_csv(rows) -> bytes:
    random.seed(7)
    payees = ["Corner Cafe", "Supermarket", "Rent", "Salary", "Pharmacy", "Bookshop", "Train", "Cinema"]
    lines = ["Buchungstag;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung"]
    for index in range(rows):
        day = 1 + index % 28
        month = 1 + (index // 28) % 12
        amount = random.randint(100, 200000)
        sign = "" if index % 17 == 0 else "-"
        lines.append(f'{day:02d}.{month:02d}.2025;{random.choice(payees)};"Ref {index}";{sign}{amount // 100},{amount % 100:02d};EUR')
    return ("\r\n".join(lines) + "\r\n").encode("iso-8859-1")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--resources", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--rows", type=int, default=10_000)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="stashify-yourdata-")
    try:
        data = os.path.join(folder, "data")
        subprocess.run([args.bin, "demo-data", "--email", EMAIL, "--password", PASSWORD, "--entries", str(args.entries),
                        "--data-dir", data], check=True, stdout=subprocess.DEVNULL)
        server, port = burst.start_server(args.bin, data, args.resources)
        try:
            first = Client(port)
            health = [first.request("GET", "/healthz")[3] for _ in range(50)]
            first.request("GET", "/login")
            status, _, _, _ = first.post("/login", {"email": EMAIL, "password": PASSWORD})
            expect(status, 303, "logging in")
            first.request("GET", "/profile/data")
            exports = []
            for _ in range(3):
                status, _, archive, elapsed = first.request("GET", "/profile/data/export")
                expect(status, 200, "Download everything")
                exports.append(elapsed)

            second = Client(port)
            second.request("GET", "/signup")
            status, _, _, _ = second.post("/signup", {"name": "New Owner", "email": "new@example.com", "password": "correct horse battery"})
            expect(status, 303, "signing up")
            second.request("GET", "/profile/data")
            status, location, _, import_ms = second.upload("/profile/data/import", "archive", "export.zip", archive)
            expect(status, 303, "importing the export")

            statement = bank_csv(args.rows)
            second.request("GET", "/transactions/import")
            status, _, _, upload_ms = second.upload("/transactions/import", "statement", "bank.csv", statement)
            expect(status, 303, "uploading the statement")
            previews = []
            for _ in range(3):
                status, _, _, elapsed = second.request("GET", "/transactions/import/preview")
                expect(status, 200, "the statement's preview")
                previews.append(elapsed)

            floor = statistics.median(health)
            print(f"account of {args.entries:,} entries; export ZIP {len(archive) / 1_048_576:.1f} MB; "
                  f"bank CSV of {args.rows:,} rows ({len(statement) / 1024:.0f} KB)")
            print(f"{'/healthz median':<34} {floor:10.2f} ms")
            print(f"{'Download everything (median of 3)':<34} {statistics.median(exports):10.0f} ms   target < 5000 ms")
            print(f"{'Import into an empty account':<34} {import_ms:10.0f} ms   target < 5000 ms")
            print(f"{'Bank CSV upload':<34} {upload_ms:10.0f} ms")
            print(f"{'Bank CSV preview (median of 3)':<34} {statistics.median(previews):10.0f} ms   target < 1000 ms")
            print(f"{'Upload + preview':<34} {upload_ms + statistics.median(previews):10.0f} ms")
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
