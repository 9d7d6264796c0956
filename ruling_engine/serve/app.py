"""`floorcall serve`: the floor questionnaire in the browser, and the ruling log.

Flask (with the project's Jinja2, autoescaping every page) served by waitress, a pure-Python
multi-threaded WSGI server. Every page works without JavaScript; one small local script filters
the event list as you type. Every asset is served by the app: no page fetches anything from
elsewhere (the Content-Security-Policy says so to the browser too).

The questionnaire is ruling_engine/ask/questionnaire.py, the same one `floorcall ask` uses; each
browser's floor call lives in memory on the server (keyed by a random id in its session cookie),
and every finished call is written to the ruling log (ruling_engine/rulings/log.py). Rulings are
made in worker processes (workers.py), so that a long one holds up no other client's page or
ruling; the server records each in the log when its worker answers.
"""
from __future__ import annotations

import collections
import json
import secrets
import threading
import weakref
from importlib import resources

from flask import Flask, Response, abort, g, redirect, render_template, request, session, url_for

from ruling_engine.ask.answers import (AnswerError, parse_action, parse_amounts, parse_cards, parse_hole_cards,
                                       parse_value)
from ruling_engine.ask.questionnaire import (DONE, Session, action_entry, entry_words, event_entry, said_entry,
                                             street_entry)
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import LISTENERS
from ruling_engine.rulings.rule_on import attach_logged
from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.serve import auth
from ruling_engine.serve.views import ruling_view
from ruling_engine.serve.workers import RulingTimeout, RulingWorkers

MAX_CALLS = 500                    # floor calls in progress kept in memory (the oldest dropped)
SEATS = range(1, 11)
STATIC = {"app.css": "text/css; charset=utf-8", "app.js": "text/javascript; charset=utf-8"}
CSP = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; "
       "base-uri 'none'; frame-ancestors 'none'")


class Calls:
    """Floor calls in progress: id -> Session, least recently used dropped past MAX_CALLS."""

    def __init__(self):
        self.items: collections.OrderedDict = collections.OrderedDict()
        self.lock = threading.Lock()

    def new(self, kb, house) -> str:
        key = secrets.token_urlsafe(16)
        with self.lock:
            self.items[key] = Session(kb, house=house)
            while len(self.items) > MAX_CALLS:
                self.items.popitem(last=False)
        return key

    def get(self, key):
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def drop(self, key) -> None:
        with self.lock:
            self.items.pop(key, None)


