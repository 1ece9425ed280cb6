#!/usr/bin/env python3
"""A Papago-compatible HTTP server for tests: both API dialects, strict, and scriptable to fail.

Usage
    python3 papago_server.py --port 0 --client-id ID --client-secret SECRET [--host 127.0.0.1] [--verbose]
                             [--exit-on-stdin-eof]

Binds HOST:PORT (port 0: a free port chosen by the system), then prints "PORT <n>" on stdout,
flushed, once it accepts connections. HTTP/1.1 with keep-alive; one thread per connection.
Python 3 standard library only. Stops on SIGTERM/SIGINT, and with --exit-on-stdin-eof as soon as
its standard input closes (what the Swift tests use: the server dies with the test process).

The API, at the real paths of both dialects
    NAVER Cloud Platform      POST /nmt/v1/translation      POST /langs/v1/dect
                              headers X-NCP-APIGW-API-KEY-ID, X-NCP-APIGW-API-KEY
                              errors  {"error": {"errorCode": "...", "message": "...", "details": "..."}}
    Naver Developers (older)  POST /v1/papago/n2mt          POST /v1/papago/detectLangs
                              headers X-Naver-Client-Id, X-Naver-Client-Secret
                              errors  {"errorMessage": "...", "errorCode": "..."}
  Both dialects accept the same --client-id/--client-secret, each in its own headers; a missing or
  wrong pair is HTTP 401 with code "200" (NCP) or "024" (Naver Developers).
  Bodies: application/x-www-form-urlencoded (charset, if given, must be UTF-8; the body must be
  ASCII, i.e. properly percent-encoded; bad percent-encoding or UTF-8 is HTTP 400 with the
  test-server-only code "FORM") or application/json (an object). Any other content type is read
  as having no fields (so a translation request gets N2MT01).
  Translation fields: source (a code or "auto"), target, text (1..5000 characters, counted as
  code points), optional honorific, glossaryKey. Checked in this order, all HTTP 400:
      N2MT01 source missing        N2MT02 source unsupported (also: "auto" detected as pt/hi/unk)
      N2MT03 target missing        N2MT04 target unsupported
      N2MT07 text missing/empty    N2MT08 text longer than 5000 characters
      N2MT05 source equals target (after "auto" is resolved)
      N2MT06 pair not in the direct table
  Translatable codes: ko en ja zh-CN zh-TW vi id th de ru es it fr (case-sensitive).
  Direct pairs: ko<->{en ja zh-CN zh-TW vi th id fr es ru de it}, en<->{ja zh-CN zh-TW vi th id
  fr es ru de}, ja<->{zh-CN zh-TW vi th id fr}, zh-CN<->zh-TW.
  "auto" and the detection endpoints use a script-based guess: Hangul -> ko; kana (with or
  without Han) -> ja; Han -> zh-CN (zh-TW if it has traditional-only characters); Thai -> th;
  Cyrillic -> ru; Devanagari -> hi; Latin -> vi/de/es/fr/pt by telltale letters, else en;
  nothing -> unk. The script with the most letters wins, a Hangul, kana or Han character
  counting as three letters.

The translation (deterministic, line-preserving)
  `text` is split at "\n" only; each line L becomes "[<src>→<tgt>] L" (src after "auto" is
  resolved; the arrow is U+2192), and the lines are joined with "\n" again. With
  --translations FILE (rows of src, tgt, line, translation, tab-separated), a line found there
  gets its translation instead (how the README's pictures get readable English). The reply is
      {"message": {"@type": "response", "@service": "naverservice.nmt.proxy", "@version": "1.0.0",
                   "result": {"srcLangType": src, "tarLangType": tgt, "engineType": "N2MT",
                              "translatedText": ...}}}
  Detection (field `query`, required: missing is HTTP 400 code "LD01") answers {"langCode": ...}.
  JSON replies are gzip-encoded when the request's Accept-Encoding allows gzip.

Control API, under /_control/ (no authentication, JSON bodies and replies)
  POST /_control/fail      queue failures: one rule object or a list of them. A rule applies to
                           the next `count` (default 1) API requests that pass authentication and
                           match `path`: "translate", "detect" or "any" (default). Rules are
                           consumed in the order queued. Fields:
        kind        what happens:
          latency           wait `latencyMs`, then answer normally
          quota             429, NCP "400" / older API "010"   (daily quota exhausted)
          throttle          429, NCP "410" / older API "012"
          rate-limit        429, NCP "420" / older API "012"
          too-large         413, "430"
          endpoint-error    503, "500"
          endpoint-timeout  504, "510"
          internal          500, "N2MT99"
          auth              401, NCP "200" / older API "024"
          error             `status`, `code`, `message` in the dialect's error shape
          raw               `status` (default 200), `body` (string), `contentType`
          malformed         200 with truncated JSON
          empty             200 with an empty body
          merge-lines       a normal translation whose first two lines are joined by a space
          split-line        a normal translation whose first line is broken in two
          drop              200 headers announcing a longer body, part of it, then the
                            connection is closed
          hang              read the request and never answer: the connection stays open,
                            silent, until the client gives up, the rule is reset, or the
                            server exits (a service that accepts and never replies)
          hold              200 headers at once, then a space every half second, until the
                            rule is reset or the server exits, then the connection is closed:
                            a reply that never ends and is never silent long enough for the
                            client's stall limit (a request held for as long as a test needs)
        retryAfter  a Retry-After header value for the error kinds and raw
  POST /_control/latency   {"ms": n}: wait n ms before every API request (0 turns it off)
  GET  /_control/requests  {"requests": [...]}: every API request received, in order, with
                           method, path, dialect, client ("ip:port" of the connection), headers
                           (names lowercased; the secret headers and Authorization shown as
                           "<redacted>"), contentType, fields (decoded form or JSON fields; the
                           first value of a repeated field), status (the HTTP status answered,
                           "dropped", "hung" or "held"), received and answered (the server's monotonic
                           clock, in seconds, when the request was read and its reply sent)
  POST /_control/reset     forget queued failures, latency and recorded requests; let go of
                           every request held by a "hang" rule
  GET  /_control/health    {"ok": true}
"""

