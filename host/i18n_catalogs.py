"""Keeping the shipped catalogs in step with the code (run: ``python -m host.i18n_catalogs``).

1. rebuild ``locales/isle.pot`` from the code (``host.i18n_extract``);
2. merge it into every ``locales/<lang>/LC_MESSAGES/isle.po``: new messages arrive empty (to be
   translated), vanished ones are dropped, nothing is guessed (no fuzzy matching);
3. compile each ``.po`` to the ``.mo`` the bot reads.

``tests/test_catalogs.py`` fails while any message is untranslated, fuzzy or breaks a placeholder,
so a new English string cannot land without its Russian and Ukrainian.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from host.i18n import DOMAIN, LOCALE_DIR
from host.i18n_extract import TEMPLATE, extract

SHIPPED = ("ru", "uk")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SLAVIC_PLURALS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                  "(n%100<10 || n%100>=20) ? 1 : 2);")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=0, sort_output=True, omit_header=False, ignore_obsolete=True)


def compile_mo(lang: str) -> None:
    catalog = read(po_path(lang))
    with open(po_path(lang).with_suffix(".mo"), "wb") as f:
        write_mo(f, catalog)


def update(lang: str, template: Catalog) -> int:
    """Merge ``template`` into ``lang``'s catalog; returns how many messages now need a translation.
    The file is rewritten only when a message changed (no churn of header dates)."""
    catalog = read(po_path(lang))
    before = _messages(catalog)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    if _messages(catalog) != before:
        write(po_path(lang), catalog)
    return len(problems(catalog, template))


def _messages(catalog: Catalog) -> dict[str, tuple[object, object, bool]]:
    return {_key(m.id): (m.id, m.string, m.fuzzy) for m in catalog if m.id}


def refresh_template() -> Catalog:
    """Extract the template; keep the committed file when no message changed (only its date would)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "isle.pot"
        extract(fresh)
        new = read(fresh)
        if not TEMPLATE.exists() or _messages(read(TEMPLATE)) != _messages(new):
            TEMPLATE.write_bytes(fresh.read_bytes())
    return read(TEMPLATE)


def problems(catalog: Catalog, template: Catalog) -> list[str]:
    """Every reason a reader of this catalog could see English or a broken message."""
    out = []
    ids = {_key(m.id) for m in catalog if m.id}
    out += [f"missing: {_key(m.id)!r}" for m in template if m.id and _key(m.id) not in ids]
    if (catalog.plural_forms or "").replace(" ", "") != SLAVIC_PLURALS.replace(" ", ""):
        out.append(f"Plural-Forms is {catalog.plural_forms!r}")
    for m in catalog:
        if not m.id:
            continue
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ("",))
        if m.fuzzy:
            out.append(f"fuzzy: {_key(m.id)!r}")
        if isinstance(m.id, (list, tuple)) and len(strings) != 3:
            out.append(f"needs 3 plural forms: {_key(m.id)!r}")
        if not all(strings):
            out.append(f"untranslated: {_key(m.id)!r}")
            continue
        out += [f"placeholders {sorted(PLACEHOLDER.findall(s))}: {_key(m.id)!r}"
                for s in strings if not _placeholders_fit(m.id, s)]
    return out


def _key(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _placeholders_fit(msgid: str | tuple[str, ...] | list[str], text: str) -> bool:
    got = set(PLACEHOLDER.findall(text))
    if isinstance(msgid, str):
        return got == set(PLACEHOLDER.findall(msgid))
    singular, plural = (set(PLACEHOLDER.findall(x)) for x in msgid[:2])
    # a plural form may leave out {n} ("один" for 1), but never a placeholder the sentence needs
    return got <= singular | plural and (singular | plural) - {"{n}"} <= got


def main() -> int:
    template = refresh_template()
    for lang in SHIPPED:
        left = update(lang, template)
        compile_mo(lang)
        print(f"{lang}: {left} messages need a translation" if left else f"{lang}: complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
