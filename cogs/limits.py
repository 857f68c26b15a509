"""Discord's size limits, enforced in one place that every outgoing message passes.

discord.py builds every message it sends or edits with one of two functions:
``handle_message_parameters`` (channel posts, DMs, followups, edits) and
``interaction_message_response_params`` (the first reply to an interaction); :func:`install`
wraps both (in each module that imported them) so content, embeds and component labels are
clipped to Discord's published limits before the request exists. A reply that would be
too long is therefore shortened, never refused (a refused reply leaves the user on
"thinking…" for good). Autocomplete choices are clipped by :func:`choice_name`. A view passing
through is also released when only its controls' custom ids answer (``cogs.view_release``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord import ui

from cogs.view_release import release
from host.views import clip

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # all embeds of one message together
EMBED_FIELDS = 25
EMBEDS = 10
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
PLACEHOLDER = 150
BUTTON_LABEL = 80
CHOICE_NAME = 100

# Where discord.py builds a message body: the function's name, and the modules that call it by that name.
_BUILDERS = {
    "handle_message_parameters": ("discord.abc", "discord.channel", "discord.interactions", "discord.message",
                                  "discord.webhook.async_"),
    "interaction_message_response_params": ("discord.interactions", "discord.webhook.async_"),
}


def choice_name(text: str) -> str:
    return clip(str(text), CHOICE_NAME)


def _text_size(e: dict[str, Any]) -> int:
    return (len(e.get("title") or "") + len(e.get("description") or "")
            + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or [])
            + len((e.get("footer") or {}).get("text") or "") + len((e.get("author") or {}).get("name") or ""))


def _fit_embed_dict(embed: Mapping[str, Any]) -> dict[str, Any]:
    e = dict(embed)
    if e.get("title"):
        e["title"] = clip(e["title"], EMBED_TITLE)
    if e.get("description"):
        e["description"] = clip(e["description"], EMBED_DESCRIPTION)
    fields = []
    for f in (e.get("fields") or [])[:EMBED_FIELDS]:
        fields.append(dict(f, name=clip(f.get("name") or "-", FIELD_NAME) or "-",
                           value=clip(f.get("value") or "-", FIELD_VALUE) or "-"))
    if "fields" in e:
        e["fields"] = fields
    if (e.get("footer") or {}).get("text"):
        e["footer"] = dict(e["footer"], text=clip(e["footer"]["text"], FOOTER))
    if (e.get("author") or {}).get("name"):
        e["author"] = dict(e["author"], name=clip(e["author"]["name"], AUTHOR))
    return e


def _shrink(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Within the 6,000 characters of all embeds together: long descriptions give way first,
    then the last fields, then footers, author lines and titles."""
    over = sum(_text_size(e) for e in embeds) - EMBED_TOTAL

    def cut(text: str) -> str:
        nonlocal over
        keep = max(1, len(text) - over)
        over -= len(text) - keep
        return clip(text, keep) if keep > 1 else "…"

    for e in reversed(embeds):
        if over > 0 and e.get("description"):
            e["description"] = cut(e["description"])
    for e in reversed(embeds):
        fields = e.get("fields") or []
        while over > 0 and fields:
            dropped = fields.pop()
            over -= len(dropped["name"]) + len(dropped["value"])
    for e in reversed(embeds):
        for key, sub in (("footer", "text"), ("author", "name")):
            if over > 0 and (e.get(key) or {}).get(sub):
                e[key] = dict(e[key], **{sub: cut(e[key][sub])})
        if over > 0 and e.get("title"):
            e["title"] = cut(e["title"])
    return embeds


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    dicts = _shrink([_fit_embed_dict(e.to_dict()) for e in embeds[:EMBEDS]])
    return [discord.Embed.from_dict(d) for d in dicts]


def fit_view(view: Any) -> None:
    """Clip the labels of a view's buttons and menus in place."""
    for item in getattr(view, "children", []):
        inner = getattr(item, "item", item)  # a DynamicItem wraps the real component
        if isinstance(inner, ui.Button) and inner.label:
            inner.label = clip(inner.label, BUTTON_LABEL)
        elif isinstance(inner, ui.Select):
            if inner.placeholder:
                inner.placeholder = clip(inner.placeholder, PLACEHOLDER)
            for option in inner.options:
                option.label = clip(option.label, OPTION_LABEL) or "?"
                if option.description:
                    option.description = clip(option.description, OPTION_DESCRIPTION)


def fit_arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The arguments of ``handle_message_parameters`` within Discord's limits."""
    if args and isinstance(args[0], str):
        args = (clip(args[0], CONTENT), *args[1:])
    if isinstance(kwargs.get("content"), str):
        kwargs["content"] = clip(kwargs["content"], CONTENT)
    embed = kwargs.get("embed")
    if isinstance(embed, discord.Embed):
        kwargs["embed"] = fit_embeds([embed])[0]
    embeds = kwargs.get("embeds")
    if isinstance(embeds, (list, tuple)) and embeds and all(isinstance(e, discord.Embed) for e in embeds):
        kwargs["embeds"] = fit_embeds(list(embeds))
    if kwargs.get("view") is not None:
        fit_view(kwargs["view"])
        release(kwargs["view"])  # its controls answer by custom id: discord.py need not keep it (cogs.view_release)
    return args, kwargs


def _fitting(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def build(*args: Any, **kwargs: Any) -> Any:
        args, kwargs = fit_arguments(args, kwargs)
        return original(*args, **kwargs)

    build.__dict__["isle_limits"] = True  # marks it wrapped (install is idempotent)
    return build


def install() -> None:
    """Wrap discord.py's message builders once (idempotent): channel posts, DMs, edits and
    followups (``handle_message_parameters``), first interaction replies
    (``interaction_message_response_params``)."""
    import importlib

    for function, modules in _BUILDERS.items():
        for name in modules:
            module = importlib.import_module(name)
            current = getattr(module, function, None)
            if current is not None and not getattr(current, "isle_limits", False):
                setattr(module, function, _fitting(current))
