"""Write the intersphinx inventories kept in this folder, without a network.

The documentation links to Python's and attrs' own documentation through
intersphinx, but the build must work offline (here and in CI), so it reads
these two inventories instead of downloading the projects' ``objects.inv``:

- ``python.inv``: the modules the documentation and the docstrings refer to
  (``collections.abc``, ``random``, ``typing``, ``enum``, ``json``,
  ``concurrent.futures``, ...) with their public classes, functions and
  exceptions, plus the built-in types, functions, exceptions and constants.
- ``attrs.inv``: the public names of the installed ``attrs`` package.

Both are built by introspecting the installed Python and attrs, and each
name is mapped to the page and anchor under which those projects document
it (Python: ``library/MODULE.html#MODULE.NAME``, with the built-ins on their
own pages; attrs: ``api.html#attrs.NAME``). The inventories are therefore
only as complete as these rules: a name missing here stays unresolved and
the nitpicky build (``-n``) reports it, rather than linking somewhere wrong.

Regenerate them with ``python docs/_inv/generate.py`` after adding a module
to :data:`PYTHON_MODULES`.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs

HERE = Path(__file__).resolve().parent

PYTHON_MODULES = (
    "abc",
    "argparse",
    "collections",
    "collections.abc",
    "concurrent.futures",
    "contextlib",
    "copy",
    "enum",
    "functools",
    "io",
    "itertools",
    "json",
    "math",
    "os",
    "pathlib",
    "pickle",
    "random",
    "statistics",
    "sys",
    "time",
    "types",
    "typing",
)
"""The standard modules whose names the documentation may link to."""

# The built-in types Python documents with the other built-in functions;
# the rest of the built-in types are on the "Built-in Types" page.
_TYPES_IN_FUNCTIONS = {"bool", "complex", "float", "int", "object", "type", "property"}
_TYPES_IN_FUNCTIONS |= {"classmethod", "staticmethod", "enumerate", "filter", "map"}
_TYPES_IN_FUNCTIONS |= {"reversed", "slice", "super", "zip"}

Entry = tuple[str, str, str, str]
"""An inventory line: name, ``domain:role``, URI, display name (``-`` for
the name itself)."""


def _public(module: object) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in vars(module) if not name.startswith("_")]
    return sorted(str(name) for name in names)


def _role(value: object) -> str | None:
    if inspect.isclass(value):
        return "py:exception" if issubclass(value, BaseException) else "py:class"
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return "py:function"
    return None


def python_entries() -> Iterator[Entry]:
    """Python's built-ins and the public names of :data:`PYTHON_MODULES`."""
    for name in _public(builtins):
        value = getattr(builtins, name)
        role = _role(value)
        if role == "py:exception":
            yield name, role, "library/exceptions.html#$", "-"
        elif role == "py:class":
            page = "functions" if name in _TYPES_IN_FUNCTIONS else "stdtypes"
            yield name, role, f"library/{page}.html#$", "-"
        elif role == "py:function":
            yield name, role, "library/functions.html#$", "-"
    for constant in ("None", "True", "False", "NotImplemented", "Ellipsis"):
        yield constant, "py:data", "library/constants.html#$", "-"
    for module_name in PYTHON_MODULES:
        module = importlib.import_module(module_name)
        page = f"library/{module_name}.html"
        yield module_name, "py:module", f"{page}#module-$", "-"
        for name in _public(module):
            value = getattr(module, name, None)
            role = _role(value)
            if role is None:
                continue
            # Skip names a module merely imports from another one; keep
            # those its C accelerator (``_io`` for ``io``) defines.
            home = str(getattr(value, "__module__", None) or "")
            homes = (module_name, "_" + module_name.replace(".", "_"), "_" + module_name)
            if home not in homes and not home.startswith(module_name + "."):
                continue
            yield f"{module_name}.{name}", role, f"{page}#$", "-"


def attrs_entries() -> Iterator[Entry]:
    """The public names of the installed attrs, on its API page."""
    yield "attrs", "py:module", "api.html#module-$", "-"
    for name in _public(attrs):
        if name.startswith("__"):
            continue
        value = getattr(attrs, name)
        role = _role(value)
        if inspect.ismodule(value):
            yield f"attrs.{name}", "py:module", "api.html#module-$", "-"
        elif role is not None:
            yield f"attrs.{name}", role, "api.html#$", "-"
        elif callable(value):  # frozen and mutable are partials of define
            yield f"attrs.{name}", "py:function", "api.html#$", "-"
        elif name == "NOTHING":
            yield f"attrs.{name}", "py:data", "api.html#$", "-"


def write(path: Path, project: str, version: str, entries: Iterable[Entry]) -> int:
    """Write ``entries`` as a version 2 Sphinx inventory; the count."""
    unique = sorted(set(entries))
    body = "".join(
        f"{name} {role} 1 {uri} {display}\n" for name, role, uri, display in unique
    ).encode()
    header = (
        "# Sphinx inventory version 2\n"
        f"# Project: {project}\n"
        f"# Version: {version}\n"
        "# The remainder of this file is compressed using zlib.\n"
    ).encode()
    path.write_bytes(header + zlib.compress(body, 9))
    return len(unique)


def main() -> None:
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    count = write(HERE / "python.inv", "Python", python, python_entries())
    print(f"python.inv: {count} names (Python {python})")
    count = write(HERE / "attrs.inv", "attrs", attrs.__version__, attrs_entries())
    print(f"attrs.inv: {count} names (attrs {attrs.__version__})")


if __name__ == "__main__":
    main()
