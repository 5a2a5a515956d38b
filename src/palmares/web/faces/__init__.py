"""What the site's two faces (``ui``, the pages, and ``api``, the JSON API) and the command line
share above the day's floor (issue 36, docs/web.md "Floors"): the demo loader, which fills every
app's tables, and the upload dispatch, which sends a file to its app's import service. Not a
Django app: no models, no migrations."""
