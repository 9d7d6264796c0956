"""`floorcall report`: the comparison report is complete, verbatim, escaped, and loads in a browser."""
import os
import shutil
from pathlib import Path

import html5lib
import pytest
import yaml

from conftest import CASES, run_cli

from ruling_engine.knowledge.conditions import holds
from ruling_engine.report.comparison import compare, topic_names
from ruling_engine.report.build import render_report, slug

NS = "{http://www.w3.org/1999/xhtml}"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def comparison(kb):
    return compare(kb)


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


def _by_id(tree, element_id: str):
    return next(e for e in tree.iter() if e.get("id") == element_id)


def test_html_parses_without_a_single_error(tree):
    """The `tree` fixture is the report parsed by html5lib in strict mode, which raises on any parse
    error (the page is parsed once for every test that reads it, not once more here)."""
    assert next(tree.iter(f"{NS}main"), None) is not None and next(tree.iter(f"{NS}h1"), None) is not None


def test_every_club_topic_and_case_appears(kb, tree, markdown):
    ids = {e.get("id") for e in tree.iter() if e.get("id")}
    page = _text(tree)
    for club, info in kb.clubs.items():
        assert f"club-{club}" in ids and info.name in page
        assert info.name in markdown
    topics = {c.topic for clauses in kb.clauses.values() for c in clauses.values() if c.normative}
    names = topic_names(kb)
    for topic in topics:
        assert f"topic-{slug(topic)}" in ids
        assert f"### Topic: {names[topic][0]}\n" in markdown
    for path in CASES.glob("*.yaml"):
        title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"]
        assert f"case-{slug(path.name)}" in ids and title in page
        assert f"### Case: {path.stem}\n" in markdown


def test_every_topic_is_named_in_words_and_has_its_row_in_the_matrix(kb, comparison, tree):
    names = topic_names(kb)
    topics = {c.topic for clauses in kb.clauses.values() for c in clauses.values() if c.normative}
    assert topics <= set(names), sorted(topics - set(names))       # knowledge/topics.yaml names them all
    matrix = _by_id(tree, "matrix")
    rows = [tr for tr in matrix.iter(f"{NS}tr") if "topic" in (tr.get("class") or "").split()]
    assert [_fold(_text(tr.find(f"{NS}th"))) for tr in rows] == [t.title for t in comparison.topics]
    assert len(rows) == len(topics)
    for tr, topic in zip(rows, comparison.topics):
        cells = tr.findall(f"{NS}td")
        assert len(cells) == len(kb.clubs)
        for td, club in zip(cells, kb.clubs):          # each cell says the club's position and links to the detail
            link = td.find(f"{NS}a")
            assert link.get("href") == f"#topic-{slug(topic.topic)}"
            assert topic.cells[club].text in link.get("title")
            assert td.get("data-v-all") in ("agree", "differ", "alone", "silent")


