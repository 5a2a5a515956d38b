"""The job queue's words (issue 37; ``web.jobs``): what a job does, how it ended when no file's
problem tells it, and the refusals of the API operations that enqueue one. Each key's English
sentence here, its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["JOBS"]

JOBS: dict[str, str] = {
    # what a job does (its page's title)
    "jobs.import": N_("import of {file} ({kind})"),
    "jobs.recompute": N_("recompute of {parts}"),
    "jobs.backtest": N_("backtest of the Dip Pouch history"),
    "jobs.skill_replay": N_("skill replay of {community}"),
    "jobs.wdd_history": N_("WDD export of the whole history ({kinds})"),
    "jobs.wdd_event": N_("WDD export of {event} ({kinds})"),
    # how a job ended without a file's problem to tell
    "jobs.worker_lost": N_(
        "the worker running this job stopped {times} time(s) before it ended; nothing of it was "
        "kept"
    ),
    "jobs.crashed": N_("the job failed on an unexpected error ({error}); nothing of it was kept"),
    "jobs.file_gone": N_("the uploaded file {file} is no longer kept; upload it again"),
    "jobs.wdd_nothing": N_("no closed event to export"),
    "jobs.no_event": N_("no event with id {event}"),
    # the API's refusals
    "jobs.not_yours": N_("this job is not yours to see"),
    "jobs.officers_recompute": N_("only ratings officers and tournament directors may recompute"),
    "jobs.officers_export": N_(
        "only ratings officers and tournament directors may export the WDD files"
    ),
    "jobs.no_file": N_("this job has no file to download (not done, or it writes none)"),
    "jobs.unknown_part": N_("unknown part {part} (dip-pouch, tantrix or wizard)"),
    "jobs.unknown_community": N_(
        "unknown community {community} (tantrix or wizard; the Dip Pouch skill is replayed by "
        "its recompute)"
    ),
}
