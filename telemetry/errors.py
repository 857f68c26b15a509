"""Error reports: every unexpected error is counted (``isle_errors``), kept in a short list for
``/admin status``, and sent to Sentry when ``SENTRY_DSN`` is set, tagged with the release, the game
and the command, and scrubbed before it leaves the process:

- no local variables, source lines, request bodies or personal data are sent at all;
- tokens (Discord's, a database URL's password, the DSN's key) are cut from every text;
- extra data and contexts under a sensitive key (state, view, hand, action, options, seed…) are dropped;
- an exception raised inside the rules or the renderers may name hidden things in its message
  (a tile in a hand, a card in a deck), so its message is replaced by its type.
"""

from __future__ import annotations

import logging
import re
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sentry_sdk
from sentry_sdk.integrations.logging import LoggingIntegration
from sentry_sdk.transport import Transport

from telemetry.metrics import ERRORS, bounded

TOKEN = re.compile(r"[MN][A-Za-z\d_-]{23,}\.[\w-]{6,}\.[\w-]{27,}")
URL_SECRET = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)(?P<user>[^:/@\s]+):(?P<secret>[^@/\s]+)@", re.I)
SECRET_KEYS = re.compile(r"token|secret|password|dsn|authorization|cookie|state|view|hand|private|action|options|"
                         r"seed|deck|bag|log", re.I)
GAME_CODE = ("/rules/", "/render/")
KEPT = 20


@dataclass(frozen=True)
class Reported:
    at: float
    kind: str
    where: str


RECENT: deque[Reported] = deque(maxlen=KEPT)
"""This process's last unexpected errors (kind and command, never their text), newest last."""


def scrub_text(text: str) -> str:
    return URL_SECRET.sub(r"\g<scheme>\g<user>:[scrubbed]@", TOKEN.sub("[token]", text))


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, Mapping):
        return {k: ("[scrubbed]" if isinstance(k, str) and SECRET_KEYS.search(k) else _scrub(v)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub(v) for v in value]
    return value


def _from_game_code(exception: Mapping[str, Any]) -> bool:
    frames = ((exception.get("stacktrace") or {}).get("frames")) or []
    return any(any(part in str(f.get("abs_path") or f.get("filename") or "") for part in GAME_CODE) for f in frames)


def scrub_event(event: dict[str, Any], _hint: Any = None) -> dict[str, Any]:
    """Sentry's ``before_send``: what is left of an event may leave the process."""
    for exception in (event.get("exception") or {}).get("values") or []:
        if _from_game_code(exception):
            exception["value"] = f"[scrubbed: raised in the game's rules or drawing] {exception.get('type', '')}"
        elif isinstance(exception.get("value"), str):
            exception["value"] = scrub_text(exception["value"])
        for frame in ((exception.get("stacktrace") or {}).get("frames")) or []:
            frame.pop("vars", None)
            for key in ("context_line", "pre_context", "post_context"):  # the file and line are enough
                frame.pop(key, None)
    for key in ("extra", "contexts", "request", "user"):
        if key in event:
            event[key] = _scrub(event[key]) if key in ("extra", "contexts") else {}
    if isinstance(event.get("logentry"), dict):
        event["logentry"] = _scrub(event["logentry"])
    if isinstance(event.get("message"), str):
        event["message"] = scrub_text(event["message"])
    crumbs = event.get("breadcrumbs")
    if isinstance(crumbs, dict):
        crumbs["values"] = [_scrub(c) for c in crumbs.get("values") or []]
    return event


def scrub_breadcrumb(crumb: dict[str, Any], _hint: Any = None) -> dict[str, Any]:
    scrubbed: dict[str, Any] = _scrub(crumb)
    return scrubbed


def init_sentry(dsn: str, release: str, transport: type[Transport] | None = None) -> bool:
    """Start sending reports (False: no DSN, nothing is sent)."""
    if not dsn:
        return False
    options: dict[str, Any] = {"before_send": scrub_event, "before_breadcrumb": scrub_breadcrumb}
    if transport is not None:
        options["transport"] = transport
    sentry_sdk.init(dsn=dsn, release=release or None, send_default_pii=False, include_local_variables=False,
                    max_breadcrumbs=30, default_integrations=False, auto_enabling_integrations=False,
                    integrations=[LoggingIntegration(level=logging.INFO, event_level=None)], **options)
    return True


def report(error: BaseException, *, game: str | None = None, command: str | None = None) -> None:
    """An unexpected error: counted, remembered for ``/admin status``, and sent (with a DSN)."""
    kind = bounded(type(error).__name__)
    ERRORS.labels(kind).inc()
    RECENT.append(Reported(time.time(), kind, bounded(command or "")))
    if not sentry_sdk.get_client().is_active():
        return
    with sentry_sdk.new_scope() as scope:
        scope.set_tag("game", game or "none")
        scope.set_tag("command", bounded(command or "none"))
        sentry_sdk.capture_exception(error)
