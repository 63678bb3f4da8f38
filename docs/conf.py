"""Sphinx configuration for the briscola documentation.

Build with ``python -m sphinx -W -n -b html docs docs/_build/html`` and run
the documentation's doctests with ``python -m sphinx -W -n -b doctest docs
docs/_build/doctest``. Nothing here reaches the network: the links to
Python's and attrs' documentation (intersphinx) come from the inventories
kept in ``docs/_inv`` (see ``docs/_inv/generate.py``), so every
cross-reference resolves offline.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

from sphinx.ext import napoleon

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Our own small extensions: briscola_pictures draws tables at build time.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import briscola  # noqa: E402

project = "briscola"
author = "The briscola developers"
copyright = "the briscola developers; MIT licence"
release = briscola.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx_copybutton",
    "briscola_pictures",
]

exclude_patterns = ["_build", "_inv", "_ext"]
root_doc = "index"
language = "en"

html_theme = "furo"
html_title = f"briscola {release}"
html_static_path = ["_static"]
html_css_files = ["briscola.css"]

# -- links to Python and attrs, offline ----------------------------------------

# Each project's inventory is read from docs/_inv, never downloaded; the
# links still point at the projects' online documentation.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_inv/python.inv"),
    "attrs": ("https://www.attrs.org/en/stable", "_inv/attrs.inv"),
}

# -- the copy button ---------------------------------------------------------

# Copy code without its prompts: ">>> " and "... " of the examples, "$ " of
# shell lines; the output lines of an example are left out.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

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

# Python's and attrs' names resolve through intersphinx (above), the
# package's through the reference. Exempt: the optional environments'
# third-party types (PettingZoo, Gymnasium, NumPy, OpenSpiel), which no
# page here documents.
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "numpy.int64"),
    ("py:class", "concurrent.futures.Executor"),
    ("py:class", "concurrent.futures.ProcessPoolExecutor"),
    ("py:class", "concurrent.futures.Future"),
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.dtype"),
    ("py:class", "numpy.float32"),
    ("py:class", "numpy.bool"),
    # NumPy's ArrayLike and generator types, in briscola.vector's signatures.
    ("py:class", "numpy._typing._array_like._Buffer"),
    ("py:class", "numpy._typing._array_like._SupportsArray"),
    ("py:class", "numpy._typing._nested_sequence._NestedSequence"),
    ("py:class", "numpy.random._generator.Generator"),
    ("py:class", "numpy.random.bit_generator.SeedSequence"),
    # Gymnasium's autoreset modes, in briscola.vector.gymnasium's signatures.
    ("py:class", "gymnasium.vector.vector_env.AutoresetMode"),
    ("py:class", "AutoresetMode"),
    ("py:class", "numpy.float64"),
    ("py:class", "pyspiel.Game"),
    ("py:class", "pyspiel.State"),
    ("py:class", "pyspiel.Bot"),
    # Internal types that show in public signatures: the shared record of
    # a deal's fixed parts (GameState's constructor takes it) and the type
    # variable of loads' expected kind.
    ("py:class", "briscola._state.Setup"),
    ("py:class", "briscola._serial._Saved"),
    ("py:class", "briscola._serial._Action"),
    # What the OpenSpiel observer needs of a game and of a state.
    ("py:class", "briscola.openspiel._observer._Game"),
    ("py:class", "briscola.openspiel._observer._State"),
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
                "does not describe it: add it to docs/reference/briscola.rst",
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


# -- public classes, documented from their private modules --------------------


def _public_attribute_docs(app: Any) -> None:
    """Let autodoc find the attribute docstrings of the exported classes.

    ``briscola/__init__.py`` gives every exported class the module
    ``briscola`` (so that tracebacks and signatures read
    ``briscola.Card``), but autodoc looks for the docstrings written under
    a class's fields, and for their order, in the source of the class's
    ``__module__``: ``briscola/__init__.py``, which holds none. This copies
    them, their source order, and the overloads of the exported functions,
    from the private modules that define them into the analyzer of
    ``briscola``.
    """
    from sphinx.pycode import ModuleAnalyzer

    public = ModuleAnalyzer.for_module("briscola")
    public.analyze()
    exported = {
        name
        for name in briscola.__all__
        if isinstance(getattr(briscola, name), type)
        and getattr(briscola, name).__module__ == "briscola"
    }
    public_names = set(briscola.__all__)
    for module in sorted(m for m in sys.modules if m.startswith("briscola._")):
        private = ModuleAnalyzer.for_module(module)
        private.analyze()
        for (namespace, name), lines in private.attr_docs.items():
            if namespace.partition(".")[0] in exported:
                public.attr_docs.setdefault((namespace, name), lines)
        for (namespace, name), annotation in private.annotations.items():
            if namespace.partition(".")[0] in exported:
                public.annotations.setdefault((namespace, name), annotation)
        for qualname, signatures in private.overloads.items():
            if qualname.partition(".")[0] in public_names:
                public.overloads.setdefault(qualname, signatures)
        offset = len(public.tagorder)
        for qualname, order in private.tagorder.items():
            if qualname.partition(".")[0] in exported:
                public.tagorder.setdefault(qualname, offset + order)


def setup(app: Any) -> None:
    app.connect("builder-inited", _public_attribute_docs)
    app.connect("autodoc-process-docstring", _exported_data_docstrings, priority=100)
    # Swap napoleon's handler for the wrapper above. Should a later Sphinx
    # rename the handler, napoleon simply stays as it is.
    listeners = app.events.listeners["autodoc-process-docstring"]
    for listener in list(listeners):
        if listener.handler is getattr(napoleon, "_process_docstring", None):
            app.disconnect(listener.id)
            app.connect("autodoc-process-docstring", _napoleon_except_attributes)
    app.connect("env-check-consistency", _check_reference)
