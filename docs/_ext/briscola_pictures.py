"""A Sphinx directive that draws a table with :func:`briscola.svg.table`
while the documentation builds, so every picture in these pages comes
from a real state.

.. code-block:: rst

   .. briscola-table::
      :seat: 0
      :caption: The deal as seat 0 sees it.

      state = briscola.new_game(briscola.preset("italian-2p"), seed=1)

The body is Python run with ``briscola`` imported; it must leave the deal,
match or observation to draw in ``state``. Options: ``seat``, ``size``
(width in pixels, 640 by default), ``language``, ``faces`` (as for
:func:`briscola.svg.table`) and ``caption``. The picture goes inline into
HTML pages (other builders skip it), with the caption below it.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.util import logging

import briscola
import briscola.svg

logger = logging.getLogger(__name__)


class TableDirective(Directive):
    has_content = True
    option_spec = {
        "seat": directives.nonnegative_int,
        "size": directives.positive_int,
        "language": directives.unchanged,
        "faces": directives.unchanged,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        namespace: dict[str, Any] = {"briscola": briscola}
        source = "\n".join(self.content)
        try:
            exec(
                compile(source, f"<briscola-table in {self.state.document['source']}>", "exec"),
                namespace,
            )
            state = namespace["state"]
            options: dict[str, Any] = {"size": self.options.get("size", 640)}
            for key in ("language", "faces"):
                if key in self.options:
                    options[key] = self.options[key]
            picture = briscola.svg.table(state, seat=self.options.get("seat"), **options)
        except Exception as error:  # reported as a build warning (an error under -W)
            raise self.error(f"briscola-table: the code failed: {error!r}") from error
        figure = nodes.container(classes=["briscola-table"])
        figure += nodes.raw("", picture, format="html")
        caption = self.options.get("caption")
        if caption:
            text_nodes, messages = self.state.inline_text(caption, self.lineno)
            paragraph = nodes.paragraph("", "", *text_nodes, classes=["briscola-caption"])
            figure += paragraph
            figure += messages
        return [figure]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("briscola-table", TableDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
