#!/usr/bin/env python3
"""A loopback HTTP proxy for tests that counts what it forwards. Python 3 standard library only.

Binds 127.0.0.1 on a free port and prints the port as the first line of stdout. Stops by itself when
idle too long, when its parent dies, or after a hard lifetime. Only ever connects to loopback.

    python3 counting_proxy.py [--idle-timeout S] [--lifetime S] [--parent-pid PID]

    GET http://127.0.0.1:PORT/...   forwarded (absolute form, as a client talks to a proxy); counted as "plain"
    CONNECT 127.0.0.1:PORT          a tunnel (what https goes through); counted as "connect"
    GET /__stats                    {"plain": N, "connect": N, "refused": N, "targets": [...]}
A target that is not a loopback address is refused with 403 (counted as "refused").
"""

import argparse
import json
import os
import select
import signal
import socket
import socketserver
import sys
import threading
import time
from urllib.parse import urlsplit


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {"plain": 0, "connect": 0, "refused": 0}
        self.targets = []

    def add(self, kind, target):
        with self.lock:
            self.counts[kind] += 1
            self.targets.append(target)

    def snapshot(self):
        with self.lock:
            return dict(self.counts, targets=list(self.targets))


def loopback(host):
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


def relay(a, b, server):
    """Copies bytes both ways until either side closes."""
    sockets = [a, b]
    while not server.stopping:
        readable, _, _ = select.select(sockets, [], [], 1.0)
        server.touch()
        for sock in readable:
            data = sock.recv(65536)
            if not data:
                return
            (b if sock is a else a).sendall(data)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        self.server.touch()
        line = self.rfile.readline(65536).decode("latin-1")
        headers = []
        while True:
            header = self.rfile.readline(65536)
            if header in (b"\r\n", b"\n", b""):
                break
            headers.append(header)
        try:
            method, target, version = line.split()
        except ValueError:
            return self.wfile.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        if method == "GET" and target == "/__stats":
            body = json.dumps(self.server.stats.snapshot()).encode()
            return self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                                    b"Connection: close\r\n\r\n%s" % (len(body), body))
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            host = host.strip("[]")
            kind = "connect"
        else:
            parts = urlsplit(target)
            host, port = parts.hostname or "", parts.port or 80
            kind = "plain"
        if not loopback(host):
            self.server.stats.add("refused", target)
            return self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
        self.server.stats.add(kind, target)
        upstream = socket.create_connection((host, int(port)), timeout=10)
        upstream.settimeout(None)
        with upstream:
            if kind == "connect":
                self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                self.wfile.flush()
            else:
                path = parts.path or "/"
                if parts.query:
                    path += "?" + parts.query
                kept = [h for h in headers if not h.lower().startswith((b"proxy-", b"connection:"))]
                upstream.sendall(("%s %s HTTP/1.1\r\n" % (method, path)).encode("latin-1") + b"".join(kept)
                                 + b"Connection: close\r\n\r\n")
            relay(self.connection, upstream, self.server)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.stats = Stats()
        self.stopping = False
        self.last_activity = time.monotonic()

    def touch(self):
        self.last_activity = time.monotonic()

    def handle_error(self, request, client_address):
        pass


def watchdog(server, args, started):
    parent = args.parent_pid or os.getppid()
    while True:
        time.sleep(0.25)
        now = time.monotonic()
        if os.getppid() != parent or now - server.last_activity > args.idle_timeout or now - started > args.lifetime:
            server.stopping = True
            os._exit(0)


def main():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    parser = argparse.ArgumentParser(description="Loopback counting proxy")
    parser.add_argument("--idle-timeout", type=float, default=120)
    parser.add_argument("--lifetime", type=float, default=600)
    parser.add_argument("--parent-pid", type=int, default=0)
    args = parser.parse_args()
    server = Server()
    print(server.server_address[1], flush=True)
    threading.Thread(target=watchdog, args=(server, args, time.monotonic()), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
