#!/usr/bin/env python3
"""Same-run A/B of CPU per request, page by page: two release binaries, each on its own demo database of the same
size, measured in alternation (A, B, A, B...) with sequential keep-alive requests; the server's utime+stime delta
from /proc/PID/stat divided by the requests. Usage:
  cpu_ab.py BIN_A BIN_B [--entries 20000] [--rounds 3] [--requests 150] [--paths /,/accounts]
            [--language de] [--region de-DE] [--instances 2]
--language and --region set the demo member's preferences before the servers start (a binary from before the
language setting keeps English and takes only the region).
Run from a repository checkout (uses its Benchmarks/pages.py, Resources/ and Public/)."""
import argparse, datetime, os, socket, sqlite3, statistics, subprocess, sys, tempfile, time
ROOT = os.environ.get("ROOT", os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT + "/Benchmarks")
import pages

TICK = os.sysconf("SC_CLK_TCK")

def cpu(pid):
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / TICK

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def speak(database, language, region):
    """Sets the demo member's language and region, where the binary's schema has those columns."""
    db = sqlite3.connect(database)
    columns = {row[1] for row in db.execute("PRAGMA table_info(user)")}
    for column, value in (("language", language), ("region", region)):
        if value and column in columns:
            db.execute(f"UPDATE user SET {column} = ?", (value,))
    db.commit(); db.close()

def start(binary, entries, language=None, region=None):
    tmp = tempfile.mkdtemp(prefix="cpuab-")
    subprocess.run([binary, "demo-data", "--email", "demo@example.com", "--password", "stashify-demo", "--entries",
                    str(entries), "--years", "3", "--data-dir", tmp + "/data"], check=True, stdout=subprocess.DEVNULL,
                   cwd=ROOT)
    speak(tmp + "/data/stashify.sqlite", language, region)
    port = free_port()
    env = dict(os.environ, STASHIFY_MAX_CONNECTIONS_PER_ADDRESS="100000")
    proc = subprocess.Popen([binary, "--data-dir", tmp + "/data", "--port", str(port), "--host", "127.0.0.1",
                             "--resources-dir", ROOT, "--log-level", "error"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"https://127.0.0.1:{port}"
    for _ in range(300):
        try:
            c = pages.connect(base); c.request("GET", "/healthz"); r = c.getresponse(); r.read()
            if r.status == 200: break
        except Exception: time.sleep(0.2)
    cookie = pages.login(base, "demo@example.com", "stashify-demo")
    conn = pages.connect(base)
    return dict(proc=proc, base=base, cookie=cookie, conn=conn, tmp=tmp)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a"); ap.add_argument("b")
    ap.add_argument("--entries", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--requests", type=int, default=150)
    ap.add_argument("--paths", default="")
    ap.add_argument("--language"); ap.add_argument("--region")
    ap.add_argument("--instances", type=int, default=2, help="server processes per binary")
    args = ap.parse_args()
    today = datetime.date.today()
    paths = args.paths.split(",") if args.paths else pages.page_paths(today)
    # Instances started A, B, B, A, A, B...: one process can run a few per cent faster than another of the same
    # binary (where its memory landed, which core it got), so each binary gets several and none is always first.
    servers = []
    for index in range(args.instances):
        pair = [("A", args.a), ("B", args.b)]
        for key, binary in pair if index % 2 == 0 else reversed(pair):
            servers.append((key, start(binary, args.entries, args.language, args.region)))
    results = {p: {"A": [], "B": []} for p in paths}
    try:
        for rnd in range(args.rounds):
            for path in paths:
                for key, s in servers if rnd % 2 == 0 else reversed(servers):
                    pages.measure_page(s["conn"], path, s["cookie"], 10, 0)
                    c0 = cpu(s["proc"].pid)
                    m = pages.measure_page(s["conn"], path, s["cookie"], 0, args.requests)
                    c1 = cpu(s["proc"].pid)
                    if m["non200"] or m["error"]:
                        print(f"{key} {path}: non-200 {m['statuses']} {m['error']}", file=sys.stderr)
                    results[path][key].append((c1 - c0) / max(1, m["requests"]) * 1e6)
        print(f"| page | A µs/req | B µs/req | B/A |")
        print(f"|---|---|---|---|")
        for path in paths:
            a = statistics.median(results[path]["A"]); b = statistics.median(results[path]["B"])
            print(f"| `{path}` | {a:.0f} | {b:.0f} | {b/a:.2f} |")
    finally:
        for _, s in servers:
            s["proc"].terminate(); s["proc"].wait()
            subprocess.run(["rm", "-rf", s["tmp"]])

main()
