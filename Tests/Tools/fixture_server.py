#!/usr/bin/env python3
"""A loopback EONET server for tests and benchmarks: fixtures, latency and faults on demand.

Python 3 standard library only. Binds 127.0.0.1 on a free port and prints the port as the first
line of stdout. Stops by itself when idle too long, when its parent dies, or after a hard lifetime.

    python3 fixture_server.py --fixtures DIR [--plan JSON | --plan-file PATH] [--latency MS]
                              [--idle-timeout S] [--lifetime S] [--parent-pid PID] [--verbose]
                              [--tls-cert PEM --tls-key PEM]

With --tls-cert and --tls-key it speaks https only (Tests/Tools/tls holds test-only certificates);
the TLS handshake runs in the connection's own thread, so a client that never sends one blocks
nothing else.

Routes (an /api/v3 or /api/v2.1 prefix is ignored):
    GET  /categories                 DIR/categories.json
    GET  /categories/<id>?...        DIR/categories/<id>.json, its events filtered by the query (see
                                     EVENT FILTERS)
    GET  /events?...                 DIR/events.json if there is one, else every DIR/categories/<id>.json's
                                     events, each event once; filtered by the query, and by `category`
                                     (comma-separated ids, OR)
    GET  /sources, /magnitudes       DIR/sources.json, DIR/magnitudes.json (else Resources/eonet's), whole
    GET  /<path>                     DIR/<path>.json (its events filtered by the query if it has events)
    GET  /wms?REQUEST=GetMap&...     a WMS 1.3.0 GetMap answer: a PNG of WIDTH x HEIGHT (1 to 4096), red
                                     west of the box's middle column, blue from it east (see WMS FAULTS)
    GET  /__stats                    counters as JSON (see Stats.snapshot)
    POST /__plan                     replace the fault plan (JSON body); rule counters restart
    POST /__reset                    zero the counters
    POST /__shutdown                 stop now

EVENT FILTERS, read as EONET reads them (an event's date is its `closed` date if closed, else its last
geometry's; its first date its first geometry's):
    status=open|closed|all           open (closed is null) is the default
    days=N                           date >= the server's clock - N days
    start=YYYY-MM-DD, end=YYYY-MM-DD date >= start 00:00Z and first date < the day after end, 00:00Z (UTC
                                     days, inclusive; either alone bounds one side)
    magID=ID, magMin=X, magMax=Y     the last geometry's magnitudeUnit is magID's unit in /magnitudes (an
                                     unknown id: no events), its magnitudeValue >= X, <= Y; with any of
                                     them, an event whose last geometry has no magnitude value is out
    source=A,B                       the event has a source whose id is one of them (exact)
    limit=N                          the first N left, in the fixture's order
A value that does not parse (a date that does not exist, a number that is not one, an unknown status, an
empty list) answers 400 with {"error": "..."} naming the parameter, as a strict server would. Other
parameters are ignored, as EONET ignores what it does not know. The plan's "honourParameters": false
makes the server ignore every query parameter, status and limit included, and serve each fixture whole:
the server that ignores parameters; a list (["status", "limit"]) honours only the parameters named.

The plan (JSON):
    {"latencyMs": 100,                   every request waits this long (rules may override)
     "honourParameters": true,           false: serve every fixture whole, whatever the query; or a list
                                         of the parameters to honour (EVENT FILTERS)
     "contentType": "application/json",  e.g. "application/rss+xml", as the real server sometimes says
     "validators": true,                 send ETag/Last-Modified, answer 304 to matching conditionals
     "rules": [{"path": "/categories/wildfires",   exact path, or "pathPrefix": "/categories/"
                "query": {"status": "open"},        all listed parameters must match
                "times": 2,                         only the first N matching requests (default: all)
                "fault": "status",                  see FAULTS
                "code": 500, "retryAfter": "1",     for "status"
                "latencyMs": 300, "seconds": 30, "bytes": 1000000}]}

DIR/plan.json, when there is one, holds the folder's own settings (a recorded dump served as recorded:
{"honourParameters": ["status", "limit"]}); the plan given, and any POSTed later, override them key
by key.

FAULTS: status (any code, optional Retry-After), malformed (broken JSON), truncated (the real body
cut in half, honest Content-Length), short (Content-Length promises more than is sent, then the
connection closes), html (an HTML error page with status 200 or `code`), empty (status 200, no body),
hang (answer nothing for `seconds`, default 30, then close; a client hanging up is logged as
"disconnected"), huge (`bytes` of valid JSON padding; `"undeclared": true` sends no Content-Length),
silent (reads the request and sends nothing until the client hangs up or `seconds`, default 600, pass;
then closes; it waits in one blocking select, so the server itself stays idle while a client waits),
chunked (the real body with Transfer-Encoding: chunked, in pieces of `bytes`, default 1000),
gzip (the real body gzip-encoded honestly, Content-Encoding: gzip), gzip-bomb (a gzip body that
inflates to `bytes` zero bytes, default 4 GiB, generated as it is sent, never whole in memory),
early-hints (a 103 in its own packet, then the answer), gzip-extra (a gzip member with an extra field of `bytes`,
default 510), endless-trailers and endless-extensions (a chunked answer that never ends, for `seconds`, default 30),
hostile-headers (the real body, with a Content-Type and other headers carrying ESC, BEL, C1 and bidi
characters), redirect (`code`, default 302, to `location`), raw (`response` sent verbatim, then close).
WMS FAULTS (rules on "/wms"; "status", "hang" and "silent" work there too): png-huge (a PNG whose header
says 40000x40000 pixels), png-corrupt (a PNG whose deflate data is garbage), png-crc (a PNG with one
byte of its image data changed, so its CRC fails), png-truncated (the PNG cut in half), wms-exception
(GIBS's XML ServiceException document, status 200, Content-Type text/xml).
Every logged request records its "connection" (the client's port: requests on one connection share it),
its "query" (the last value of each parameter, blank ones kept),
"target" (the request line's target as sent) and "authorization" (whether an Authorization header
came, and its value in "authorizationValue").
"""

