"""Sphinx configuration for the briscola documentation.

Build with ``python -m sphinx -W -n -b html docs docs/_build/html`` and run
the documentation's doctests with ``python -m sphinx -W -n -b doctest docs
docs/_build/doctest``. Nothing here reaches the network: there is no
intersphinx mapping, so every cross-reference must resolve inside these
pages.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

from sphinx.ext import napoleon

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import briscola  # noqa: E402

project = "briscola"
author = "The briscola developers"
copyright = "the briscola developers; MIT licence"
release = briscola.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
]

exclude_patterns = ["_build"]
root_doc = "index"
language = "en"

html_theme = "alabaster"
html_title = f"briscola {release}"
html_theme_options = {
    "description": "A typed rules engine for Briscola and its regional family.",
    "fixed_sidebar": True,
}

# -- autodoc and napoleon ----------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# The pages' examples run under the doctest builder with the flags pytest
# uses for the docstrings (ELLIPSIS, NORMALIZE_WHITESPACE).
doctest_global_setup = """
import attrs
import briscola
"""
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)
# Only the ``.. doctest::`` blocks of these pages run here; the examples in
# the docstrings are pytest's (``--doctest-modules``), run in their modules'
# namespaces.
doctest_test_doctest_blocks = ""

# -- nitpicky mode -------------------------------------------------------------

nitpicky = True

# Names that appear in the signatures or docstrings of public objects but
# that no page here documents: Python's and attrs' own (intersphinx would
# resolve them, but it is off), and one private class of the package.
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:func", "attrs.evolve"),
    ("py:class", "random.Random"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "concurrent.futures.Executor"),
    ("py:class", "concurrent.futures.ProcessPoolExecutor"),
    ("py:class", "concurrent.futures.Future"),
    ("py:mod", "multiprocessing"),
    # The type of the public field ``GameState.setup``: a class of the
    # private module ``briscola._state`` that the package does not export.
    ("py:class", "briscola._state.Setup"),
]


# -- a guard: the reference must document every exported name --------------


def _check_reference(app: Any, env: Any) -> None:
    """Warn (an error under ``-W``) for each name of ``briscola.__all__``
    that no page documents, so a new export cannot go undocumented."""
    from sphinx.util import logging

    logger = logging.getLogger("briscola.docs")
    documented = set(env.domains["py"].objects)
    for name in briscola.__all__:
        if f"briscola.{name}" not in documented:
            logger.warning(
                "briscola.%s is exported by briscola.__all__ but the documentation "
                "does not describe it: add it to docs/reference.rst",
                name,
                location="reference",
            )


# -- attribute docstrings and napoleon -------------------------------------


def _napoleon_except_attributes(
    app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Napoleon's docstring processing, except for attribute, data and
    property docstrings.

    Napoleon reads the first line ``text: more`` of such a docstring as
    ``type: description``, so "Display only: whether ..." would become a
    reference to a type named "Display only". The package's attribute
    docstrings are plain prose (their types come from the annotations), so
    they are left to reStructuredText.
    """
    if what not in ("attribute", "data", "property"):
        napoleon._process_docstring(app, what, name, obj, options, lines)


def _module_data_docstring(name: str, obj: object) -> list[str] | None:
    """The docstring written under ``name`` in the private module that
    defines it (and holds ``obj`` under that name).

    The package's ``__init__`` only re-exports, so autodoc, looking for the
    docstring of ``briscola.FULL_PACK`` there, would find nothing and fall
    back to the value's class (``tuple``) docstring.
    """
    from sphinx.pycode import ModuleAnalyzer

    short = name.rpartition(".")[2]
    for module in sorted(m for m in sys.modules if m.startswith("briscola._")):
        if getattr(sys.modules[module], short, None) is not obj:
            continue
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
        if ("", short) in docs:
            return list(docs[("", short)])
    return None


def _exported_data_docstrings(
    app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give the data that ``briscola`` re-exports their own docstrings."""
    if what == "data" and name.startswith("briscola.") and name.count(".") == 1:
        found = _module_data_docstring(name, obj)
        if found is not None:
            lines[:] = found


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _exported_data_docstrings, priority=100)
    # Swap napoleon's handler for the wrapper above. Should a later Sphinx
    # rename the handler, napoleon simply stays as it is.
    listeners = app.events.listeners["autodoc-process-docstring"]
    for listener in list(listeners):
        if listener.handler is getattr(napoleon, "_process_docstring", None):
            app.disconnect(listener.id)
            app.connect("autodoc-process-docstring", _napoleon_except_attributes)
    app.connect("env-check-consistency", _check_reference)
