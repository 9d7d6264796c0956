"""Who may use `floorcall serve`: a password (scrypt), login sessions, CSRF tokens, a login rate limit.

The password's hash is kept in the ruling log's database (table `settings`), so the app reads and
writes no file but the log. On 127.0.0.1 (the default) no login is asked; serving on any other
address needs a password set with `floorcall serve --set-password`.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import threading
import time

SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "dklen": 32}
MAX_FAILURES = 5              # failed logins per client ...
WINDOW = 300.0                # ... within this many seconds, then refused until the window passes


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, maxmem=64 * 1024 * 1024, **SCRYPT)
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        mine = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                              dklen=len(bytes.fromhex(digest)), maxmem=64 * 1024 * 1024)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(mine, bytes.fromhex(digest))


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


SETTINGS = "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)"


def stored_password(log) -> str | None:
    conn = log._connect()
    conn.execute(SETTINGS)
    row = conn.execute("SELECT value FROM settings WHERE name = 'password'").fetchone()
    return row[0] if row else None


def set_password(log, password: str) -> None:
    conn = log._connect()
    conn.execute(SETTINGS)
    conn.execute("INSERT INTO settings (name, value) VALUES ('password', ?) "
                 "ON CONFLICT(name) DO UPDATE SET value = excluded.value", (hash_password(password),))


class RateLimit:
    """Failed logins per client address in a sliding window."""

    def __init__(self, limit: int = MAX_FAILURES, window: float = WINDOW):
        self.limit, self.window = limit, window
        self.failures: dict = {}
        self.lock = threading.Lock()

    def _recent(self, client: str, now: float) -> list:
        times = [t for t in self.failures.get(client, []) if now - t < self.window]
        self.failures[client] = times
        return times

    def blocked(self, client: str) -> bool:
        with self.lock:
            return len(self._recent(client, time.monotonic())) >= self.limit

    def failed(self, client: str) -> None:
        with self.lock:
            now = time.monotonic()
            self._recent(client, now).append(now)
            if len(self.failures) > 10_000:          # bounded memory
                self.failures = {k: v for k, v in self.failures.items() if v}

    def succeeded(self, client: str) -> None:
        with self.lock:
            self.failures.pop(client, None)


def csrf_token(session) -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(32)
    return session["csrf"]


def csrf_ok(session, sent: str | None) -> bool:
    want = session.get("csrf")
    return bool(want and sent and hmac.compare_digest(str(want), str(sent)))


def host_allowed(host_header: str, names) -> bool:
    """Whether a request's Host: (name or address, with or without a port) is one the app answers:
    any IP address (a literal address cannot be re-pointed by DNS), or one of `names`."""
    host = (host_header or "").strip().lower()
    if host.startswith("["):                       # [::1]:8765
        host = host[1:host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":")[0]
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return host in names
