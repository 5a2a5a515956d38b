"""Rating histories and published rating lists, as computed by the rating engines."""

from __future__ import annotations

from django.db import models

from palmares.web.events.models import Event, Result
from palmares.web.lib.unique import UniqueIndex
from palmares.web.players.models import Player


class RatingEntry(models.Model):
    """One line of a player's history: an event and the rating it moved them to."""

    system = models.CharField(max_length=32, default="dip-pouch")
    # (no index of its own: ``rating_player_date`` and ``rating_entry_unique`` lead with it)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_entries", db_index=False
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rating_entries")
    result = models.OneToOneField(Result, on_delete=models.CASCADE, null=True, blank=True)
    date = models.DateField()
    rating_before = models.DecimalField(max_digits=24, decimal_places=12)
    rating_after = models.DecimalField(max_digits=24, decimal_places=12)
    percentile = models.DecimalField(max_digits=24, decimal_places=12)
    tournament_value = models.DecimalField(max_digits=24, decimal_places=12)

    class Meta:
        ordering = ["player", "date", "event_id"]
        constraints = [
            UniqueIndex(fields=["player", "event", "system"], name="rating_entry_unique"),
        ]
        # ``system`` last in both (ratinglists 0009): in the sorted build after a bulk write
        # the ints decide almost every comparison, and the text is compared only on a tie.
        indexes = [models.Index(fields=["player", "date", "system"], name="rating_player_date")]


class Standing(models.Model):
    """A player's place in the Permanent list (``year`` 0), joined by the player pages; every
    list, the Permanent one included, is stored in blocks too (:class:`ListBlock`), which the
    list pages and the API read."""

    system = models.CharField(max_length=32, default="dip-pouch")
    year = models.PositiveSmallIntegerField(default=0)
    # (no index of its own: ``standing_unique`` leads with it)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="standings", db_index=False
    )
    nationality = models.CharField(max_length=64, blank=True, default="")
    rating = models.DecimalField(max_digits=24, decimal_places=12)
    rank = models.PositiveIntegerField()
    national_rank = models.PositiveIntegerField(null=True, blank=True)
    events = models.PositiveIntegerField(default=0)
    #: 1, 2, 3 … in list order (rank, then name): a page is a range of positions, not an OFFSET.
    position = models.PositiveIntegerField()
    national_position = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["system", "year", "rank"]
        constraints = [
            # (leading with the player, it is also the index of a player's lines: the player
            # page's, a deletion's; ratinglists 0009)
            UniqueIndex(fields=["player", "year", "system"], name="standing_unique"),
        ]
        # The lists' pages ask for a range of positions of one year (and nation) of one
        # system: ``system`` comes last, where a comparison of its text costs nothing in
        # the index's sorted build after a bulk write (on PostgreSQL, 2 s of the 4 s those
        # two builds took on a million-result import with it first).
        indexes = [
            models.Index(fields=["year", "position", "system"], name="standing_year_position"),
            models.Index(
                fields=["year", "nationality", "national_position", "system"],
                name="standing_year_nation",
            ),
        ]


class ListBlock(models.Model):
    """:data:`~palmares.web.ratinglists.blocks.BLOCK` lines of a published list (``year`` 0:
    the Permanent list), packed (``ratinglists.blocks``): the whole list in order when
    ``nation`` is "", else that nation's lines in national order; block ``block`` holds
    positions ``block × BLOCK + 1`` on."""

    system = models.CharField(max_length=32, default="dip-pouch")
    year = models.PositiveSmallIntegerField()
    nation = models.CharField(max_length=64, blank=True, default="")
    block = models.PositiveIntegerField()
    lines = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["system", "year", "nation", "block"], name="list_block_unique"
            ),
        ]


