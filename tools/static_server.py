# A small static file server for the built site: correct MIME types for Pyodide, the site's _headers
# file applied (as Netlify or Cloudflare Pages would), and an optional URL prefix to test sub-path hosting.
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".zip": "application/zip"}


def read_headers_file(site_dir: Path) -> dict[str, str]:
    """The headers the site's _headers file sets for every path (its `/*` block)."""
    headers: dict[str, str] = {}
    path_file = site_dir / "_headers"
    if not path_file.is_file():
        return headers
    block = None
    for line in path_file.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(" "):
            block = line.strip()
        elif block == "/*" and ":" in line:
            name, value = line.strip().split(":", 1)
            headers[name.strip()] = value.strip()
    return headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    extra_headers: dict[str, str] = {}
    prefix: str = ""

    def translate_path(self, path: str) -> str:
        if self.prefix:
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_prefix__")
            path = path[len(self.prefix) - 1:]
        return super().translate_path(path)

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


def start_server(
    site_dir: Path, *, port: int = 0, headers: dict[str, str] | None = None, prefix: str = ""
) -> http.server.ThreadingHTTPServer:
    """Serve `site_dir` on 127.0.0.1 in a background thread; returns the server (see .server_port).

    `prefix` (e.g. "/x4/") serves the site under a sub-path, as GitHub Pages does for project sites.
    """
    handler = type("Handler", (SiteHandler,), {"extra_headers": dict(headers or {}), "prefix": prefix})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
