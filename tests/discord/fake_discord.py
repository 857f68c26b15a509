"""A small in-memory Discord that answers discord.py's HTTP requests like the real API.

discord.py 2.7 sends every bot-token REST call through ``HTTPClient.request`` and every
interaction callback, followup and ``@original`` edit through
``AsyncWebhookAdapter.request``; both are replaced (see ``harness.py``) by functions that
call :meth:`FakeDiscord.handle`. Every request is recorded with who can see it
(``audience``: ``"public"`` for a guild channel or thread, ``"user:<id>"`` for an
ephemeral message or a DM) so the tests can assert on what reached whom.

Unknown routes are recorded in ``unknown`` and answered 404; the harness fails the test.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

BASE = "https://discord.com/api/v10"
EPHEMERAL, LOADING = 64, 128
PUBLIC_THREAD = 11


class FakeResponse:
    """Enough of aiohttp's response for ``discord.HTTPException``."""

    def __init__(self, status: int, reason: str = "") -> None:
        self.status = status
        self.reason = reason or {400: "Bad Request", 403: "Forbidden", 404: "Not Found"}.get(status, "")
        self.headers: dict[str, str] = {}


class FakeError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class Request:
    method: str
    path: str  # the route template, e.g. "/channels/{channel_id}/messages"
    url: str
    params: dict
    json: dict | list | None
    files: list[tuple[str, bytes]]
    kind: str  # "bot" or "webhook"
    audience: str | None = None
    status: int = 200
    message_id: int | None = None

    def text(self) -> str:
        """Everything readable in the request (JSON body and file names), for leak checks."""
        return json.dumps(self.json, ensure_ascii=False) + " " + " ".join(n for n, _ in self.files)


@dataclass
class Interaction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None  # the message a component sits on
    acked: int | None = None  # callback type
    original_id: int | None = None
    loading: bool = False
    ephemeral: bool = False
    autocomplete: list | None = None


@dataclass
class Channel:
    id: int
    type: int  # 0 text, 1 DM, 11 public thread
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    archived: bool = False
    deleted: bool = False


@dataclass
class Message:
    id: int
    channel_id: int
    payload: dict
    audience: str
    files: dict[str, bytes] = field(default_factory=dict)


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _template_regex(template: str) -> re.Pattern:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(pattern + "$")


