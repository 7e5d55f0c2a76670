"""The referee's page, ``gb16 serve``: a local web app (Starlette on uvicorn, the ``[serve]``
extra) — :mod:`.app` the JSON API and the static files, static/ the page (plain HTML, CSS and
JavaScript, no build step), :mod:`.tiles` the tile pictures."""