def create_app(kb, log, require_login: bool = False, allowed_hosts=None, workers: RulingWorkers | None = None) -> Flask:
    """The floor app. `allowed_hosts`: the names a request's Host: may carry besides an IP
    address (None: any, for tests that build the app without serving it). `workers`: the
    processes that rule (a new set, started on the first ruling, when not given)."""
    app = Flask(__name__, template_folder=str(resources.files("ruling_engine.serve") / "templates"),
                static_folder=None)
    app.config.update(SECRET_KEY=secrets.token_bytes(32), SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_SAMESITE="Strict", MAX_CONTENT_LENGTH=256 * 1024,
                      TEMPLATES_AUTO_RELOAD=False)
    app.jinja_env.autoescape = True
    calls = Calls()
    limiter = auth.RateLimit()
    engine_lock = threading.Lock()       # the questionnaires, one step at a time (rulings are the workers')
    if workers is None:
        workers = RulingWorkers(kb.root)
        weakref.finalize(app, workers.close)
    app.extensions["floorcall"] = {"kb": kb, "log": log, "calls": calls, "workers": workers}

    def timed_out(name: str) -> FloorcallError:
        return FloorcallError(name, None, f"a ruling within {workers.seconds:g} s",
                              "a ruling still running then (stopped)",
                              "establish some of the unknown answers, or mark the entries the floor was called "
                              "about with in_question: true")

    def house_of():
        """The house club chosen on this device: a long-lived cookie (it outlives a restart of the
        server, whose session key is new each start), checked against the clubs."""
        chosen = request.cookies.get("house")
        return chosen if chosen in kb.clubs else None

    @app.context_processor
    def _globals():
        return {"csrf": auth.csrf_token(session), "logged_in": session.get("user") == "floor",
                "require_login": require_login, "clubs": kb.clubs, "house": house_of()}

    @app.before_request
    def _guard():
        if allowed_hosts is not None and not auth.host_allowed(request.host, allowed_hosts):
            abort(421, "This address is not the one floorcall serves on; open the address it printed.")
        if not require_login and request.endpoint == "export" and \
                request.headers.get("Sec-Fetch-Site", "none") not in ("same-origin", "none"):
            abort(403, "The ruling log is exported only to this app's own pages.")
        if request.endpoint == "static_file":
            return None
        if require_login and session.get("user") != "floor" and request.endpoint not in ("login",):
            return redirect(url_for("login", next=request.path))
        if request.method == "POST" and not auth.csrf_ok(session, request.form.get("csrf")):
            abort(400, "This form has expired or did not come from this app; go back and try again.")
        return None

    @app.after_request
    def _headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        if request.endpoint != "static_file":
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(400)
    @app.errorhandler(403)
    @app.errorhandler(421)
    @app.errorhandler(404)
    @app.errorhandler(429)
    def _error(error):
        return render_template("error.html", code=error.code, message=error.description), error.code

    # -- assets ---------------------------------------------------------------------------------
    @app.get("/static/<name>")
    def static_file(name):
        if name not in STATIC:
            abort(404)
        data = (resources.files("ruling_engine.serve") / "static" / name).read_bytes()
        response = Response(data, mimetype=STATIC[name].split(";")[0])
        response.headers["Content-Type"] = STATIC[name]
        response.headers["Cache-Control"] = "max-age=3600"
        return response

    # -- login ----------------------------------------------------------------------------------
    @app.route("/login", methods=["GET", "POST"])
    def login():
        error = ""
        if request.method == "POST":
            client = request.remote_addr or "?"
            if limiter.blocked(client):
                abort(429, "Too many failed logins from here; wait a few minutes and try again.")
            stored = auth.stored_password(log)
            if stored and auth.verify_password(request.form.get("password", ""), stored):
                limiter.succeeded(client)
                session.clear()
                session["user"] = "floor"
                auth.csrf_token(session)
                target = request.args.get("next", "/")
                return redirect(target if target.startswith("/") and not target.startswith("//") else "/")
            limiter.failed(client)
            error = "That password is not right."
        return render_template("login.html", error=error), 401 if error else 200

    @app.post("/logout")
    def logout():
        session.clear()
        return redirect(url_for("login") if require_login else "/")

    # -- home and the house club ----------------------------------------------------------------
    @app.get("/")
    def home():
        return render_template("home.html", recent=log.recent(limit=5))

    @app.route("/club", methods=["GET", "POST"])
    def club():
        if request.method == "POST":
            chosen = request.form.get("club")
            if chosen not in kb.clubs:
                abort(400, "Choose one of the clubs listed.")
            response = redirect(url_for("new_call_page"))
            response.set_cookie("house", chosen, max_age=400 * 24 * 3600, httponly=True, samesite="Strict")
            return response
        return render_template("club.html")

    # -- a floor call ---------------------------------------------------------------------------
    def current():
        key = session.get("call")
        found = calls.get(key) if key else None
        return found

    @app.get("/call/new")
    def new_call_page():
        if house_of() is None:
            return redirect(url_for("club"))
        return render_template("new.html")

    @app.post("/call/new")
    def new_call():
        if house_of() is None:
            return redirect(url_for("club"))
        session["call"] = calls.new(kb, house_of())
        return redirect(url_for("call"))

    @app.get("/call")
    def call():
        s = current()
        if s is None:
            return redirect(url_for("new_call_page"))
        with engine_lock:
            question = s.next_question()
        if question is None:
            return redirect(url_for("review"))
        adding = request.args.get("add", "")
        return _question_page(s, question, adding)

    def _question_page(s, question, adding="", error="", status=200):
        groups = s.plan.event_groups
        query = request.args.get("q", "").strip().lower()
        if query:
            groups = [(t, [(k, h) for k, h in items if query in k.replace("_", " ") or query in h.lower()])
                      for t, items in groups]
            groups = [(t, items) for t, items in groups if items]
        earlier = s.previous_answer(question.name)
        extra = {kind: _extra_fields(s, kind) for kind in ("action", "street", "said")}
        return render_template("question.html", q=question, s=s, adding=adding, error=error, groups=groups,
                               extra=extra,
                               query=request.args.get("q", ""), earlier=earlier, unknown=UNKNOWN,
                               earlier_words=_earlier_words(s, question, earlier), seats=SEATS,
                               speakers=("dealer", "floor", "spectator")), status

    def _earlier_words(s, question, earlier):
        if question.name == "next" and isinstance(earlier, dict):
            return entry_words(earlier, s.vocab)
        if question.name == "next" and earlier == DONE:
            return "That's everything"
        return ""

    @app.post("/call/back")
    def back():
        s = current()
        if s is None:
            return redirect(url_for("new_call_page"))
        with engine_lock:
            s.back()
        return redirect(url_for("call"))

    @app.post("/call/answer")
    def answer():
        s = current()
        if s is None:
            return redirect(url_for("new_call_page"))
        with engine_lock:
            question = s.next_question()
            if question is None or request.form.get("name") != question.name:
                return redirect(url_for("call"))          # answered already (a second tab, a double tap)
            try:
                value = _read_answer(s, question, request.form)
            except AnswerError as error:
                return _question_page(s, question, request.form.get("add", ""), str(error), 400)
            if value is _ADDING:
                return redirect(url_for("call", add=request.form.get("kind")))
            s.answer(question.name, value)
        return redirect(url_for("call"))

    @app.get("/call/review")
    def review():
        s = current()
        if s is None:
            return redirect(url_for("new_call_page"))
        with engine_lock:
            if s.next_question() is not None:
                return redirect(url_for("call"))
            rows = s.review()
        return render_template("review.html", s=s, rows=rows, timeline=s.timeline_words(),
                               table=session.get("table", ""), floor_person=session.get("floor_person", ""))

    @app.post("/call/rule")
    def rule():
        s = current()
        if s is None:
            return redirect(url_for("new_call_page"))
        table = request.form.get("table", "").strip()[:60]
        floor_person = request.form.get("floor_person", "").strip()[:60]
        session["table"], session["floor_person"] = table, floor_person
        try:
            with engine_lock:
                if s.next_question() is not None:
                    return redirect(url_for("call"))
                incident, data = s.incident(), s.incident_data()
            try:
                report = workers.rule_incident(incident)        # in a worker: no other client waits for it
            except RulingTimeout:
                raise timed_out("<questionnaire>") from None
            attach_logged(report, log)
        except FloorcallError as error:       # e.g. too many "Don't know" answers to rule every way
            with engine_lock:
                rows = s.review()
            return render_template("review.html", s=s, rows=rows, timeline=s.timeline_words(),
                                   table=table, floor_person=floor_person,
                                   error=f"{error.expected}; found {error.found}. {error.suggestion}"), 400
        number = log.record(data, report, house=s.answers["house"], table=table, floor_person=floor_person,
                            source="serve")
        calls.drop(session.pop("call", None))
        return redirect(url_for("ruling", number=number))

    @app.route("/rule-incident", methods=["GET", "POST"])
    def rule_incident_page():
        """Rule on an incident written as YAML (pasted), and log it."""
        if request.method == "GET":
            return render_template("incident.html", text="", error="")
        text = request.form.get("incident", "")
        try:
            try:
                incident, report = workers.rule_text(text, "<pasted>")    # read and ruled in a worker
            except RulingTimeout:
                raise timed_out("<pasted>") from None
            attach_logged(report, log)
        except FloorcallError as error:
            return render_template("incident.html", text=text, error=str(error)), 400
        number = log.record(incident.data, report, house=report.house,
                            table=request.form.get("table", "").strip()[:60],
                            floor_person=request.form.get("floor_person", "").strip()[:60], source="serve")
        return redirect(url_for("ruling", number=number))

    # -- the log --------------------------------------------------------------------------------
    @app.get("/ruling/<int:number>")
    def ruling(number):
        call_row = log.get(number)
        if call_row is None:
            abort(404, "No ruling with that number in the log.")
        view = ruling_view(kb, json.loads(call_row["ruling"]))
        return render_template("ruling.html", call=call_row, view=view,
                               printing=request.args.get("print") == "1")

    @app.post("/ruling/<int:number>/outcome")
    def outcome(number):
        if log.get(number) is None:
            abort(404, "No ruling with that number in the log.")
        followed = request.form.get("followed") == "yes"
        reason = request.form.get("reason", "").strip()[:2000]
        if not followed and not reason:
            call_row = log.get(number)
            view = ruling_view(kb, json.loads(call_row["ruling"]))
            return render_template("ruling.html", call=call_row, view=view, printing=False,
                                   error="Say why the floor overruled it."), 400
        log.set_followed(number, followed, reason)
        return redirect(url_for("ruling", number=number))

    def _search_args():
        a = request.args
        return {k: a.get(k, "").strip()[:100] for k in ("issue", "outcome", "club", "seat", "text", "date_from", "date_to")}

    @app.get("/log")
    def log_page():
        args = _search_args()
        searching = any(args.values())
        found = log.search(**args) if searching else log.recent(limit=50)
        issues = sorted((i, spec["title"]) for i, spec in kb.vocabulary.issues.items())
        outcomes = sorted({o for spec in kb.vocabulary.issues.values() for o in spec.get("outcomes", {})})
        return render_template("log.html", calls=found, args=args, searching=searching, issues=issues,
                               outcomes=outcomes, total=log.count())

    @app.get("/export.<fmt>")
    def export(fmt):
        args = _search_args()
        found = log.search(**args, limit=100_000) if any(args.values()) else log.recent(limit=-1)
        if fmt == "csv":
            return Response(log.export_csv(found), mimetype="text/csv",
                            headers={"Content-Disposition": "attachment; filename=floorcall-rulings.csv"})
        if fmt == "json":
            return Response(log.export_json(found), mimetype="application/json",
                            headers={"Content-Disposition": "attachment; filename=floorcall-rulings.json"})
        abort(404)

    return app


