"""Processor time of one anonymous page that misses the cache, in process (issue 21).

Calls the site's WSGI handler directly (the whole middleware stack, no server, no network) for
anonymous GETs that miss every page cache: a random player page, a random event report, a
random page of the Permanent ranking (a unique extra parameter makes each address new) and a
random four-letter search, on the database of ``DATABASE_URL`` (the one ``bench/web.py``
loads). Prints the process's CPU per request for each; ``--profile KIND`` adds the cProfile
of that kind (timed in processor time), by cumulative and by own time.

    DATABASE_URL=... .venv/bin/python bench/web_miss.py [--requests 400] [--profile player]

For a before/after figure run it on both checkouts in one session (``PYTHONPATH=<other>/src``
points it at the other one's code): the load of a shared machine moves the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PALMARES_SECRET_KEY", "bench-only-" + "x" * 40)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--profile", choices=["player", "event", "ranking", "search"])
    args = parser.parse_args()

    from django.core.wsgi import get_wsgi_application

    # the site's handler, without palmares.web.wsgi's warm-up thread (pages only are measured)
    application = get_wsgi_application()

    rnd = random.Random(1)
    from palmares.web.events.models import Event
    from palmares.web.players.models import Player

    events = list(Event.objects.filter(kind=Event.Kind.DIPLOMACY).values_list("id", flat=True))
    players = list(Player.objects.values_list("id", flat=True))

    def letters() -> str:
        return "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4))

    kinds: dict[str, Callable[[], str]] = {
        "player": lambda: f"/players/{rnd.choice(players)}/",
        "event": lambda: f"/events/{rnd.choice(events)}/",
        "ranking": lambda: f"/dip-pouch/?page={rnd.randrange(1, 400)}&z={rnd.random()}",
        "search": lambda: "/search?q=" + letters(),
    }

    def call(address: str) -> None:
        path, _, query = address.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_ACCEPT_ENCODING": "gzip",
            "HTTP_ACCEPT_LANGUAGE": "en",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""),
        }
        status: list[str] = []
        b"".join(application(environ, lambda s, h, *rest: status.append(s)))  # type: ignore[arg-type]
        if not status[0].startswith("200"):
            raise SystemExit(f"{address}: {status[0]}")

    for kind, address in kinds.items():
        for _ in range(50):  # warm: templates compiled, connection open, frames cached
            call(address())
        start = time.process_time()
        for _ in range(args.requests):
            call(address())
        cpu = (time.process_time() - start) / args.requests * 1000
        print(f"{kind:8} miss: {cpu:.3f} ms of process CPU per request")
    if args.profile:
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(args.requests):
            call(kinds[args.profile]())
        profile.disable()
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