def test_a_matrix_cell_says_the_clubs_position_in_its_own_words(kb, comparison, tree):
    """Issue 24: a cell such as "≠ ⚠ raise · floor decides +14" told a manager neither what his
    rulebook says nor what +14 meant. Each cell now states the position in plain words: the first
    sentence of one of the club's own rules' decisions on the topic when it fits in about two lines,
    else that outcome's statement in plain words (a whole sentence), cut only when neither fits; +N
    is the count of the further outcomes, explained in the legend; silent and self-contradicting
    cells say so."""
    from ruling_engine.report.comparison import POSITION_CHARS, POSITION_PLAIN_CHARS
    plain = {" ".join(str(t).split()).rstrip(".") for i in kb.vocabulary.issues.values()
             for t in (i.get("outcomes") or {}).values()}
    legend = _text(next(ul for ul in tree.iter(f"{NS}ul") if ul.get("aria-label") == "Legend"))
    assert "N further outcomes its rules give on the topic" in legend
    assert "contradicts itself" in legend and "no clause on the topic: the floor decides" in legend
    matrix = _by_id(tree, "matrix")
    rows = [tr for tr in matrix.iter(f"{NS}tr") if "topic" in (tr.get("class") or "").split()]
    seen = set()
    for tr, topic in zip(rows, comparison.topics):
        for td, club in zip(tr.findall(f"{NS}td"), kb.clubs):
            cell, shown = topic.cells[club], _fold(_text(td))
            decisions = {d for _, _, _, d in topic.clubs[club].outcomes}
            if cell.kind == "rules":
                assert cell.decision in decisions
                if cell.position in plain and not cell.decision.startswith(cell.position):
                    assert len(cell.position) <= POSITION_PLAIN_CHARS          # the outcome, whole
                else:
                    assert len(cell.position) <= POSITION_CHARS + 1
                    assert cell.decision.startswith(cell.position.rstrip("…")), (cell.position, cell.decision)
                assert cell.position in shown and "·" not in shown
                assert (f"+{cell.further}" in shown) == (cell.further > 0)
                assert cell.further == len({o for _, o, _, _ in topic.clubs[club].outcomes}) - 1
                seen.add("rules")
            elif cell.kind == "silent":
                assert "silent: the floor decides" in shown
                seen.add("silent")
            if cell.clashes:
                assert "contradicts itself" in shown
                seen.add("clash")
    assert seen == {"rules", "silent", "clash"}


def test_the_markdown_has_the_same_matrix_as_a_table(kb, comparison, markdown):
    table = markdown.split("## Matrix\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| [")]
    assert len(rows) == len(comparison.topics)
    for line, topic in zip(rows, comparison.topics):
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        assert cells[0].startswith(f"[{topic.title}](#topic-")
        for cell, club in zip(cells[1:], kb.clubs):
            assert cell.endswith(topic.cells[club].text.replace("|", "\\|"))


def test_the_house_club_is_chosen_with_club(tmp_path):
    out = tmp_path / "report.html"
    done = run_cli("floorcall", "report", "--club", "gala", "--out", str(out))
    assert done.returncode == 0, done.stderr
    page = html5lib.HTMLParser(strict=True).parse(out.read_text(encoding="utf-8"))
    checked = [e.get("id") for e in page.iter(f"{NS}input") if e.get("checked") is not None]
    assert checked == ["vs-gala"]
    wrong = run_cli("floorcall", "report", "--club", "galla", "--out", str(tmp_path / "x.html"))
    assert wrong.returncode == 2 and "did you mean 'gala'" in wrong.stderr and not (tmp_path / "x.html").exists()


def test_every_section_has_a_way_back_to_the_top(tree):
    main = next(tree.iter(f"{NS}main"))
    for h2 in main.iter(f"{NS}h2"):
        assert any(a.get("href") == "#top" for a in h2.iter(f"{NS}a")), _text(h2)
    assert _by_id(tree, "top").tag == f"{NS}header"


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


def test_differing_outcomes_are_highlighted_where_the_engine_says_clubs_differ(comparison, tree):
    row = next(r for r in comparison.cases if r.differing)
    line = next(li for li in row.lines if li.outcomes_differ)
    section = _by_id(tree, f"case-{slug(row.file)}")
    house = line.rulings[row.house]
    differing = [c for c, r in line.rulings.items()
                 if r.basis != "not covered" and house.basis != "not covered" and r.outcome != house.outcome]
    assert differing
    cells = [td for td in section.iter(f"{NS}td") if td.get("data-v-all") == "differ"]
    assert {td.get("data-club") for td in cells} >= {comparison.clubs[c].title for c in differing}
    # a club that is only silent is marked silent, not as differing
    for td in section.iter(f"{NS}td"):
        if td.get("data-v-all") == "silent":
            assert _text(td).strip().startswith("silent")


