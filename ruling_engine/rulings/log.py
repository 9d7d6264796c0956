"""The ruling log: every finished floor call, kept in SQLite beside the rules that decided it.

One row per call (`calls`: when, the house club, the table, the floor person, the incident as
YAML, the ruling as JSON, what the floor actually did) and one per club and issue ruled
(`rulings`: outcome, basis and the facts of its point, for search and for precedents). The file
is created 0600, in WAL mode; each call is written in one transaction, so a process killed
mid-write leaves the log as it was before that call. Every query is parameterised.

Written by `floorcall serve`, `rule-on --log` and `floorcall ask --log` (the same file: the
`--db` option, else $FLOORCALL_DB, else the state folder's rulings.sqlite3).
"""
from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time TEXT NOT NULL,                 -- UTC, ISO 8601
    house TEXT NOT NULL,
    table_name TEXT NOT NULL DEFAULT '',
    floor_person TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    seats TEXT NOT NULL DEFAULT '',     -- ',2,4,7,' for search by seat
    incident TEXT NOT NULL,             -- YAML, as an incident file holds it
    ruling TEXT NOT NULL,               -- JSON, as rule-on --format json gives it
    house_outcome TEXT NOT NULL DEFAULT '',
    followed INTEGER,                   -- 1 followed, 0 overruled, NULL not yet said
    reason TEXT NOT NULL DEFAULT '',    -- why the floor overruled
    source TEXT NOT NULL DEFAULT ''     -- serve, rule-on, ask
);
CREATE TABLE IF NOT EXISTS rulings (
    call_id INTEGER NOT NULL REFERENCES calls(id),
    club TEXT NOT NULL,
    issue TEXT NOT NULL,
    outcome TEXT NOT NULL,
    basis TEXT NOT NULL,
    facts TEXT NOT NULL                 -- JSON: the scalar facts of the point ruled
);
CREATE INDEX IF NOT EXISTS rulings_by_issue ON rulings (club, issue);
CREATE INDEX IF NOT EXISTS calls_by_time ON calls (time);
"""


def default_path() -> Path:
    from ruling_engine.files import state_folder
    return Path(os.environ.get("FLOORCALL_DB") or state_folder() / "rulings.sqlite3")


def _create_private(path: Path) -> None:
    """Create the database file (and its folder) readable by its owner only; never through a symlink."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink():
        raise OSError(f"{path} is a symbolic link; the ruling log must be a plain file")
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    os.close(fd)


