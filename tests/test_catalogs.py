"""The shipped Russian and Ukrainian catalogs are complete: every message of the template is
translated, none is fuzzy, placeholders survive, both have three plural forms, and the compiled
``.mo`` the bot reads is the ``.po`` of the repository. A new English string without its
translations fails here (``python -m host.i18n_catalogs`` merges it in for translating)."""

from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.mofile import write_mo

from host.i18n import DOMAIN, LOCALE_DIR, _, available_locales
from host.i18n_catalogs import SHIPPED, po_path, problems, read
from host.i18n_extract import TEMPLATE


@pytest.fixture(scope="module")
def template():
    return read(TEMPLATE)


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_catalog_translates_every_message_of_the_template(lang, template):
    found = problems(read(po_path(lang)), template)
    assert found == [], f"{len(found)} problems in {lang}, e.g. {found[:15]}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalog_is_the_po_file(lang):
    expected = io.BytesIO()
    write_mo(expected, read(po_path(lang)))
    shipped = po_path(lang).with_suffix(".mo").read_bytes()
    # The header ('' entry) names the Babel version that wrote it; only the messages must agree.
    assert messages_of(shipped) == messages_of(expected.getvalue()), \
        f"run python -m host.i18n_catalogs to compile locales/{lang}"


def messages_of(mo: bytes) -> dict:
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)
    catalog.pop("", None)
    return catalog


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_bot_speaks_the_language(lang):
    assert lang in available_locales()
    assert (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    text = _("It is not your turn in game #{id}.", locale=lang, id=7)
    assert "#7" in text and "not your turn" not in text


def test_the_checker_catches_a_broken_entry(template):
    """The checks above can fail: a dropped placeholder, an empty entry and a fuzzy one are found."""
    catalog = read(po_path(SHIPPED[0]))
    message = next(m for m in catalog if m.id and isinstance(m.id, str) and "{" in m.id)
    message.string = "no placeholder here"
    empty = next(m for m in catalog if m.id and isinstance(m.id, str) and m is not message)
    empty.string = ""
    found = problems(catalog, template)
    assert any(f"{message.id!r}" in p and p.startswith("placeholders") for p in found)
    assert any(p.startswith("untranslated") for p in found)
