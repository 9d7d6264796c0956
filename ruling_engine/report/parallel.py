"""Half of the report's work in a forked process, so that it builds in under a second on two cores.

`Job(work)` forks a child that runs `work()` and sends its result back through a pipe (pickled:
a private pipe between a process and its own fork, never a file others could write). The parent
goes on with its own share and collects the child's with `result()`. Where forking is not
available or not safe (no os.fork, one CPU, threads already running, FLOORCALL_REPORT_JOBS=1),
or the child fails in any way, `result()` is None and the caller does that work itself: the
report is the same either way, only slower.
"""
from __future__ import annotations

import os
import pickle
import sys
import threading


def can_fork() -> bool:
    if os.environ.get("FLOORCALL_REPORT_JOBS", "") == "1" or not hasattr(os, "fork"):
        return False
    if sys.platform == "darwin":          # forking a process that may hold system frameworks is unsafe there
        return False
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return cpus > 1 and threading.active_count() == 1


class Job:
    def __init__(self, work):
        self.pid = None
        self.reader = None
        if not can_fork():
            return
        try:
            reader, writer = os.pipe()
        except OSError:
            return
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            pid = os.fork()
        except OSError:
            os.close(reader)
            os.close(writer)
            return
        if pid == 0:                                      # the child
            status = 1
            try:
                os.close(reader)
                data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(writer, "wb") as out:
                    out.write(data)
                status = 0
            except BaseException:                         # noqa: BLE001 - the parent redoes the work
                pass
            finally:
                os._exit(status)
        os.close(writer)
        self.pid, self.reader = pid, reader

    def discard(self) -> None:
        """Stop the child (the caller failed on its own share) and reap it."""
        if self.pid is None:
            return
        import signal
        try:
            os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        try:
            os.close(self.reader)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.pid = None

    def result(self):
        """The child's result, or None when there is no child or it failed."""
        if self.pid is None:
            return None
        chunks = []
        try:
            with os.fdopen(self.reader, "rb") as source:
                while True:
                    chunk = source.read(1 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)
        except OSError:
            chunks = []
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            status = 1
        if status != 0 or not chunks:
            return None
        try:
            return pickle.loads(b"".join(chunks))
        except Exception:                                 # noqa: BLE001 - a truncated result: redo the work
            return None