class RulingLog:
    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else default_path()
        _create_private(self.path)
        self._local = threading.local()
        self._facts: dict = {}             # rowid -> its facts as a bit mask (a row's facts never change)
        self._bits: dict = {}              # 'name=value' -> its bit
        self._facts_lock = threading.Lock()
        with self._connect() as conn:
            conn.executescript(SCHEMA)
        for extra in ("-wal", "-shm"):
            side = Path(str(self.path) + extra)
            if side.exists() and not side.is_symlink():
                os.chmod(side, 0o600)

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            old = os.umask(0o077)          # the -wal and -shm files too
            try:
                conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            finally:
                os.umask(old)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL: a killed process never leaves a half-written call; only a
            # power cut could lose the last calls committed (never the file's consistency)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            self._local.conn = conn
        return conn

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # -- writing ---------------------------------------------------------------------------------
    def record(self, incident_data: dict, report, house: str, table: str = "", floor_person: str = "",
               followed: bool | None = None, reason: str = "", source: str = "") -> int:
        """Store one finished call (one transaction); returns its number."""
        import yaml
        from ruling_engine.incident.load import incident_as_written
        from ruling_engine.render.output import to_dict
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        incident_yaml = yaml.dump(incident_as_written(incident_data), Dumper=dumper, sort_keys=False,
                                  allow_unicode=True, default_flow_style=None, width=100)
        ruling = to_dict(report)
        house_rulings = report.answers[report.house].rulings
        rows = []
        for club, answer in report.answers.items():
            for r in answer.rulings:
                facts = report.facts_by_point[r.point] if r.point < len(report.facts_by_point) else report.given
                rows.append((club, r.issue, r.outcome, r.basis, json.dumps(_scalars(facts), sort_keys=True)))
        seats = ",".join(str(p["seat"]) for p in incident_data.get("players", []) if isinstance(p.get("seat"), int))
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            cursor = conn.execute(
                "INSERT INTO calls (time, house, table_name, floor_person, title, seats, incident, ruling,"
                " house_outcome, followed, reason, source) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (datetime.now(timezone.utc).isoformat(timespec="seconds"), house, table, floor_person,
                 incident_data.get("title") or "", f",{seats}," if seats else "", incident_yaml,
                 json.dumps(ruling, ensure_ascii=False), ", ".join(r.outcome for r in house_rulings),
                 None if followed is None else int(followed), reason or "", source))
            number = cursor.lastrowid
            conn.executemany("INSERT INTO rulings (call_id, club, issue, outcome, basis, facts) VALUES (?,?,?,?,?,?)",
                             [(number,) + row for row in rows])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return number

    def set_followed(self, number: int, followed: bool, reason: str = "") -> bool:
        conn = self._connect()
        cursor = conn.execute("UPDATE calls SET followed = ?, reason = ? WHERE id = ?",
                              (int(followed), "" if followed else reason, number))
        return cursor.rowcount == 1

    # -- reading ---------------------------------------------------------------------------------
    def get(self, number: int) -> dict | None:
        row = self._connect().execute("SELECT * FROM calls WHERE id = ?", (number,)).fetchone()
        return _call(row) if row else None

    def count(self) -> int:
        return self._connect().execute("SELECT COUNT(*) FROM calls").fetchone()[0]

    def recent(self, limit: int = 50) -> list:
        rows = self._connect().execute("SELECT * FROM calls ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        return [_call(r) for r in rows]

    def search(self, issue: str = "", outcome: str = "", club: str = "", seat: str = "", text: str = "",
               date_from: str = "", date_to: str = "", limit: int = 200) -> list:
        """Calls matching every criterion given: an issue and outcome (of the club's ruling, or of
        any club's), a house club, a seat in the hand, words anywhere, a date range (YYYY-MM-DD)."""
        where, args = [], []
        if issue or outcome or club:
            sub = ["r.call_id = c.id"]
            if issue:
                sub.append("r.issue = ?")
                args.append(issue)
            if outcome:
                sub.append("r.outcome = ?")
                args.append(outcome)
            if club:
                sub.append("r.club = ?")
                args.append(club)
            where.append(f"EXISTS (SELECT 1 FROM rulings r WHERE {' AND '.join(sub)})")
        if club:
            where.append("c.house = ?")
            args.append(club)
        if seat.strip():
            where.append("c.seats LIKE ?")
            args.append(f"%,{int(seat)},%" if seat.strip().isdigit() else "%,-1,%")
        if text.strip():
            like = "%" + text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            where.append("(c.title LIKE ? ESCAPE '\\' OR c.incident LIKE ? ESCAPE '\\' OR c.ruling LIKE ? ESCAPE '\\'"
                         " OR c.reason LIKE ? ESCAPE '\\' OR c.table_name LIKE ? ESCAPE '\\'"
                         " OR c.floor_person LIKE ? ESCAPE '\\')")
            args += [like] * 6
        if date_from:
            where.append("c.time >= ?")
            args.append(date_from)
        if date_to:
            where.append("c.time < ?")
            args.append(date_to + "T99")       # the whole of that day
        sql = "SELECT c.* FROM calls c" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY c.id DESC LIMIT ?"
        rows = self._connect().execute(sql, args + [limit]).fetchall()
        return [_call(r) for r in rows]

    def rulings_of(self, number: int) -> list:
        rows = self._connect().execute("SELECT club, issue, outcome, basis FROM rulings WHERE call_id = ?",
                                       (number,)).fetchall()
        return [dict(r) for r in rows]

    def precedents(self, club: str, issue: str, facts: dict, exclude: int | None = None, limit: int = 5,
                   window: int = 200) -> list:
        """Earlier logged rulings of `club` on `issue` (the latest `window` of them), most facts in
        common first, then the latest."""
        conn = self._connect()
        conn.row_factory = None
        try:
            rows = conn.execute("SELECT rowid, call_id FROM rulings WHERE club = ? AND issue = ? AND call_id != ?"
                                " ORDER BY call_id DESC LIMIT ?", (club, issue, exclude or -1, window)).fetchall()
            missing = [rid for rid, _ in rows if rid not in self._facts]
            for start in range(0, len(missing), 200):          # the facts of rows not seen yet, once each
                chunk = missing[start:start + 200]
                found = conn.execute(f"SELECT rowid, facts FROM rulings WHERE rowid IN ({','.join('?' * len(chunk))})",
                                     chunk).fetchall()
                with self._facts_lock:
                    if len(self._facts) > 20_000 or len(self._bits) > 200_000:
                        self._facts.clear()
                        self._bits.clear()
                    for rid, text in found:
                        self._facts[rid] = self._mask(json.loads(text))
            with self._facts_lock:
                mine = self._mask(_scalars(facts))
            known = self._facts
            ranked = sorted((((mine & known.get(rid, 0)).bit_count(), call_id, rid) for rid, call_id in rows),
                            key=lambda item: (-item[0], -item[1]))[:limit]
            out = []
            for common, call_id, rid in ranked:
                outcome, basis, time_, title, followed, reason, house = conn.execute(
                    "SELECT r.outcome, r.basis, c.time, c.title, c.followed, c.reason, c.house FROM rulings r"
                    " JOIN calls c ON c.id = r.call_id WHERE r.rowid = ?", (rid,)).fetchone()
                out.append({"id": call_id, "time": time_, "title": title, "outcome": outcome, "basis": basis,
                            "house": house, "common": common,
                            "followed": None if followed is None else bool(followed), "reason": reason})
            return out
        finally:
            conn.row_factory = sqlite3.Row

    def _mask(self, facts: dict) -> int:
        """A ruling's facts as one bit per 'name=value' (true is not 1): facts in common are the
        bits two masks share (call with the lock held)."""
        mask = 0
        for k, v in facts.items():
            key = f"{k}={v!r}"
            bit = self._bits.get(key)
            if bit is None:
                bit = self._bits[key] = len(self._bits)
            mask |= 1 << bit
        return mask

    def check(self) -> str:
        return self._connect().execute("PRAGMA integrity_check").fetchone()[0]

    # -- export ----------------------------------------------------------------------------------
    EXPORT_FIELDS = ("id", "time", "house", "table_name", "floor_person", "title", "house_outcome",
                     "followed", "reason", "source", "incident", "ruling")

    def export_json(self, calls: list | None = None) -> str:
        calls = self.recent(limit=-1) if calls is None else calls
        out = []
        for call in calls:
            item = {k: call[k] for k in self.EXPORT_FIELDS}
            item["ruling"] = json.loads(call["ruling"])
            out.append(item)
        return json.dumps(out, indent=2, ensure_ascii=False)

    def export_csv(self, calls: list | None = None) -> str:
        calls = self.recent(limit=-1) if calls is None else calls
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(self.EXPORT_FIELDS)
        for call in calls:
            writer.writerow([_csv_safe(call[k]) for k in self.EXPORT_FIELDS])
        return buffer.getvalue()


def _csv_safe(value):
    """A cell a spreadsheet will not run as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value


def _call(row) -> dict:
    call = dict(row)
    call["followed"] = None if call["followed"] is None else bool(call["followed"])
    return call




def _scalars(facts: dict) -> dict:
    return {k: v for k, v in facts.items() if isinstance(v, (str, int, float, bool)) and not k.startswith("_")
            and not (isinstance(v, float) and v != v)}
