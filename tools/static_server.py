# A small static file server for the built site: correct MIME types for Pyodide, the site's _headers
# file applied (as Netlify or Cloudflare Pages would), and an optional URL prefix to test sub-path hosting.
from __future__ import annotations

import fnmatch
import functools
import gzip
import http.server
import io
import threading
from pathlib import Path
from typing import ClassVar

COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".map"}
MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
}


def read_headers_file(site_dir: Path) -> dict[str, dict[str, str]]:
    """The site's _headers file (Netlify/Cloudflare format): URL pattern -> headers."""
    rules: dict[str, dict[str, str]] = {}
    path_file = site_dir / "_headers"
    if not path_file.is_file():
        return rules
    block = ""
    for line in path_file.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(" "):
            block = line.strip()
            rules.setdefault(block, {})
        elif block and ":" in line:
            name, value = line.strip().split(":", 1)
            rules[block][name.strip()] = value.strip()
    return rules


@functools.lru_cache(maxsize=512)
def _gzip_cached(path: str, mtime: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


def _gzipped(path: Path) -> bytes:
    return _gzip_cached(str(path), path.stat().st_mtime)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}  # noqa: RUF012 (as the base class)
    header_rules: ClassVar[dict[str, dict[str, str]]] = {}
    prefix: str = ""
    gzip_text: bool = True

    def _headers_for(self, url_path: str) -> dict[str, str]:
        headers: dict[str, str] = {}
        for pattern, values in self.header_rules.items():
            if fnmatch.fnmatchcase(url_path, pattern):
                headers.update(values)
        return headers

    def send_header(self, keyword: str, value: str) -> None:
        # A _headers rule replaces the server's own value (e.g. Content-Type), as hosts do.
        if keyword.lower() in {k.lower() for k in self._headers_for(self._site_path())}:
            return
        super().send_header(keyword, value)

    def _site_path(self) -> str:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return path[len(self.prefix) - 1 :] if self.prefix and path.startswith(self.prefix) else path

    def translate_path(self, path: str) -> str:
        if self.prefix:
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_prefix__")
            path = path[len(self.prefix) - 1 :]
        return super().translate_path(path)

    def send_head(self):
        """Gzip text responses for clients that accept it, as GitHub Pages, Netlify and most hosts do,
        so the transferred bytes the benchmark reports are the ones readers download."""
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = Path(self.translate_path(self.path))
        if path.is_dir() and url_path.endswith("/"):
            path = path / "index.html"
        if not (
            self.gzip_text
            and path.is_file()
            and path.suffix in COMPRESSIBLE
            and "gzip" in self.headers.get("Accept-Encoding", "")
        ):
            return super().send_head()  # also redirects a folder URL without its final slash
        body = _gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        for name, value in self._headers_for(self._site_path()).items():
            super().send_header(name, value)
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
    site_dir: Path, *, port: int = 0, headers: dict[str, dict[str, str]] | None = None, prefix: str = ""
) -> http.server.ThreadingHTTPServer:
    """Serve `site_dir` on 127.0.0.1 in a background thread; returns the server (see .server_port).

    `headers` maps URL patterns to headers (read_headers_file gives the site's own). `prefix`
    (e.g. "/x4/") serves the site under a sub-path, as GitHub Pages does for project sites.
    """
    handler = type("Handler", (SiteHandler,), {"header_rules": dict(headers or {}), "prefix": prefix})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