class FakeDiscord:
    BOT_ID = 900
    APP_ID = 900
    OWNER_ID = 1
    GUILD_ID = 100
    CHANNEL_ID = 200

    def __init__(self) -> None:
        self._ids = itertools.count(10_000)
        self.users: dict[int, dict] = {}
        self.user_locales: dict[int, str] = {}  # a user's Discord language (default en-US)
        self.guild_locale = "en-US"  # the test guild's preferred locale (Server Settings > Community)
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.requests: list[Request] = []
        self.unknown: list[str] = []
        self.dm_closed: set[int] = set()
        self.no_threads: set[int] = set()  # channels where creating threads is forbidden
        self.thread_errors: dict[int, tuple[int, int, str]] = {}  # channel -> (status, code, message) refusal
        self.no_send: set[int] = set()  # channels where sending is forbidden
        self.send_errors: dict[int, tuple[int, int, str]] = {}  # channel (or a thread's parent) -> error answered
        self.commands: list[dict] = []
        self.left_guild: set[int] = set()  # members who left the server
        self.protocol_errors: list[str] = []  # answers Discord would refuse: double acks, followups before acks
        self.add_user(self.BOT_ID, "Isle Host", bot=True)
        self.add_user(self.OWNER_ID, "Owner")
        self.channels[self.CHANNEL_ID] = Channel(self.CHANNEL_ID, 0, "games", self.GUILD_ID)
        self.routes = [(m, t, _template_regex(t), fn) for m, t, fn in self._route_table()]

    # -- world --------------------------------------------------------------------------
    def next_id(self) -> int:
        return next(self._ids)

    def add_user(self, user_id: int, name: str, bot: bool = False) -> dict:
        user = {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
                "avatar": None, "bot": bot}
        self.users[user_id] = user
        return user

    def add_channel(self, name: str, guild_id: int | None = None) -> int:
        cid = self.next_id()
        self.channels[cid] = Channel(cid, 0, name, guild_id or self.GUILD_ID)
        return cid

    def dm_channel(self, user_id: int) -> int:
        """The DM channel between the bot and a user (where a user can run commands too)."""
        for ch in self.channels.values():
            if ch.type == 1 and ch.recipient_id == user_id:
                return ch.id
        cid = self.next_id()
        self.channels[cid] = Channel(cid, 1, recipient_id=user_id)
        return cid

    def channel_payload(self, ch: Channel) -> dict:
        if ch.type == 1:
            return {"id": str(ch.id), "type": 1, "last_message_id": None,
                    "recipients": [self.users[ch.recipient_id]]}
        data = {"id": str(ch.id), "type": ch.type, "name": ch.name, "guild_id": str(ch.guild_id),
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "topic": None, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}
        if ch.type == PUBLIC_THREAD:
            data.update({"parent_id": str(ch.parent_id), "owner_id": str(self.BOT_ID), "message_count": 0,
                         "member_count": 1, "total_message_sent": 0,
                         "thread_metadata": {"archived": ch.archived, "auto_archive_duration": 10080,
                                             "archive_timestamp": _now(), "locked": False}})
        return data

    def guild_payload(self, guild_id: int | None = None) -> dict:
        """A GUILD_CREATE payload (the test server by default; another server's with its id)."""
        gid = guild_id or self.GUILD_ID
        everyone = {"id": str(gid), "name": "@everyone", "permissions": "2248473465835073",
                    "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False,
                    "flags": 0}
        me = {"user": self.users[self.BOT_ID], "roles": [], "joined_at": _now(), "deaf": False,
              "mute": False, "flags": 0}
        return {"id": str(gid), "name": "Test Guild" if gid == self.GUILD_ID else f"Guild {gid}", "icon": None,
                "owner_id": str(self.OWNER_ID),
                "roles": [everyone], "emojis": [], "stickers": [], "features": [], "member_count": 2,
                "members": [me], "channels": [self.channel_payload(c) for c in self.channels.values()
                                                if c.type == 0 and c.guild_id == gid],
                "threads": [], "stage_instances": [], "guild_scheduled_events": [],
                "soundboard_sounds": [], "voice_states": [], "presences": [], "large": False,
                "unavailable": False, "premium_tier": 0,
                "preferred_locale": self.guild_locale if gid == self.GUILD_ID else "en-US",
                "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
                "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0, "joined_at": _now()}

    def audience_of(self, channel_id: int, flags: int = 0, user_id: int | None = None) -> str:
        ch = self.channels.get(channel_id)
        if ch is not None and ch.type == 1:
            return f"user:{ch.recipient_id}"
        if flags & EPHEMERAL:
            return f"user:{user_id}"
        return "public"

    # -- messages -----------------------------------------------------------------------
    def _create_message(self, channel_id: int, body: dict, files: list[tuple[str, bytes]],
                        audience: str, interaction: Interaction | None = None) -> Message:
        self._check_limits(body)
        mid = self.next_id()
        msg = Message(mid, channel_id, {}, audience)
        self.messages[mid] = msg
        base = {"id": str(mid), "channel_id": str(channel_id), "author": self.users[self.BOT_ID], "content": "",
                "embeds": [], "attachments": [], "components": [], "type": 0 if interaction is None else 20,
                "timestamp": _now(), "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "pinned": False, "flags": 0}
        ch = self.channels.get(channel_id)
        if ch is not None and ch.guild_id:
            base["guild_id"] = str(ch.guild_id)
        msg.payload = base
        self._apply_edit(msg, body, files)
        return msg

    def _check_limits(self, body: dict) -> None:
        """Discord refuses (400, Invalid Form Body) a message over its published limits."""
        problems = []
        if len(body.get("content") or "") > 2000:
            problems.append(f"content of {len(body['content'])} characters")
        total = 0
        for e in body.get("embeds") or []:
            sizes = {"title": (len(e.get("title") or ""), 256), "description": (len(e.get("description") or ""), 4096),
                     "footer": (len((e.get("footer") or {}).get("text") or ""), 2048),
                     "author": (len((e.get("author") or {}).get("name") or ""), 256)}
            for i, f in enumerate(e.get("fields") or []):
                sizes[f"field {i} name"] = (len(f.get("name") or ""), 256)
                sizes[f"field {i} value"] = (len(f.get("value") or ""), 1024)
            problems += [f"embed {k} of {n} characters" for k, (n, limit) in sizes.items() if n > limit]
            total += sum(n for n, _limit in sizes.values())
            if len(e.get("fields") or []) > 25:
                problems.append("more than 25 embed fields")
        if total > 6000:
            problems.append(f"embeds of {total} characters together")
        rows = body.get("components") or []
        if len(rows) > 5:
            problems.append(f"{len(rows)} component rows")
        ids: list[str] = []
        for row in rows:
            for c in row.get("components") or []:
                if c.get("custom_id"):
                    ids.append(c["custom_id"])
                if c.get("type") == 2 and len(c.get("label") or "") > 80:
                    problems.append(f"button label of {len(c['label'])} characters")
                if c.get("type") == 3:
                    if len(c.get("placeholder") or "") > 150:
                        problems.append(f"select placeholder of {len(c['placeholder'])} characters")
                    if not 1 <= len(c.get("options") or []) <= 25:
                        problems.append(f"a select of {len(c.get('options') or [])} options")
                    values = [o.get("value") for o in c.get("options") or []]
                    if len(set(values)) != len(values):
                        problems.append("a select with two options of one value")
                for o in c.get("options") or []:
                    if len(o.get("label") or "") > 100:
                        problems.append(f"select option label of {len(o['label'])} characters")
                    if len(o.get("description") or "") > 100:
                        problems.append(f"select option description of {len(o['description'])} characters")
        if len(set(ids)) != len(ids):
            problems.append("two components of one custom id")
        if problems:
            self.protocol_errors.append("over Discord's limits: " + ", ".join(problems))
            raise FakeError(400, 50035, "Invalid Form Body")

    def _apply_edit(self, msg: Message, body: dict, files: list[tuple[str, bytes]]) -> None:
        self._check_limits(body)
        p = msg.payload
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                p[key] = body[key]
        if "flags" in body and body["flags"] is not None:
            p["flags"] = (p["flags"] & (EPHEMERAL | LOADING)) | int(body["flags"])
        if files or "attachments" in body:
            keep = {str(a.get("id")) for a in body.get("attachments") or []}
            attachments = [a for a in p["attachments"] if a["id"] in keep]
            for name, data in files:
                aid = str(self.next_id())
                attachments.append({"id": aid, "filename": name, "size": len(data),
                                    "url": f"https://cdn.discordapp.com/attachments/{msg.channel_id}/{aid}/{name}",
                                    "proxy_url": f"https://media.discordapp.net/{aid}/{name}"})
                msg.files[name] = data
            p["attachments"] = attachments
        if p["components"] is None:
            p["components"] = []

    # -- dispatch -----------------------------------------------------------------------
    def handle(self, kind: str, method: str, url: str, params: dict | None, body: Any,
               files: list[tuple[str, bytes]]) -> Any:
        path = url[len(BASE):] if url.startswith(BASE) else url
        path = path.split("?")[0]
        req = Request(method, path, url, dict(params or {}), body, files, kind)
        self.requests.append(req)
        for m, template, regex, fn in self.routes:
            if m != method:
                continue
            found = regex.match(path)
            if found:
                req.path = template
                try:
                    return fn(req, **found.groupdict())
                except FakeError as err:
                    req.status = err.status
                    raise
        self.unknown.append(f"{method} {path}")
        req.status = 404
        raise FakeError(404, 0, f"unknown route {method} {path}")

    def _route_table(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", "/users/@me", lambda r: self.users[self.BOT_ID]),
            ("GET", "/oauth2/applications/@me", self._app_info),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("POST", "/channels/{channel_id}/threads", self._create_thread),
            ("POST", "/channels/{channel_id}/messages", self._send),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("POST", "/interactions/{iid}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message_id}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message_id}", self._edit_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message_id}", self._delete_webhook_message),
        ]

    # -- bot routes ---------------------------------------------------------------------
    def _app_info(self, req: Request) -> dict:
        return {"id": str(self.APP_ID), "name": "Isle Host", "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": self.users[self.OWNER_ID],
                "team": None, "verify_key": "k", "flags": 0, "rpc_origins": [], "summary": ""}

    def _put_commands(self, req: Request, app: str, guild: str | None = None) -> list:
        out = []
        for cmd in req.json or []:
            out.append({**cmd, "id": str(self.next_id()), "application_id": str(self.APP_ID), "version": "1",
                        **({"guild_id": guild} if guild else {})})
        self.commands = out
        return out

    def _get_user(self, req: Request, user_id: str) -> dict:
        user = self.users.get(int(user_id))
        if user is None:
            raise FakeError(404, 10013, "Unknown User")
        return user

    def _get_member(self, req: Request, guild_id: str, user_id: str) -> dict:
        uid = int(user_id)
        if uid not in self.users or uid in self.left_guild:
            raise FakeError(404, 10007, "Unknown Member")
        return {"user": self.users[uid], "roles": [], "joined_at": _now(), "deaf": False, "mute": False, "flags": 0}

    def _create_dm(self, req: Request) -> dict:
        uid = int(req.json["recipient_id"])
        for ch in self.channels.values():
            if ch.type == 1 and ch.recipient_id == uid:
                return self.channel_payload(ch)
        cid = self.next_id()
        self.channels[cid] = Channel(cid, 1, recipient_id=uid)
        return self.channel_payload(self.channels[cid])

    def _channel(self, channel_id: str) -> Channel:
        ch = self.channels.get(int(channel_id))
        if ch is None or ch.deleted:
            raise FakeError(404, 10003, "Unknown Channel")
        return ch

    def _get_channel(self, req: Request, channel_id: str) -> dict:
        return self.channel_payload(self._channel(channel_id))

    def _edit_channel(self, req: Request, channel_id: str) -> dict:
        ch = self._channel(channel_id)
        req.audience = "public"
        body = req.json or {}
        if "archived" in body:
            ch.archived = bool(body["archived"])
        if "name" in body:
            ch.name = body["name"]
        return self.channel_payload(ch)

    def _create_thread(self, req: Request, channel_id: str) -> dict:
        parent = self._channel(channel_id)
        req.audience = "public"
        if parent.id in self.thread_errors:
            raise FakeError(*self.thread_errors[parent.id])
        if parent.id in self.no_threads or parent.type != 0:
            raise FakeError(403, 50013, "Missing Permissions")
        cid = self.next_id()
        self.channels[cid] = Channel(cid, PUBLIC_THREAD, req.json["name"], parent.guild_id, parent.id)
        return self.channel_payload(self.channels[cid])

    def _send(self, req: Request, channel_id: str) -> dict:
        ch = self._channel(channel_id)
        req.audience = self.audience_of(ch.id)
        if ch.type == 1 and ch.recipient_id in self.dm_closed:
            raise FakeError(403, 50007, "Cannot send messages to this user")
        if ch.id in self.no_send or (ch.parent_id in self.no_send):
            raise FakeError(403, 50013, "Missing Permissions")
        if ch.id in self.send_errors or ch.parent_id in self.send_errors:
            raise FakeError(*self.send_errors.get(ch.id) or self.send_errors[ch.parent_id])
        msg = self._create_message(ch.id, req.json or {}, req.files, req.audience)
        req.message_id = msg.id
        return msg.payload

    def _message(self, message_id: str) -> Message:
        msg = self.messages.get(int(message_id))
        if msg is None:
            raise FakeError(404, 10008, "Unknown Message")
        return msg

    def _edit(self, req: Request, channel_id: str, message_id: str) -> dict:
        self._channel(channel_id)
        msg = self._message(message_id)
        req.audience, req.message_id = msg.audience, msg.id
        self._apply_edit(msg, req.json or {}, req.files)
        return msg.payload

    def _delete(self, req: Request, channel_id: str, message_id: str) -> None:
        msg = self._message(message_id)
        req.audience = msg.audience
        del self.messages[msg.id]

    def _get_message(self, req: Request, channel_id: str, message_id: str) -> dict:
        return self._message(message_id).payload

    # -- interaction routes -------------------------------------------------------------
    def _interaction(self, token: str) -> Interaction:
        inter = self.interactions.get(token)
        if inter is None:
            raise FakeError(404, 10015, "Unknown Webhook")
        return inter

    def _callback(self, req: Request, iid: str, token: str) -> dict:
        inter = self._interaction(token)
        if inter.acked is not None:
            self.protocol_errors.append(f"interaction {inter.id} acknowledged twice")
            raise FakeError(400, 40060, "Interaction has already been acknowledged.")
        body = req.json or {}
        rtype = body["type"]
        data = body.get("data") or {}
        inter.acked = rtype
        message = None
        if rtype in (4, 5):
            flags = int(data.get("flags") or 0)
            inter.ephemeral = bool(flags & EPHEMERAL)
            req.audience = self.audience_of(inter.channel_id, flags, inter.user_id)
            msg = self._create_message(inter.channel_id, data, req.files, req.audience, inter)
            if rtype == 5:
                msg.payload["flags"] |= LOADING
                inter.loading = True
            if inter.ephemeral:
                msg.payload["flags"] |= EPHEMERAL
            inter.original_id = msg.id
            req.message_id = msg.id
            message = msg.payload
        elif rtype in (6, 7):
            msg = self._message(inter.message_id)
            inter.original_id = msg.id
            inter.ephemeral = msg.audience != "public"
            req.audience, req.message_id = msg.audience, msg.id
            if rtype == 7:
                self._apply_edit(msg, data, req.files)
            message = msg.payload
        elif rtype == 8:
            inter.autocomplete = data.get("choices", [])
            if any(len(c.get("name") or "") > 100 for c in inter.autocomplete):
                self.protocol_errors.append("over Discord's limits: an autocomplete choice over 100 characters")
                raise FakeError(400, 50035, "Invalid Form Body")
            req.audience = f"user:{inter.user_id}"
        else:
            req.audience = f"user:{inter.user_id}"
        answer = {"interaction": {"id": str(inter.id), "type": 2,
                                  "response_message_id": str(inter.original_id) if inter.original_id else None,
                                  "response_message_loading": inter.loading,
                                  "response_message_ephemeral": inter.ephemeral}}
        if message is not None:
            answer["resource"] = {"type": rtype, "message": message}
        return answer

    def _followup(self, req: Request, app: str, token: str) -> dict:
        inter = self._interaction(token)
        if inter.acked is None:
            self.protocol_errors.append(f"followup before acknowledging interaction {inter.id}")
            raise FakeError(404, 10015, "Unknown Webhook")
        body = req.json or {}
        if inter.loading:  # the first followup after a deferred response fills the loading message
            inter.loading = False
            msg = self.messages[inter.original_id]
            msg.payload["flags"] &= ~LOADING
            self._apply_edit(msg, body, req.files)
        else:
            flags = int(body.get("flags") or 0)
            audience = self.audience_of(inter.channel_id, flags, inter.user_id)
            msg = self._create_message(inter.channel_id, body, req.files, audience, inter)
            if flags & EPHEMERAL:
                msg.payload["flags"] |= EPHEMERAL
        req.audience, req.message_id = msg.audience, msg.id
        return msg.payload

    def _webhook_target(self, token: str, message_id: str) -> Message:
        inter = self._interaction(token)
        if message_id == "@original":
            if inter.original_id is None:
                raise FakeError(404, 10008, "Unknown Message")
            return self._message(str(inter.original_id))
        return self._message(message_id)

    def _get_webhook_message(self, req: Request, app: str, token: str, message_id: str) -> dict:
        return self._webhook_target(token, message_id).payload

    def _edit_webhook_message(self, req: Request, app: str, token: str, message_id: str) -> dict:
        inter = self._interaction(token)
        msg = self._webhook_target(token, message_id)
        if message_id == "@original" and inter.loading:
            inter.loading = False
            msg.payload["flags"] &= ~LOADING
        req.audience, req.message_id = msg.audience, msg.id
        self._apply_edit(msg, req.json or {}, req.files)
        return msg.payload

    def _delete_webhook_message(self, req: Request, app: str, token: str, message_id: str) -> None:
        msg = self._webhook_target(token, message_id)
        req.audience = msg.audience
        del self.messages[msg.id]

    # -- interactions from users --------------------------------------------------------
    def interaction_payload(self, itype: int, user_id: int, channel_id: int, data: dict,
                            message: Message | None = None, app_permissions: int | None = None,
                            user_permissions: int = 0) -> dict:
        iid = self.next_id()
        token = f"token-{iid}"
        ch = self.channels[channel_id]
        self.interactions[token] = Interaction(iid, token, user_id, channel_id,
                                               message.id if message else None)
        perms = app_permissions if app_permissions is not None else (1 << 53) - 1 - 8  # all but admin
        payload = {"id": str(iid), "application_id": str(self.APP_ID), "type": itype, "data": data,
                   "token": token, "version": 1, "locale": self.user_locales.get(user_id, "en-US"), "attachment_size_limit": 26214400,
                   "entitlements": [], "authorizing_integration_owners": {"0": str(self.GUILD_ID)},
                   "app_permissions": str(perms), "channel_id": str(channel_id),
                   "channel": self.channel_payload(ch)}
        if ch.type == 1:
            payload["user"] = self.users[user_id]
            payload["context"] = 1
        else:
            payload["guild_id"] = str(ch.guild_id or self.GUILD_ID)
            payload["guild_locale"] = self.guild_locale
            payload["context"] = 0
            payload["member"] = {"user": self.users[user_id], "roles": [], "joined_at": _now(), "deaf": False,
                                 "mute": False, "flags": 0, "permissions": str(user_permissions)}
        if message is not None:
            payload["message"] = json.loads(json.dumps(message.payload))
        return payload
