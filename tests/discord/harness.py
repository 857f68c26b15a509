"""Drive the real discord.py bot offline: patch its HTTP layer, feed gateway events, settle.

``Harness.install()`` replaces ``HTTPClient.request``, ``AsyncWebhookAdapter.request`` and
``HTTPClient.get_from_cdn`` with the in-memory :class:`FakeDiscord`. ``boot(bot)`` logs in
(which runs ``setup_hook``) and feeds READY and GUILD_CREATE through
``bot._connection.parsers``; ``slash`` / ``click`` / ``select`` feed INTERACTION_CREATE
payloads and wait until every task they started has finished.

The harness fails a test on any route the fake does not know and on any error logged
under ``discord.*`` or ``cogs.*`` (``expect_errors`` lets a test allow its own).
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.discord.fake_discord import EPHEMERAL, FakeDiscord, FakeError, FakeResponse, Message, Request

BACKGROUND_PREFIX = "isle-bg"


def _is_background(task: asyncio.Task) -> bool:
    """Loops that never end by themselves: our deadline loop, discord.py's view timeouts
    (ephemeral messages' views get a 15-minute timeout)."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return task.get_name().startswith(BACKGROUND_PREFIX) or "timeout_task_impl" in name


def _as_exception(err: FakeError) -> discord.HTTPException:
    data = {"code": err.code, "message": err.message}
    response = FakeResponse(err.status)
    if err.status == 403:
        return discord.Forbidden(response, data)
    if err.status == 404:
        return discord.NotFound(response, data)
    if err.status >= 500:  # what discord.py raises once its own retries are spent
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


def _read_files(files: Any) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        f.reset(seek=True)
        out.append((f.filename, f.fp.read()))
    return out


def _form_json(form: Any) -> dict | None:
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def message_text(payload: dict) -> str:
    """Everything a person reads in a message: content, embeds and component labels."""
    parts = [payload.get("content") or ""]
    for e in payload.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
        parts.append((e.get("footer") or {}).get("text") or "")
        parts.append((e.get("author") or {}).get("name") or "")
    for c in iter_components(payload):
        parts.append(c.get("label") or "")
        parts.append(c.get("placeholder") or "")
        parts += [o.get("label", "") + " " + o.get("description", "") for o in c.get("options") or []]
    return "\n".join(p for p in parts if p)


def iter_components(payload: dict):
    for row in payload.get("components") or []:
        yield from row.get("components") or []


@dataclass
class Result:
    """What one interaction (or tick) made the bot send."""

    requests: list[Request]
    token: str | None = None

    def texts(self, audience: str | None = None) -> list[str]:
        out = []
        for r in self.requests:
            if audience is None or r.audience == audience:
                if isinstance(r.json, dict):
                    body = r.json.get("data") if "data" in r.json and "type" in r.json else r.json
                    out.append(message_text(body or {}))
        return out

    def text(self, audience: str | None = None) -> str:
        return "\n".join(self.texts(audience))

    def routes(self) -> list[str]:
        return [f"{r.method} {r.path}" for r in self.requests]


class Harness:
    def __init__(self) -> None:
        self.fake = FakeDiscord()
        self.bot: Any = None
        self._patched: list[tuple[Any, str, Any]] = []
        self._collector = _Collector()
        self._baseline: set[asyncio.Task] = set()
        self.allowed_errors = 0
        self.late_acks: list[str] = []

    # -- patching -----------------------------------------------------------------------
    def install(self) -> None:
        fake = self.fake

        async def http_request(client: HTTPClient, route: Any, *, files: Any = None, form: Any = None,
                               **kwargs: Any) -> Any:
            body = kwargs.get("json")
            if form:
                body = _form_json(form)
            try:
                return fake.handle("bot", route.method, route.url, kwargs.get("params"), body, _read_files(files))
            except FakeError as err:
                raise _as_exception(err) from None

        async def webhook_request(adapter: AsyncWebhookAdapter, route: Any, session: Any = None, *,
                                  payload: Any = None, multipart: Any = None, files: Any = None,
                                  params: Any = None, **kwargs: Any) -> Any:
            body = payload
            if multipart:
                body = _form_json(multipart)
            try:
                return fake.handle("webhook", route.method, route.url, params, body, _read_files(files))
            except FakeError as err:
                raise _as_exception(err) from None

        async def get_from_cdn(client: HTTPClient, url: str) -> bytes:
            for msg in fake.messages.values():
                for att in msg.payload.get("attachments", []):
                    if att["url"] == url:
                        return msg.files[att["filename"]]
            raise _as_exception(FakeError(404, 0, "asset not found"))

        for owner, name, fn in ((HTTPClient, "request", http_request),
                                (AsyncWebhookAdapter, "request", webhook_request),
                                (HTTPClient, "get_from_cdn", get_from_cdn)):
            self._patched.append((owner, name, getattr(owner, name)))
            setattr(owner, name, fn)
        for name in ("discord", "cogs"):
            logging.getLogger(name).addHandler(self._collector)

    def uninstall(self) -> None:
        for owner, name, original in reversed(self._patched):
            setattr(owner, name, original)
        self._patched.clear()
        for name in ("discord", "cogs"):
            logging.getLogger(name).removeHandler(self._collector)

    def problems(self) -> list[str]:
        out = [f"unknown route: {u}" for u in self.fake.unknown]
        out += [f"protocol: {e}" for e in self.fake.protocol_errors]
        out += self.late_acks
        errors = self._collector.records
        if len(errors) > self.allowed_errors:
            out += [f"logged error {r.name}: {r.getMessage()} {r.exc_text or ''}" for r in errors]
        return out

    def expect_errors(self, n: int = 1) -> None:
        self.allowed_errors += n

    @property
    def logged_errors(self) -> list[logging.LogRecord]:
        return list(self._collector.records)

    # -- bot life -----------------------------------------------------------------------
    async def boot(self, bot: Any, joined: bool = True) -> Any:
        """``joined=False``: the bot is no longer in the test server (removed while it was offline)."""
        self.bot = bot
        await bot.login("test-token")  # runs setup_hook, no websocket
        state = bot._connection
        state.guild_ready_timeout = 0.01
        guilds = [{"id": str(FakeDiscord.GUILD_ID), "unavailable": True}] if joined else []
        state.parsers["READY"]({"v": 10, "user": self.fake.users[FakeDiscord.BOT_ID],
                                "guilds": guilds,
                                "session_id": "s", "resume_gateway_url": "wss://x",
                                "application": {"id": str(FakeDiscord.APP_ID), "flags": 0}})
        if joined:
            state.parsers["GUILD_CREATE"](self.fake.guild_payload())
        while state._ready_task is not None and not state._ready_task.done():
            await asyncio.sleep(0.005)
        self._baseline = {t for t in asyncio.all_tasks() if not t.done()}
        return bot

    async def add_guild(self, guild_id: int, channel_name: str = "games") -> int:
        """A second server the bot is in (GUILD_CREATE); returns its text channel's id."""
        channel_id = self.fake.add_channel(channel_name, guild_id)
        await self.feed("GUILD_CREATE", self.fake.guild_payload(guild_id))
        return channel_id

    async def forge_component(self, user_id: int, channel_id: int, custom_id: str, values: list[str] | None = None,
                              component_type: int = 2) -> Result:
        """A click on a component with ``custom_id`` on a message in ``channel_id`` (a copied
        message, or a crafted request): the bot must check what it may act on."""
        component: dict[str, Any] = {"type": component_type, "custom_id": custom_id}
        if component_type == 2:
            component.update(style=2, label="x")
        else:
            component["options"] = [{"label": v, "value": v} for v in values or ["0"]]
        body = {"content": "", "components": [{"type": 1, "components": [component]}]}
        audience = self.fake.audience_of(channel_id)
        msg = self.fake._create_message(channel_id, body, [], audience)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        return await self._component(user_id, msg.id, data)

    async def shutdown(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            self.bot = None

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until every task started since boot (except background loops) is done."""
        current = asyncio.current_task()
        for _ in range(200):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() if t is not current and not t.done()
                       and t not in self._baseline and not _is_background(t)]
            if not pending:
                return
            _, still = await asyncio.wait(pending, timeout=timeout)
            if still:
                raise AssertionError(f"tasks did not finish: {still}")

    def _since(self, start: int) -> list[Request]:
        return self.fake.requests[start:]

    async def feed(self, event: str, data: dict) -> Result:
        start = len(self.fake.requests)
        self.bot._connection.parsers[event](data)
        await self.settle()
        return Result(self._since(start))

    # -- user actions -------------------------------------------------------------------
    def user(self, user_id: int, name: str) -> int:
        self.fake.add_user(user_id, name)
        return user_id

    def _command_options(self, path: str, options: dict) -> dict:
        names = path.split()
        command = self.bot.tree.get_command(names[0])
        assert command is not None, f"no command /{names[0]}"
        chain = []
        for name in names[1:]:
            command = command.get_command(name)
            assert command is not None, f"no command /{path}"
            chain.append(command)
        params = {p.name: p for p in command.parameters}
        leaf = []
        for key, value in options.items():
            assert key in params, f"/{path} has no option {key!r}"
            leaf.append({"name": key, "type": params[key].type.value, "value": value})
        nested = leaf
        for sub in reversed(chain):
            kind = 2 if isinstance(sub, discord.app_commands.Group) else 1
            nested = [{"type": kind, "name": sub.name, "options": nested}]
        cmd_id = next((c["id"] for c in self.fake.commands if c["name"] == names[0]), str(self.fake.next_id()))
        data = {"id": cmd_id, "name": names[0], "type": 1, "options": nested}
        users = {str(o["value"]): self.fake.users[int(o["value"])] for o in leaf if o["type"] == 6}
        if users:  # a user option: Discord sends the user itself beside its id
            data["resolved"] = {"users": users}
        return data

    async def slash(self, user_id: int, path: str, channel_id: int | None = None,
                    app_permissions: int | None = None, user_permissions: int = 0, **options: Any) -> Result:
        data = self._command_options(path, options)
        payload = self.fake.interaction_payload(2, user_id, channel_id or FakeDiscord.CHANNEL_ID, data,
                                                app_permissions=app_permissions,
                                                user_permissions=user_permissions)
        result = await self.feed("INTERACTION_CREATE", payload)
        result.token = payload["token"]
        self._check_acknowledged_first(result, f"/{path}")
        return result

    def _check_acknowledged_first(self, result: Result, what: str) -> None:
        """The bot must answer (or defer) before any other work that talks to Discord."""
        if not result.requests:
            self.late_acks.append(f"{what}: never acknowledged")
        elif not result.requests[0].path.startswith("/interactions/"):
            first = result.requests[0]
            self.late_acks.append(f"{what}: {first.method} {first.path} before the acknowledgement")

    async def autocomplete(self, user_id: int, path: str, focused: str, channel_id: int | None = None,
                           **options: Any) -> list[dict]:
        data = self._command_options(path, options)
        leaf = data
        while leaf.get("options") and leaf["options"][0].get("type") in (1, 2):
            leaf = leaf["options"][0]
        for opt in leaf.get("options", []):
            if opt["name"] == focused:
                opt["focused"] = True
                opt["value"] = str(opt["value"])  # Discord sends what has been typed so far
        payload = self.fake.interaction_payload(4, user_id, channel_id or FakeDiscord.CHANNEL_ID, data)
        await self.feed("INTERACTION_CREATE", payload)
        return self.fake.interactions[payload["token"]].autocomplete or []

    def find_component(self, message_id: int, label: str | None = None, custom_id: str | None = None,
                       kind: int | None = None) -> dict:
        msg = self.fake.messages[message_id]
        for comp in iter_components(msg.payload):
            if kind is not None and comp.get("type") != kind:
                continue
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if label is not None and label.lower() not in (comp.get("label") or comp.get("placeholder") or "").lower():
                continue
            return comp
        raise AssertionError(f"no component {label or custom_id!r} on message {message_id}: "
                             f"{[c.get('label') or c.get('placeholder') for c in iter_components(msg.payload)]}")

    async def click(self, user_id: int, message_id: int, label: str | None = None, custom_id: str | None = None,
                    force: bool = False, user_permissions: int = 0) -> Result:
        comp = self.find_component(message_id, label, custom_id, kind=2)
        if comp.get("disabled") and not force:
            raise AssertionError(f"button {comp.get('label')!r} is disabled")
        return await self._component(user_id, message_id, {"custom_id": comp["custom_id"], "component_type": 2},
                                     user_permissions)

    async def select(self, user_id: int, message_id: int, values: list[str], custom_id: str | None = None,
                     placeholder: str | None = None) -> Result:
        comp = self.find_component(message_id, placeholder, custom_id, kind=3)
        allowed = {o["value"] for o in comp.get("options", [])}
        assert set(values) <= allowed, f"{values} not among {sorted(allowed)}"
        return await self._component(user_id, message_id, {"custom_id": comp["custom_id"], "component_type": 3,
                                                           "values": values})

    async def click_together(self, clicks: list[tuple[int, int, str]]) -> list[Result]:
        """Several clicks arriving before the bot answered any (double clicks, two devices)."""
        start = len(self.fake.requests)
        payloads = []
        for user_id, message_id, custom_id in clicks:
            msg = self.fake.messages[message_id]
            payloads.append(self.fake.interaction_payload(3, user_id, msg.channel_id,
                                                          {"custom_id": custom_id, "component_type": 2}, message=msg))
        for payload in payloads:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()
        return [Result(self._since(start), p["token"]) for p in payloads]

    async def select_together(self, picks: list[tuple[int, int, str, list[str]]]) -> list[Result]:
        """Several select picks arriving before the bot answered any (two devices, a fast thumb)."""
        start = len(self.fake.requests)
        payloads = []
        for user_id, message_id, custom_id, values in picks:
            msg = self.fake.messages[message_id]
            payloads.append(self.fake.interaction_payload(
                3, user_id, msg.channel_id, {"custom_id": custom_id, "component_type": 3, "values": values}, message=msg))
        for payload in payloads:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()
        return [Result(self._since(start), p["token"]) for p in payloads]

    async def stale_component(self, user_id: int, message_id: int, custom_id: str,
                              values: list[str] | None = None) -> Result:
        """A pick on a component the message no longer shows (a client still showing an old panel)."""
        data: dict = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        return await self._component(user_id, message_id, data)

    async def _component(self, user_id: int, message_id: int, data: dict, user_permissions: int = 0) -> Result:
        msg = self.fake.messages[message_id]
        if msg.audience.startswith("user:") and msg.audience != f"user:{user_id}":
            raise AssertionError(f"user {user_id} cannot see message {message_id} ({msg.audience})")
        payload = self.fake.interaction_payload(3, user_id, msg.channel_id, data, message=msg,
                                                user_permissions=user_permissions)
        result = await self.feed("INTERACTION_CREATE", payload)
        result.token = payload["token"]
        self._check_acknowledged_first(result, f"click {data['custom_id']}")
        return result

    # -- looking at what was sent -------------------------------------------------------
    def messages_in(self, channel_id: int) -> list[Message]:
        return [m for m in self.fake.messages.values() if m.channel_id == channel_id]

    def original(self, result: Result) -> Message:
        inter = self.fake.interactions[result.token]
        assert inter.original_id is not None, "the interaction was not answered with a message"
        return self.fake.messages[inter.original_id]

    def replies(self, result: Result) -> list[Message]:
        """Messages created or edited through this interaction's token, in order."""
        ids: list[int] = []
        for r in result.requests:
            if r.message_id is not None and r.message_id not in ids and r.message_id in self.fake.messages:
                ids.append(r.message_id)
        return [self.fake.messages[i] for i in ids]

    def reply_text(self, result: Result) -> str:
        inter = self.fake.interactions.get(result.token) if result.token else None
        parts = []
        for m in self.replies(result):
            if inter is None or m.audience == f"user:{inter.user_id}" or m.id == inter.original_id:
                parts.append(message_text(m.payload))
        return "\n".join(parts)

    def dms_to(self, user_id: int) -> list[Message]:
        return [m for m in self.fake.messages.values()
                if self.fake.channels[m.channel_id].type == 1 and self.fake.channels[m.channel_id].recipient_id == user_id]

    def is_ephemeral(self, message: Message) -> bool:
        return bool(message.payload.get("flags", 0) & EPHEMERAL)