def _line_cells(tree, row, index: int) -> dict:
    section = _by_id(tree, f"case-{slug(row.file)}")
    table = next(t for t in section.iter(f"{NS}table") if "rulings" in (t.get("class") or ""))
    tr = table.find(f"{NS}tbody").findall(f"{NS}tr")[index]
    return {td.get("data-club"): td for td in tr.findall(f"{NS}td")}


def test_a_case_shows_the_amounts_and_the_pot_only_where_the_clubs_differ_on_them(comparison, tree):
    def spans(td, kind):
        return [e for e in td.iter(f"{NS}span") if e.get("class") == kind]
    found = {"same": False, "differ": False}
    for row in comparison.cases:
        for index, line in enumerate(row.lines):
            if not any(line.numbers.values()) and not any(line.pot.values()):
                continue
            cells = _line_cells(tree, row, index)
            for club, ruling in line.rulings.items():
                td = cells[comparison.clubs[club].title]
                shown = [_text(e) for e in spans(td, "num")]
                assert shown == ([line.numbers[club]] if line.numbers_differ and line.numbers[club] else [])
                pot = [_text(e) for e in spans(td, "pot")]
                assert pot == ([line.pot[club]] if line.pot_differs and line.pot[club] else [])
            found["differ" if line.numbers_differ else "same"] = True
    assert found == {"same": True, "differ": True}


def test_clubs_differ_only_where_clubs_that_rule_give_other_outcomes(comparison, tree):
    """'clubs differ' singled out nothing when a silent club counted: now silence is told apart."""
    differing = [r for r in comparison.cases if r.differing]
    silent_only = [r for r in comparison.cases if not r.differing and r.silent_only]
    assert differing and silent_only and len(differing) < len(comparison.cases)
    for row in differing:
        assert any(len({r.outcome for r in line.rulings.values() if r.basis != "not covered"}) > 1
                   for line in row.lines)
    section = _by_id(tree, f"case-{slug(silent_only[0].file)}")
    assert "only silence differs" in _text(section) and "clubs rule differently" not in _text(section)


def test_conflicts_are_found_from_the_rules_and_respect_exceptions(kb, comparison):
    assert comparison.conflicts, "the encoded rules contain known conflicts (e.g. gala on tabled hands)"
    for conflict in comparison.conflicts:
        assert conflict.first.club == conflict.second.club == conflict.club
        assert conflict.first.issue == conflict.second.issue
        assert conflict.first.then.outcome != conflict.second.then.outcome
        assert conflict.second.id not in conflict.first.overrides
        assert conflict.first.id not in conflict.second.overrides
        # shown by a case where the engine ruled it, or a situation on which the engine rules it
        if not conflict.cases:
            ruling = conflict.situation.ruling
            assert ruling.basis == "conflict" and {conflict.first.id, conflict.second.id} <= set(ruling.rules_fired)
            facts = {**conflict.situation.facts, **conflict.situation.defined}
            assert holds(conflict.first.when, facts) and holds(conflict.second.when, facts)
    for conflict in comparison.scan.resolved:     # a declared exception settles it: listed apart
        if conflict.relation == "chain":          # through a third rule: each link declared
            chain = conflict.chain
            assert {chain[0], chain[-1]} == {conflict.first.id, conflict.second.id} and len(chain) > 2
            by_id = {r.id: r for r in kb.rules[conflict.club]}
            assert all(later in by_id[earlier].overrides for earlier, later in zip(chain, chain[1:]))
        else:
            assert conflict.second.id in conflict.first.overrides or conflict.first.id in conflict.second.overrides
    met = [c for c in comparison.conflicts if c.cases]
    assert met
    for conflict in met:        # a conflict met in a case is one the engine reported as a conflict
        for file in conflict.cases:
            row = next(r for r in comparison.cases if r.file == file)
            assert any(line.issue == conflict.issue and line.rulings[conflict.club].basis == "conflict"
                       for line in row.lines)
    listed = {(c.first.id, c.second.id) for c in comparison.conflicts}
    assert ("edp.1-21.under-eighteen", "edp.1-21.eighteen-or-over") not in listed     # < 18 vs >= 18


