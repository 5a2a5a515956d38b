"""Settings for the test run: the site's own settings with a throwaway secret key."""

from __future__ import annotations

import os

os.environ.setdefault("PALMARES_SECRET_KEY", "tests-only-secret-key-" + "x" * 40)

from palmares.web.settings import *  # noqa: E402, F403
