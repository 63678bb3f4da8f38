"""The pictures of a deal, an observation and a match: ``str()`` prints
the text table (:func:`~briscola.text`), ``repr()`` a one-line summary,
and Jupyter shows the SVG picture (:func:`briscola.svg.table`) through
``_repr_svg_``, with the summary and a table through ``_repr_html_``."""

from __future__ import annotations

from typing import cast

__all__ = ["Drawn"]


class Drawn:
    """The base of :class:`~briscola.GameState`,
    :class:`~briscola.Observation` and :class:`~briscola.MatchState`: their
    pictures. The picture modules import the engine, so they are imported
    here only when a picture is asked for.

    >>> import briscola
    >>> state = briscola.new_game(briscola.preset("italian-2p"), seed=5)
    >>> str(state) == briscola.text(state)
    True
    >>> state._repr_svg_().startswith("<svg")
    True
    >>> state
    <GameState italian-2p: trick 1 of 20, seat 0 to move, points 0-0>
    """

    __slots__ = ()

    def __str__(self) -> str:
        from ._picture import Drawable
        from ._text import text

        return text(cast(Drawable, self))

    def __repr__(self) -> str:
        from ._picture import Drawable
        from ._repr import drawn_repr

        return drawn_repr(cast(Drawable, self))

    def _repr_html_(self) -> str:
        from ._picture import Drawable
        from ._repr import drawn_html

        return drawn_html(cast(Drawable, self))

    def _repr_svg_(self) -> str:
        from ._picture import Drawable
        from .svg import table

        return table(cast(Drawable, self))
