"""floorcall installed as a user installs it: the wheel of `python -m build` in a fresh venv, run
from another folder, with the knowledge base and the example cases inside the package.

The fresh venv gets its dependencies with `pip install --no-index --find-links WHEELHOUSE`, so
it works offline once the wheelhouse holds them; the first run fills it with `pip wheel` (from
pip's own cache where it can). WHEELHOUSE is $FLOORCALL_TEST_WHEELHOUSE, or
~/.cache/floorcall-tests/wheelhouse.
"""
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

CASE = "undercall-heads-up-turn.yaml"


def _data_files(folder: str) -> set:
    """Every file of a top-level data folder of the checkout, relative to the checkout."""
    return {str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def _run(*args, **kw):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kw)
    assert result.returncode == 0, f"{args}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def _clean_env(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FLOORCALL_KNOWLEDGE", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["FLOORCALL_CACHE"] = str(tmp / "cache")
    return env


def _source_snapshot(target: Path) -> Path:
    """The checkout's source tree as it is now, copied for the build: the suite's other workers
    run commands in the checkout meanwhile, and a temporary file one of them writes and removes
    between the build's listing and its copying stopped the sdist ("No such file or directory").
    What is not source (.git, .venv, caches, test artefacts, the editable install's egg-info) is
    left out; a file that vanishes while it is copied was such a temporary file."""
    skip = {".git", ".venv", ".pytest_cache", ".hypothesis", "__pycache__", "test-artefacts", "build", "dist"}
    for folder, folders, files in os.walk(ROOT):
        here = Path(folder)
        folders[:] = [f for f in folders if f not in skip and not f.endswith(".egg-info")
                      and (here / f) != ROOT / "tests" / "artifacts"]
        for name in files:
            path = here / name
            if name.startswith(".floorcall-") or not path.is_file():
                continue
            destination = target / path.relative_to(ROOT)
            destination.parent.mkdir(parents=True, exist_ok=True)
            try:
                destination.write_bytes(path.read_bytes())
            except FileNotFoundError:
                continue
    return target


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel `python -m build` makes (the wheel built from the sdist), from the
    checkout's source as it stands."""
    out = tmp_path_factory.mktemp("dist")
    source = _source_snapshot(tmp_path_factory.mktemp("source") / "floorcall")
    _run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, source, cwd=out)
    wheel, = out.glob("floorcall-*.whl")
    sdist, = out.glob("floorcall-*.tar.gz")
    return wheel, sdist


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """A fresh venv with the wheel installed (not editable); its bin folder."""
    wheel, _ = built
    tmp = tmp_path_factory.mktemp("venv")
    venv = tmp / "venv"
    _run(sys.executable, "-m", "venv", venv)
    pip = venv / "bin" / "pip"
    house = Path(os.environ.get("FLOORCALL_TEST_WHEELHOUSE")
                 or Path.home() / ".cache" / "floorcall-tests" / "wheelhouse")
    house.mkdir(parents=True, exist_ok=True)
    offline = [pip, "install", "-q", "--no-index", "--find-links", house, wheel]
    if subprocess.run([str(a) for a in offline], capture_output=True, text=True, timeout=600).returncode:
        # the wheelhouse lacks a dependency: fetch them once (pip's cache first), then offline again
        _run(pip, "wheel", "-q", "--wheel-dir", house, wheel)
        for stale in house.glob("floorcall-*.whl"):     # only dependencies stay in the wheelhouse
            stale.unlink()
        _run(*offline)
    return venv / "bin"


def test_the_wheel_and_the_sdist_carry_every_knowledge_file_and_case(built):
    wheel, sdist = built
    wanted = _data_files("knowledge") | _data_files("cases")
    assert len(wanted) > 300
    in_wheel = {name.removeprefix("ruling_engine/bundled/") for name in zipfile.ZipFile(wheel).namelist()}
    assert wanted <= in_wheel, sorted(wanted - in_wheel)[:5]
    with tarfile.open(sdist) as tar:
        in_sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert wanted <= in_sdist, sorted(wanted - in_sdist)[:5]
    assert "cli.py" in in_wheel and "ruling_engine/render/templates/ruling.md.j2" in in_wheel
    assert {"ruling_engine/serve/templates/question.html", "ruling_engine/serve/static/app.css",
            "ruling_engine/serve/static/app.js"} <= in_wheel          # floorcall serve's pages and assets


