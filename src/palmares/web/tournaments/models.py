"""Diplomacy tournaments: rounds, boards, one row per power per board and teams (prizes are
computed from the boards on every read: ``adapters.tournament_prizes``); and the
TD's day (issue 12): registered players, keep-apart pairs, the roll call and the board call of
each round."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from palmares.diplomacy.powers import Power
from palmares.web.events.models import Event
from palmares.web.players.models import Player

POWERS = [(p.initial, p.value) for p in Power]

#: A personal code's letters: no 0/O, 1/I/L that a phone's keyboard or a printout mixes up.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def personal_code() -> str:
    """A registered player's personal code (issue 38): six letters drawn by ``secrets``, what
    that player alone holds to report their board from a phone."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


class Tournament(models.Model):
    """A Diplomacy tournament run on this site; ``directors`` may enter its board results.

    ``scoring`` and ``aggregation`` are registry specs (``slug`` or ``slug:name=value,…``, as the
    command line takes them). ``team_size`` is the size of a team (``None``: no teams);
    ``top_board_rule`` turns on seed 002's top board and ``fewer_games`` its fewer-games
    adjustment (where the aggregation has one)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tournament")
    scoring = models.CharField(max_length=200, default="divide-and-conquer")
    aggregation = models.CharField(max_length=200, default="ante")
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_tournaments"
    )
    end_date = models.DateField(null=True, blank=True)
    #: The rounds planned (the set-up's); the event's ``rounds`` become the rounds played when
    #: the tournament closes (what the Dip Pouch rates).
    planned_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    team_size = models.PositiveSmallIntegerField(null=True, blank=True)
    top_board_rule = models.BooleanField(default=False)
    fewer_games = models.BooleanField(default=True)
    #: Reports from the table (issue 38): a board agrees when this many of its players report
    #: the same result (``None``: every surviving player).
    report_majority = models.PositiveSmallIntegerField(null=True, blank=True)
    #: An agreed board is stored at once, without waiting for the TD's click.
    report_auto_accept = models.BooleanField(default=False)

    def __str__(self) -> str:
        return str(self.event)


class Round(models.Model):
    """One round. Its board call (:class:`CalledSeat` rows) is a draft until ``published``
    (players see it) and fixed once ``locked``; ``top_board`` is the board of the call that seats
    the top board's seven; ``call_report`` keeps the engine's quality report. ``roll_taken``:
    the roll call was taken (its :class:`Presence` rows, possibly none). ``check_in`` opens self
    check-in with the round's short ``code``. The rows are written by
    :mod:`palmares.web.tournaments.day` only, from the lifecycle's transitions."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    published = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    top_board = models.CharField(max_length=16, blank=True, default="")
    roll_taken = models.BooleanField(default=False)
    call_seed = models.PositiveIntegerField(null=True, blank=True)
    call_report = models.JSONField(default=dict, blank=True)
    check_in = models.BooleanField(default=False)
    code = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_positive"),
        ]


class Board(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    label = models.CharField(max_length=16)
    top_board = models.BooleanField(default=False)
    final_year = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Fall centre counts by year, ``{"1901": {"Austria": 4, …}, …}``, where the TD enters them.
    centres_by_year = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "label"], name="board_unique")]


class Seat(models.Model):
    """One power on one board: who played it, the centres at the end, elimination, the draw."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="seats")
    power = models.CharField(max_length=1, choices=POWERS)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    centres = models.PositiveSmallIntegerField()
    eliminated = models.PositiveSmallIntegerField(null=True, blank=True)
    in_draw = models.BooleanField(default=False)

    class Meta:
        ordering = ["board", "power"]
        constraints = [
            models.UniqueConstraint(fields=["board", "power"], name="seat_power_unique"),
            models.CheckConstraint(condition=models.Q(centres__lte=34), name="seat_centres_max"),
        ]
        indexes = [models.Index(fields=["player", "board"], name="seat_player")]


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    members = models.ManyToManyField(Player, related_name="teams")

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_unique")]


class Entry(models.Model):
    """A player registered for the tournament: plays from round ``arrives`` (a late arrival has a
    later one) until ``withdrawn_after`` (``None``: still playing)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    arrives = models.PositiveSmallIntegerField(default=1)
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The player's personal code (issue 38), given at registration: printed on their line of
    #: the TD's call, read by directors only.
    code = models.CharField(max_length=8, default=personal_code)

    class Meta:
        ordering = ["tournament", "player__key"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_unique"),
            models.CheckConstraint(condition=models.Q(arrives__gte=1), name="entry_arrives"),
        ]


class KeepApart(models.Model):
    """Two players never seated on one board (seed 002, "Board Assignments": couples, blood
    relatives, any pair brought to the TD's attention)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="apart")
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player_a", "player_b"], name="keep_apart_unique"
            ),
        ]


class Presence(models.Model):
    """The roll call of one round: a player present, with ``boards`` 0 (sits out), 1 or 2 as
    named by the TD or requested, or ``None`` (palmares may propose them to sit out or play two
    boards). ``checked_in``: the player marked themself present."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="presences")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="presences")
    boards = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "player__key"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="presence_unique"),
            models.CheckConstraint(
                condition=models.Q(boards__isnull=True) | models.Q(boards__lte=2),
                name="presence_boards",
            ),
        ]


class CalledSeat(models.Model):
    """One line of a round's board call: ``player`` plays ``power`` on board ``label``;
    ``changed``: by a swap after the call was published (the players see it marked)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="called")
    label = models.CharField(max_length=16)
    power = models.CharField(max_length=1, choices=POWERS)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="called")
    changed = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "label", "power"]
        constraints = [
            models.UniqueConstraint(fields=["round", "label", "power"], name="called_unique"),
        ]


# The top board's declines and the score rulings live beside the rest (issue 12, steps 6, 8).
from palmares.web.tournaments.models_prizes import ScoreOverride, TopBoardDecline  # noqa: E402, F401
from palmares.web.tournaments.models_reports import BoardReport  # noqa: E402, F401
