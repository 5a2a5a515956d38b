"""``app`` of ``palmares diplomacy`` lives in its own module: a submodule imports it without
the package's loader, and each submodule imports first in a fresh interpreter (no cycle)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["boards", "standings", "seeding", "systems", "adjudicate"])
def test_each_submodule_imports_first(module: str) -> None:
    code = (
        "import sys\n"
        f"import palmares.cli.diplomacy.{module}\n"
        "from palmares.cli.diplomacy.app import app\n"
        "assert app.registered_commands\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_app_module_loads_no_command() -> None:
    code = (
        "import sys\n"
        "from palmares.cli.diplomacy.app import app\n"
        "assert not app.registered_commands\n"
        "assert 'palmares.cli.diplomacy.boards' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
