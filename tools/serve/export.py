"""``gb16 serve --export DIR``: the referee's page as a static folder, the reference running in
the browser (Pyodide), for any static host under any path prefix and offline after the first visit.

    DIR/index.html              the page of gb16 serve, with the runtime's scripts and a web manifest
    DIR/static/…                its script, style sheet and tile pictures (the server's own files)
    DIR/static/offline.js       the page's questions answered by gb16.tools.serve.api under Pyodide
    DIR/gb16.zip                the Python the answers need: gb16's reference, corpus data, the
                                documents it quotes, the page's view (tools/referee/referee_view.py and
                                what it imports), and tabulate and wcwidth
    DIR/pyodide/…               the Pyodide runtime, copied from the pinned npm package
                                (package.json, package-lock.json: ``npm ci``) or --pyodide DIR
    DIR/sw.js                   the service worker: every file above cached on the first visit
    DIR/manifest.webmanifest    what makes the page installable
    DIR/gb16-export.json        what was exported: gb16's and Pyodide's versions, the files and their hashes

Every address in the folder is relative, so it works under any path; nothing is fetched from
another host.  The page asks the same functions the server's JSON API calls
(:data:`gb16.tools.serve.api.ENDPOINTS`), so its answers are the server's, byte for byte.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

import gb16

STATIC = Path(__file__).resolve().parent / "static"

#: The files of the Pyodide runtime the page loads (the rest of its npm package is not needed).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")

#: The Pyodide release package.json pins (the exported page is tested with it).
PINNED_PYODIDE = "0.29.5"

#: gb16's packages shipped whole (their modules and data files), then single modules, then the
#: third-party packages they import (pure Python).  tests/test_serve_export.py runs the page on
#: them in a browser: a missing module fails there.
PACKAGES = ("gb16", "gb16.docs", "gb16.reference", "gb16.reference.fans", "gb16.corpus")
DATA_FILES = {"gb16.docs": ("*.md",), "gb16.corpus": ("fans.json", "clauses.json", "editions.json")}
MODULES = ("gb16.tools", "gb16.tools.referee", "gb16.tools.referee.referee_view", "gb16.tools.referee.disputes",
           "gb16.tools.referee.explain_text", "gb16.tools.referee.markdown_blocks", "gb16.tools.serve",
           "gb16.tools.serve.api")
THIRD_PARTY = ("tabulate", "wcwidth")

MARKER = "gb16-export.json"
_ZIP_TIME = (2020, 1, 1, 0, 0, 0)


class ExportError(Exception):
    """The export cannot be made (a missing runtime, a folder that is not ours): says what to do."""


@dataclass(frozen=True)
class Exported:
    folder: Path
    files: int
    size: int          # bytes, every file
    pyodide_version: str


def find_pyodide(given: Path | None) -> Path:
    """The Pyodide runtime folder: ``given`` (--pyodide), else ``node_modules/pyodide`` of the
    current folder or of the source tree gb16 runs from (``npm ci`` installs it there)."""
    candidates = [given] if given else [Path.cwd() / "node_modules" / "pyodide",
                                        Path(gb16.__file__).resolve().parent.parent / "node_modules" / "pyodide"]
    for folder in candidates:
        if folder and all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    if given:
        missing = [name for name in PYODIDE_FILES if not (given / name).is_file()]
        raise ExportError(f"--pyodide {given}: not a Pyodide runtime folder (missing {', '.join(missing)})")
    raise ExportError("no Pyodide runtime: run `npm ci` in gb16's source tree (package.json pins pyodide "
                      f"{PINNED_PYODIDE}) or give --pyodide DIR (a folder with {', '.join(PYODIDE_FILES)})")


def _folder_of(package: str) -> Path:
    return Path(importlib.import_module(package).__file__).resolve().parent


def python_files() -> dict[str, bytes]:
    """The archive's files: path inside the archive (``gb16/reference/score.py``) → bytes."""
    files: dict[str, bytes] = {}
    for package in PACKAGES:
        folder, prefix = _folder_of(package), package.replace(".", "/")
        for pattern in ("*.py", *DATA_FILES.get(package, ())):
            for path in sorted(folder.glob(pattern)):
                files[f"{prefix}/{path.name}"] = path.read_bytes()
    for module in MODULES:
        path = Path(importlib.import_module(module).__file__).resolve()
        files[module.replace(".", "/") + ("/__init__.py" if path.name == "__init__.py" else ".py")] = path.read_bytes()
    for package in THIRD_PARTY:
        path = Path(importlib.import_module(package).__file__).resolve()
        if path.name != "__init__.py":
            files[path.name] = path.read_bytes()
            continue
        for source in sorted(path.parent.rglob("*.py")):
            files[f"{package}/{source.relative_to(path.parent).as_posix()}"] = source.read_bytes()
    return files


