"""The core is pure (STYLE.md, "For palmares": "The core never imports Django (a test enforces
it)"; DESIGN.md, "Rules of the house": no Django, no files, no printing).

Importing any module outside ``palmares.cli`` and ``palmares.web`` loads no Django, django-ninja,
typer or rich; and a module outside ``palmares.io`` (the file readers) loads no ``palmares.io``
module either, nor anything of the CLI or the site. One fresh interpreter imports every module,
one at a time (the file readers last), and checks ``sys.modules`` after each, so the first module
that pulls a forbidden one in is the one named.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import palmares

SHELLS = ("palmares.cli", "palmares.web")
READERS = "palmares.io"

PROBE = r"""
import importlib, json, sys
SHELL_LIBRARIES = ("django", "ninja", "typer", "rich")
found = {}
for name, may_read_files in json.loads(sys.argv[1]):
    importlib.import_module(name)
    bad = sorted(
        m for m in sys.modules
        if m.split(".")[0] in SHELL_LIBRARIES
        or m.startswith(("palmares.cli", "palmares.web"))
        or (not may_read_files and (m == "palmares.io" or m.startswith("palmares.io.")))
    )
    if bad:
        found[name] = bad
        break
print(json.dumps(found))
"""


def _core_modules() -> list[tuple[str, bool]]:
    names = [
        m.name
        for m in pkgutil.walk_packages(palmares.__path__, "palmares.")
        if not m.name.startswith(SHELLS)
    ]
    readers = [n for n in names if n == READERS or n.startswith(READERS + ".")]
    pure = [n for n in names if n not in readers]
    return [(n, False) for n in pure] + [(n, True) for n in readers]


def test_every_core_module_is_found() -> None:
    modules = dict(_core_modules())
    for name in (
        "palmares.core.rounding",
        "palmares.ratings.dip_pouch",
        "palmares.tantrix.tournament",
        "palmares.wizard.month",
        "palmares.diplomacy.scoring.base",
        "palmares.io.tables",
    ):
        assert name in modules
    assert not any(n.startswith(SHELLS) for n in modules)


def test_importing_the_core_loads_no_shell_and_no_file_reader() -> None:
    modules = _core_modules()
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(modules)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) == {}
