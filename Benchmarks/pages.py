#!/usr/bin/env python3
"""Page timing for the Stashify benchmark (called by Benchmarks/run.sh; not a test, never run in CI).

Sub-commands:
  wait     poll GET /healthz until it answers "ok" (bounded), or fail
  login    sign in through the real /login form and print the Cookie header value
  measure  time every page in PAGES over one keep-alive HTTPS connection; write JSON results
  wrk-parse  turn wrk's output into JSON for `table`
  table    print the results table, adding the wrk numbers for Home and /healthz and their ratio
  paths, load-path, floor-path, signed-in-path
                                print the page paths / the load-test path / the paths it is compared with

Only ever talks to 127.0.0.1 (or whatever --base-url run.sh passes, which is always 127.0.0.1).
"""

import argparse
import datetime
import http.client
import json
import math
import re
import ssl
import statistics
import sys
import time
import urllib.parse

# The pages to measure, signed in. Add new pages here: (path template, note) or (path template, note, target
# median in ms) for pages with their own target (non-HTML responses are fine). Templates may use
# {today} (YYYY-MM-DD), {this_month} and {months_ago_N} (YYYY-MM, N = 1..120), all in local time. "A | B" takes turns
# between the paths, request by request.
PAGES = [
    ("/healthz", "Health check: the floor every page stands on (HTTPS, routing, one SELECT 1 read, no session, no HTML)"),
    ("/", "Home (list or calendar, per saved preference), rendered afresh every time", 2.0),
    ("/?month={months_ago_1}", "Home, last month"),
    ("/?day={today}", "Home calendar with today's entries"),
    ("/stashes/1", "Stash detail"),
    ("/stashes/4?month={months_ago_18}", "Stash detail, a month ~18 months ago"),
    ("/badges", "Badges (in progress)"),
    ("/badges?tab=all", "Badges (all)"),
    ("/profile", "Profile"),
    ("/profile/notifications", "Notification settings: channels, browsers, calendar feed"),
    ("/wallet", "Wallet (20 cards, 150 benefits)"),
    ("/wallet/cards/1", "Wallet card detail with ROI"),
    ("/wallet/tracker", "Tracker: 50 subscriptions"),
    ("/wallet/tracker?tab=coupons", "Tracker: 500 coupons"),
    ("/wallet/cards/new", "Add card: catalogue browser"),
    ("/statistics?view=daily&period={today}", "Statistics, daily", 15.0),
    ("/statistics?view=monthly&period={this_month}", "Statistics, monthly", 5.0),
    ("/statistics?view=yearly&period={today:%Y}", "Statistics, yearly with heatmap", 25.0),
    ("/statistics/compare?month={months_ago_1}&month={this_month}", "Statistics, compare two months", 15.0),
    ("/statistics/export.csv?view=monthly&period={this_month}", "Statistics, CSV of a month", 15.0),
    ("/statistics/summary.pdf?period={months_ago_1}", "Statistics, PDF monthly summary", 200.0),
    ("/budget", "Budget: Expenses (remaining this month)"),
    ("/budget/needs", "Budget: Needs"),
    ("/budget/wants", "Budget: Wants"),
    ("/budget/savings", "Budget: Savings"),
    ("/budget/income", "Budget: income sources"),
    ("/budget/categories", "Budget: categories"),
    ("/transactions", "Transactions, first page", 5.0),
    ("/api/v1/glance", "API: glance with a read token (safe to spend, remaining, stashes behind, benefits)", 5.0),
    ("/api/v1/transactions?limit=100", "API: the newest 100 transactions", 5.0),
    ("/api/v1/transactions?limit=100&cursor={months_ago_30}-01,1", "API: 100 transactions ~30 months back (cursor)", 5.0),
    ("/api/v1/stashes", "API: stashes with this month's progress", 5.0),
    ("/api/v1/wallet/cards", "API: wallet cards and where each benefit stands", 10.0),
    ("/transactions?before={months_ago_30}-01,1", "Transactions, a page ~30 months back (keyset)"),
    ("/transactions?q=market", "Transactions, search by note"),
    ("/transactions?from={months_ago_12}-01&to={today}", "Transactions, a year's date range with count and total"),
    ("/transactions?account=1&min=10&sort=largest", "Transactions, one account over 10, largest first"),
    ("/accounts", "Accounts with balances and the 12-month chart"),
    ("/accounts?months=36", "Accounts with the 36-month chart"),
    ("/accounts/1", "Account register, running and cleared balances"),
    ("/accounts/1?before={months_ago_30}-01,1", "Account register, a page ~30 months back (keyset)"),
    ("/budget/reports", "Past reports"),
]

