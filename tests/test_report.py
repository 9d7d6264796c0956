"""`floorcall report`: the comparison report is complete, verbatim, escaped, and loads in a browser."""
import os
import shutil
from pathlib import Path

import html5lib
import pytest
import yaml

from conftest import CASES, run_cli

from ruling_engine.report.comparison import compare
from ruling_engine.report.build import render_report, slug

NS = "{http://www.w3.org/1999/xhtml}"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def html(kb):
    return render_report(kb, "html")


@pytest.fixture(scope="module")
def markdown(kb):
    return render_report(kb, "markdown")


@pytest.fixture(scope="module")
def tree(html):
    return html5lib.HTMLParser(strict=True).parse(html)


def _text(element) -> str:
    return "".join(element.itertext())


def _fold(text: str) -> str:
    return " ".join(text.split())


def test_html_parses_without_a_single_error(html):
    html5lib.HTMLParser(strict=True).parse(html)   # raises on any parse error


def test_every_club_topic_and_case_appears(kb, tree, markdown):
    ids = {e.get("id") for e in tree.iter() if e.get("id")}
    page = _text(tree)
    for club, info in kb.clubs.items():
        assert f"club-{club}" in ids and info.name in page
        assert info.name in markdown
    topics = {c.topic for clauses in kb.clauses.values() for c in clauses.values() if c.normative}
    for topic in topics:
        assert f"topic-{slug(topic)}" in ids
        assert f"### Topic: {topic}\n" in markdown
    for path in CASES.glob("*.yaml"):
        title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"]
        assert f"case-{slug(path.name)}" in ids and title in page
        assert f"### Case: {path.stem}\n" in markdown


def test_every_internal_link_has_a_target(tree):
    ids = {e.get("id") for e in tree.iter() if e.get("id")}
    links = [e.get("href") for e in tree.iter(f"{NS}a") if (e.get("href") or "").startswith("#")]
    assert links
    assert [href for href in links if href[1:] not in ids] == []


def test_every_quote_occurs_verbatim_in_its_source(kb, tree):
    quotes = [e for e in tree.iter(f"{NS}blockquote") if "quote" in (e.get("class") or "")]
    assert len(quotes) > 500          # every normative clause of the four indexes is quoted
    sources = {club: _fold(kb.source_text(club)) for club in kb.clubs}
    for quote in quotes:
        cite = quote.find(f"{NS}cite")
        words = _fold(_text(quote)[len(_text(cite)):])
        assert words and words in sources[quote.get("data-club")], quote.get("data-clause")


def test_differing_outcomes_are_highlighted_where_the_engine_says_clubs_differ(kb, tree):
    comparison = compare(kb)
    row = next(r for r in comparison.cases if r.differing)
    section = next(e for e in tree.iter(f"{NS}section") if e.get("id") == f"case-{slug(row.file)}")
    highlighted = [e for e in section.iter(f"{NS}li") if e.get("class") == "differs"]
    issue = sorted(row.differing)[0]
    house = row.rulings[row.house][issue].outcome
    differing_clubs = [c for c, r in row.rulings.items() if r[issue].outcome != house]
    assert differing_clubs
    assert any(kb.clubs[differing_clubs[0]].title in _text(li) for li in highlighted)


def test_conflicts_are_found_from_the_rules_and_respect_exceptions(kb):
    comparison = compare(kb)
    assert comparison.conflicts, "the encoded rules contain known conflicts (e.g. gala on tabled hands)"
    for conflict in comparison.conflicts:
        assert conflict.first.club == conflict.second.club == conflict.club
        assert conflict.first.issue == conflict.second.issue
        assert conflict.first.then.outcome != conflict.second.then.outcome
        assert conflict.second.id not in conflict.first.overrides
        assert conflict.first.id not in conflict.second.overrides
    met = [c for c in comparison.conflicts if c.cases]
    for conflict in met:        # a conflict met in a case is one the engine reported as a conflict
        for file in conflict.cases:
            row = next(r for r in comparison.cases if r.file == file)
            assert row.rulings[conflict.club][conflict.issue].basis == "conflict"


def test_gaps_name_a_silent_club_and_what_the_others_rule(kb):
    comparison = compare(kb)
    assert comparison.gaps
    for gap in comparison.gaps:
        assert gap.club not in gap.others and gap.others
        assert not any(r.issue == gap.issue for r in kb.rules[gap.club] if not r.is_definition) or gap.cases


