"""The seven Great Powers of the standard game: one definition, with the initials the result
files use (``A``, ``E`` …) and the three-letter codes of order files (``AUS``, ``ENG`` …).

Seed 002 ("Board call", Appendix A) names the seven powers; the standard map's powers and home
centres are :mod:`palmares.diplomacy.adjudication.board_map`'s.
"""

from __future__ import annotations

import enum

__all__ = ["GREAT_POWERS", "Power"]


class Power(enum.StrEnum):
    """A Great Power; its value is its English name, as files and the engines write it."""

    AUSTRIA = "Austria"
    ENGLAND = "England"
    FRANCE = "France"
    GERMANY = "Germany"
    ITALY = "Italy"
    RUSSIA = "Russia"
    TURKEY = "Turkey"

    @property
    def initial(self) -> str:
        """The one-letter initial of result files and the site's forms (``A``)."""
        return self.value[0]

    @property
    def code(self) -> str:
        """The usual three-letter code of order files (``AUS``; issue 17, "Formats")."""
        return self.value[:3].upper()


#: The powers' names in the standard order (Austria … Turkey).
GREAT_POWERS: tuple[str, ...] = tuple(p.value for p in Power)
