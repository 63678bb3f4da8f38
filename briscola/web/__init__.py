"""A table in the browser, and a reference game server: ``briscola serve``.

Needs the ``web`` extra (``pip install 'briscola[web]'``: Starlette and
Uvicorn). The server keeps every table's state; each seat's connection
is sent only what that seat may see (:func:`briscola.observe`) and its
legal actions, and acts only for its seat. Tables are kept in SQLite, so
a server killed and started again resumes them. See the web guide for
the page, the invitations and the message protocol.

>>> from briscola.web import Settings, create_app
>>> app = create_app(Settings(database=":memory:"))
>>> type(app).__name__
'Starlette'
"""

from ._app import Settings, create_app
from ._safety import HostPolicy
from ._serve import serve
from ._store import default_path

__all__ = ["Settings", "HostPolicy", "create_app", "serve", "default_path"]
