# A small static file server for the built site: correct MIME types for Pyodide, optional headers file.
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".zip": "application/zip"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    extra_headers: dict[str, str] = {}

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass

    def handle(self) -> None:
        # A browser that navigates away mid-download closes the socket; that is not an error.
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


def start_server(site_dir: Path, *, port: int = 0, headers: dict[str, str] | None = None) -> http.server.ThreadingHTTPServer:
    """Serve `site_dir` on 127.0.0.1 in a background thread; returns the server (see .server_port)."""
    handler = type("Handler", (SiteHandler,), {"extra_headers": dict(headers or {})})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
