"""No process the kit starts outlives the process that started it, however that one ends
(returns, raises, is interrupted or is killed with SIGKILL).

Two means, one for each kind of process:

* **a worker** of the kit's own (every worker of :mod:`gb16.tools.harness.parallel`: ``score
  --batch --jobs``, the differential, the mutant scans, the parts of ``gb16 report``) calls
  :func:`end_with_parent` first thing: Linux
  then sends it SIGKILL when its parent ends (``prctl(PR_SET_PDEATHSIG)``, through ctypes), and
  if the parent has already gone it exits at once.  Its programs under test end with it through
  the second means;
* **a program under test** (an ``--impl`` command, a ``python:`` function's host) runs in a
  process group of its own, watched by :func:`start_watchdog`: a small process holding the read
  end of a pipe whose write end only the starting process holds.  When that process ends in any
  way the pipe closes and the watchdog kills the program's whole group, and every process that
  carries the program's mark in its environment (one that left the group: ``setsid``, a daemon's
  double fork).  The watchdog itself takes no parent-death signal — it must outlive its parent
  by the moment it takes to kill — and ends right after.

Elsewhere than Linux :func:`end_with_parent` does nothing (the watchdog still works on every
POSIX system; the environment marks are read from /proc, so on Linux only).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys

#: prctl(2)'s option: the signal sent to this process when its parent thread ends.
PR_SET_PDEATHSIG = 1


def end_with_parent(parent: int | None = None) -> bool:
    """Ask Linux to SIGKILL this process when its parent ends; exit now when ``parent`` (the
    pid that started this process) is no longer the parent — it ended before the request.
    Returns whether the request took effect (False off Linux, or when prctl is unavailable)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if parent is not None and os.getppid() != parent:
        os._exit(1)
    return True


# The watchdog: waits for its parent's end of the lifeline pipe to close, then kills the
# program's process group and every process carrying its mark.  It runs in a session of its own
# so that the group it kills, and a Ctrl-C on the terminal, do not kill it first.
_WATCHDOG = (
    "import os, sys\n"
    "try:\n"
    "    while os.read(0, 4096):\n"
    "        pass\n"
    "finally:\n"
    "    try:\n"
    "        os.killpg(int(sys.argv[1]), 9)\n"
    "    except OSError:\n"
    "        pass\n"
    "    needle = sys.argv[2].encode()\n"
    "    for _ in range(3):\n"
    "        try:\n"
    "            names = [n for n in os.listdir('/proc') if n.isdigit()]\n"
    "        except OSError:\n"
    "            break\n"
    "        for n in names:\n"
    "            try:\n"
    "                with open('/proc/' + n + '/environ', 'rb') as f:\n"
    "                    if needle in f.read().split(b'\\0'):\n"
    "                        os.kill(int(n), 9)\n"
    "            except OSError:\n"
    "                pass\n"
)


def start_watchdog(pgid: int, mark: str) -> tuple[subprocess.Popen | None, int | None]:
    """A watchdog for the process group ``pgid`` and the processes marked ``mark``
    (``NAME=value``): the watchdog and the lifeline (the pipe's write end, for the caller to
    hold and close when the program is done).  ``(None, None)`` when no watchdog can be started."""
    read_end, write_end = os.pipe()
    try:
        watchdog = subprocess.Popen([sys.executable, "-I", "-S", "-c", _WATCHDOG, str(pgid), mark], stdin=read_end,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        os.close(write_end)
        return None, None
    finally:
        os.close(read_end)
    return watchdog, write_end
