"""The package's version, read by the packaging and by ``briscola --version``."""

__version__ = "0.2.0"