import argparse
import datetime
import gzip
import hashlib
import json
import os
import re
import select
import signal
import socket
import ssl
import struct
import sys
import threading
import time
import zlib
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import png_writer  # beside this script: the PNG writer the test images share

LAST_MODIFIED = "Sat, 08 Nov 2025 12:00:00 GMT"


class Stats:
    """Counters shared by the handler threads, behind one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.categories = {}  # category id -> requests in flight
        self.max_in_flight_categories = 0
        self.log = []

    def begin(self, category):
        with self.lock:
            self.requests += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if category is not None:
                self.categories[category] = self.categories.get(category, 0) + 1
                self.max_in_flight_categories = max(self.max_in_flight_categories, len(self.categories))

    def end(self, category, entry):
        with self.lock:
            self.in_flight -= 1
            if category is not None:
                self.categories[category] -= 1
                if self.categories[category] == 0:
                    del self.categories[category]
            self.log.append(entry)

    def snapshot(self):
        with self.lock:
            return {
                "requests": self.requests,
                "inFlight": self.in_flight,
                "maxInFlight": self.max_in_flight,
                "inFlightCategories": sorted(self.categories),
                "maxInFlightCategories": self.max_in_flight_categories,
                "log": list(self.log),
            }


class Plan:
    """The fault plan; rules count their matches so `times` can expire them."""

    def __init__(self, plan, defaults=None):
        """`defaults`: the fixture folder's own settings (DIR/plan.json), under whatever plan is given."""
        self.lock = threading.Lock()
        self.defaults = defaults or {}
        self.replace(plan)

    def replace(self, plan):
        with self.lock:
            self.plan = plan or {}
            self.used = [0] * len(self.plan.get("rules", []))

    def setting(self, name, default):
        with self.lock:
            return self.plan.get(name, self.defaults.get(name, default))

    def match(self, path, query):
        with self.lock:
            for index, rule in enumerate(self.plan.get("rules", [])):
                if "path" in rule and rule["path"] != path:
                    continue
                if "pathPrefix" in rule and not path.startswith(rule["pathPrefix"]):
                    continue
                wanted = rule.get("query", {})
                if any(query.get(key) != str(value) for key, value in wanted.items()):
                    continue
                if "times" in rule and self.used[index] >= rule["times"]:
                    continue
                self.used[index] += 1
                return rule
            return None


