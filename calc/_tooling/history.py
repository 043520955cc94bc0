# data/ at a git revision, read with `git ls-tree` and `git show` (no network, no checkout), and where each edition starts.
from __future__ import annotations

import subprocess
from pathlib import Path

from .yaml_load import load_yaml


class GitError(Exception):
    """git is missing, the folder is not in a repository, or a revision is not found. The message is one line."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key, self.fields = key, fields


def _git(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            ["git", "-C", str(data_dir), *args], capture_output=True, text=True, encoding="utf-8", check=False
        )
    except FileNotFoundError:
        raise GitError("git_missing") from None


def _out(data_dir: Path, *args: str) -> str:
    done = _git(data_dir, *args)
    if done.returncode != 0:
        raise GitError("not_a_repo", folder=data_dir)
    return done.stdout.strip()


def has_history(data_dir: Path) -> bool:
    """True when git runs, `data_dir` is in a repository, and the clone is not shallow (so editions can be traced)."""
    try:
        return _out(data_dir, "rev-parse", "--is-shallow-repository") == "false"
    except GitError:
        return False


def resolve(data_dir: Path, rev: str) -> str:
    """The full commit id of `rev` (a commit, tag or branch); GitError naming REV if there is none."""
    _out(data_dir, "rev-parse", "--show-toplevel")
    done = _git(data_dir, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if done.returncode != 0 or not done.stdout.strip():
        raise GitError("rev_not_found", rev=rev, folder=data_dir)
    return done.stdout.strip()


def default_rev(data_dir: Path) -> str:
    """The last commit that changed edition.yaml in `data_dir` (what `data diff` compares with by default)."""
    commit = _out(data_dir, "log", "-1", "--format=%H", "--", "edition.yaml")
    if not commit:
        raise GitError("no_edition_commit", folder=data_dir)
    return commit


def describe(data_dir: Path, commit: str) -> str:
    """'1a2b3c4 (2026-11-29, subject)' for a commit."""
    return _out(data_dir, "show", "-s", "--date=short", "--format=%h (%ad, %s)", commit)


def files_at(data_dir: Path, commit: str) -> dict[str, str]:
    """The YAML files under `data_dir` at `commit`, keyed by their path relative to `data_dir`."""
    prefix = _out(data_dir, "rev-parse", "--show-prefix")
    names = _out(data_dir, "ls-tree", "-r", "--name-only", "--full-name", commit, "--", ".").splitlines()
    files = {}
    for name in names:
        relative = name.removeprefix(prefix)
        if relative.endswith(".yaml"):
            files[relative] = _out(data_dir, "show", f"{commit}:{name}")
    if not files:
        raise GitError("no_data_at_rev", rev=commit[:7], folder=data_dir)
    return files


def files_now(data_dir: Path) -> dict[str, str]:
    """The YAML files under `data_dir` as they are on disk, keyed like `files_at`."""
    return {
        path.relative_to(data_dir).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(data_dir.rglob("*.yaml"))
    }


def current_edition_id(edition_text: str | None) -> str | None:
    """The current edition's id in an edition.yaml text of any age (`current:`, or the older single-edition `id:`)."""
    raw = load_yaml(edition_text) if edition_text else None
    if not isinstance(raw, dict):
        return None
    found = raw.get("current", raw.get("id"))
    return str(found) if found is not None else None


def edition_starts(data_dir: Path) -> dict[str, str]:
    """Edition id -> the commit that made it current (the first of its last run), from edition.yaml's history."""
    commits = _out(data_dir, "log", "--reverse", "--format=%H", "--", "edition.yaml").splitlines()
    starts: dict[str, str] = {}
    previous = None
    for commit in commits:
        done = _git(data_dir, "show", f"{commit}:./edition.yaml")
        current = current_edition_id(done.stdout) if done.returncode == 0 else None
        if current is not None and current != previous:
            starts[current] = commit
        previous = current
    return starts
