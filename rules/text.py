"""Player-facing texts every game builds: :class:`Msg` and its makers :func:`T`, :func:`Tn`, :func:`join`.

A text reads as its English string and carries what a translation needs; a front end
localises it with a gettext catalog (see ``host/i18n.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Msg(str):
    """A player-facing text: reads as its English string, and carries what a translation needs.

    Engines and renderers build their labels, log lines and refusals with :func:`T`, :func:`Tn`
    and :func:`join`. The value *is* the English text (so tests, logs and the AI see plain
    strings), while ``template``/``params`` let a front end look the template up in a gettext
    catalog and fill it with the (recursively translated) parameters: a new language needs a
    catalog, never a code change. An f-string or ``+`` turns a Msg back into plain English, so
    compose texts with templates instead.
    """

    template: str
    params: dict
    plural: str | None
    n: int | None
    parts: tuple | None
    sep: str

    def __new__(cls, template: str, params: dict | None = None, plural: str | None = None,
                n: int | None = None, parts: tuple | None = None, sep: str = "") -> Msg:
        params = dict(params or {})
        if parts is not None:
            english = sep.join(str(p) for p in parts)
        else:
            chosen = template if plural is None or n == 1 else plural
            values = dict(params, n=n) if plural is not None else params
            english = chosen.format(**values) if values else chosen
        obj = super().__new__(cls, english)
        obj.template, obj.params, obj.plural, obj.n, obj.parts, obj.sep = template, params, plural, n, parts, sep
        return obj

    def __reduce__(self):
        return (Msg, (self.template, self.params, self.plural, self.n, self.parts, self.sep))

    def localize(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
        """This text in another language: ``gettext``/``ngettext`` are a catalog's lookups."""
        if self.parts is not None:
            return self.sep.join(localize(p, gettext, ngettext) for p in self.parts)
        values = {k: localize(v, gettext, ngettext) for k, v in self.params.items()}
        if self.plural is not None:
            return ngettext(self.template, self.plural, self.n).format(n=self.n, **values)
        text = gettext(self.template)
        return text.format(**values) if values else text


def localize(text: Any, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
    """``text`` translated if it is a :class:`Msg`; anything else (names, numbers) as it is."""
    if isinstance(text, Msg):
        return text.localize(gettext, ngettext)
    return str(text)


def T(template: str, /, **params: Any) -> Msg:
    """A translatable text: ``T("{who} passes.", who=name)``; the template is the gettext msgid.

    Parameters may be Msgs themselves (a tile's name) and are translated too. Data strings
    (tile, card, goal names from JSON) are ``T(name)`` and listed by ``Engine.catalog_texts``.
    """
    return Msg(template, params)


def Tn(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A text with a count: ``Tn("{n} coin", "{n} coins", k)`` (languages have other plural rules)."""
    return Msg(singular, params, plural=plural, n=n)


def join(sep: str, parts: Any) -> Msg:
    """Translatable parts joined with a separator (punctuation only: words belong in templates)."""
    return Msg("", parts=tuple(parts), sep=sep)
