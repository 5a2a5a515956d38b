"""The upload of a large results file through the site, with the job queue (issue 37): how long
the ratings officer waits for the answer, what the job's page shows while a worker imports it,
and whether the data is right after.

    .venv/bin/python bench/jobs.py                    # 1,000,000 rows on SQLite
    .venv/bin/python bench/jobs.py --rows 100000      # the same shape, scaled down
    .venv/bin/python bench/jobs.py --postgres postgresql://postgres@127.0.0.1:5432/test

``palmares serve`` (gunicorn, two processes, and the one job worker it starts beside them) on a
fresh database; a ratings officer made with ``palmares users add``; the file (bench/files.py's
generator) POSTed to ``/api/imports/results`` with the officer's token, the answer timed; then
the job's page (``/jobs/<id>/``, logged in as the officer) read every 0.2 s until the job is
done, each change of its progress bar printed; then the stored events and results counted
against the file's and the job's result. The baseline, measured in the same run: the job's own
run (queued → done, as its page saw it), which is what the request took before the queue, when
the import ran inside it.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse, urlunparse
from urllib.request import HTTPCookieProcessor, OpenerDirector, Request, build_opener, urlopen

from files import generate
from webclient import _cpu_seconds, _server_pids, wait_until_up

OFFICER = "bench-officer"
PASSWORD = "bench-password-1234"

COUNT = """
import json
from palmares.web.lib.setup import setup_django
setup_django(pool=False)
from palmares.web.events.models import Event, Result
print(json.dumps({"events": Event.objects.count(), "results": Result.objects.count()}))
"""


def _upload(url: str, token: str, path: Path) -> tuple[float, int, dict[str, Any], str]:
    """POST ``path`` as the multipart upload; the seconds to the answer, its status, body and
    ``Location``."""
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
    t0 = time.perf_counter()
    with urlopen(request, timeout=300) as answer:
        loaded: dict[str, Any] = json.load(answer)
        took = time.perf_counter() - t0
        return took, answer.status, loaded, answer.headers.get("Location", "")


def _logged_in(base: str) -> OpenerDirector:
    """A browser of the site with the officer's session (the login form, its CSRF token)."""
    opener = build_opener(HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(f"{base}/accounts/login/") as page:
        form = page.read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    if token is None:
        raise SystemExit("jobs bench: no CSRF token on the login page")
    data = urlencode(
        {"username": OFFICER, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1)}
    ).encode()
    request = Request(f"{base}/accounts/login/", data=data, headers={"Referer": base + "/"})
    with opener.open(request) as done:
        done.read()
    return opener


def _page(opener: OpenerDirector, url: str) -> tuple[str, int, str]:
    """The job page's state, its progress bar's value (percent) and its step."""
    with opener.open(url) as page:
        text = page.read().decode()
    state = re.search(r'data-state="(\w+)"', text)
    value = re.search(r'<progress id="job-progress" max="100" value="(\d+)"', text)
    step = re.search(r"Running: ([^<]+)</p>", text)
    if state is None or value is None:
        raise SystemExit(f"jobs bench: not a job's page: {text[:300]}")
    return state.group(1), int(value.group(1)), step.group(1) if step else ""


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _fresh_postgres(url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {name}")
    return urlunparse(urlparse(url)._replace(path=f"/{name}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--postgres", default="", help="a PostgreSQL server's URL (else SQLite)")
    parser.add_argument("--port", type=int, default=9187)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    python = sys.executable
    palmares = str(Path(python).with_name("palmares"))
    tmp = Path(tempfile.mkdtemp(prefix="palmares-bench-jobs-", dir=args.dir))
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {
        "PALMARES_JOBS_DIR": str(tmp / "jobs"),
        "PALMARES_MAX_UPLOAD_MB": "200",
        "PALMARES_STATIC_ROOT": str(tmp / "static"),
        "PALMARES_SECRET_KEY": "bench-jobs-" + "x" * 40,
    }
    engine = "sqlite"
    if args.postgres:
        env["DATABASE_URL"] = _fresh_postgres(args.postgres, "palmares_bench_jobs")
        engine = "postgresql"
    else:
        env["PALMARES_DB"] = str(tmp / "bench.sqlite3")
    made = generate(tmp / "results.csv", rows=args.rows)
    size = made.path.stat().st_size / 1e6
    print(f"file: {made.rows:,} rows, {made.events:,} events, {size:.1f} MB; {engine}")
    # the machine's own load, which the answer's time depends on (2 cores here, shared)
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    subprocess.run(
        [palmares, "users", "add", OFFICER, "--role", "officer"],
        input=f"{PASSWORD}\n{PASSWORD}\n".encode(),
        env=env,
        capture_output=True,
        check=True,
    )
    token = subprocess.run(
        [palmares, "users", "token", OFFICER], env=env, capture_output=True, check=True
    ).stdout.decode()
    server = subprocess.Popen(
        [palmares, "serve", "--port", str(args.port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{args.port}"
    try:
        wait_until_up(args.port)
        browser = _logged_in(base)
        time.sleep(2)  # the job worker started beside the site is up too
        web = [p for p in _server_pids(server.pid) if b"palmares.cli" not in _cmdline(p)]
        before, client = _cpu_seconds(web), time.process_time()
        took, status, body, location = _upload(
            f"{base}/api/imports/results", token.strip(), made.path
        )
        after, client = _cpu_seconds(web), time.process_time() - client
        spent = sum(after[p] - before.get(p, 0.0) for p in after)
        print(f"upload answered in {took:.3f} s: {status} {body} (Location {location})")
        print(
            f"  CPU spent on it: the web processes {spent:.2f} s, this client {client:.2f} s "
            "(the wall time above is that CPU plus the wait for a core on a loaded machine)"
        )
        if status != 202 or location != body.get("url"):
            raise SystemExit("jobs bench: the upload was not answered 202 with its job")
        page_url = f"{base}/jobs/{body['job']}/"
        t0 = time.perf_counter()
        seen: list[tuple[float, str, int, str]] = []
        while True:
            state, percent, step = _page(browser, page_url)
            now = time.perf_counter() - t0
            if not seen or seen[-1][1:] != (state, percent, step):
                seen.append((now, state, percent, step))
                print(f"  {now:6.2f} s  page: {state:8} {percent:3d} %  {step}")
            if state in ("done", "failed"):
                break
            time.sleep(0.2)
        ran = seen[-1][0]
        with urlopen(
            Request(f"{base}{location}", headers={"Authorization": f"Bearer {token.strip()}"})
        ) as got:
            final = json.load(got)
        print(f"job: {final['state']} in {ran:.1f} s after the answer; result {final['result']}")
        if final["state"] != "done":
            raise SystemExit(f"jobs bench: the job failed: {final['error']}")
        moving = sorted({p for _, s, p, _ in seen if s == "running"})
        print(f"progress values seen on the page while running: {moving}")
        counted = json.loads(
            subprocess.run([python, "-c", COUNT], env=env, capture_output=True, check=True).stdout
        )
        right = counted == {"events": made.events, "results": made.rows} and final["result"] == {
            "events": made.events,
            "results": made.rows,
            "replaced": 0,
        }
        print(
            f"stored: {counted}; the file's: {made.events} events, {made.rows} results; "
            f"{'correct' if right else 'WRONG'}"
        )
        print(
            f"summary: answered in {took:.2f} s (before the queue the request held the import: "
            f"{ran:.1f} s, the job's run measured here)"
        )
        if not right:
            raise SystemExit(1)
    finally:
        server.terminate()
        server.wait(timeout=60)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
