"""The re-import through the site, for bench/imports.py (issue 15): how long a ratings officer
waits from uploading a corrected event to its job's end (issue 37: the upload is answered at once
and the job worker ``palmares serve`` starts imports it), on a running server, with the figures
and pages up to date after it.

``palmares serve`` on the bench's database (its default workers); a ratings officer made with
``palmares users add`` and a token from ``palmares users token``; then the 60-player event
POSTed to ``/api/imports/results`` (the site's one upload path, the import page's too) several
times, alternately as first imported and corrected, each request timed from the upload to the
answer. After each answer the player whose rank changed must have that rank in the API's history,
and their page must show the new state: unlike the one before, like the one two uploads back.
The first request of each worker loads the rating engine (numba), so the figures are printed in
order, and the warm ones summarised apart.
"""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
import statistics
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote
from urllib.request import Request, urlopen

from webclient import wait_until_up

__all__ = ["site_reimport"]

OFFICER = "bench-officer"


def site_reimport(
    palmares: str, env: dict[str, str], original: Path, fixed: Path, port: int, uploads: int = 8
) -> str:
    """Upload ``original`` and ``fixed`` in turn (``fixed`` last, so the database is left as the
    command-line re-import left it); one line of figures. Exits on a failed check."""
    subprocess.run(
        [palmares, "users", "add", OFFICER, "--role", "officer"],
        input=b"bench-password-1234\n",
        env=env,
        capture_output=True,
        check=False,  # already there from an earlier run: the token below is what counts
    )
    token = (
        subprocess.run(
            [palmares, "users", "token", OFFICER], env=env, capture_output=True, check=True
        )
        .stdout.decode()
        .strip()
    )
    static = tempfile.mkdtemp(prefix="palmares-bench-static-")  # the collected files: not here
    server = subprocess.Popen(
        [palmares, "serve", "--port", str(port)],
        env={**env, "PALMARES_STATIC_ROOT": static},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(port)
        name, event, ranks = _moved(original, fixed)
        found = [p for p in _json(f"{base}/api/players?q={quote(name)}") if p["name"] == name]
        if len(found) != 1:
            raise SystemExit(f"site re-import: player {name!r} found {len(found)} times")
        player = found[0]["id"]
        walls: list[float] = []
        pages: list[str] = []
        for i in range(uploads):
            # odd count first from the original, so that the last upload is the corrected file
            which = original if (uploads - i) % 2 == 0 else fixed
            t0 = time.perf_counter()
            answer = _upload(f"{base}/api/imports/results", token, which)
            # answered at once with its job (issue 37): the wait is until the job is done
            done = _job_done(f"{base}{answer['url']}", token)
            walls.append(time.perf_counter() - t0)
            if done.get("state") != "done":
                raise SystemExit(f"site re-import: unexpected answer {answer}, job {done}")
            rank = [
                h["rank"]
                for h in _json(f"{base}/api/players/{player}/history")
                if h["event"]["name"] == event
            ]
            if rank != [ranks[which]]:
                raise SystemExit(f"site re-import: rank {rank}, expected {ranks[which]}")
            with urlopen(f"{base}/players/{player}/") as page:
                pages.append(hashlib.sha256(page.read()).hexdigest())
            if (i >= 1 and pages[i] == pages[i - 1]) or (i >= 2 and pages[i] != pages[i - 2]):
                raise SystemExit(f"site re-import: the player's page was not up to date ({i})")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(static, ignore_errors=True)
    warm = walls[2:]
    shown = " ".join(f"{w:.2f}" for w in walls)
    return (
        f"requests {shown} s; warm median {statistics.median(warm):.2f} s, "
        f"max {max(warm):.2f} s; the page and history up to date after each"
    )


def _moved(original: Path, fixed: Path) -> tuple[str, str, dict[Path, int]]:
    """The first player whose rank the correction changed, the event's name, their two ranks."""
    a, b = _rows(original), _rows(fixed)
    for row in a:
        other = next(r for r in b if r["player"] == row["player"])
        if other["rank"] != row["rank"]:
            ranks = {original: int(row["rank"]), fixed: int(other["rank"])}
            return row["player"], row["event"], ranks
    raise SystemExit("site re-import: the correction changes no rank")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _json(url: str) -> list[dict[str, Any]]:
    """A list the API answers (a paginated one's items)."""
    with urlopen(url) as answer:
        loaded = json.load(answer)
    items: list[dict[str, Any]] = loaded["items"] if isinstance(loaded, dict) else loaded
    return items


def _job_done(url: str, token: str) -> dict[str, Any]:
    """The job at ``url`` once it has ended (read every 20 ms)."""
    while True:
        request = Request(url, headers={"Authorization": f"Bearer {token}"})
        with urlopen(request, timeout=30) as answer:
            state: dict[str, Any] = json.load(answer)
        if state["state"] in ("done", "failed"):
            return state
        time.sleep(0.02)


def _upload(url: str, token: str, path: Path) -> dict[str, Any]:
    boundary = uuid.uuid4().hex
    part = f'form-data; name="file"; filename="{path.name}"'
    body = (
        (f"--{boundary}\r\nContent-Disposition: {part}\r\nContent-Type: text/csv\r\n\r\n").encode()
        + path.read_bytes()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    request = Request(
        url,
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": f"multipart/form-data; boundary={boundary}",
        },
    )
    with urlopen(request, timeout=120) as answer:
        loaded: dict[str, Any] = json.load(answer)
    return loaded