class Publication(models.Model):
    """The generation of a system's stored figures: bumped by every recompute, so a page
    cached under an older generation is never served again (every process sees the bump)."""

    system = models.CharField(max_length=32, unique=True)
    generation = models.PositiveBigIntegerField(default=0)
    computed_at = models.DateTimeField(auto_now=True)
    #: What the list pages need without scanning the lists: ``years`` (with a list),
    #: ``nations``, and ``sizes`` {year: {"": listed, nation: listed}}.
    summary = models.JSONField(default=dict)
    #: Writes of the system's inputs so far (each bumps it in its transaction: its stamp) and
    #: the last stamp the stored figures cover (``ratinglists.writes``): a recompute after a
    #: write is skipped when another one already covered it.
    requested = models.PositiveBigIntegerField(default=0)
    computed = models.PositiveBigIntegerField(default=0)


class SkillRating(models.Model):
    """A player's Weng–Lin skill (Plackett–Luce, openskill.py's defaults) over a community's
    whole history: ``community`` is ``dip-pouch`` (every Diplomacy event, by rank), ``tantrix``
    (every match, by tournament points) or ``wizard`` (every regular game). Stored by the
    recompute after each write of the history (``ratinglists.skill``), read by the player
    pages beside the community's own rating (issue 18)."""

    community = models.CharField(max_length=16)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="skill_ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    competitions = models.PositiveIntegerField()

    class Meta:
        ordering = ["community", "player"]
        constraints = [
            models.UniqueConstraint(fields=["community", "player"], name="skill_rating_unique"),
        ]


class SkillCoverage(models.Model):
    """What the stored skill ratings of ``community`` (``tantrix`` or ``wizard``) are the
    replay of (issue 15), written in the transaction that writes them
    (``ratinglists.skill_refresh``): under ``model``, every competition up to ``last``, the
    rating order's key of the last one rated (Wizard: game date, code, id; Tantrix: event
    date, event id, match id), whose input rows had the counts and sums ``digest`` when they
    were rated. The next refresh rates only the competitions after ``last`` when the rows up to
    it still have that digest (nothing inserted before it, deleted or replaced) and ``players``
    rows are stored; else it replays the whole history."""

    community = models.CharField(max_length=16, unique=True)
    model = models.CharField(max_length=32)
    last = models.JSONField()
    digest = models.JSONField()
    competitions = models.PositiveBigIntegerField()
    players = models.PositiveIntegerField()


class Backtest(models.Model):
    """The figures of "which rating predicts best" (``ratinglists.backtests``) for a
    community's history as it was at ``version`` (for the Dip Pouch: the lists' generation,
    ``Publication.generation``): computed once, after the recompute's commit or by the first
    page that asks, and read by every process (issue 21: a page never replays the history per
    request, nor once per process)."""

    community = models.CharField(max_length=16)
    version = models.PositiveBigIntegerField()
    #: the page's table and chart (``backtests.figures``)
    figures = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["community", "version"], name="backtest_unique"),
        ]


class Snapshot(models.Model):
    """The engine's columns of a system's stored results (``columns.Stored``), kept so that an
    update after a write need not read every stored result again (``ratinglists.snapshot``,
    issue 15): ``data`` is the columns as they were when the stored figures covered write
    ``stamp`` (``Publication.computed``). Written by the full replay and, now and then, by the
    incremental update, in the transaction of the figures it matches."""

    system = models.CharField(max_length=32, unique=True)
    stamp = models.PositiveBigIntegerField()
    data = models.BinaryField()


class SnapshotTouch(models.Model):
    """The events written since a system's :class:`Snapshot` (written by each incremental
    update, in its transaction; a small row, so the snapshot's large one is not rewritten):
    the snapshot with the rows of ``events`` as stored is the state of the results the stored
    figures cover when ``stamp`` is ``Publication.computed`` and ``base`` the snapshot's
    stamp."""

    system = models.CharField(max_length=32, unique=True)
    base = models.PositiveBigIntegerField()
    stamp = models.PositiveBigIntegerField()
    events = models.JSONField(default=list)
