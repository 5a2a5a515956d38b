"""``palmares serve`` collects the static files before serving: two servers started at once on
one machine (one STATIC_ROOT) must both start, and a file a running server serves is never
removed under it (issue 37: several web processes on one machine; found by bench/scale.py,
where the second of two servers failed with ``FileNotFoundError`` on a hashed stylesheet)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

COLLECT = "from palmares.cli.web import collect_static; collect_static()"


def test_two_servers_collect_at_once_and_nothing_served_is_removed(tmp_path: Path) -> None:
    root = tmp_path / "staticfiles"
    root.mkdir()
    served = root / "palmares" / "site.0123456789ab.css"  # a copy a running server may serve
    served.parent.mkdir()
    served.write_text("body{}")
    env = {
        **os.environ,
        "PALMARES_STATIC_ROOT": str(root),
        "PALMARES_DB": str(tmp_path / "db.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "palmares.web.settings",
        "PALMARES_SECRET_KEY": "x" * 50,
    }
    env.pop("DATABASE_URL", None)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", COLLECT], env=env, stderr=subprocess.PIPE, text=True
        )
        for _ in range(3)
    ]
    errors = [run.communicate(timeout=300)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], errors
    manifest = json.loads((root / "staticfiles.json").read_text())
    paths = manifest["paths"]
    assert "palmares/site.css" in paths
    missing = [name for name in paths.values() if not (root / name).is_file()]
    assert missing == []
    assert served.read_text() == "body{}"
