"""A server worker loads the rating kernels as it starts (ratinglists/warm.py): with the numba
build, the overloads it loads are the ones an import's update then calls, so that upload loads
nothing more; with the compiled one, nothing imports numba. In a fresh process, so that no other
test has loaded them first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import json, sys
from palmares.web.lib.setup import setup_django
setup_django(debug_if_unset=True)
from palmares.web.lib.schema import migrate
migrate()
from palmares.web.ratinglists.warm import warm_up
thread = warm_up()
assert thread is not None
thread.join()
from palmares.ratings import engine
from palmares.ratings.compiled import KERNEL
from palmares.ratings.jit import compiled
from palmares.ratings.skill import kernel, layout
kernels = {
    "group": engine._group_by_event, "replay": engine._replay, "as_of": engine._as_of,
    "lay_out": layout._lay_out, "rate_history": kernel.rate_history,
}
def loaded():
    if "numba" not in sys.modules:
        return {}
    return {name: sorted(map(str, compiled(k).signatures)) for name, k in kernels.items()}
warm = loaded()
from palmares.web.events.services import import_results
from palmares.web.faces.demo import SAMPLE
import_results(SAMPLE / "dip-in-the-ocean-2004.csv")
import_results(sys.argv[1])  # a later event: the incremental update
print(json.dumps({"kernel": KERNEL, "warm": warm, "after": loaded()}))
"""

LATER = "event,date,player,rank,nationality\nLater Cup,2005-05-01,Ann Able,1,Norway\n" + (
    "Later Cup,2005-05-01,Bob Baker,2,Norway\nLater Cup,2005-05-01,Cy Cole,2,Norway\n"
)


@pytest.mark.parametrize("build", ["compiled", "numba"])
def test_the_warm_up_loads_the_overloads_an_import_calls(tmp_path: Path, build: str) -> None:
    """The numba build: the warm-up loads every overload the imports then call. The compiled
    one (``_kernels.c``): neither the warm-up nor the imports import numba at all."""
    later = tmp_path / "later.csv"
    later.write_text(LATER, encoding="utf-8")
    env = {**os.environ, "PALMARES_DB": str(tmp_path / "warm.sqlite3"), "PALMARES_KERNELS": build}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(later)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["kernel"] == build
    if build == "compiled":
        assert figures["warm"] == figures["after"] == {}  # numba never imported
        return
    assert all(figures["warm"].values()), figures["warm"]  # each kernel loaded by the warm-up
    assert figures["after"] == figures["warm"]  # and the imports needed no other overload


def test_the_warm_up_is_off_with_palmares_warm_up_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.conf import settings

    from palmares.web.ratinglists.warm import warm_up

    monkeypatch.setattr(settings, "WARM_UP", False)
    assert warm_up() is None