_ADDING = object()          # the first step of "what happened next": which kind of entry
MAIN_FIELDS = {"action": ("seat", "said", "chips", "did", "in_turn", "in_question"),
               "street": ("cards", "in_question"), "said": ("by", "words", "in_question")}
RECORD_OF = {"action": "action", "street": "street_entry", "said": "said"}


def _extra_fields(s: Session, kind: str) -> list:
    """The entry's other fields (the vocabulary's record), for the form's "more details" part:
    (name, question, type, choices)."""
    from ruling_engine.ask.questionnaire import question_words
    out = []
    for name, spec in s.vocab.records[RECORD_OF[kind]].items():
        if name in MAIN_FIELDS[kind] or spec.type not in ("enum", "bool", "amounts", "amount", "number", "int",
                                                           "seat", "card", "listener"):
            continue
        choices = [(str(v), str(v).replace("-", " ")) for v in spec.values] if spec.type == "enum" else \
            [("yes", "Yes"), ("no", "No")] if spec.type == "bool" else \
            [(str(seat), f"Seat {seat}") for seat in s.seats] if spec.type == "seat" else \
            [(str(seat), f"Seat {seat}") for seat in s.seats] + [(w, f"The {w}") for w in LISTENERS] \
            if spec.type == "listener" else []
        out.append((name, question_words(spec), spec.type, choices))
    return out


