"""``gb16 serve``: the referee's page on this machine (the ``[serve]`` extra: Starlette on uvicorn).

    gb16 serve                      # http://127.0.0.1:8016/
    gb16 serve --port 9000
    gb16 serve --host 0.0.0.0       # other machines too (a warning says so)
    gb16 serve --allow-host referee.local   # a name besides localhost and IP addresses to answer to
    gb16 serve --export DIR         # no server: the page as a static folder, the reference in the
                                    # browser (Pyodide from --pyodide DIR or the pinned npm package)

It listens on the loopback address unless asked otherwise; every file of the page comes with
the package, so it works with no network.  ``--port 0`` takes a free port; the first line
printed is always the address to open.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8016
EXIT_OK, EXIT_BAD_INPUT = 0, 2


def register(sub) -> None:
    p = sub.add_parser("serve", help="the referee's page: tap a hand, see every reading, clause and dispute",
                       description="Serve the referee's page and its JSON API (POST /api/score, /api/explain, "
                                   "/api/waits) on this machine.")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a name the server answers to besides localhost and IP addresses (the Host header; "
                        "repeatable): requests naming any other host are refused (DNS rebinding)")
    p.add_argument("--export", metavar="DIR", type=Path,
                   help="write the page as a static folder instead of serving it: the reference runs in the "
                        "browser (Pyodide), under any path on any static host, offline after the first visit")
    p.add_argument("--pyodide", metavar="DIR", type=Path,
                   help="with --export: the Pyodide runtime folder to copy (default: node_modules/pyodide, "
                        "installed by `npm ci` from the pinned package.json)")
    p.set_defaults(func=run_serve)


def run_export(args) -> int:
    from gb16.tools.serve.export import ExportError, export

    try:
        done = export(args.export, args.pyodide)
    except (ExportError, OSError) as e:
        print(f"gb16 serve --export: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"gb16 serve --export: wrote {done.files} files ({done.size / 1e6:.1f} MB, Pyodide "
          f"{done.pyodide_version}) to {done.folder}; serve the folder with any static web server")
    return EXIT_OK


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; raises OSError with the system's reason."""
    family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(1024)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def run_serve(args) -> int:
    if args.export is not None:
        return run_export(args)
    if args.pyodide is not None:
        print("gb16 serve --pyodide goes with --export DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    import uvicorn   # the serve extra (uvicorn, Starlette)

    from gb16.tools.serve import guard
    from gb16.tools.serve.app import create_app

    if not 0 <= args.port <= 65535:
        print(f"gb16 serve --port: {args.port} is not a port (0–65535)", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        sock = bind(args.host, args.port)
    except (OSError, UnicodeError) as e:
        print(f"gb16 serve: cannot listen on {args.host} port {args.port}: {getattr(e, 'strerror', None) or e}"
              + (" (another program has it: try --port 0 or another port)" if isinstance(e, OSError)
                 and e.errno == 98 else ""), file=sys.stderr)
        return EXIT_BAD_INPUT
    if not is_loopback(args.host):
        print(f"gb16 serve: warning: listening on {args.host}, not on this machine only — anyone who can reach "
              "it on the network can use the page and the API (there is no login)", file=sys.stderr)
    print(f"gb16 serve: the referee's page is at {url(sock)}  (Ctrl-C to stop)", flush=True)
    # the connection layer (tools/serve/guard.py): deadlines, a connection budget no idle client can
    # exhaust, JSON for its own answers; the Host, Origin and query-string checks in front of the app
    config = uvicorn.Config(guard.RequestGate(create_app(), [args.host, *args.allow_host]), log_level="warning",
                            server_header=False, date_header=False, timeout_keep_alive=5,
                            http=guard.GuardedH11Protocol, h11_max_incomplete_event_size=guard.MAX_HEAD_BYTES)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return EXIT_OK
