"""The one translation function for every player-facing string.

Catalogs are standard gettext ``.mo`` files under ``locales/<lang>/LC_MESSAGES/isle.mo``
(extracted with Babel: see README, "Translations"). English is the source language; a
new language is a new catalog and needs no code change. Placeholders use ``str.format``
names, filled after translation: ``_("{name} joined", name=n)``.
"""

from __future__ import annotations

import gettext
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

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


def _(message: str, locale: str | None = None, **values: object) -> str:
    """Translate ``message`` into ``locale`` (default: the caller's context) and fill placeholders."""
    text = _catalog(locale or current_locale.get()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, locale: str | None = None, **values: object) -> str:
    text = _catalog(locale or current_locale.get()).ngettext(singular, plural, n)
    return text.format(n=n, **values)