# The page wrk loads in run.sh, and the floor it is compared with in the same run; their rows in the table get the
# requests/second column.
LOAD_PAGE = "/"
FLOOR_PAGE = "/healthz"
# A signed-in page that reads little (three accounts): the floor of every signed-in page (session, middleware, the
# shell, one read), loaded too so that Home's share of it shows what Home's own work costs.
SIGNED_IN_FLOOR_PAGE = "/accounts"

TARGET_MEDIAN_MS = 10.0
# Home under load must keep at least this share of /healthz's requests/second (a ratio, so it holds on any machine).
TARGET_RPS_RATIO = 0.40
TIMEOUT_S = 15  # per request (socket timeout), so nothing can hang forever


def months_ago(today: datetime.date, n: int) -> str:
    index = today.year * 12 + (today.month - 1) - n
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def expand(template: str, today: datetime.date) -> str:
    values = {"today": today, "this_month": months_ago(today, 0)}
    for n in range(1, 121):
        values[f"months_ago_{n}"] = months_ago(today, n)
    return template.format(**values)


def page_paths(today: datetime.date) -> list:
    return [expand(page[0], today) for page in PAGES]


def page_target(path: str, today: datetime.date) -> float:
    """The median target of a measured path: its own third PAGES element, else TARGET_MEDIAN_MS."""
    for page in PAGES:
        if expand(page[0], today) == path and len(page) > 2:
            return page[2]
    return TARGET_MEDIAN_MS


def connect(base_url: str) -> http.client.HTTPSConnection:
    url = urllib.parse.urlsplit(base_url)
    if url.scheme != "https" or url.hostname != "127.0.0.1":
        sys.exit(f"pages.py: refusing to talk to {base_url}; only https://127.0.0.1:PORT is allowed")
    context = ssl._create_unverified_context()  # the server's certificate is self-made
    return http.client.HTTPSConnection(url.hostname, url.port, timeout=TIMEOUT_S, context=context)


# --- wait -----------------------------------------------------------------------------------------

def cmd_wait(args) -> int:
    deadline = time.monotonic() + args.timeout
    last = "no answer"
    while time.monotonic() < deadline:
        conn = connect(args.base_url)
        try:
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            body = response.read().decode("utf-8", "replace").strip()
            if response.status == 200 and body == "ok":
                return 0
            last = f"{response.status} {body[:80]!r}"
        except (OSError, http.client.HTTPException) as error:
            last = str(error) or type(error).__name__
        finally:
            conn.close()
        time.sleep(0.25)
    print(f"pages.py: /healthz not ready after {args.timeout:.0f}s (last: {last})", file=sys.stderr)
    return 1


# --- login ----------------------------------------------------------------------------------------

def set_cookies(response) -> dict:
    cookies = {}
    for header in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        cookies[name.strip()] = rest.split(";", 1)[0].strip()
    return cookies


def login(base_url: str, email: str, password: str) -> str:
    """Signs in through the real /login form; the Cookie header value for the session. RuntimeError if it can't."""
    conn = connect(base_url)
    try:
        conn.request("GET", "/login")
        response = conn.getresponse()
        html = response.read().decode("utf-8", "replace")
        if response.status != 200:
            raise RuntimeError(f"GET /login answered {response.status}")
        # Over HTTPS the app's cookies carry the __Host- prefix (builds before it had none).
        cookies = set_cookies(response)
        prefix = "__Host-" if "__Host-stashify_csrf" in cookies else ""
        csrf_cookie = cookies.get(prefix + "stashify_csrf")
        match = re.search(r'name="_csrf"\s+value="([^"]+)"', html) or re.search(r'value="([^"]+)"\s+name="_csrf"', html)
        if not csrf_cookie or not match:
            raise RuntimeError("/login gave no stashify_csrf cookie or no _csrf field")
        body = urllib.parse.urlencode({"email": email, "password": password, "_csrf": match.group(1)})
        conn.request("POST", "/login", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"{prefix}stashify_csrf={csrf_cookie}",
        })
        response = conn.getresponse()
        response.read()
        session = set_cookies(response).get(prefix + "stashify_session")
        if response.status != 303 or not session:
            raise RuntimeError(f"POST /login answered {response.status} (wanted 303 with a session cookie)")
    except (OSError, http.client.HTTPException) as error:
        raise RuntimeError(f"log-in failed: {error}") from error
    finally:
        conn.close()
    return f"{prefix}stashify_session={session}; {prefix}stashify_csrf={csrf_cookie}"


