"""How ``gb16 serve`` answers under load: requests per second and the p50/p99 latency of
``POST /api/explain`` at 1, 10 and 100 concurrent clients (a benchmark, never a test).

    python -m gb16.tools.serve.load_bench               # 3 s per level
    python -m gb16.tools.serve.load_bench --seconds 10 --clients 1 10 100 200

It starts a real ``gb16 serve --port 0`` and drives it from threads, each client one keep-alive
connection sending the rule page's §四.3 hand again and again; the clients share this machine's
cores with the server, so compare the levels of one run with each other, not runs on different
machines.  Every answer that is not a 200 is counted by status.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import subprocess
import sys
import threading
import time
from collections import Counter

BODY = json.dumps({"hand": "147m 258p 369s 111z 555z 66z，自摸6z"}, ensure_ascii=False).encode("utf-8")


def start_server() -> tuple[subprocess.Popen, str, int]:
    p = subprocess.Popen([sys.executable, "-m", "gb16", "serve", "--port", "0"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    m = re.search(r"http://([\d.]+):(\d+)/", p.stdout.readline())
    if not m:
        p.kill()
        raise SystemExit("gb16 serve did not start")
    return p, m.group(1), int(m.group(2))


def level(host: str, port: int, clients: int, seconds: float) -> tuple[int, list[float], Counter]:
    """``clients`` threads for ``seconds``: the answers counted, each 200's latency, the other statuses."""
    latencies: list[float] = []
    others: Counter = Counter()
    lock, start = threading.Lock(), threading.Barrier(clients)

    def client() -> None:
        connection = http.client.HTTPConnection(host, port, timeout=60)
        start.wait()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            t0 = time.monotonic()
            try:
                connection.request("POST", "/api/explain", BODY, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                status = response.status
                if response.getheader("connection", "").lower() == "close":
                    connection.close()
            except (OSError, http.client.HTTPException):
                status = 0
                connection.close()
            with lock:
                if status == 200:
                    latencies.append(time.monotonic() - t0)
                else:
                    others[status] += 1
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies) + sum(others.values()), latencies, others


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per level (default 3)")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 10, 100], help="levels (default 1 10 100)")
    args = parser.parse_args(argv)
    p, host, port = start_server()
    try:
        print(f"{'clients':>7}  {'answers':>7}  {'req/s':>7}  {'p50 ms':>7}  {'p99 ms':>7}  not 200")
        for clients in args.clients:
            answered, latencies, others = level(host, port, clients, args.seconds)
            print(f"{clients:>7}  {answered:>7}  {answered / args.seconds:>7.1f}  "
                  f"{percentile(latencies, 0.5) * 1000:>7.1f}  {percentile(latencies, 0.99) * 1000:>7.1f}  "
                  f"{dict(others) or '-'}", flush=True)
    finally:
        p.kill()
        p.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