import argparse
import gzip
import json
import os
import signal
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TRANSLATABLE = ["ko", "en", "ja", "zh-CN", "zh-TW", "vi", "id", "th", "de", "ru", "es", "it", "fr"]

_DIRECT_LISTS = {
    "ko": ["en", "ja", "zh-CN", "zh-TW", "vi", "th", "id", "fr", "es", "ru", "de", "it"],
    "en": ["ja", "zh-CN", "zh-TW", "vi", "th", "id", "fr", "es", "ru", "de"],
    "ja": ["zh-CN", "zh-TW", "vi", "th", "id", "fr"],
    "zh-CN": ["zh-TW"],
}
DIRECT = set()
for _a, _partners in _DIRECT_LISTS.items():
    for _b in _partners:
        DIRECT.add((_a, _b))
        DIRECT.add((_b, _a))

ENDPOINTS = {
    "/nmt/v1/translation": ("ncp", "translate"),
    "/langs/v1/dect": ("ncp", "detect"),
    "/v1/papago/n2mt": ("naver-developers", "translate"),
    "/v1/papago/detectLangs": ("naver-developers", "detect"),
}

AUTH_HEADERS = {
    "ncp": ("X-NCP-APIGW-API-KEY-ID", "X-NCP-APIGW-API-KEY"),
    "naver-developers": ("X-Naver-Client-Id", "X-Naver-Client-Secret"),
}
REDACTED_HEADERS = {"x-ncp-apigw-api-key", "x-naver-client-secret", "authorization"}

# kind: (HTTP status, NCP code, Naver Developers code, message)
PRESETS = {
    "quota": (429, "400", "010", "Quota Exceeded"),
    "throttle": (429, "410", "012", "Throttle Limited"),
    "rate-limit": (429, "420", "012", "Rate Limited"),
    "too-large": (413, "430", "430", "Request Entity Too Large"),
    "endpoint-error": (503, "500", "500", "Endpoint Error"),
    "endpoint-timeout": (504, "510", "510", "Endpoint Timeout"),
    "internal": (500, "N2MT99", "N2MT99", "Internal server errors"),
    "auth": (401, "200", "024", "Authentication Failed"),
}
KINDS = set(PRESETS) | {"latency", "error", "raw", "malformed", "empty", "merge-lines", "split-line", "drop", "hang", "hold"}