def cmd_login(args) -> int:
    try:
        print(login(args.base_url, args.email, args.password))
    except RuntimeError as error:
        print(f"pages.py: {error}", file=sys.stderr)
        return 1
    return 0


# --- measure --------------------------------------------------------------------------------------

def percentile(sorted_values: list, fraction: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def api_token(conn, cookie: str, scope: str = "read") -> str:
    """Makes an API token (read-only, or `write`: read and change) through Profile → API tokens with the signed-in
    cookie; the token."""
    conn.request("GET", "/profile/api-tokens", headers={"Cookie": cookie})
    response = conn.getresponse()
    html = response.read().decode("utf-8", "replace")
    match = re.search(r'name="_csrf"\s+value="([^"]+)"', html) or re.search(r'value="([^"]+)"\s+name="_csrf"', html)
    if response.status != 200 or not match:
        raise RuntimeError(f"GET /profile/api-tokens answered {response.status} without a form")
    body = urllib.parse.urlencode({"name": "Benchmark", "scope": scope, "expires": "", "_csrf": match.group(1)})
    conn.request("POST", "/profile/api-tokens", body=body,
                 headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    response = conn.getresponse()
    html = response.read().decode("utf-8", "replace")
    token = re.search(r'id="token-secret" type="text" readonly value="(stsh_[A-Za-z0-9_-]+)"', html)
    if not token:
        raise RuntimeError(f"POST /profile/api-tokens answered {response.status} without a token")
    return token.group(1)


def measure_page(conn, path: str, cookie: str, warmup: int, requests: int, token: str = "") -> dict:
    # The API takes a bearer token and never the cookie; every other page the signed-in cookie.
    if path.startswith("/api/v1/"):
        headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
    else:
        headers = {"Cookie": cookie, "Accept": "text/html"}
    statuses = {}
    timings = []
    body_bytes = 0
    reconnects = 0
    error = None
    sock = conn.sock
    turns = path.split(" | ")
    for index in range(warmup + requests):
        try:
            start = time.perf_counter()
            conn.request("GET", turns[index % len(turns)], headers=headers)
            response = conn.getresponse()
            body = response.read()
            elapsed = time.perf_counter() - start
        except (OSError, http.client.HTTPException) as failure:
            error = f"request {index + 1}: {failure or type(failure).__name__}"
            break
        if sock is not None and conn.sock is not sock:
            reconnects += 1  # the server closed the connection and http.client opened a new one
        sock = conn.sock
        if index < warmup:
            continue
        statuses[response.status] = statuses.get(response.status, 0) + 1
        timings.append(elapsed * 1000.0)
        body_bytes = len(body)
    timings.sort()
    return {
        "path": path,
        "requests": len(timings),
        "statuses": {str(code): count for code, count in sorted(statuses.items())},
        "non200": sum(count for code, count in statuses.items() if code != 200),
        "reconnects": reconnects,
        "error": error,
        "median_ms": statistics.median(timings) if timings else None,
        "p99_ms": percentile(timings, 0.99) if timings else None,
        "max_ms": timings[-1] if timings else None,
        "bytes": body_bytes,
    }


def cmd_measure(args) -> int:
    today = datetime.date.today()
    results = []
    conn = connect(args.base_url)
    try:
        paths = page_paths(today)
        token = api_token(conn, args.cookie) if any(p.startswith("/api/v1/") for p in paths) else ""
        for path in paths:
            print(f"  {path} ...", end="", flush=True, file=sys.stderr)
            result = measure_page(conn, path, args.cookie, args.warmup, args.requests, token)
            results.append(result)
            median = f"{result['median_ms']:.2f} ms median" if result["median_ms"] is not None else "no timings"
            print(f" {median}, statuses {result['statuses']}", file=sys.stderr)
            if result["error"]:
                print(f"    error: {result['error']}", file=sys.stderr)
                conn.close()  # start the next page on a clean connection
    finally:
        conn.close()
    with open(args.out, "w") as handle:
        json.dump({"date": today.isoformat(), "warmup": args.warmup, "requests": args.requests, "pages": results},
                  handle, indent=2)
    return 0


# --- table ----------------------------------------------------------------------------------------

def cmd_table(args) -> int:
    with open(args.results) as handle:
        data = json.load(handle)
    wrk = {}
    if args.wrk:
        with open(args.wrk) as handle:
            wrk = json.load(handle)  # {"load": {...}, "floor": {...}}
    load_path = expand(LOAD_PAGE, datetime.date.fromisoformat(data["date"]))
    floor = next((page for page in data["pages"] if page["path"] == FLOOR_PAGE), None)
    floor_ms = floor["median_ms"] if floor else None

    rows = [("page", "median ms", "p99 ms", "× healthz", "req/s")]
    fmt = lambda value: f"{value:.2f}" if value is not None else "n/a"
    for page in data["pages"]:
        rps = "-"
        for key, path in (("load", load_path), ("floor", FLOOR_PAGE), ("signed-in", SIGNED_IN_FLOOR_PAGE)):
            if page["path"] == path and wrk.get(key):
                rps = f"{wrk[key]['rps']:.0f}" if wrk[key].get("rps") is not None else "n/a"
        ratio = "n/a"
        if page["median_ms"] is not None and floor_ms:
            ratio = f"{page['median_ms'] / floor_ms:.1f}"
        rows.append((page["path"], fmt(page["median_ms"]), fmt(page["p99_ms"]), ratio, rps))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]

    def line(row):
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, 5)]
        return "| " + " | ".join(cells) + " |"

    print(line(rows[0]))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows[1:]:
        print(line(row))
    print()
    print(f"{data['requests']} sequential requests per page over one keep-alive HTTPS connection, "
          f"after {data['warmup']} warm-up requests. '× healthz' is the page's median over {FLOOR_PAGE}'s.")
    load, floor_load = wrk.get("load") or {}, wrk.get("floor") or {}
    signed_in = wrk.get("signed-in") or {}
    for name, result, path in (("Load", load, load_path), ("Floor", floor_load, FLOOR_PAGE),
                               ("Signed-in floor", signed_in, SIGNED_IN_FLOOR_PAGE)):
        if result:
            print(f"{name}: wrk {result.get('args', '')} on {path}: {result.get('requests', 'n/a')} requests, "
                  f"{fmt(result.get('rps'))} requests/s, non-200: {result.get('non200', 'n/a')}, "
                  f"socket errors: {result.get('socket_errors', 'n/a')}, latency avg {result.get('latency_avg', 'n/a')}.")
    rps_ratio = None
    if load.get("rps") and floor_load.get("rps"):
        rps_ratio = load["rps"] / floor_load["rps"]
        print(f"Ratio: {load_path} under load does {rps_ratio:.0%} of {FLOOR_PAGE}'s requests/s "
              f"(target {TARGET_RPS_RATIO:.0%}).")
    if load.get("rps") and signed_in.get("rps") and floor_load.get("rps"):
        print(f"Signed-in ratios: {SIGNED_IN_FLOOR_PAGE} does {signed_in['rps'] / floor_load['rps']:.0%} of "
              f"{FLOOR_PAGE}'s requests/s, {load_path} {load['rps'] / signed_in['rps']:.0%} of {SIGNED_IN_FLOOR_PAGE}'s.")

    problems = []
    for page in data["pages"]:
        if page["error"]:
            problems.append(f"{page['path']}: {page['error']}")
        if page["non200"]:
            problems.append(f"{page['path']}: {page['non200']} non-200 responses {page['statuses']}")
        if page["reconnects"]:
            problems.append(f"{page['path']}: the connection was reopened {page['reconnects']} times (keep-alive lost)")
        if page["requests"] < data["requests"]:
            problems.append(f"{page['path']}: only {page['requests']} of {data['requests']} requests timed")
        target = page_target(page["path"], datetime.date.today())
        if page["median_ms"] is not None and page["median_ms"] >= target:
            problems.append(f"{page['path']}: median {page['median_ms']:.2f} ms is over the {target:.0f} ms target")
    for name, result in (("load", load), ("floor", floor_load), ("signed-in", signed_in)):
        if not wrk:
            break
        if result.get("rps") is None:
            problems.append(f"wrk ({name}): no requests/second reported")
        if result.get("non200"):
            problems.append(f"wrk ({name}): {result['non200']} non-200 responses")
        if result.get("socket_errors"):
            problems.append(f"wrk ({name}): socket errors: {result['socket_errors']}")
    if rps_ratio is not None and rps_ratio < TARGET_RPS_RATIO:
        problems.append(f"{load_path}: {rps_ratio:.0%} of {FLOOR_PAGE}'s requests/s is under the "
                        f"{TARGET_RPS_RATIO:.0%} target")
    if problems:
        print("Problems:")
        for problem in problems:
            print(f"  - {problem}")
    else:
        print(f"All pages under their median targets ({TARGET_MEDIAN_MS:.0f} ms unless noted), all responses 200"
              + (f", {load_path} at {TARGET_RPS_RATIO:.0%} or more of {FLOOR_PAGE}'s requests/s." if wrk else "."))
    failed = any(page["error"] or page["non200"] or page["requests"] < data["requests"] for page in data["pages"])
    failed = failed or any(bool(r.get("non200")) or r.get("rps") is None for r in (load, floor_load, signed_in) if wrk)
    return 1 if failed else 0


