"""The HTML pages' templates (tools/reports/templating.py, tools/reports/templates/): every value
a template shows is text — escaped, its control and bidirectional characters made visible —,
a template that names a value it was not given fails, and no template marks a value safe.
(The pages themselves with hostile run logs: tests/test_reports.py, test_site.py and the
browser tests.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import jinja2
import pytest

from gb16.tools.reports import templating
from gb16.tools.reports.section import Section

#: Markup, an attribute break-out, an entity, a terminal escape and a right-to-left override.
HOSTILE = '<script>alert(1)</script>"\'><img src=x onerror=alert(1)>&amp;\x1b[31m\u202e'


class Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.elements: list[tuple[str, list]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, attrs))


def payload_is_text(page: str) -> bool:
    """No element or attribute of the payload reached the page, its characters are shown as text,
    its controls as visible escapes."""
    parser = Elements()
    parser.feed(page)
    tags = {tag for tag, _ in parser.elements}
    handlers = [name for _, attrs in parser.elements for name, _ in attrs if name.startswith("on")]
    return (not {"script", "img"} & tags and not handlers and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
            and "&amp;amp;" in page and "\x1b" not in page and "\\x1b[31m" in page and "\u202e" not in page
            and "\\u202e" in page)


def section_page(env) -> str:
    """The shared section macro (section.html) inside the site's layout (site.html), hostile values
    in every slot: title, status, paragraph, preformatted text, list item, table head and cells."""
    body = env.from_string('{% extends "site.html" %}{% from "section.html" import section %}'
                           '{% block body %}{{ section(s) }}{% endblock %}')
    s = Section(HOSTILE, HOSTILE, status=HOSTILE).p(HOSTILE).pre(HOSTILE).items([HOSTILE])
    s.table([HOSTILE], [[HOSTILE, 1, "pass"]])
    return body.render(s=s, title=HOSTILE, root="", gb16_version=HOSTILE)


def test_a_template_shows_a_hostile_string_as_text():
    page = section_page(templating.environment())
    assert payload_is_text(page)
    # the page's title and footer; the section's id, title, status (class and word), paragraph,
    # preformatted text, list item, table head and cell
    assert page.count("&lt;script&gt;") == 11


def test_the_check_fails_on_a_planted_safe():
    """The check above can fail: a template that marks a value ``|safe`` lets the markup through."""
    env = templating.environment()
    source = env.loader.get_source(env, "section.html")[0]
    assert "<p>{{ block[1] }}</p>" in source
    planted = source.replace("<p>{{ block[1] }}</p>", "<p>{{ block[1]|safe }}</p>")
    overlay = env.overlay(loader=jinja2.DictLoader({"section.html": planted, "site.html": env.loader.get_source(env, "site.html")[0]}))
    assert not payload_is_text(section_page(overlay))


def test_none_is_a_dash_and_a_macro_is_markup():
    env = templating.environment()
    assert env.from_string("<p>{{ x }}</p>").render(x=None) == "<p>—</p>"
    assert env.from_string("{% macro m(x) %}<b>{{ x }}</b>{% endmacro %}{{ m('<i>') }}").render() == "<b>&lt;i&gt;</b>"


def test_a_template_missing_a_value_fails():
    """StrictUndefined: a value the page was not given is an error, never an empty string."""
    with pytest.raises(jinja2.UndefinedError, match="gb16_version"):
        templating.render("site.html", title="t", root="")
    with pytest.raises(jinja2.UndefinedError):
        templating.environment().from_string("{{ case.get('x').y }}").render(case={})
    lenient = templating.environment().overlay(undefined=jinja2.Undefined)   # the check can fail
    assert "Made by gb16  from run logs" in lenient.get_template("site.html").render(title="t", root="")


def test_no_template_marks_a_value_safe_or_turns_escaping_off():
    """Every template of the folder (the pages and the charts): no ``|safe``, no
    ``{% autoescape false %}``, no Markup."""
    names = templating.environment().list_templates(filter_func=lambda n: n.endswith((".html", ".svg")))
    assert {"report.html", "report_parts.html", "section.html", "site.html", "site_index.html", "heatmap.svg",
            "trend.svg"} <= set(names)
    for name in names:
        source = (templating.TEMPLATES / name).read_text(encoding="utf-8")
        assert not re.search(r"\|\s*safe\b|autoescape\s+false|Markup", source, re.I), name