def test_markup_in_the_knowledge_is_shown_escaped(kb, tmp_path):
    cases = tmp_path / "cases"
    cases.mkdir()
    data = yaml.safe_load((CASES / "premature-flop.yaml").read_text(encoding="utf-8"))
    data["title"] = "<script>alert('x')</script> & <b>bold</b> | pipe"
    (cases / "markup.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    html = render_report(kb, "html", cases_dir=cases)
    assert "&lt;script&gt;alert(" in html and "<script>" not in html and "<b>bold" not in html
    parsed = html5lib.HTMLParser(strict=True).parse(html)
    assert not list(parsed.iter(f"{NS}script"))
    markdown = render_report(kb, "markdown", cases_dir=cases)
    assert "&lt;script&gt;" in markdown and "<script>" not in markdown and "\\| pipe" in markdown


def test_cli_writes_both_formats_and_never_overwrites_a_file_it_did_not_write(tmp_path):
    out = tmp_path / "report.html"
    done = run_cli("floorcall", "report", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert run_cli("floorcall", "report", "--out", str(out)).returncode == 0   # its own report: replaced
    md = tmp_path / "report.md"
    assert run_cli("floorcall", "report", "--out", str(md)).returncode == 0
    assert md.read_text(encoding="utf-8").splitlines()[1] == "# Four poker rulebooks compared"
    mine = tmp_path / "notes.html"
    mine.write_text("my own notes", encoding="utf-8")
    refused = run_cli("floorcall", "report", "--out", str(mine))
    assert refused.returncode == 2 and "--force" in refused.stderr and "Traceback" not in refused.stderr
    assert mine.read_text(encoding="utf-8") == "my own notes"
    assert run_cli("floorcall", "report", "--out", str(mine), "--force").returncode == 0
    assert "<!DOCTYPE html>" in mine.read_text(encoding="utf-8")


def _browser_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return bool(CHROMIUM)


@pytest.mark.skipif(not _browser_available() and not os.environ.get("FLOORCALL_REQUIRE_BROWSER"),
                    reason="headless Chromium or playwright not installed (scripts/test.sh installs both)")
def test_report_loads_in_a_headless_browser_without_errors_or_overflow_at_phone_width(html, tmp_path):
    from playwright.sync_api import sync_playwright
    page_file = tmp_path / "report.html"
    page_file.write_text(html, encoding="utf-8")
    problems, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            wide = page.evaluate("""Array.from(document.querySelectorAll('body *'))
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                .slice(0, 5).map(e => e.tagName + ' ' + e.textContent.slice(0, 40))""")
            title = page.title()
        finally:
            browser.close()
    assert problems == []
    assert [url for url in requests if not url.startswith("file:")] == []   # self-contained
    assert widths[0] <= widths[1] and wide == [], wide
    assert title.startswith("floorcall")


def test_the_readme_excerpt_is_current_report_output(markdown):
    excerpt = (CASES.parent / "docs" / "report-excerpt.md").read_text(encoding="utf-8").splitlines()[1:]
    assert excerpt and "\n".join(excerpt) in markdown


def test_bounds_are_exact_in_can_hold(kb):
    from ruling_engine.knowledge.conditions import Leaf, can_hold, witness
    age = "wants_to_play.age"          # a whole number
    call = "to_call"                   # an amount
    assert not can_hold([Leaf(age, "lt", 18), Leaf(age, "ge", 18)])
    assert not can_hold([Leaf(age, "ge", 18), Leaf(age, "lt", 18)])
    assert not can_hold([Leaf(age, "gt", 18), Leaf(age, "le", 18)])
    assert can_hold([Leaf(age, "le", 18), Leaf(age, "ge", 18)])
    assert not can_hold([Leaf(age, "gt", 17), Leaf(age, "lt", 18)], kb.vocabulary)        # no whole number between
    assert witness([Leaf(call, "gt", 17), Leaf(call, "lt", 18)], kb.vocabulary)[call] == 17.5
    assert not can_hold([Leaf(age, "ge", 18), Leaf(age, "le", 18), Leaf(age, "ne", 18)])
    assert not can_hold([Leaf("street", "in", ("flop", "turn")), Leaf("street", "not_in", ("flop", "turn"))])
    assert not can_hold([Leaf("heads_up", "ne", True), Leaf("heads_up", "ne", False)], kb.vocabulary)
    assert can_hold([Leaf("heads_up", "ne", True)], kb.vocabulary)
