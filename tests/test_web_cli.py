"""``briscola serve`` without the web extra, and the core command line's
independence from it (the command-line guide, "serve")."""

from __future__ import annotations

import subprocess
import sys

import pytest

from briscola.cli import main


def test_the_command_line_does_not_import_the_web_extra() -> None:
    """Command-line guide, "serve": the core command line never imports
    Starlette or Uvicorn; only ``briscola serve`` does."""
    code = (
        "import sys, briscola, briscola.cli\n"
        "briscola.cli.main(['rules'])\n"
        "assert not {'starlette', 'uvicorn', 'briscola.web'} & set(sys.modules), sorted(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_serve_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Command-line guide, "serve": without the web extra, ``briscola
    serve`` says to install ``briscola[web]`` and exits with status 1."""
    for name in list(sys.modules):
        if name.startswith(("starlette", "uvicorn", "briscola.web")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 1
    error = capsys.readouterr().err
    assert "pip install 'briscola[web]'" in error


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    """Command-line guide, "serve": the port is from 0 to 65535."""
    pytest.importorskip("starlette")
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err
