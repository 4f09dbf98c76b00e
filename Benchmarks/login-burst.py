#!/usr/bin/env python3
"""A burst of anonymous log-in posts against a running release server, and how fast a signed-in visitor's
stylesheet and Home stay meanwhile. Not a test; never run in CI. See Benchmarks/README.md.

Usage: login-burst.py --bin BINARY [--data DIR] [--attackers 32] [--seconds 10]

The server runs with --no-tls on 127.0.0.1 so each attacker can name its own client address in
X-Forwarded-For: the burst then looks like many clients, and the sign-in throttle (20 tries per address)
doesn't stop it before the password hashing is reached.
"""
import argparse
import http.client
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

EMAIL, PASSWORD = "demo@example.com", "stashify-demo"


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def cookies_of(response) -> dict:
    found = {}
    for header in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        found[name.strip()] = rest.split(";", 1)[0].strip()
    return found


def login_form(conn) -> tuple:
    """The anonymous CSRF cookie and the form's token."""
    conn.request("GET", "/login")
    response = conn.getresponse()
    html = response.read().decode("utf-8", "replace")
    token = re.search(r'name="_csrf" value="([^"]+)"', html).group(1)
    return cookies_of(response)["stashify_csrf"], token


def post_login(conn, csrf_cookie, token, email, password, address=None) -> tuple:
    body = urllib.parse.urlencode({"email": email, "password": password, "_csrf": token})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"stashify_csrf={csrf_cookie}"}
    if address:
        headers["X-Forwarded-For"] = address
    conn.request("POST", "/login", body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status, cookies_of(response)


def start_server(binary, data, resources) -> tuple:
    """The release server on a free port of 127.0.0.1, plain HTTP, with sign-up open (the measures sign people up),
    once it takes connections."""
    port = free_port()
    server = subprocess.Popen([binary, "--data-dir", data, "--resources-dir", resources, "--no-tls",
                               "--host", "127.0.0.1", "--port", str(port), "--log-level", "error"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, STASHIFY_SIGNUPS="open"))
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    return server, port


def sign_in(port) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    csrf_cookie, token = login_form(conn)
    status, cookies = post_login(conn, csrf_cookie, token, EMAIL, PASSWORD)
    conn.close()
    if status != 303 or "stashify_session" not in cookies:
        sys.exit(f"login-burst.py: signing in answered {status}")
    return f"stashify_session={cookies['stashify_session']}"


def measure(port, cookie, seconds) -> dict:
    """Times GET /css/app.css and GET / one after another on one connection for `seconds`."""
    times = {"/css/app.css": [], "/": []}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in times:
            start = time.perf_counter()
            conn.request("GET", path, headers={"Cookie": cookie})
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                sys.exit(f"login-burst.py: {path} answered {response.status}")
            times[path].append((time.perf_counter() - start) * 1000)
    conn.close()
    return times


def attacker(port, stop, statuses, lock):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        csrf_cookie, token = login_form(conn)
        while not stop.is_set():
            address = ".".join(str(random.randint(1, 254)) for _ in range(4))
            email = f"guess{random.randint(0, 10**9)}@example.com"
            status, _ = post_login(conn, csrf_cookie, token, email, "not the password", address)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
    except (OSError, http.client.HTTPException) as error:
        with lock:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
    finally:
        conn.close()


def summary(label, values) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{label:<28} {len(values):>6} requests   median {statistics.median(values):8.2f} ms   p95 {p95:8.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", help="data folder with the demo account (copied; default: a new small one)")
    parser.add_argument("--resources", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--attackers", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="stashify-burst-")
    try:
        data = os.path.join(folder, "data")
        if args.data:
            shutil.copytree(args.data, data)
        else:
            subprocess.run([args.bin, "demo-data", "--email", EMAIL, "--password", PASSWORD, "--entries", "20000",
                            "--data-dir", data], check=True, stdout=subprocess.DEVNULL)
        server, port = start_server(args.bin, data, args.resources)
        try:
            cookie = sign_in(port)
            measure(port, cookie, 1)  # warm up
            quiet = measure(port, cookie, args.seconds)

            stop, lock, statuses = threading.Event(), threading.Lock(), {}
            threads = [threading.Thread(target=attacker, args=(port, stop, statuses, lock))
                       for _ in range(args.attackers)]
            for thread in threads:
                thread.start()
            time.sleep(1)  # let the burst fill the queue
            burst = measure(port, cookie, args.seconds)
            stop.set()
            for thread in threads:
                thread.join()
        finally:
            server.terminate()
            server.wait(timeout=30)

        print(f"{args.attackers} attackers posting log-ins for {args.seconds:.0f} s; answers: "
              + ", ".join(f"{key}: {value}" for key, value in sorted(statuses.items(), key=lambda item: str(item[0]))))
        for path in quiet:
            print(summary(f"{path} quiet", quiet[path]))
            print(summary(f"{path} during the burst", burst[path]))
            print(f"{'':<28} median during ÷ quiet: {statistics.median(burst[path]) / statistics.median(quiet[path]):.1f}×")
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