DAY = 86400.0
# EONET's own lists, for a fixture folder without its copy (the magID lookup needs the units).
RESOURCES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                          "Resources", "eonet"))
DAY_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
NUMBER_PATTERN = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
COUNT_PATTERN = re.compile(r"[0-9]+")


class BadParameter(ValueError):
    """A query value a strict server refuses with a 400."""


def parse_day(name, text):
    """00:00:00Z of a YYYY-MM-DD day, as a POSIX time."""
    if not DAY_PATTERN.fullmatch(text):
        raise BadParameter(f"{name}: {text!r} is not a date (YYYY-MM-DD)")
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise BadParameter(f"{name}: {text!r} is not a date that exists") from None
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp()


def parse_number(name, text):
    if not NUMBER_PATTERN.fullmatch(text):
        raise BadParameter(f"{name}: {text!r} is not a number")
    return float(text)


def parse_count(name, text):
    if not COUNT_PATTERN.fullmatch(text):
        raise BadParameter(f"{name}: {text!r} is not a whole number of 0 or more")
    return int(text)


def parse_ids(name, text):
    ids = [part.strip() for part in text.split(",") if part.strip()]
    if not ids:
        raise BadParameter(f"{name}: no id given")
    return set(ids)


def parse_time(text):
    """A POSIX time from an ISO 8601 date in an event, or None when there is none or it does not parse."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.timestamp()


class EventQuery:
    """The filters of an events request, read strictly (BadParameter on a value that does not parse)."""

    def __init__(self, query, units, now, categories=False):
        """`units` maps magnitude ids to units (a callable, read only when magID is asked); `categories`
        whether the route reads `category` (/events)."""
        status = query.get("status", "open")
        if status not in ("open", "closed", "all"):
            raise BadParameter(f"status: {status!r} is not open, closed or all")
        self.status = status
        self.oldest = now - parse_count("days", query["days"]) * DAY if "days" in query else None
        self.start = parse_day("start", query["start"]) if "start" in query else None
        self.end = parse_day("end", query["end"]) + DAY if "end" in query else None
        self.minimum = parse_number("magMin", query["magMin"]) if "magMin" in query else None
        self.maximum = parse_number("magMax", query["magMax"]) if "magMax" in query else None
        self.magnitude = any(name in query for name in ("magID", "magMin", "magMax"))
        # An unknown id matches no unit: EONET answers an empty list, not an error.
        self.unit = units().get(query["magID"], ()) if "magID" in query else None
        self.sources = parse_ids("source", query["source"]) if "source" in query else None
        wanted = categories and "category" in query
        self.categories = parse_ids("category", query["category"]) if wanted else None
        self.limit = parse_count("limit", query["limit"]) if "limit" in query else None

    def keeps(self, event):
        geometries = [g for g in event.get("geometry") or [] if isinstance(g, dict)]
        closed = event.get("closed")
        if self.status == "open" and closed:
            return False
        if self.status == "closed" and not closed:
            return False
        if self.oldest is not None or self.start is not None or self.end is not None:
            last = parse_time(geometries[-1].get("date")) if geometries else None
            date = parse_time(closed) if closed else last
            first = parse_time(geometries[0].get("date")) if geometries else date
            if date is None or first is None:
                return False
            if self.oldest is not None and date < self.oldest:
                return False
            if self.start is not None and date < self.start:
                return False
            if self.end is not None and first >= self.end:
                return False
        if self.magnitude:
            latest = geometries[-1] if geometries else {}
            value = latest.get("magnitudeValue")
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                return False
            if self.unit is not None and latest.get("magnitudeUnit") != self.unit:
                return False
            if self.minimum is not None and value < self.minimum:
                return False
            if self.maximum is not None and value > self.maximum:
                return False
        if self.sources is not None:
            ids = {source.get("id") for source in event.get("sources") or [] if isinstance(source, dict)}
            if not ids & self.sources:
                return False
        if self.categories is not None:
            listed = event.get("categories") or []
            ids = {category.get("id") for category in listed if isinstance(category, dict)}
            if not ids & self.categories:
                return False
        return True

    def apply(self, document):
        """The envelope (or bare array) with only the events kept, the first `limit` of them."""
        events = document["events"] if isinstance(document, dict) else document
        events = [event for event in events if isinstance(event, dict) and self.keeps(event)]
        if self.limit is not None:
            events = events[:self.limit]
        if isinstance(document, dict):
            document = dict(document)
            document["events"] = events
            return document
        return events


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The head and the body go out in two writes. With Nagle's algorithm on, the body waits for the
    # ACK of the head, and a client reusing a kept-alive connection delays that ACK by 40 ms: every
    # answer on a reused connection stalled 40 ms (a fresh connection, as curl makes per process,
    # acknowledges at once). Real servers send without that wait; so does this one.
    disable_nagle_algorithm = True
    server_version = "OurPlanetFixture/1"
    # The request being answered, logged once by log_pending; control endpoints (POST) have none.
    pending = None

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("fixture_server: " + (format % args) + "\n")

    # Control endpoints -------------------------------------------------------------------------

    def do_POST(self):
        self.server.touch()
        path = urlsplit(self.path).path
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path == "/__plan":
            try:
                self.server.plan.replace(json.loads(body or b"{}"))
            except ValueError as error:
                return self.send_body(400, json.dumps({"error": str(error)}).encode())
            return self.send_body(200, b'{"ok":true}')
        if path == "/__reset":
            self.server.stats.reset()
            return self.send_body(200, b'{"ok":true}')
        if path == "/__shutdown":
            self.send_body(200, b'{"ok":true}')
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return None
        return self.send_body(404, b'{"error":"no such control endpoint"}')

    # Fixtures ----------------------------------------------------------------------------------

    def do_GET(self):
        self.server.touch()
        # The request to log once its answer is decided (see send_body); None when already logged.
        self.pending = None
        parts = urlsplit(self.path)
        path = parts.path
        for prefix in ("/api/v3", "/api/v2.1"):
            if path.startswith(prefix + "/"):
                path = path[len(prefix):]
        if path == "/__stats":
            return self.send_body(200, json.dumps(self.server.stats.snapshot()).encode())
        query = {key: values[-1] for key, values in parse_qs(parts.query, keep_blank_values=True).items()}
        segments = [s for s in path.split("/") if s]
        category = segments[1] if len(segments) == 2 and segments[0] == "categories" else None
        entry = {"path": path, "query": query, "connection": self.client_address[1], "ifNoneMatch": self.headers.get("If-None-Match"),
                 "ifModifiedSince": self.headers.get("If-Modified-Since"), "target": self.path,
                 "authorization": self.headers.get("Authorization") is not None,
                 "authorizationValue": self.headers.get("Authorization")}
        self.server.stats.begin(category)
        entry["status"], entry["outcome"] = None, "answered"
        self.pending = (category, entry)
        try:
            result = self.answer(path, query, entry)
            if not isinstance(result, int):
                entry["outcome"] = result  # "hang" or "short": no complete answer was sent
        except (BrokenPipeError, ConnectionResetError):
            entry["outcome"] = "disconnected"
        finally:
            self.log_pending()
        self.server.touch()
        return None

    def answer(self, path, query, entry):
        rule = self.server.plan.match(path, query)
        latency = (rule or {}).get("latencyMs", self.server.plan.setting("latencyMs", self.server.latency))
        if latency:
            time.sleep(latency / 1000.0)
        fault = (rule or {}).get("fault")
        entry["fault"] = fault
        if fault == "status":
            code = int(rule.get("code", 500))
            headers = {}
            if "retryAfter" in rule:
                headers["Retry-After"] = str(rule["retryAfter"])
            return self.send_body(code, json.dumps({"error": f"planned {code}"}).encode(), headers)
        if fault == "html":
            page = b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>oops</body></html>"
            return self.send_body(int(rule.get("code", 200)), page, content_type="text/html")
        if fault == "empty":
            return self.send_body(200, b"")
        if fault == "hang":
            deadline = time.monotonic() + float(rule.get("seconds", 30))
            while time.monotonic() < deadline and not self.server.stopping:
                if self.client_gone(0.05):
                    self.close_connection = True
                    return "disconnected"
            self.close_connection = True
            return "hang"
        if fault == "silent":
            deadline = time.monotonic() + float(rule.get("seconds", 600))
            while not self.server.stopping:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                # Wakes at least every second so a stopping server is noticed.
                if self.client_gone(min(remaining, 1.0)):
                    self.close_connection = True
                    return "disconnected"
            self.close_connection = True
            return "silent"
        if fault == "raw":
            self.log_pending(None)
            self.wfile.write(rule.get("response", "").encode("latin-1"))
            self.wfile.flush()
            self.close_connection = True
            return "raw"
        if fault == "redirect":
            return self.send_body(int(rule.get("code", 302)), b"", {"Location": rule.get("location", "/")})
        if path == "/wms":
            return self.answer_wms(query, fault)
        if fault == "gzip-bomb":
            return self.send_gzip_bomb(int(rule.get("bytes", 4 << 30)))
        if fault == "huge":
            size = int(rule.get("bytes", 1 << 20))
            padding = b'{"events":[],"padding":"' + b"x" * max(0, size - 30) + b'"}'
            if rule.get("undeclared"):
                # No Content-Length: the client only learns the size while reading.
                self.send_response(200)
                self.send_header("Content-Type", self.content_type())
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(padding)
                self.close_connection = True
                return 200
            return self.send_body(200, padding)
        status, body = self.fixture(path, query)
        if status != 200:
            return self.send_body(status, body)
        if fault == "malformed":
            return self.send_body(200, b'{"title":"EONET Events","events":[{"id":"EONET_1","title":}]]')
        if fault == "truncated":
            return self.send_body(200, body[: len(body) // 2])
        if fault == "short":
            self.send_response(200)
            self.send_header("Content-Type", self.content_type())
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return "short"
        if fault == "chunked":
            return self.send_chunked(body, int(rule.get("bytes", 1000)))
        if fault == "early-hints":
            # An interim 103 in its own packet, then the answer: valid HTTP that CDNs send.
            self.log_pending(200)
            self.wfile.write(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
            self.wfile.flush()
            time.sleep(0.05)
            return self.send_body(200, body)
        if fault == "gzip-extra":
            # A gzip member whose header carries an extra field (FEXTRA) of `bytes` bytes.
            extra = b"x" * int(rule.get("bytes", 510))
            deflated = zlib.compressobj(9, zlib.DEFLATED, -15)
            member = (b"\x1f\x8b\x08\x04" + b"\x00" * 4 + b"\x00\xff" + len(extra).to_bytes(2, "little") + extra
                      + deflated.compress(body) + deflated.flush()
                      + (zlib.crc32(body) & 0xFFFFFFFF).to_bytes(4, "little")
                      + (len(body) & 0xFFFFFFFF).to_bytes(4, "little"))
            return self.send_body(200, member, {"Content-Encoding": "gzip"})
        if fault in ("endless-trailers", "endless-extensions"):
            return self.send_endless(fault, float(rule.get("seconds", 30)))
        if fault == "gzip":
            return self.send_body(200, gzip.compress(body), {"Content-Encoding": "gzip"})
        if fault == "hostile-headers":
            hostile = {"X-Evil": "\x1b]0;pwned\x07 \x1b[31mred\u202e", "X-C1": "a\u009bb\u0085c",
                       "Server": "evil\x1b[2J"}
            # As UTF-8 bytes on the wire: http.server encodes header text as Latin-1.
            wire = {name: value.encode("utf-8").decode("latin-1") for name, value in hostile.items()}
            evil_type = "application/json\x1b[31m\u202e\x07".encode("utf-8").decode("latin-1")
            return self.send_body(200, body, wire, content_type=evil_type)
        headers = {}
        if self.server.plan.setting("validators", False):
            etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
            headers = {"ETag": etag, "Last-Modified": LAST_MODIFIED}
            if self.not_modified(etag):
                return self.send_body(304, b"", headers)
        return self.send_body(200, body, headers)

    def answer_wms(self, query, fault):
        """A GetMap answer: the halves pattern at the size asked for, or the planned WMS fault."""
        asked = {name.upper(): value for name, value in query.items()}

        def exception(code, text):
            document = ('<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.3.0">\n'
                        f'<ServiceException code="{code}">\n{text}\n</ServiceException>\n</ServiceExceptionReport>\n')
            return self.send_body(200, document.encode(), content_type="text/xml")

        if asked.get("REQUEST") != "GetMap":
            return exception("OperationNotSupported", "Only GetMap is served here")
        if fault == "wms-exception":
            return exception("InvalidDimensionValue", f"Invalid TIME: {asked.get('TIME', '')}")
        try:
            width, height = int(asked.get("WIDTH", "")), int(asked.get("HEIGHT", ""))
        except ValueError:
            return exception("InvalidParameterValue", "WIDTH and HEIGHT must be numbers")
        if not (0 < width <= 4096 and 0 < height <= 4096):
            return exception("InvalidParameterValue", "WIDTH and HEIGHT must be 1 to 4096")
        body = png_writer.halves(width, height)
        # The IDAT chunk follows the 8-byte signature and the 25-byte IHDR chunk.
        idat = 8 + 25
        if fault == "png-huge":
            header = struct.pack(">IIBBBBB", 40000, 40000, 8, 6, 0, 0, 0)
            body = body[:8] + png_writer.chunk(b"IHDR", header) + body[idat:]
        elif fault == "png-corrupt":
            body = body[:idat] + png_writer.chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 64) + png_writer.chunk(b"IEND", b"")
        elif fault == "png-crc":
            damaged = bytearray(body)
            damaged[idat + 10] ^= 0x01
            body = bytes(damaged)
        elif fault == "png-truncated":
            body = body[: len(body) // 2]
        return self.send_body(200, body, content_type="image/png")

    def send_chunked(self, body, size):
        self.log_pending(200)
        self.send_response(200)
        self.send_header("Content-Type", self.content_type())
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for offset in range(0, len(body), max(1, size)):
            piece = body[offset:offset + max(1, size)]
            self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")
        return 200

    def send_endless(self, fault, seconds):
        """A chunked answer that never ends: trailer lines, or one chunk-size line's extensions, sent
        until the client hangs up or `seconds` pass."""
        self.log_pending(200)
        self.send_response(200)
        self.send_header("Content-Type", self.content_type())
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.close_connection = True
        self.wfile.write(b"2\r\n{}\r\n" + (b"0\r\n" if fault == "endless-trailers" else b"1"))
        piece = b"X-Trailer: " + b"t" * 1000 + b"\r\n" if fault == "endless-trailers" else b";ext=" + b"e" * 1000
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline and not self.server.stopping:
                self.wfile.write(piece * 64)
                self.wfile.flush()
        except (OSError, ValueError):
            return "disconnected"
        return "endless"

    def send_gzip_bomb(self, size):
        """A gzip stream of `size` zero bytes, compressed piece by piece as it is sent (read to close)."""
        self.log_pending(200)
        self.send_response(200)
        self.send_header("Content-Type", self.content_type())
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1 << 20)
        left = size
        while left > 0:
            piece = zeros[:min(left, len(zeros))]
            left -= len(piece)
            out = compressor.compress(piece)
            if out:
                self.wfile.write(out)
        self.wfile.write(compressor.flush())
        return 200

    def setup(self):
        if isinstance(self.request, ssl.SSLSocket):
            self.request.settimeout(10)
            self.request.do_handshake()
            self.request.settimeout(None)
        super().setup()

    def client_gone(self, timeout):
        """Whether the client closed the connection (waits up to `timeout` seconds to find out)."""
        readable, _, _ = select.select([self.connection], [], [], timeout)
        if not readable:
            return False
        try:
            if isinstance(self.connection, ssl.SSLSocket):
                # TLS cannot peek: the client sends nothing more after its request, so whatever
                # arrives is its close_notify or the end of the stream.
                self.connection.setblocking(False)
                try:
                    return self.connection.recv(1) == b""
                except ssl.SSLWantReadError:
                    return False
                finally:
                    self.connection.setblocking(True)
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def not_modified(self, etag):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            return etag in [tag.strip() for tag in if_none_match.split(",")] or if_none_match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return parsedate_to_datetime(since) >= parsedate_to_datetime(LAST_MODIFIED)
            except (TypeError, ValueError):
                return False
        return False

    def fixture(self, path, query):
        root = self.server.fixtures
        relative = os.path.normpath(path.strip("/") or "index")
        if relative.startswith(".."):
            return 404, b'{"error":"not found"}'
        file = os.path.join(root, relative + ".json")
        if relative in ("sources", "magnitudes"):
            # Reference lists, never event lists: served whole whatever the query.
            if not os.path.isfile(file):
                file = os.path.join(RESOURCES, relative + ".json")
            query = None
        elif relative == "events" and not os.path.isfile(file):
            return self.answer_events(self.every_event(root), query, categories=True)
        if not os.path.isfile(file):
            return 404, json.dumps({"error": f"no fixture for {path}"}).encode()
        with open(file, "rb") as handle:
            raw = handle.read()
        if query is None:
            return 200, raw
        try:
            document = json.loads(raw)
        except ValueError:
            return 200, raw  # served verbatim: a deliberately broken fixture
        has_events = isinstance(document, list) or (isinstance(document, dict) and "events" in document)
        if not has_events or self.server.plan.setting("honourParameters", True) is False:
            return 200, raw
        return self.answer_events(document, query, categories=relative == "events")

    def answer_events(self, document, query, categories):
        """The events of `document` the query keeps (all when the plan ignores parameters), or a 400."""
        honoured = self.server.plan.setting("honourParameters", True)
        if isinstance(honoured, list):
            query = {name: value for name, value in query.items() if name in honoured}
        if honoured:
            try:
                document = EventQuery(query, self.magnitude_units, time.time(), categories).apply(document)
            except BadParameter as error:
                return 400, json.dumps({"error": str(error)}).encode()
        return 200, json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()

    def every_event(self, root):
        """Every category fixture's events, each once (where first listed): /events without a fixture."""
        folder = os.path.join(root, "categories")
        names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
        events, seen = [], set()
        for name in (name for name in names if name.endswith(".json")):
            try:
                with open(os.path.join(folder, name), "rb") as handle:
                    document = json.load(handle)
            except (OSError, ValueError):
                continue
            listed = document.get("events", []) if isinstance(document, dict) else document
            for event in listed if isinstance(listed, list) else []:
                if isinstance(event, dict) and event.get("id") not in seen:
                    seen.add(event.get("id"))
                    events.append(event)
        return {"title": "EONET Events", "description": "Natural events from EONET.",
                "link": "https://eonet.gsfc.nasa.gov/api/v3/events", "events": events}

    def magnitude_units(self):
        """Magnitude id -> unit, from DIR/magnitudes.json, else Resources/eonet/magnitudes.json."""
        for folder in (self.server.fixtures, RESOURCES):
            try:
                with open(os.path.join(folder, "magnitudes.json"), "rb") as handle:
                    listed = json.load(handle).get("magnitudes", [])
            except (OSError, ValueError, AttributeError):
                continue
            return {item.get("id"): item.get("unit") for item in listed if isinstance(item, dict)}
        return {}

    def content_type(self):
        return self.server.plan.setting("contentType", "application/json")

    def log_pending(self, status=None):
        """Logs the request being answered, once. send_body calls it before the first byte goes out: a
        client that has its whole answer must find its request in /__stats, with no race against this
        thread."""
        if self.pending is None:
            return
        category, entry = self.pending
        self.pending = None
        if status is not None:
            entry["status"] = status
        self.server.stats.end(category, entry)

    def send_body(self, status, body, headers=None, content_type=None):
        self.log_pending(status)
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", content_type or self.content_type())
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Date", formatdate(usegmt=True))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if status != 304 and self.command != "HEAD":
            self.wfile.write(body)
        return status


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, args, plan):
        super().__init__(("127.0.0.1", 0), Handler)
        self.fixtures = os.path.abspath(args.fixtures)
        self.latency = args.latency
        self.verbose = args.verbose
        self.plan = Plan(plan, folder_plan(self.fixtures))
        self.stats = Stats()
        self.stopping = False
        self.last_activity = time.monotonic()

    def touch(self):
        self.last_activity = time.monotonic()

    def enable_tls(self, cert, key):
        self.tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.tls.load_cert_chain(cert, key)
        self.tls.set_alpn_protocols(["http/1.1"])

    def get_request(self):
        connection, address = super().get_request()
        tls = getattr(self, "tls", None)
        if tls is not None:
            connection = tls.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
        return connection, address

    def handle_error(self, request, client_address):
        # A client that hangs up mid-handshake or mid-answer is part of the tests, not a server error.
        if self.verbose:
            super().handle_error(request, client_address)