SERVICE_MESSAGES = {
    "N2MT01": "source parameter is needed",
    "N2MT02": "Unsupported source language",
    "N2MT03": "target parameter is needed",
    "N2MT04": "Unsupported target language",
    "N2MT05": "source and target must be different",
    "N2MT06": "There is no source-to-target translator",
    "N2MT07": "text parameter is needed",
    "N2MT08": "text parameter exceeds max length",
}

TRADITIONAL_ONLY = set("們國這個說時來會學對體發經實點愛書車門長開關見話語讀聽寫東")
VIETNAMESE = set("ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĂÂĐÊÔƠƯ")
GERMAN = set("äöüßÄÖÜ")
SPANISH = set("ñÑ¿¡")
FRENCH = set("çœèêëàâîïûùÇŒÈÊÀ")
PORTUGUESE = set("ãõÃÕ")


def detect_language(text):
    """The script-based guess documented at the top of the file."""
    counts = {"ko": 0, "kana": 0, "han": 0, "th": 0, "ru": 0, "hi": 0, "latin": 0}
    for ch in text:
        o = ord(ch)
        if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            counts["ko"] += 1
        elif 0x3040 <= o <= 0x30FF:
            counts["kana"] += 1
        elif 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
            counts["han"] += 1
        elif 0x0E00 <= o <= 0x0E7F:
            counts["th"] += 1
        elif 0x0400 <= o <= 0x04FF:
            counts["ru"] += 1
        elif 0x0900 <= o <= 0x097F:
            counts["hi"] += 1
        elif ch.isalpha() and (o < 0x250 or 0x1E00 <= o <= 0x1EFF):
            counts["latin"] += 1
    # A Hangul syllable, kana or Han character carries about as much as three Latin letters.
    scores = {
        "ko": 3 * counts["ko"],
        "ja": 3 * (counts["kana"] + counts["han"]) if counts["kana"] else 0,
        "zh": 3 * counts["han"] if not counts["kana"] else 0,
        "th": counts["th"],
        "ru": counts["ru"],
        "hi": counts["hi"],
        "latin": counts["latin"],
    }
    best = max(scores, key=lambda k: scores[k])
    if scores[best] == 0:
        return "unk"
    if best == "zh":
        return "zh-TW" if any(ch in TRADITIONAL_ONLY for ch in text) else "zh-CN"
    if best == "latin":
        letters = set(text)
        if letters & VIETNAMESE:
            return "vi"
        if letters & GERMAN:
            return "de"
        if letters & SPANISH:
            return "es"
        if letters & PORTUGUESE:
            return "pt"
        if letters & FRENCH:
            return "fr"
        return "en"
    return best


# Lines with a translation given by --translations FILE: (src, tgt, line) -> translation.
KNOWN_TRANSLATIONS = {}


def load_translations(path):
    """Reads a UTF-8 TSV file of `src<TAB>tgt<TAB>line<TAB>translation` rows ('#' starts a comment)."""
    with open(path, encoding="utf-8") as file:
        for row in file:
            row = row.rstrip("\n")
            if not row or row.startswith("#"):
                continue
            src, tgt, line, translation = row.split("\t")
            KNOWN_TRANSLATIONS[(src, tgt, line)] = translation


def translate_text(text, src, tgt):
    return "\n".join(KNOWN_TRANSLATIONS.get((src, tgt, line), f"[{src}\u2192{tgt}] {line}") for line in text.split("\n"))