def cmd_wrk_parse(args) -> int:
    """Turns wrk's text output (plus the NON200 line our Lua script adds) into JSON for `table`."""
    with open(args.output) as handle:
        text = handle.read()
    result = {"args": args.wrk_args}
    match = re.search(r"Requests/sec:\s+([\d.]+)", text)
    result["rps"] = float(match.group(1)) if match else None
    match = re.search(r"(\d+) requests in", text)
    result["requests"] = int(match.group(1)) if match else None
    match = re.search(r"NON200 (\d+)", text)
    result["non200"] = int(match.group(1)) if match else None
    match = re.search(r"Socket errors: (.*)", text)
    result["socket_errors"] = match.group(1).strip() if match else 0  # wrk prints the line only when there are some
    match = re.search(r"Latency\s+(\S+)", text)
    result["latency_avg"] = match.group(1) if match else None
    merged = {}
    try:
        with open(args.out) as handle:
            merged = json.load(handle)
    except (OSError, ValueError):
        pass
    merged[args.key] = result
    with open(args.out, "w") as handle:
        json.dump(merged, handle, indent=2)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    wait = sub.add_parser("wait")
    wait.add_argument("--base-url", required=True)
    wait.add_argument("--timeout", type=float, default=60)

    login = sub.add_parser("login")
    login.add_argument("--base-url", required=True)
    login.add_argument("--email", required=True)
    login.add_argument("--password", required=True)

    measure = sub.add_parser("measure")
    measure.add_argument("--base-url", required=True)
    measure.add_argument("--cookie", required=True)
    measure.add_argument("--warmup", type=int, default=20)
    measure.add_argument("--requests", type=int, default=500)
    measure.add_argument("--out", required=True)

    sub.add_parser("paths", help="print the page paths, one a line")
    sub.add_parser("load-path", help="print the path wrk loads")
    sub.add_parser("floor-path", help="print the path wrk loads for comparison")
    sub.add_parser("signed-in-path", help="print the signed-in page wrk loads for comparison")

    table = sub.add_parser("table")
    table.add_argument("results")
    table.add_argument("--wrk")

    wrk_parse = sub.add_parser("wrk-parse")
    wrk_parse.add_argument("output")
    wrk_parse.add_argument("--wrk-args", default="")
    wrk_parse.add_argument("--out", required=True)
    wrk_parse.add_argument("--key", choices=["load", "floor", "signed-in"], default="load")

    args = parser.parse_args()
    if args.command == "measure" and (args.requests < 1 or args.warmup < 0):
        parser.error("--requests must be at least 1 and --warmup at least 0")
    if args.command == "paths":
        for path in page_paths(datetime.date.today()):
            print(path)
        return 0
    if args.command == "load-path":
        print(expand(LOAD_PAGE, datetime.date.today()))
        return 0
    if args.command == "floor-path":
        print(FLOOR_PAGE)
        return 0
    if args.command == "signed-in-path":
        print(SIGNED_IN_FLOOR_PAGE)
        return 0
    return {"wait": cmd_wait, "login": cmd_login, "measure": cmd_measure, "table": cmd_table,
            "wrk-parse": cmd_wrk_parse}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