def folder_plan(fixtures):
    """DIR/plan.json's settings, or none: a recorded dump says there how it is served."""
    try:
        with open(os.path.join(fixtures, "plan.json"), encoding="utf-8") as handle:
            settings = json.load(handle)
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def watchdog(server, args, started):
    """Stops the server when idle, orphaned or too old: a test that crashes never leaks it."""
    parent = args.parent_pid or os.getppid()
    while True:
        time.sleep(0.25)
        now = time.monotonic()
        orphaned = os.getppid() != parent
        if orphaned or now - server.last_activity > args.idle_timeout or now - started > args.lifetime:
            reason = "parent exited" if orphaned else "idle" if now - started <= args.lifetime else "lifetime"
            if args.verbose:
                sys.stderr.write(f"fixture_server: stopping ({reason})\n")
            server.stopping = True
            os._exit(0)


def main():
    # A child spawned from a thread that blocks signals (a Dispatch worker: Swift Testing runs tests on
    # one) inherits that mask and would ignore SIGTERM; take the default signal behaviour back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    parser = argparse.ArgumentParser(description="Loopback EONET fixture server")
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--plan", help="the fault plan as JSON")
    parser.add_argument("--plan-file", help="a file holding the fault plan")
    parser.add_argument("--latency", type=float, default=0, help="milliseconds per request")
    parser.add_argument("--idle-timeout", type=float, default=120)
    parser.add_argument("--lifetime", type=float, default=900)
    parser.add_argument("--parent-pid", type=int, default=0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--tls-cert", help="serve https with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    args = parser.parse_args()
    plan = {}
    if args.plan_file:
        with open(args.plan_file, encoding="utf-8") as handle:
            plan = json.load(handle)
    elif args.plan:
        plan = json.loads(args.plan)
    server = Server(args, plan)
    if args.tls_cert:
        server.enable_tls(args.tls_cert, args.tls_key)
    print(server.server_address[1], flush=True)
    threading.Thread(target=watchdog, args=(server, args, time.monotonic()), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    server.stopping = True
    server.server_close()


if __name__ == "__main__":
    main()
