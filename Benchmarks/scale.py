#!/usr/bin/env python3
"""Whether pages stay as fast with ten years and a million entries as with a few thousand. Not a test; never run in
CI. See Benchmarks/README.md.

Usage: scale.py --bin BINARY [--sizes 10000,100000,1000000] [--years 10] [--requests 100] [--others 200]
                [--other-entries 5000]

For each size: a fresh data folder, `demo-data` of that many entries over --years years (timed), then the release
server over HTTPS on 127.0.0.1: how long until it first answers and first serves a signed-in page (the cold start),
every page of pages.py one request at a time (median), and the server's peak memory. Then the smallest size again in
one database with --others other users of --other-entries entries each: one user's pages beside many users' data.
Prints each page's medians, the largest size ÷ the smallest, and the crowded database ÷ the smallest.
"""
import argparse
import datetime
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
pages = importlib.import_module("pages")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EMAIL, PASSWORD = "demo@example.com", "stashify-demo"


def free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def demo_data(binary: str, data: str, email: str, entries: int, years: int) -> float:
    start = time.monotonic()
    subprocess.run([binary, "demo-data", "--email", email, "--password", PASSWORD, "--entries", str(entries),
                    "--years", str(years), "--data-dir", data], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.monotonic() - start


def peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def measure(binary: str, data: str, requests: int) -> dict:
    """Starts the server on `data`, times its cold start, measures every page, stops it."""
    port = free_port()
    base = f"https://127.0.0.1:{port}"
    start = time.monotonic()
    server = subprocess.Popen([binary, "--data-dir", data, "--port", str(port), "--host", "127.0.0.1",
                               "--resources-dir", ROOT], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        first_answer = None
        while time.monotonic() - start < 60:
            conn = pages.connect(base)
            try:
                conn.request("GET", "/healthz")
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    first_answer = time.monotonic() - start
                    break
            except (OSError, pages.http.client.HTTPException):
                time.sleep(0.005)
            finally:
                conn.close()
        if first_answer is None:
            raise RuntimeError("the server didn't answer within 60 s")
        cookie = pages.login(base, EMAIL, PASSWORD)
        conn = pages.connect(base)
        conn.request("GET", "/", headers={"Cookie": cookie})
        conn.getresponse().read()
        first_page = time.monotonic() - start
        results = {}
        today = datetime.date.today()
        for path in pages.page_paths(today):
            result = pages.measure_page(conn, path, cookie, 10, requests)
            if result["error"] or result["non200"]:
                print(f"  {path}: {result['error'] or result['statuses']}", file=sys.stderr)
                conn.close()
                conn = pages.connect(base)
            results[path] = result["median_ms"]
        conn.close()
        return {"pages": results, "first_answer": first_answer, "first_page": first_page, "rss": peak_rss_mb(server.pid)}
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--others", type=int, default=200)
    parser.add_argument("--other-entries", type=int, default=5000)
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    sizes = [int(size) for size in args.sizes.split(",")]

    folder = tempfile.mkdtemp(prefix="stashify-scale-")
    runs = {}
    try:
        for size in sizes:
            data = os.path.join(folder, f"data-{size}")
            made = demo_data(binary, data, EMAIL, size, args.years)
            print(f"{size:,} entries over {args.years} years: demo-data {made:.1f} s", file=sys.stderr)
            runs[f"{size:,}"] = measure(binary, data, args.requests)
        if args.others:
            data = os.path.join(folder, "data-crowded")
            start = time.monotonic()
            # The measured account first, so the ids pages.py names (stash 1, card 1, account 1) are its own.
            demo_data(binary, data, EMAIL, sizes[0], args.years)
            for index in range(args.others):
                demo_data(binary, data, f"other{index}@example.com", args.other_entries, args.years)
            print(f"{args.others} users of {args.other_entries:,} entries and one of {sizes[0]:,}: "
                  f"{time.monotonic() - start:.0f} s", file=sys.stderr)
            runs[f"{sizes[0]:,} + {args.others}×{args.other_entries:,}"] = measure(binary, data, args.requests)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    names = list(runs)
    smallest, largest = names[0], f"{sizes[-1]:,}"
    header = f"{'page':<58}" + "".join(f"{name:>22}" for name in names) + f"{'largest÷smallest':>18}"
    if args.others:
        header += f"{'crowded÷alone':>15}"
    print(header)
    for path in runs[smallest]["pages"]:
        medians = [runs[name]["pages"].get(path) for name in names]
        line = f"{path[:57]:<58}" + "".join(f"{m:>19.2f} ms" if m is not None else f"{'—':>22}" for m in medians)
        first, last = runs[smallest]["pages"].get(path), runs[largest]["pages"].get(path)
        line += f"{last / first:>17.2f}×" if first and last else f"{'—':>18}"
        if args.others:
            crowded = runs[names[-1]]["pages"].get(path)
            line += f"{crowded / first:>14.2f}×" if first and crowded else f"{'—':>15}"
        print(line)
    for label, key, unit in [("first answer after start", "first_answer", "s"), ("first signed-in page", "first_page", "s"),
                             ("peak memory (VmHWM)", "rss", "MB")]:
        print(f"{label:<58}" + "".join(f"{runs[name][key]:>19.2f} {unit:<2}" for name in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
