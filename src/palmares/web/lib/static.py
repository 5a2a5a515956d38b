"""Static files with content-hashed names, compressed (gzip, and brotli where the package is
there) by whitenoise at ``collectstatic``, and so cached by browsers for a year.

``palmares serve`` and ``palmares demo`` collect them before serving. Without a collected copy
(tests, a fresh checkout) the names stay as they are and the files are served from the apps'
folders, so a page never fails for want of a manifest.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

__all__ = ["HashedStaticStorage"]


class HashedStaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    manifest_strict = False

    def stored_name(self, name: str) -> str:
        """The hashed name once collected; the plain name (served by the finders) before."""
        try:
            return str(super().stored_name(name))
        except ValueError:
            return name