def test_each_listed_conflict_shows_both_clauses_where_both_apply_and_the_declared_relation(comparison, tree):
    items = {e.get("id"): e for e in tree.iter(f"{NS}details") if "conflict-item" in (e.get("class") or "")}
    assert len(items) == len(comparison.conflicts)
    for conflict in comparison.conflicts:
        item = items[conflict.anchor]
        quotes = [q for q in item.iter(f"{NS}blockquote") if "quote" in (q.get("class") or "")]
        assert [q.get("data-clause") for q in quotes] == [conflict.first.clause, conflict.second.clause]
        text = _fold(_text(item))
        assert _fold(conflict.first.quote) in text and _fold(conflict.second.quote) in text
        cases = [a.get("href") for a in item.iter(f"{NS}a") if (a.get("href") or "").startswith("#case-")]
        facts = [li for ul in item.iter(f"{NS}ul") if "facts" in (ul.get("class") or "") for li in ul]
        assert cases or facts, conflict.anchor
        # a chain of exceptions settles a pair as a direct one does (rulings/resolve.py follows it)
        if conflict.relation == "declared-conflict":     # conflicts_with: the text prefers neither
            assert "Declared specificity: declared a conflict (conflicts_with:)" in text
        else:
            assert conflict.relation == "none" and "Declared specificity: none" in text


def test_the_count_of_conflicts_is_in_the_overview(comparison, tree):
    count = _text(_by_id(tree, "conflict-count"))
    assert f"{len(comparison.conflicts)} conflicts inside one rulebook" in _fold(count)
    assert _by_id(tree, "overview").find(f".//{NS}p[@id='conflict-count']") is not None


def test_gaps_name_a_silent_club_and_what_the_others_rule(kb, comparison):
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


needs_browser = pytest.mark.skipif(
    not _browser_available() and not os.environ.get("FLOORCALL_REQUIRE_BROWSER"),
    reason="headless Chromium or playwright not installed (scripts/test.sh installs both)")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"       # screenshots, to be looked at
# the README's screenshot goes to docs/ when FLOORCALL_DOCS_SCREENSHOTS=1 (a maintainer refreshing
# it), else beside the other screenshots, so a test run leaves the tree clean
DOCS = Path(__file__).resolve().parent.parent / "docs" if os.environ.get("FLOORCALL_DOCS_SCREENSHOTS") == "1" \
    else ARTIFACTS
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Boxes that must not overlap one another: the contents, the controls, the legend and the matrix
# (its header cells, topic names and club cells); and whose text must stay inside them.
LAYOUT = """() => {
  const sel = 'nav.contents li, .controls label, .legend li, #matrix thead th, #matrix tbody th, #matrix td';
  const boxes = Array.from(document.querySelectorAll(sel)).filter(e => e.offsetParent !== null)
      .map(e => [e, e.getBoundingClientRect()]);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) overlaps.push(a.textContent.trim().slice(0, 30) + ' / ' + b.textContent.trim().slice(0, 30));
    }
  }
  const spilling = boxes.map(([e]) => e.matches('td') ? (e.querySelector('a') || e) : e)
      .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim().slice(0, 40));
  const wide = Array.from(document.querySelectorAll('body *'))
      .filter(e => { const r = e.getBoundingClientRect(); return r.width > 1 && r.right > window.innerWidth + 0.5; })
      .slice(0, 5).map(e => e.tagName + ' ' + e.textContent.slice(0, 40));
  const m = document.getElementById('matrix').getBoundingClientRect();
  const firstRow = document.querySelector('#matrix tr.topic').getBoundingClientRect();
  return {overlaps: overlaps.slice(0, 5), spilling: spilling.slice(0, 5), wide,
          scroll: [document.documentElement.scrollWidth, window.innerWidth],
          matrixTop: m.top, firstRowBottom: firstRow.bottom, height: window.innerHeight};
}"""