def _read_extra(s: Session, kind: str, form, entry: dict) -> dict:
    for name, text, kind_of, choices in _extra_fields(s, kind):
        raw = form.get(f"x_{name}", "").strip()
        if not raw:
            continue
        if choices and raw not in [v for v, _ in choices]:
            raise AnswerError(f"{text} Choose from the list.")
        if kind_of == "bool":
            entry[name] = raw == "yes"
        elif kind_of == "seat" or kind_of == "listener" and raw.isdigit():
            entry[name] = int(raw)
        elif kind_of == "listener":
            entry[name] = raw
        elif kind_of == "enum":
            entry[name] = raw
        elif kind_of == "amounts":
            entry[name] = parse_amounts(raw)
        elif kind_of == "card":
            entry[name] = parse_cards(raw)[0]
        else:
            try:
                number = float(raw.replace(",", "").replace("£", ""))
            except ValueError:
                raise AnswerError(f"{text} A number, please.") from None
            entry[name] = int(number) if number.is_integer() or kind_of == "int" else number
    return entry


def _read_answer(s: Session, question, form):
    """The answer a posted form gives to the question on the page (AnswerError when it does not fit)."""
    choice = form.get("value", "")
    if choice == "__unknown__" and question.allow_unknown:
        return UNKNOWN
    if choice == "__blank__" and question.allow_blank:
        return None
    if form.get("keep") == "1":
        earlier = s.earlier.get(question.name)
        if earlier is not None:
            return earlier
    kind = question.kind
    if kind == "seats":
        players = []
        for seat in SEATS:
            if form.get(f"seat_{seat}"):
                stack = form.get(f"stack_{seat}", "").strip().replace(",", "")
                player = {"seat": seat}
                if stack:
                    try:
                        player["stack"] = parse_value(_Number, stack)
                    except AnswerError:
                        raise AnswerError(f"seat {seat}: the stack is a number, e.g. 150") from None
                players.append(player)
        if not players:
            raise AnswerError("Tick at least one seat.")
        return players
    if kind == "next":
        return _read_entry(s, form)
    if kind == "marks":
        return [int(v) for v in form.getlist("mark") if v.isdigit()]
    if kind == "hole_cards":
        held = {}
        for seat in s.seats:
            text = form.get(f"cards_{seat}", "").strip()
            if text:
                held.update(parse_hole_cards([f"{seat} {text}"], s.seats))
        return held or None
    if kind in ("choice", "yesno", "club", "seat"):
        values = {str(v): v for v, _ in question.choices}
        if kind == "yesno":
            values = {"yes": True, "no": False}
        if choice not in values:
            raise AnswerError("Choose one of the answers.")
        return values[choice]
    text = form.get("text", "").strip()
    if not text:
        if question.allow_blank:
            return None
        raise AnswerError("Type an answer, or choose Don't know.")
    if kind == "amounts":
        return parse_amounts(text)
    if kind == "cards":
        return parse_cards(text)
    return parse_value(question, text)


