"""Long work off the request path (issue 37): imports through the site and full recomputes run
as jobs of Django's Tasks framework (the ``django-tasks`` backport, its database backend), run
by ``palmares worker``. The request answers at once with the job's address; the job's page and
``GET /api/jobs/{id}`` tell its state, its progress (the core's progress observer, through a
cache every process sees), its result or its error. A worker killed mid-job leaves nothing
(each job is one transaction); the next worker finds the job lost and runs it again, or marks
it failed with its reason after ``PALMARES_JOB_ATTEMPTS`` tries (:mod:`.lost`)."""
