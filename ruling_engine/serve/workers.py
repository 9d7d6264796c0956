"""`floorcall serve`'s rulings, each made in a worker process, so that one long ruling holds up
no other client.

Ruling is CPU-bound Python, and the rules engine is one per process: in the server's own process
one long ruling (a pasted 2,000-entry timeline: seconds) held the engine lock and the interpreter,
and every other client's ruling and questionnaire page waited behind it. Here a ruling is sent to
one of a few worker processes (spawned, not forked: the server already runs threads), each with
the knowledge base loaded once; the server's thread only waits for its own answer, so pages and
the other clients' rulings go on meanwhile (with more rulings at once than workers, the extra ones
wait for a worker, never for a page). A ruling still running after `seconds` is ended: its worker
is killed, a new one takes its place, and the page says so.

The ruling log is written by the server, as before (one transaction per call, after the worker's
answer), and never by a worker: killing the server or a worker loses no finished call and leaves
no half-written one. A worker reads no request and holds no secret: it gets the incident, gives
back the report.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time

RULING_SECONDS = 60.0          # a ruling still running after this is ended (the limits keep any file far below)
START_SECONDS = 120.0          # a worker's start (imports, the knowledge base from the cache)


def default_size() -> int:
    """Workers: one per core, at least two (so one long ruling leaves one free) and at most four."""
    return max(2, min(4, os.cpu_count() or 2))


def _work(conn, root: str) -> None:
    """A worker: load the knowledge once, then rule on each incident sent until the pipe closes."""
    from ruling_engine.errors import FloorcallError
    try:
        from ruling_engine.incident.load import parse_incident_text
        from ruling_engine.knowledge.load import load_knowledge
        from ruling_engine.rulings.rule_on import rule_incident
        kb = load_knowledge(root)
    except FloorcallError as error:
        conn.send(("error", error))
        return
    conn.send(("ready", None))
    while True:
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError):           # the server is gone
            return
        try:
            if kind == "text":
                text, name = payload
                incident = parse_incident_text(text, name, kb.vocabulary, kb.clubs)
            else:
                incident = payload
            answer = ("ok", (incident, rule_incident(incident, kb)))
        except FloorcallError as error:
            answer = ("error", error)
        except Exception as exc:  # noqa: BLE001 - reported to the server as an internal error
            answer = ("internal", f"{type(exc).__name__}: {exc}")
        conn.send(answer)


class _Worker:
    def __init__(self, context, root: str):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child, root), daemon=True, name="floorcall-ruling")
        self.process.start()
        child.close()
        self.ready = False

    def answer(self, seconds: float):
        """The worker's next message, or TimeoutError after `seconds`."""
        if not self.conn.poll(seconds):
            raise TimeoutError
        return self.conn.recv()

    def kill(self) -> None:
        try:
            self.conn.close()
        finally:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(timeout=5)


class RulingTimeout(Exception):
    """A ruling ran past its time and was stopped."""


class RulingWorkers:
    """A few worker processes that rule; `rule()` is called from any of the server's threads."""

    def __init__(self, knowledge_root, size: int | None = None, seconds: float = RULING_SECONDS):
        self.root, self.size, self.seconds = str(knowledge_root), size or default_size(), seconds
        self._context = multiprocessing.get_context("spawn")
        self._idle: list = []
        self._lock = threading.Lock()
        self._free = threading.Semaphore(self.size)      # workers not ruling (idle or not started yet)
        self._all: set = set()
        self.closed = False

    def start(self) -> None:
        """Start every worker now (serve does, so that the first rulings find them ready)."""
        with self._lock:
            while len(self._all) < self.size:
                worker = _Worker(self._context, self.root)
                self._all.add(worker)
                self._idle.append(worker)

    def rule_text(self, text: str, name: str):
        """(incident, report) of incident YAML text; FloorcallError for a bad file."""
        return self._rule(("text", (text, name)))

    def rule_incident(self, incident):
        """The report of a validated incident."""
        return self._rule(("incident", incident))[1]

    def _rule(self, job):
        if self.closed:
            raise RuntimeError("the ruling workers are stopped")
        self._free.acquire()
        worker, done = None, False
        try:
            with self._lock:
                worker = self._idle.pop() if self._idle else None
                if worker is None:
                    worker = _Worker(self._context, self.root)
                    self._all.add(worker)
            if not worker.ready:
                kind, payload = worker.answer(START_SECONDS)
                if kind != "ready":
                    raise payload if isinstance(payload, Exception) else RuntimeError(str(payload))
                worker.ready = True
            worker.conn.send(job)
            start = time.monotonic()
            try:
                kind, payload = worker.answer(self.seconds)
            except TimeoutError:
                raise RulingTimeout(time.monotonic() - start) from None
            done = True
        except (EOFError, OSError) as exc:
            raise RuntimeError(f"a ruling worker stopped: {type(exc).__name__}: {exc}") from None
        finally:
            with self._lock:
                if done:
                    self._idle.append(worker)
                elif worker is not None:              # timed out or broken: replaced by a new one when needed
                    self._all.discard(worker)
            if worker is not None and not done:
                worker.kill()
            self._free.release()
        if kind == "ok":
            return payload
        if kind == "error":
            raise payload
        raise RuntimeError(f"internal error in a ruling worker: {payload}")

    def close(self) -> None:
        self.closed = True
        with self._lock:
            workers, self._all, self._idle = list(self._all), set(), []
        for worker in workers:
            worker.kill()