def _open(browser, html_file, width, height, problems, requests):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(html_file.as_uri())
    return page


@needs_browser
@pytest.mark.parametrize("name, width, height", [("desktop", 1280, 800), ("phone", 390, 844), ("small-phone", 360, 740)])
def test_the_matrix_is_the_first_screen_and_nothing_overlaps_or_overflows(html, tmp_path, name, width, height):
    from playwright.sync_api import sync_playwright
    page_file = tmp_path / "report.html"
    page_file.write_text(html, encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    problems, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = _open(browser, page_file, width, height, problems, requests)
            layout = page.evaluate(LAYOUT)
            page.screenshot(path=str(ARTIFACTS / f"report-{name}.png"))
            if name == "desktop":              # the README's: the report's first screen
                page.screenshot(path=str(DOCS / "report-first-screen.png"))
            # a cell says its position in a line or two (issue 24): lines of text in each cell
            lines = page.evaluate("""() => Array.from(document.querySelectorAll('#matrix td a'))
                .filter(e => e.offsetParent !== null).map(e => { const s = getComputedStyle(e);
                  return Math.round((e.getBoundingClientRect().height - parseFloat(s.paddingTop)
                                     - parseFloat(s.paddingBottom)) / parseFloat(s.lineHeight)); })""")
            title = page.title()
        finally:
            browser.close()
    assert problems == []
    assert [url for url in requests if not url.startswith("file:")] == []   # self-contained
    assert layout["matrixTop"] < layout["height"] and layout["firstRowBottom"] <= layout["height"], layout
    assert layout["overlaps"] == [] and layout["spilling"] == [], layout
    assert layout["scroll"][0] <= layout["scroll"][1] and layout["wide"] == [], layout
    assert title.startswith("floorcall")
    if name == "desktop":          # a line or two; a third only beside "⚠ contradicts itself:"
        assert max(lines) <= 3 and sum(n <= 2 for n in lines) >= 0.9 * len(lines), sorted(lines)[-20:]


@needs_browser
def test_choosing_a_house_club_and_only_differences_in_the_page(html, tmp_path, comparison):
    from playwright.sync_api import sync_playwright
    page_file = tmp_path / "report.html"
    page_file.write_text(html, encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    club = list(comparison.clubs)[0]
    title = comparison.clubs[club].title
    problems, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = _open(browser, page_file, 1280, 800, problems, requests)
            background = "el => getComputedStyle(el).backgroundColor"
            # a cell that agrees with the chosen club while it differs from another club
            cell = page.locator(f'#matrix td[data-v-{club}="agree"][data-v-all="differ"]').first
            before = cell.evaluate(background)
            page.locator(".controls label", has_text=title).first.click()
            assert page.is_checked(f"#vs-{club}")
            after = cell.evaluate(background)
            house = page.locator(f'#matrix td[data-v-{club}="house"]').first.evaluate(
                "el => getComputedStyle(el).boxShadow")
            page.locator(".controls label.toggle").click()
            shown = page.evaluate("Array.from(document.querySelectorAll('#matrix tr.topic'))"
                                  ".filter(r => r.offsetParent !== null).length")
            page.screenshot(path=str(ARTIFACTS / f"report-desktop-vs-{club}-differences.png"))
            page.emulate_media(media="print")
            printed = page.evaluate("getComputedStyle(document.querySelector('.controls')).display")
        finally:
            browser.close()
    differing = [t for t in comparison.topics if t.differs(club)]
    assert problems == [] and [u for u in requests if not u.startswith("file:")] == []
    assert before != after           # the colours follow the chosen house
    assert house != "none"
    assert 0 < shown == len(differing) < len(comparison.topics)
    assert printed == "none"


def test_the_readme_excerpt_is_current_report_output(markdown):
    excerpt = (CASES.parent / "docs" / "report-excerpt.md").read_text(encoding="utf-8").splitlines()[1:]
    assert excerpt and "\n".join(excerpt) in markdown


# -- the conflict finder on constructed pairs of rules ------------------------------------------

BOUND_PAIR = """  - id: edp.1-21.test-{n}-first
    clause: edp.1-21
    quote: you warrant to us that you are at least 18 (eighteen) years of age
    topic: admission
    issue: age-check
    when: {{wants_to_play.age: {{{first}: 18}}}}
    then:
      outcome: may-not-play
      decision: First test rule.
  - id: edp.1-21.test-{n}-second
    clause: edp.1-21
    quote: you warrant to us that you are at least 18 (eighteen) years of age
    topic: admission
    issue: age-check
    when: {{wants_to_play.age: {{{second}: 18}}}}
    then:
      outcome: may-play
      decision: Second test rule.
"""
BOUNDS = [
    ("less_than", "at_least", None),      # under 18 / 18 or over: never both
    ("at_least", "less_than", None),      # the same, the other way round
    ("more_than", "at_most", None),       # over 18 / 18 or under
    ("at_most", "more_than", None),
    ("at_most", "at_least", 18),          # 18 or under / 18 or over: both at 18
    ("at_least", "at_most", 18),
    ("less_than", "at_most", 17),         # both below 18
    ("more_than", "at_least", 19),        # both above 18
]


@pytest.fixture(scope="module")
def bounds_scan(tmp_path_factory):
    """Every pair of BOUNDS in one copy of the knowledge, loaded and scanned once (each pair is
    looked up by its own two ids; the pairs are on one issue, so the finder also meets them across
    pairs, which the test does not read)."""
    import shutil
    from conftest import ROOT
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.report.conflicts import scan_conflicts
    copy = tmp_path_factory.mktemp("bounds") / "knowledge"
    shutil.copytree(ROOT / "knowledge", copy)
    (copy / "rules" / "edp" / "zz-bounds-test.yaml").write_text("club: edp\nrules:\n" + "".join(
        BOUND_PAIR.format(n=n, first=first, second=second) for n, (first, second, _) in enumerate(BOUNDS)),
        encoding="utf-8")
    return scan_conflicts(load_knowledge(copy), clubs=["edp"])


@pytest.mark.parametrize("n, first, second, meet_at", [(n, *bound) for n, bound in enumerate(BOUNDS)])
def test_the_conflict_finder_respects_strict_and_non_strict_bounds(bounds_scan, n, first, second, meet_at):
    ours = {f"edp.1-21.test-{n}-first", f"edp.1-21.test-{n}-second"}
    listed = [x for x in bounds_scan.conflicts if {x.first.id, x.second.id} == ours]
    if meet_at is None:
        assert listed == [] and not [x for x in bounds_scan.unconfirmed if {x.first.id, x.second.id} == ours]
    else:
        assert len(listed) == 1
        situation = listed[0].situation
        assert situation.facts["wants_to_play.age"] == meet_at
        assert situation.shared == ["wants_to_play.age"]     # two answers to one fact (the issue asks only that it is known)
        assert situation.ruling.basis == "conflict"      # the engine itself, run on the situation
        assert ours <= set(situation.ruling.rules_fired)


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


def test_compiled_templates_are_kept_only_where_the_package_is_the_users_own(tmp_path, monkeypatch):
    import sys
    from ruling_engine.report.build import _environment, template_bytecode

    def render(cache):
        env = _environment(False, cache=False)
        env.bytecode_cache = cache
        return env.get_template("report.md.j2")

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = tmp_path / "__pycache__"
    render(template_bytecode(folder))
    cached = list(folder.iterdir())
    assert len(cached) == 1 and cached[0].suffix == ".jinja"
    cached[0].write_bytes(b"j2 not a compiled template")             # a file that does not load:
    assert render(template_bytecode(folder)) is not None              # compiled again
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)                                                # others may write there: not used
    assert template_bytecode(shared) is None
    monkeypatch.setattr(sys, "dont_write_bytecode", True)             # PYTHONDONTWRITEBYTECODE: nothing written
    assert template_bytecode(tmp_path / "new") is None and not (tmp_path / "new").exists()
    other = tmp_path / "other"
    render(template_bytecode(other) or None)
    assert not other.exists()


def test_the_analysis_of_the_knowledge_base_is_kept_until_a_knowledge_file_changes(kb, tmp_path, monkeypatch):
    """The conflicts and the situations comparing clubs depend on the knowledge alone: kept in the
    cache like the checked knowledge base, read back equal, rebuilt after a change."""
    from ruling_engine.knowledge.cache import entry_path
    from ruling_engine.report.comparison import ANALYSIS, knowledge_analysis
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path / "cache"))
    assert not entry_path(ANALYSIS, [kb.root]).exists()
    built, constructed = knowledge_analysis(kb)
    assert entry_path(ANALYSIS, [kb.root]).exists()
    read, constructed_again = knowledge_analysis(kb)
    assert constructed_again == constructed
    assert [(x.first.id, x.second.id, x.situation.facts, x.situation.ruling.outcome) for x in read.conflicts] == \
           [(x.first.id, x.second.id, x.situation.facts, x.situation.ruling.outcome) for x in built.conflicts]
    rules = {id(r) for club in kb.clubs for r in kb.rules[club]}
    assert all(id(x.first) in rules and id(x.second) in rules for x in read.conflicts + read.resolved)
    (tmp_path / "cache" / entry_path(ANALYSIS, [kb.root]).name).write_text("{not json", encoding="utf-8")
    assert len(knowledge_analysis(kb)[0].conflicts) == len(built.conflicts)      # a broken entry: rebuilt


