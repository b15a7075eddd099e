"""The files a game's test runner reads besides the tests, and which of them a patch touches.

The regression gate runs the game's own tests as the base commit runs them. A patch could make a broken game
pass without touching a test: a new `unittest.py` that exits 0, a `conftest.py` that drops every test, runner
settings (`addopts = --collect-only`), a `sitecustomize.py` or `.pth` that ends the interpreter, a
`node_modules` package in place of the one a test requires, a `.gitattributes` that keeps the tests out of
the build, a Dockerfile or requirements file that changes the environment the tests run in. The repair
pipeline rejects such a patch as a protected-path edit, naming the file and why.

`RUNNER_FILES` is the one list. A pattern without `/` matches a file name in any folder; one with a leading
`/` is anchored at the repository's root; one ending in `/` matches a folder (and everything below it) in any
folder. Two entries are not globs: `<requirements>` stands for the files the manifest's `requirements` and
`test_requirements` name, and `<shadow>` for a module the patch adds that the interpreter would import in
place of a standard, test-runner or installed third-party module (a game's dependencies among them). A
shadow is judged against the base commit: a module the game already had is its own source, and one inside a
folder that was a package (`castle/types.py` is `castle.types`) shadows nothing.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from fnmatch import fnmatchcase

from loop.contract.game import Manifest


@dataclass(frozen=True)
class RunnerFile:
    pattern: str
    why: str


REQUIREMENTS = "<requirements>"
SHADOW = "<shadow>"

RUNNER_FILES: tuple[RunnerFile, ...] = (
    RunnerFile(SHADOW, "imported in place of the standard or test-runner module of that name"),
    RunnerFile("conftest.py", "pytest runs it before the tests"),
    RunnerFile("pytest.ini", "pytest's settings"),
    RunnerFile(".pytest.ini", "pytest's settings"),
    RunnerFile("pytest.toml", "pytest's settings"),
    RunnerFile(".pytest.toml", "pytest's settings"),
    RunnerFile("pyproject.toml", "pytest's settings ([tool.pytest]) and the package's build"),
    RunnerFile("setup.cfg", "pytest's settings ([tool:pytest]) and the package's build"),
    RunnerFile("tox.ini", "pytest's and tox's settings"),
    RunnerFile("setup.py", "the package's build, run by an install of the repository"),
    RunnerFile("noxfile.py", "nox runs it"),
    RunnerFile("sitecustomize.py", "every Python interpreter imports it at start-up"),
    RunnerFile("usercustomize.py", "every Python interpreter imports it at start-up"),
    RunnerFile("*.pth", "site runs its import lines at start-up"),
    RunnerFile("node_modules/", "node resolves packages there first"),
    RunnerFile("package.json", "npm's test script and node's module settings"),
    RunnerFile("package-lock.json", "what npm installs"),
    RunnerFile(".npmrc", "npm's settings"),
    RunnerFile("jest.config.*", "jest's settings"),
    RunnerFile("vitest.config.*", "vitest's settings"),
    RunnerFile(".mocharc*", "mocha's settings"),
    RunnerFile("/Makefile", "make's test target"),
    RunnerFile("/Dockerfile", "builds the image the tests run in"),
    RunnerFile(".dockerignore", "what enters the image the tests run in"),
    RunnerFile(".gitattributes", "export-ignore keeps files out of the build the tests run in"),
    RunnerFile(REQUIREMENTS, "installed into the environment the tests run in"),
)

# Test runners' own top-level modules, beside the standard library's.
RUNNER_MODULES = frozenset({"pytest", "_pytest", "pluggy", "py", "iniconfig", "unittest2", "nose", "nose2"})
MODULE_SUFFIXES = (".py", ".pyc", ".pyw", ".so", ".pyd")


def _matches(path: str, pattern: str) -> bool:
    parts = path.split("/")
    if pattern.endswith("/"):
        return pattern[:-1] in parts
    if pattern.startswith("/"):
        return fnmatchcase(path, pattern[1:])
    return fnmatchcase(parts[-1], pattern)


def _module(path: str) -> tuple[str, str] | None:
    """(folder, top-level module name) a path would be imported as from its folder, or None."""
    folder, _, name = path.rpartition("/")
    if name.startswith("__init__.") and name.endswith(MODULE_SUFFIXES) and folder:
        folder, _, package = folder.rpartition("/")
        return folder, package
    if name.endswith(MODULE_SUFFIXES):
        return folder, name.split(".", 1)[0]
    return None


def _shadows(path: str, base_paths: frozenset[str]) -> bool:
    """A new module imported in place of a standard or test-runner module: its folder is the root (always on
    the path of a test command run there) or a folder that was no package at the base commit."""
    if path in base_paths:
        return False
    module = _module(path)
    if module is None:
        return False
    folder, name = module
    if folder and any(f"{folder}/__init__.{ext}" in base_paths for ext in ("py", "pyc")):
        return False
    return name in sys.stdlib_module_names or name in RUNNER_MODULES or _installed(name)


def _installed(name: str) -> bool:
    """A third-party module of that name is installed here (`flask`, `werkzeug`, ...): a new `flask/` at the
    root would be imported in its place by the game's tests, as a test runner's would."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def runner_file(path: str, base_paths: frozenset[str], manifest: Manifest) -> RunnerFile | None:
    """The entry of `RUNNER_FILES` that `path` (changed, added, removed or renamed by a patch) falls under."""
    requirements = {name.strip("/") for name in (manifest.requirements, manifest.test_requirements) if name}
    for entry in RUNNER_FILES:
        if entry.pattern == SHADOW:
            hit = _shadows(path, base_paths)
        elif entry.pattern == REQUIREMENTS:
            hit = path in requirements
        else:
            hit = _matches(path, entry.pattern)
        if hit:
            return entry
    return None


def runner_files_touched(paths: list[str], base_paths: frozenset[str], manifest: Manifest) -> list[str]:
    """`path (why)` for every touched path the test runner reads; empty when the patch leaves them alone."""
    touched = []
    for path in paths:
        entry = runner_file(path, base_paths, manifest)
        if entry is None:
            continue
        module = _module(path) if entry.pattern == SHADOW else None
        why = f"imported in place of the module `{module[1]}`" if module else entry.why
        touched.append(f"{path} ({why})")
    return touched