def write_zip(path: Path, files: dict[str, bytes]) -> None:
    """A reproducible zip: sorted names, one fixed time stamp."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])


#: What the exported page adds to the server's index.html, where it marks ``<!-- export -->``:
#: the backend (offline.js answers instead of the server), the runtime, the manifest, and a
#: Content-Security-Policy (a static host sends none): the folder's own files only, and
#: WebAssembly compiled from them.
EXPORT_HEAD = """<meta name="gb16-backend" content="pyodide">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
img-src 'self'; style-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; \
form-action 'self'">
<link rel="manifest" href="manifest.webmanifest">
<meta name="theme-color" content="#1d4f91">
<script src="pyodide/pyodide.js" defer></script>
<script src="static/offline.js" defer></script>"""

MANIFEST = {
    "name": "国标十六张 计番 · gb16 referee's scorer",
    "short_name": "gb16 计番",
    "description": "The reference scorer of 国标十六张 and MCR: tap a hand, see every fan's clause, the 不计 "
                   "list and the disputes — offline",
    "lang": "zh-Hans",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#fffdf8",
    "theme_color": "#1d4f91",
    "icons": [{"src": "static/tiles/5z.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
}


def _page(version: str) -> str:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    if "<!-- export -->" not in html:  # pragma: no cover - the page's own file
        raise AssertionError("static/index.html lacks its <!-- export --> mark")
    return html.replace("<!-- export -->", EXPORT_HEAD)


def export(folder: Path, pyodide: Path | None = None) -> Exported:
    """Write the static page into ``folder`` (made if missing; a folder of an earlier export is
    replaced; any other non-empty folder is refused)."""
    runtime = find_pyodide(pyodide)
    pyodide_version = json.loads((runtime / "package.json").read_text(encoding="utf-8")).get("version", "?")
    if folder.exists():
        if not folder.is_dir():
            raise ExportError(f"--export {folder}: not a folder")
        if any(folder.iterdir()) and not (folder / MARKER).is_file():
            raise ExportError(f"--export {folder}: the folder is not empty and is not an earlier export "
                              f"(it has no {MARKER}); give an empty or new folder")
        shutil.rmtree(folder)
    folder.mkdir(parents=True)

    shutil.copytree(STATIC, folder / "static", ignore=shutil.ignore_patterns("index.html", "sw.js"))
    (folder / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(runtime / name, folder / "pyodide" / name)
    write_zip(folder / "gb16.zip", python_files())
    (folder / "index.html").write_text(_page(gb16.__version__), encoding="utf-8")
    (folder / "manifest.webmanifest").write_text(json.dumps(MANIFEST, ensure_ascii=False, indent=1) + "\n",
                                                 encoding="utf-8")

    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    hashes = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in files}
    cache = "gb16-" + hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    precache = ["./"] + [name for name in files if name != "index.html"]
    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace('"__CACHE__"', json.dumps(cache)).replace('["__FILES__"]', json.dumps(precache))
    (folder / "sw.js").write_text(worker, encoding="utf-8")
    record = {"gb16": gb16.__version__, "pyodide": pyodide_version, "cache": cache, "files": hashes}
    (folder / MARKER).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    paths = [p for p in folder.rglob("*") if p.is_file()]
    return Exported(folder, len(paths), sum(p.stat().st_size for p in paths), pyodide_version)