def test_a_case_is_ruled_again_only_when_it_or_the_knowledge_changed(kb, tmp_path, monkeypatch):
    """The cases' rulings are kept in the cache with the digest of each case file: an unchanged
    case is read back (the same rows), an edited one is ruled again, a broken entry is rebuilt."""
    import ruling_engine.report.comparison as comparison_module
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path / "cache"))
    cases = tmp_path / "cases"
    cases.mkdir()
    for name in ("premature-flop.yaml", "undercall-heads-up-turn.yaml"):
        shutil.copy(CASES / name, cases / name)
    ruled = []
    real = comparison_module.rule_incidents
    monkeypatch.setattr(comparison_module, "rule_incidents",
                        lambda kb_, incidents: ruled.extend(Path(i.file).name for i in incidents) or real(kb_, incidents))
    first = compare(kb, cases)
    assert sorted(ruled) == ["premature-flop.yaml", "undercall-heads-up-turn.yaml"]
    ruled.clear()
    again = compare(kb, cases)
    assert ruled == []
    assert [(r.file, r.title, [(l.issue, {c: x.outcome for c, x in l.rulings.items()}, l.vs, l.numbers, l.pot)
                               for l in r.lines], r.differing, r.silent_only) for r in again.cases] == \
           [(r.file, r.title, [(l.issue, {c: x.outcome for c, x in l.rulings.items()}, l.vs, l.numbers, l.pot)
                               for l in r.lines], r.differing, r.silent_only) for r in first.cases]
    data = yaml.safe_load((cases / "premature-flop.yaml").read_text(encoding="utf-8"))
    data["title"] = "Edited title"
    (cases / "premature-flop.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    edited = compare(kb, cases)
    assert ruled == ["premature-flop.yaml"]
    assert [r.title for r in edited.cases if r.file == "premature-flop.yaml"] == ["Edited title"]
    for entry in (tmp_path / "cache").glob("report-rows-*.json"):
        entry.write_text("{not json", encoding="utf-8")
    ruled.clear()
    assert len(compare(kb, cases).cases) == 2 and len(ruled) == 2
