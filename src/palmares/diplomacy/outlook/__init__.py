"""The last round's outlook (issue 38): what every player can still reach before the final
round, exactly, under the ante and a board score read from the centres (:mod:`.places`); the
best-country awards (:mod:`.awards`) and the team championship (:mod:`.teams`). See
docs/outlook.md."""

from palmares.diplomacy.outlook.places import (
    FinalBoard,
    Outlook,
    PlayerOutlook,
    Status,
    Verdict,
    outlook,
    unsupported,
)

__all__ = ["FinalBoard", "Outlook", "PlayerOutlook", "Status", "Verdict", "outlook", "unsupported"]
