"""The package version, in one place: read by ``gb16`` (``gb16.__version__``), by the corpus
(its version when it carries no VERSION file) and by the build (pyproject.toml)."""

__version__ = "0.1.0"