class _NumberQuestion:
    kind = "number"
    allow_unknown = False
    allow_blank = False
    choices = ()
    bounded = True            # a stack "about 30000" (issue 22): carried as such


_Number = _NumberQuestion()


def _read_entry(s: Session, form):
    kind = form.get("kind", "")
    if kind == DONE:
        if not s.timeline:
            raise AnswerError("Describe at least one thing that happened.")
        return DONE
    if not form.get("add"):
        if kind not in ("action", "street", "said", "event"):
            raise AnswerError("Choose what happened next.")
        return _ADDING
    marked = form.get("in_question") == "yes"
    if kind == "action":
        seat = form.get("seat", "")
        if not seat.isdigit() or int(seat) not in s.seats:
            raise AnswerError("Choose the seat that acted.")
        chips_text = form.get("chips", "").strip()
        chips = None
        if chips_text:
            if chips_text.lower() in ("?", "unknown"):
                chips = UNKNOWN
            else:
                chips = [_chip(v) for v in chips_text.replace(",", " ").replace("+", " ").split()]
        did = form.get("did", "") or None
        if did and did not in s.vocab.records["action"]["did"].values:
            raise AnswerError("Choose what the player did from the list.")
        said = form.get("said", "").strip()[:200]
        entry = _read_extra(s, "action", form, action_entry(int(seat), said, chips, did,
                                                            in_turn=form.get("out_of_turn") != "yes", in_question=marked))
        if not set(entry) - {"seat", "in_turn", "in_question"}:
            raise AnswerError("Say what the player did, said or pushed out.")
        return entry
    if kind == "street":
        street = form.get("street", "")
        if street not in s.streets():
            raise AnswerError("Choose which cards came.")
        text = form.get("cards", "").strip()
        entry = street_entry(street, parse_cards(text) if text else None, marked)
        more = _read_extra(s, "street", form, {})
        if more:
            body = entry[street] if isinstance(entry[street], dict) else (
                {"cards": entry[street]} if entry[street] else {})
            entry = {street: {**body, **more}}
        return entry
    if kind == "said":
        by = form.get("by", "")
        by = int(by) if by.isdigit() and int(by) in s.seats else by
        if by not in s.seats and by not in ("dealer", "floor", "spectator"):
            raise AnswerError("Choose who spoke.")
        words = form.get("words", "").strip()[:500]
        if not words:
            raise AnswerError("Type what was said.")
        entry = said_entry(by, words, in_question=marked)
        _read_extra(s, "said", form, entry["said"])
        return entry
    if kind == "event":
        event = form.get("event", "")
        if event not in s.vocab.records["event"]:
            raise AnswerError("Choose what happened from the list.")
        return event_entry(event, in_question=marked)
    raise AnswerError("Choose what happened next.")


def _chip(text: str):
    try:
        value = float(text.replace("£", ""))
    except ValueError:
        raise AnswerError(f"{text!r}: chips are numbers, one per chip, e.g. 10 5") from None
    if value < 0:
        raise AnswerError("chips are positive numbers")
    return int(value) if value.is_integer() else value


def serve(kb, log, host: str, port: int, require_login: bool, threads: int = 8, ready=None,
          names=()) -> None:
    """Serve on host:port. A request is answered only when its Host: is an IP address (no name
    another site could point at this one: DNS rebinding), `localhost` on a loopback address, or
    one of `names` (the --allow-host names the user gave)."""
    from waitress import create_server
    allowed = {n.lower() for n in names} | ({"localhost"} if auth.is_loopback(host) else set())
    workers = RulingWorkers(kb.root)
    workers.start()                      # before the first request: its ruling finds a worker ready
    try:
        app = create_app(kb, log, require_login=require_login, allowed_hosts=allowed, workers=workers)
        server = create_server(app, host=host, port=port, threads=threads, ident="floorcall")
        if ready:
            ready(server)
        server.run()
    finally:
        workers.close()
