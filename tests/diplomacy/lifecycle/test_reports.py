"""Reports from the table under random sequences of players' reports and TD's acceptances
(issue 38): reports from a board's players, from players of another board and from someone not
registered, good and bad results, changes of mind, the TD's rule (every survivor or a majority),
acceptance of the agreed result or of one player's report, results removed, close — in any
order. After every step the reports' invariants hold (:func:`report_violations`), the day's
too (:func:`violations`), and each board's status is the one a plain reading of its reports
gives: a refused step changes nothing; an accepted board refuses reports; accepting stores the
board on its call's seats through the day's own result transition.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from palmares.diplomacy.lifecycle import (
    Call,
    CallStatus,
    Day,
    Place,
    Refused,
    Registered,
    close,
    remove_results,
    violations,
)
from palmares.diplomacy.lifecycle.reports import (
    BoardStatus,
    NotYours,
    Outcome,
    RoundReports,
    accept,
    agreed_outcome,
    differing,
    report,
    report_violations,
    set_majority,
    status,
)
from palmares.diplomacy.powers import GREAT_POWERS
from tests.conftest import examples

PLAYERS = tuple(f"P{i:02d}" for i in range(14))
OUTSIDER = "Nobody"
LABELS = ("1", "2")


def outcome(counts: tuple[int, ...], year: int = 1907) -> Outcome:
    """A finished board: ``counts`` in the order of the powers, the empty powers out in 1905."""
    centres = dict(zip(GREAT_POWERS, counts, strict=True))
    out = {p: 1905 for p, n in centres.items() if n == 0}
    return Outcome.of(centres, out, final_year=year)


#: Results players may report: three good ones that differ on a few powers, the first again
#: with another final year, and one the board's check refuses (35 centres).
GOOD = (
    outcome((10, 8, 6, 5, 3, 2, 0)),
    outcome((10, 8, 6, 4, 4, 2, 0)),
    outcome((18, 8, 6, 2, 0, 0, 0)),
    outcome((10, 8, 6, 5, 3, 2, 0), 1908),
)
BAD = outcome((11, 8, 6, 5, 3, 2, 0))


def first_day() -> Day:
    """Round 1 of a two-round tournament, called and published: P00–P06 on board 1, P07–P13
    on board 2."""
    places = tuple(
        Place(LABELS[i // 7], GREAT_POWERS[i % 7], player) for i, player in enumerate(PLAYERS)
    )
    day = Day(2, tuple(Registered(p) for p in PLAYERS))
    return day.with_round(replace(day.round(1), call=Call(CallStatus.PUBLISHED, places)))


def board_of(player: str) -> str | None:
    return LABELS[PLAYERS.index(player) // 7] if player in PLAYERS else None


class Reports(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.day = first_day()
        self.reports = RoundReports(1)
        #: What each player last reported of each board, as the test keeps it.
        self.said: dict[str, dict[str, Outcome]] = {label: {} for label in LABELS}

    def expected_status(self, label: str) -> BoardStatus:
        """A board's status read plainly from what its players said (the module's rule)."""
        if self.day.round(1).result(label) is not None:
            return BoardStatus.ACCEPTED
        said = self.said[label]
        if not said:
            return BoardStatus.WAITING
        kinds = list(said.values())
        if self.reports.majority is not None:
            if max(kinds.count(k) for k in kinds) >= self.reports.majority:
                return BoardStatus.AGREED
        elif len(set(kinds)) == 1:
            seats = self.day.round(1).call.board(label)  # type: ignore[union-attr]
            survivors = {seats[p] for p in kinds[0].survivors()}
            if survivors <= set(said):
                return BoardStatus.AGREED
        return BoardStatus.CONFLICT if len(set(kinds)) > 1 else BoardStatus.REPORTED

    @rule(
        who=st.sampled_from((*PLAYERS, OUTSIDER)),
        label=st.sampled_from(LABELS),
        what=st.sampled_from((GOOD[0], GOOD[0], GOOD[0], GOOD[0], *GOOD, BAD)),
    )
    def player_reports(self, who: str, label: str, what: Outcome) -> None:
        before = (self.day, self.reports)
        try:
            self.reports, said = report(self.day, self.reports, label, who, what)
        except NotYours:
            assert board_of(who) != label
            event("refused: not on the board")
        except Refused as refused:
            assert (self.day, self.reports) == before
            reasons = {
                self.day.closed,
                self.day.round(1).result(label) is not None,
                what == BAD,
            }
            assert True in reasons, refused.said
            event(f"refused: {refused.said.key if refused.said else ''}")
        else:
            assert board_of(who) == label and what != BAD and not self.day.closed
            changed = who in self.said[label]
            assert said.key == ("reports.changed" if changed else "reports.saved")
            self.said[label][who] = what
            event("reported")

    @rule(label=st.sampled_from(LABELS), what=st.sampled_from(GOOD), but=st.integers(0, 7))
    def board_reports(self, label: str, what: Outcome, but: int) -> None:
        """Every player of the board reports ``what`` (but the ``but``-th one, if any, who
        reports another result), as a board that ends together does."""
        for i, who in enumerate(p for p in PLAYERS if board_of(p) == label):
            self.player_reports(who, label, GOOD[(GOOD.index(what) + 1) % 4] if i == but else what)

    @rule(label=st.sampled_from(LABELS), following=st.none() | st.sampled_from(PLAYERS))
    def td_accepts(self, label: str, following: str | None) -> None:
        before = (self.day, self.reports)
        agreed = agreed_outcome(self.reports, label)
        try:
            change, stored = accept(self.day, self.reports, label, following)
        except Refused as refused:
            assert (self.day, self.reports) == before
            assert (
                self.day.closed
                or self.day.round(1).result(label) is not None
                or (following is None and agreed is None)
                or (following is not None and following not in self.said[label])
            ), refused.said
            event("accept refused")
        else:
            self.day = change.day
            result = self.day.round(1).result(label)
            assert result is not None
            assert result.seat_map() == self.day.round(1).call.board(label)  # type: ignore[union-attr]
            assert stored == (agreed if following is None else self.said[label][following])
            who = change.said[0].get("players")
            assert who == tuple(p for p, o in sorted(self.said[label].items()) if o == stored)
            event("accepted")

    @rule(label=st.sampled_from(LABELS))
    def td_removes_result(self, label: str) -> None:
        try:
            self.day = remove_results(self.day, 1, [label]).day
        except Refused:
            assert self.day.closed or self.day.round(1).result(label) is None

    @rule(majority=st.none() | st.integers(3, 8))
    def td_sets_rule(self, majority: int | None) -> None:
        try:
            self.reports = set_majority(self.day, self.reports, majority)
        except Refused:
            assert self.day.closed or (majority is not None and not 4 <= majority <= 7)
        else:
            assert self.reports.majority == majority

    @rule()
    def td_closes(self) -> None:
        try:
            self.day = close(self.day).day
        except Refused:
            rnd = self.day.round(1)
            assert self.day.closed or len(rnd.results) != len(LABELS)

    @invariant()
    def holds(self) -> None:
        assert report_violations(self.day, self.reports) == ()
        assert violations(self.day) == ()
        for label in LABELS:
            assert status(self.day, self.reports, label) is self.expected_status(label)
            board = self.reports.board(label)
            assert {r.player: r.outcome for r in board.reports} == self.said[label]
            marked = differing(self.reports, label)
            kinds = set(self.said[label].values())
            assert bool(marked) == (len(kinds) > 1)


Reports.TestCase.settings = settings(
    max_examples=examples(60, 600), stateful_step_count=60, deadline=None, derandomize=True
)
test_reports = Reports.TestCase


def test_a_board_agrees_when_every_survivor_reports_alike() -> None:
    day = first_day()
    reports = RoundReports(1)
    for player in PLAYERS[:5]:  # five of the six with centres on board 1
        assert status(day, reports, "1") is not BoardStatus.AGREED
        reports, _ = report(day, reports, "1", player, GOOD[0])
    assert status(day, reports, "1") is BoardStatus.REPORTED  # Russia (2 centres) not yet
    reports, _ = report(day, reports, "1", PLAYERS[5], GOOD[1])
    assert status(day, reports, "1") is BoardStatus.CONFLICT
    assert differing(reports, "1") == {"Germany", "Italy"}
    reports, said = report(day, reports, "1", PLAYERS[5], GOOD[0])
    assert said.key == "reports.changed"
    assert status(day, reports, "1") is BoardStatus.AGREED
    change, stored = accept(day, reports, "1")
    assert stored == GOOD[0]
    assert [m.key for m in change.said] == ["reports.accepted_from", "lifecycle.result_saved"]
    assert status(change.day, reports, "1") is BoardStatus.ACCEPTED
    with pytest.raises(Refused) as refused:
        report(change.day, reports, "1", PLAYERS[6], GOOD[0])
    assert refused.value.said is not None and refused.value.said.key == "reports.accepted"


def test_a_report_from_another_board_is_not_yours() -> None:
    with pytest.raises(NotYours) as refused:
        report(first_day(), RoundReports(1), "1", PLAYERS[7], GOOD[0])
    assert refused.value.field == "player"
