"""The one translation function for every player-facing string.

Catalogs are standard gettext ``.mo`` files under ``locales/<lang>/LC_MESSAGES/isle.mo``
(extracted with Babel: see README, "Translations"). English is the source language; a
new language is a new catalog and needs no code change. Placeholders use ``str.format``
names, filled after translation: ``_("{name} joined", name=n)``.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.text import Msg, T, localize  # noqa: F401 - T: a text translated where it is shown

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "isle"
current_locale: ContextVar[str] = ContextVar("current_locale", default="en")


@lru_cache(maxsize=16)
def _catalog(locale: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[locale], fallback=True)


def available_locales() -> list[str]:
    found = {"en"}
    if LOCALE_DIR.exists():
        found |= {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return sorted(found)


@contextmanager
def speaking(locale: str | None) -> Iterator[None]:
    """Texts built inside are in ``locale`` (a thread's language, a DM reader's), then back."""
    token = current_locale.set(locale or current_locale.get())
    try:
        yield
    finally:
        current_locale.reset(token)


def _(message: str, locale: str | None = None, **values: object) -> str:
    """Translate ``message`` into ``locale`` (default: the caller's context) and fill placeholders."""
    text = _catalog(locale or current_locale.get()).gettext(message)
    return text.format(**values) if values else text


def N_(message: str) -> str:
    """Mark a string for the catalog where it is defined; it is translated where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int, locale: str | None = None, **values: object) -> str:
    text = _catalog(locale or current_locale.get()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def tr(text: Any, locale: str | None = None) -> str:
    """An engine's or renderer's text (a :class:`rules.base.Msg`) in ``locale``; other values as text."""
    if not isinstance(text, Msg):
        return str(text)
    catalog = _catalog(locale or current_locale.get())
    return localize(text, catalog.gettext, catalog.ngettext)


def tr_data(text: str, locale: str | None = None) -> str:
    """A data string that an engine lists in ``catalog_texts`` (a score category, a game title);
    the empty string stays empty (gettext would answer it with the catalog's header)."""
    return _(text, locale) if text else text


def has_catalog(locale: str) -> bool:
    """Whether ``locale`` is a language the bot speaks (English, or a catalog on disk); cached."""
    return locale == "en" or isinstance(_catalog(locale), gettext.GNUTranslations)


def reason(exc: BaseException) -> str:
    """The translated message of an engine's ``IllegalAction`` or ``ValueError`` (``str(exc)`` is English)."""
    return tr(exc.args[0]) if exc.args else ""


def translator(locale: str | None = None) -> Callable[[Any], str]:
    """A ``tr`` bound to a locale (the caller's context by default), for renderers in a worker thread."""
    chosen = locale or current_locale.get()

    def translate(text: Any) -> str:
        return tr(text, chosen)
    translate.locale = chosen  # type: ignore[attr-defined]  # render.common.language() reads it
    return translate