def test_rule_on_from_the_wheel_works_from_any_folder(installed, tmp_path):
    bundled_case = _run(installed / "python", "-c", "from ruling_engine.locations import cases_dir; print(cases_dir())",
                        cwd=tmp_path, env=_clean_env(tmp_path)).stdout.strip() + "/" + CASE
    assert "site-packages" in bundled_case and bundled_case.endswith(CASE)
    result = subprocess.run([str(installed / "rule-on"), bundled_case], capture_output=True, text=True,
                            cwd=tmp_path, env=_clean_env(tmp_path), timeout=60)
    assert result.returncode == 0, result.stderr
    assert "RULING (edp): The undercall is a mandatory full call" in result.stdout
    assert "Seat 7 adds £5 to the £10 already out" in result.stdout
    assert "Precedents: undercall-" in result.stdout           # the bundled cases are found
    assert ROOT.as_posix() not in result.stdout + result.stderr  # nothing read from the checkout


def test_the_installed_knowledge_base_passes_its_check_and_reports_its_version(installed, tmp_path):
    env = _clean_env(tmp_path)
    check = subprocess.run([str(installed / "floorcall"), "check"], capture_output=True, text=True,
                           cwd=tmp_path, env=env, timeout=120)
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith("knowledge ok: 4 clubs")
    version = subprocess.run([str(installed / "rule-on"), "--version"], capture_output=True, text=True,
                             cwd=tmp_path, env=env, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("floorcall 0.1.0")
    assert "site-packages/ruling_engine/bundled/knowledge" in version.stdout
    cases = subprocess.run([str(installed / "floorcall"), "cases", "undercall-heads-up"], capture_output=True,
                           text=True, cwd=tmp_path, env=env, timeout=60)
    assert cases.stdout.startswith(version.stdout.split("knowledge: ")[1].strip().removesuffix("knowledge") + "cases/")


def test_a_missing_installed_knowledge_base_blames_the_installation_not_the_incident(installed, tmp_path):
    python = installed / "python"
    knowledge = Path(_run(python, "-c", "from ruling_engine.locations import default_knowledge_root as d; print(d())",
                          cwd=tmp_path).stdout.strip())
    incident = tmp_path / "incident.yaml"
    incident.write_text((knowledge.parent / "cases" / CASE).read_text(encoding="utf-8"), encoding="utf-8")
    knowledge.rename(knowledge.with_name("moved-away"))
    try:
        result = subprocess.run([str(installed / "rule-on"), str(incident)], capture_output=True, text=True,
                                cwd=tmp_path, env=_clean_env(tmp_path), timeout=60)
    finally:
        knowledge.with_name("moved-away").rename(knowledge)
    assert result.returncode == 2
    assert result.stderr.startswith("error: floorcall installation: expected the knowledge base")
    assert "reinstall floorcall" in result.stderr
    assert "incident.yaml" not in result.stderr and "check the path" not in result.stderr
    assert "Traceback" not in result.stderr


def test_a_wrong_floorcall_knowledge_names_the_setting(tmp_path):
    env = {**os.environ, "FLOORCALL_KNOWLEDGE": str(tmp_path / "nowhere")}
    result = run_cli("rule-on", f"cases/{CASE}", env=env)
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: FLOORCALL_KNOWLEDGE={tmp_path / 'nowhere'}: expected a floorcall knowledge folder")
    assert "unset it" in result.stderr and "check the path" not in result.stderr


def test_the_cases_go_with_the_knowledge_base_in_use(tmp_path, knowledge_copy):
    """FLOORCALL_KNOWLEDGE's cases are the cases/ beside it: none here, so no precedent and no
    case in the report comes from the checkout's cases/."""
    env = {**os.environ, "FLOORCALL_KNOWLEDGE": str(knowledge_copy), "FLOORCALL_CACHE": str(tmp_path / "cache")}
    ruled = run_cli("rule-on", f"cases/{CASE}", env=env)
    assert ruled.returncode == 0, ruled.stderr
    assert "RULING (edp)" in ruled.stdout and "Precedents:" not in ruled.stdout
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "only-one.yaml").write_text((ROOT / "cases" / CASE).read_text(encoding="utf-8"),
                                                      encoding="utf-8")
    report = run_cli("floorcall", "report", "--format", "markdown", env=env)
    assert report.returncode == 0, report.stderr
    assert "cases/ (1 incidents)" in report.stdout and "only-one.yaml" in report.stdout


def test_every_package_of_ruling_engine_is_in_the_wheel():
    """A new subpackage left out of pyproject.toml's list installs from a checkout but not from the
    wheel (ruling_engine.corrected was, once): every folder with an __init__.py is listed."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "ruling_engine").rglob("__init__.py")
             if "bundled" not in p.parts}
    assert found <= listed, sorted(found - listed)
