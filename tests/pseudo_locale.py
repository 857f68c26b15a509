"""A pseudo-language for translation tests: every catalog entry's letters become full-width
letters (placeholders kept), so any plain ASCII word left in the output was not translated."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from host.i18n_extract import extract

FULLWIDTH = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in
                           "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"})
ENGLISH = re.compile(r"[A-Za-z]{2,}")
NAMES = ["Оля", "Петя", "Юра", "Зоя", "Яна", "Ёжик"]
"""Player names without ASCII letters, so they never look like untranslated words."""


def pseudo(text: str) -> str:
    """``"{who} passes."`` -> ``"{who} ｐａｓｓｅｓ."``: letters change, placeholders stay."""
    return "".join(p if p.startswith("{") else p.translate(FULLWIDTH) for p in re.split(r"(\{[^{}]*\})", text))


def untranslated(text: str) -> list[str]:
    return ENGLISH.findall(text)


def fresh_template(folder: Path) -> list:
    """Extract the catalog template now (what ``python -m host.i18n_extract`` writes) and read it."""
    out = folder / "isle.pot"
    extract(out)
    with open(out, "rb") as f:
        return [m for m in read_po(f) if m.id]


def write_pseudo_catalog(folder: Path, locale: str, messages: list) -> None:
    """``folder/<locale>/LC_MESSAGES/isle.mo`` translating every message into the pseudo-language."""
    catalog = Catalog(locale="ru")
    for m in messages:
        if isinstance(m.id, str):
            catalog.add(m.id, pseudo(m.id))
        else:
            catalog.add(m.id, tuple(pseudo(m.id[0] if i == 0 else m.id[1]) for i in range(3)))
    target = folder / locale / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with open(target / "isle.mo", "wb") as f:
        write_mo(f, catalog)


CYRILLIC = str.maketrans(dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                  "абцдефгхийклмнопщрстувшжызАБЦДЕФГХИЙКЛМНОПЩРСТУВШЖЫЗ", strict=True)))


def pseudo_long(text: str) -> str:
    """``"{who} passes."`` -> ``"{who} пассесщы."``: Cyrillic letters, every word ~40% longer
    (the length Russian and Ukrainian add), placeholders kept: the board must still fit."""
    def longer(word: re.Match) -> str:
        w = word.group(0)
        return w.translate(CYRILLIC) + ("щыжш" * 4)[: max(1, round(len(w) * 0.4))] if len(w) > 1 else w.translate(CYRILLIC)
    return "".join(p if p.startswith("{") else re.sub(r"[A-Za-z]+", longer, p)
                   for p in re.split(r"(\{[^{}]*\})", text))