class State:
    """Everything the control API changes; guarded by one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rules = []
        self.latency_ms = 0
        self.requests = []
        # Set by a reset: every request held by a "hang" rule is let go (its connection closed).
        self.release_hung = threading.Event()

    def reset(self):
        with self.lock:
            self.rules = []
            self.latency_ms = 0
            self.requests = []
            self.release_hung.set()
            self.release_hung = threading.Event()

    def take_rule(self, operation):
        with self.lock:
            for rule in self.rules:
                if rule["remaining"] > 0 and rule["path"] in ("any", operation):
                    rule["remaining"] -= 1
                    return rule
        return None


class FormError(Exception):
    pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "PapagoTestServer/1.0"
    # Headers and body leave in one write (flushed after each request), and without Nagle's
    # delay: otherwise every reply waits for the client's delayed ACK.
    wbufsize = -1
    disable_nagle_algorithm = True

    # --- plumbing -------------------------------------------------------------------------

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("papago_server: " + (format % args) + "\n")

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send_body(self, status, body, content_type="application/json; charset=UTF-8", extra_headers=None,
                  compress=True):
        if compress and body and "gzip" in (self.headers.get("Accept-Encoding") or "").lower():
            body = gzip.compress(body)
            extra_headers = dict(extra_headers or {}, **{"Content-Encoding": "gzip"})
        if self.record is not None:
            # Recorded before the reply leaves, so a client that reads /_control/requests right
            # after its reply always sees it.
            self.record["status"] = status
            self.record["answered"] = time.monotonic()
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra_headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(body)

    def send_json(self, status, obj, extra_headers=None):
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self.send_body(status, body, extra_headers=extra_headers)

    def send_error_shape(self, dialect, status, code, message, extra_headers=None, shape=None):
        shape = shape or ("nested" if dialect == "ncp" else "flat")
        if shape == "nested":
            obj = {"error": {"errorCode": code, "message": message, "details": message}}
        else:
            obj = {"errorMessage": message, "errorCode": code}
        self.send_json(status, obj, extra_headers)

    # --- routing --------------------------------------------------------------------------

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PUT(self):
        self.route("PUT")

    def do_DELETE(self):
        self.route("DELETE")

    def route(self, method):
        self.record = None
        path = urllib.parse.urlsplit(self.path).path
        body = self.read_body()
        if path.startswith("/_control/"):
            return self.control(method, path, body)
        endpoint = ENDPOINTS.get(path)
        if endpoint is None:
            return self.send_error_shape("naver-developers", 404, "404", "Not Found: " + path)
        dialect, operation = endpoint
        if method != "POST":
            return self.send_error_shape(dialect, 405, "405", "Method Not Allowed")
        self.api(dialect, operation, path, body)

    # --- the API --------------------------------------------------------------------------

    def api(self, dialect, operation, path, body):
        state = self.server.state
        record = {
            "method": "POST",
            "path": path,
            "dialect": dialect,
            "client": "%s:%d" % self.client_address[:2],
            "headers": {
                name.lower(): ("<redacted>" if name.lower() in REDACTED_HEADERS else value)
                for name, value in self.headers.items()
            },
            "contentType": self.headers.get("Content-Type"),
            "fields": {},
            "status": None,
            "received": time.monotonic(),
            "answered": None,
        }
        form_error = None
        try:
            record["fields"] = self.parse_fields(body)
        except FormError as error:
            form_error = str(error)
        with state.lock:
            state.requests.append(record)
            latency = state.latency_ms
        self.record = record
        if latency:
            time.sleep(latency / 1000)
        self.answer(dialect, operation, record["fields"], form_error)

    def parse_fields(self, body):
        content_type = (self.headers.get("Content-Type") or "").lower()
        mime = content_type.split(";")[0].strip()
        params = dict(
            part.strip().split("=", 1) for part in content_type.split(";")[1:] if "=" in part
        )
        if mime == "application/x-www-form-urlencoded":
            charset = params.get("charset", "utf-8").strip('"')
            if charset not in ("utf-8", "utf8"):
                raise FormError("unsupported charset " + charset)
            try:
                text = body.decode("ascii")
            except UnicodeDecodeError:
                raise FormError("body is not percent-encoded (raw non-ASCII bytes)")
            if not text:
                return {}
            try:
                pairs = urllib.parse.parse_qsl(
                    text, keep_blank_values=True, strict_parsing=True, encoding="utf-8", errors="strict"
                )
            except (ValueError, UnicodeDecodeError) as error:
                raise FormError("invalid form encoding: %s" % error)
            fields = {}
            for name, value in pairs:
                fields.setdefault(name, value)
            return fields
        if mime == "application/json":
            try:
                obj = json.loads(body.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as error:
                raise FormError("invalid json body: %s" % error)
            if not isinstance(obj, dict):
                raise FormError("json body is not an object")
            fields = {}
            for name, value in obj.items():
                if isinstance(value, bool):
                    value = "true" if value else "false"
                fields[name] = value if isinstance(value, str) else json.dumps(value)
            return fields
        return {}

    def authenticated(self, dialect):
        id_header, secret_header = AUTH_HEADERS[dialect]
        return (
            self.headers.get(id_header) == self.server.client_id
            and self.headers.get(secret_header) == self.server.client_secret
        )

    def answer(self, dialect, operation, fields, form_error):
        if not self.authenticated(dialect):
            status, ncp_code, dev_code, message = PRESETS["auth"]
            return self.send_error_shape(dialect, status, ncp_code if dialect == "ncp" else dev_code, message)

        rule = self.server.state.take_rule(operation)
        post_process = None
        if rule is not None:
            kind = rule["kind"]
            extra = {"Retry-After": str(rule["retryAfter"])} if rule.get("retryAfter") is not None else None
            if kind == "latency":
                time.sleep(float(rule.get("latencyMs", 0)) / 1000)
            elif kind in PRESETS:
                status, ncp_code, dev_code, message = PRESETS[kind]
                return self.send_error_shape(
                    dialect, status, ncp_code if dialect == "ncp" else dev_code, message, extra
                )
            elif kind == "error":
                return self.send_error_shape(
                    dialect, int(rule.get("status", 500)), str(rule.get("code", "")),
                    rule.get("message", "error"), extra, rule.get("shape"),
                )
            elif kind == "raw":
                return self.send_body(
                    int(rule.get("status", 200)), rule.get("body", "").encode("utf-8"),
                    rule.get("contentType", "application/json; charset=UTF-8"), extra, compress=False,
                )
            elif kind == "malformed":
                return self.send_body(200, b'{"message":{"result":{"srcLangType":"ko","tarLangType"', compress=False)
            elif kind == "empty":
                return self.send_body(200, b"", compress=False)
            elif kind == "drop":
                return self.drop()
            elif kind == "hang":
                return self.hang()
            elif kind == "hold":
                return self.hold()
            else:  # merge-lines, split-line
                post_process = kind

        if form_error is not None:
            return self.send_error_shape(dialect, 400, "FORM", form_error)
        if operation == "detect":
            query = fields.get("query")
            if not query:
                return self.send_error_shape(dialect, 400, "LD01", "query parameter is needed")
            return self.send_json(200, {"langCode": detect_language(query)})
        return self.translate(dialect, fields, post_process)

    def translate(self, dialect, fields, post_process):
        def reject(code):
            self.send_error_shape(dialect, 400, code, SERVICE_MESSAGES[code])

        source, target, text = fields.get("source"), fields.get("target"), fields.get("text")
        if not source:
            return reject("N2MT01")
        if source != "auto" and source not in TRANSLATABLE:
            return reject("N2MT02")
        if not target:
            return reject("N2MT03")
        if target not in TRANSLATABLE:
            return reject("N2MT04")
        if not text:
            return reject("N2MT07")
        if len(text) > 5000:
            return reject("N2MT08")
        if source == "auto":
            source = detect_language(text)
            if source not in TRANSLATABLE:
                return reject("N2MT02")
        if source == target:
            return reject("N2MT05")
        if (source, target) not in DIRECT:
            return reject("N2MT06")

        translated = translate_text(text, source, target)
        lines = translated.split("\n")
        if post_process == "merge-lines" and len(lines) >= 2:
            lines[0:2] = [lines[0] + " " + lines[1]]
        elif post_process == "split-line":
            first = lines[0]
            middle = len(first) // 2
            lines[0:1] = [first[:middle], first[middle:]]
        self.send_json(200, {
            "message": {
                "@type": "response",
                "@service": "naverservice.nmt.proxy",
                "@version": "1.0.0",
                "result": {
                    "srcLangType": source,
                    "tarLangType": target,
                    "engineType": "N2MT",
                    "translatedText": "\n".join(lines),
                },
            }
        })

    def drop(self):
        """Announces a body, sends part of it, and closes the connection."""
        partial = b'{"message":{"result":{"srcLangType":"ko",'
        self.record["status"] = "dropped"
        head = (
            "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\n"
            "Content-Length: %d\r\n\r\n" % (len(partial) + 200)
        ).encode("ascii")
        try:
            self.wfile.write(head + partial)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.close_connection = True

    def hold(self):
        """Answers 200 and then a space every half second until the rule is reset (or the server
        exits), then closes the connection."""
        self.record["status"] = "held"
        with self.server.state.lock:
            release = self.server.state.release_hung
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(1 << 20))
            self.end_headers()
            self.wfile.flush()
            while not release.wait(0.5):
                self.wfile.write(b" ")
                self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.close_connection = True

    def hang(self):
        """Says nothing until the rule is reset (or the server exits), then closes the connection."""
        self.record["status"] = "hung"
        with self.server.state.lock:
            release = self.server.state.release_hung
        release.wait()
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.close_connection = True

    # --- control --------------------------------------------------------------------------

    def control(self, method, path, body):
        state = self.server.state
        try:
            payload = json.loads(body.decode("utf-8")) if body else {}
        except (ValueError, UnicodeDecodeError) as error:
            return self.send_json(400, {"error": "invalid json: %s" % error})

        if path == "/_control/health" and method == "GET":
            return self.send_json(200, {"ok": True})
        if path == "/_control/requests" and method == "GET":
            with state.lock:
                snapshot = json.loads(json.dumps(state.requests))
            return self.send_json(200, {"requests": snapshot})
        if path == "/_control/reset" and method == "POST":
            state.reset()
            return self.send_json(200, {"ok": True})
        if path == "/_control/latency" and method == "POST":
            with state.lock:
                state.latency_ms = int(payload.get("ms", 0))
            return self.send_json(200, {"ok": True})
        if path == "/_control/fail" and method == "POST":
            rules = payload if isinstance(payload, list) else [payload]
            for rule in rules:
                if not isinstance(rule, dict) or rule.get("kind") not in KINDS:
                    return self.send_json(400, {"error": "unknown kind; expected one of " + ", ".join(sorted(KINDS))})
                if rule.get("path", "any") not in ("any", "translate", "detect"):
                    return self.send_json(400, {"error": "path must be any, translate or detect"})
            with state.lock:
                for rule in rules:
                    entry = dict(rule)
                    entry.setdefault("path", "any")
                    entry["remaining"] = int(rule.get("count", 1))
                    state.rules.append(entry)
                queued = sum(rule["remaining"] for rule in state.rules)
            return self.send_json(200, {"queued": queued})
        return self.send_json(404, {"error": "unknown control endpoint %s %s" % (method, path)})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Do not wait for connection threads on close: a client may hold a kept-alive connection open.
    block_on_close = False
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description="Papago-compatible test server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--client-id", required=True)
    parser.add_argument("--client-secret", required=True)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--exit-on-stdin-eof", action="store_true",
        help="exit as soon as standard input closes (so the server never outlives a test process)",
    )
    parser.add_argument(
        "--translations", metavar="FILE",
        help="a TSV file of src, tgt, line, translation: those lines get that translation instead of the tagged echo",
    )
    args = parser.parse_args()
    if args.translations:
        load_translations(args.translations)

    server = Server((args.host, args.port), Handler)
    server.state = State()
    server.client_id = args.client_id
    server.client_secret = args.client_secret
    server.verbose = args.verbose

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if args.exit_on_stdin_eof:
        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)

        threading.Thread(target=watch_stdin, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.1)
    server.server_close()


if __name__ == "__main__":
    main()
