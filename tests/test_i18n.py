"""Every player-facing string goes through host.i18n._ and gettext catalogs; a new language is a file."""

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from host import i18n


@pytest.fixture
def pirate_locale(tmp_path, monkeypatch):
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale="en")
    catalog.add("It is not your turn in game #{id}.", "Avast, game #{id} be not yer turn.")
    with open(folder / "isle.mo", "wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalog.cache_clear()
    yield "xx"
    i18n._catalog.cache_clear()


def test_english_is_the_source_and_placeholders_are_filled():
    assert i18n._("It is not your turn in game #{id}.", id=4) == "It is not your turn in game #4."


def test_a_new_catalog_translates_without_code_changes(pirate_locale):
    assert i18n._("It is not your turn in game #{id}.", locale="xx", id=4) == "Avast, game #4 be not yer turn."
    assert "xx" in i18n.available_locales()
    token = i18n.current_locale.set("xx")
    try:
        assert i18n._("It is not your turn in game #{id}.", id=5).startswith("Avast")
        assert i18n._("Untranslated text") == "Untranslated text"
    finally:
        i18n.current_locale.reset(token)


def test_the_translation_template_is_up_to_date(tmp_path):
    """locales/isle.pot lists every translatable string: regenerate it with ``python -m host.i18n_extract``."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from host.i18n_extract import extract

    fresh = tmp_path / "isle.pot"
    extract(fresh)
    with open(fresh, "rb") as f:
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    with open(Path(__file__).resolve().parent.parent / "locales" / "isle.pot", "rb") as f:
        committed = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    assert wanted - committed == set(), "new strings missing from locales/isle.pot"
