"""The HTML pages' templates: one Jinja2 environment over ``tools/reports/templates/`` (package
data), through which the compliance report (:mod:`gb16.tools.reports.html_page`) and every page
of the conformance site (:mod:`gb16.tools.reports.site`) are written.

* **Autoescaping** for every template (the pages and the site's SVG charts alike): whatever a
  value holds — an implementation's name, a run log's message, a case field — is shown as text,
  never as markup; only what a template itself writes (its tags, its macros' output) is markup.
  No template marks a value ``|safe`` and no value is passed in as markup.
* **Every value printable**: before escaping, control and bidirectional formatting characters
  become visible escapes (:func:`gb16.tools.common.safe_text.printable`), and None is shown as ``—``.
* **StrictUndefined**: a template that names a value it was not given fails with
  :class:`jinja2.UndefinedError` instead of showing an empty string.

Jinja2 is the ``[html]`` extra (pulled in by ``[certify]``, which every command that writes HTML
needs); it is imported here, when a page is first rendered, so that importing a renderer needs
nothing beyond the scorer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from gb16.tools.common.safe_text import printable

#: The folder of the templates (and the pages' CSS and JavaScript, inlined or copied as they are).
TEMPLATES = Path(__file__).resolve().parent / "templates"


def shown(value: Any) -> Any:
    """What a template shows for *value* (the environment's ``finalize``): a macro's output as it
    is, None as ``—``, anything else as printable text (escaped afterwards by autoescaping)."""
    if value is None:
        return "—"
    return value if hasattr(value, "__html__") else printable(str(value))   # __html__: markup


@cache
def environment() -> Any:
    """The one environment (made once per process; its compiled templates are kept with it)."""
    import jinja2
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined,
        finalize=shown, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        auto_reload=False)


def render(name: str, **values: Any) -> str:
    """Template *name* (a file of :data:`TEMPLATES`) filled with *values*."""
    return str(environment().get_template(name).render(**values))


def static(name: str) -> str:
    """A file of :data:`TEMPLATES` as it is (the pages' CSS and JavaScript)."""
    return (TEMPLATES / name).read_text(encoding="utf-8")
