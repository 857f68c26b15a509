"""Playing games through the harness the way people do: slash commands and clicks on what the bot posted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.discord.fake_discord import Message
from tests.discord.harness import Harness, Result, iter_components

BACK_LABELS = ("back", "start pricing again")


@dataclass
class Pick:
    """One control a player used: its label and where in the request log it happened."""

    user_id: int
    label: str
    request_index: int
    phase: str | None = None


@dataclass
class Table:
    h: Harness
    game_id: int
    thread_id: int
    players: list[int]
    picks: list[Pick] = field(default_factory=list)
    phases: list[tuple[int, str | None]] = field(default_factory=list)  # (request index, phase) after each click

    @property
    def host(self):
        return self.h.bot.host

    async def phase(self) -> str | None:
        info = await self.host.get(self.game_id)
        if info.status != "active":
            return info.status
        return (await self.host.public_view(self.game_id)).get("phase")

    async def turn_message_id(self) -> int:
        where = await self.host.get_message(self.game_id, "turn")
        assert where is not None, "no turn post yet"
        return where[1]

    async def open_panel(self, user_id: int) -> Message:
        result = await self.h.click(user_id, await self.turn_message_id(), "Take turn")
        panel = self.h.original(result)
        assert panel.audience == f"user:{user_id}", "the Take turn panel must be ephemeral"
        return panel

    async def act_once(self, user_id: int, panel: Message) -> Result | None:
        """Use the first sensible control of a panel; None when it offers nothing to do."""
        comps = list(iter_components(panel.payload))
        confirm = next((c for c in comps if c.get("label") == "Confirm"), None)
        phase = await self.phase()
        start = len(self.h.fake.requests)
        if confirm is not None:
            result = await self.h.click(user_id, panel.id, custom_id=confirm["custom_id"])
        else:
            select = next((c for c in comps if c.get("type") == 3), None)
            if select is not None:
                option = next(o for o in select["options"] if o["label"].lower() not in BACK_LABELS)
                self.picks.append(Pick(user_id, option["label"], start, phase))
                result = await self.h.select(user_id, panel.id, [option["value"]], custom_id=select["custom_id"])
            else:
                buttons = [c for c in comps if c.get("type") == 2 and c.get("custom_id", "").startswith("isle:act:")
                           and (c.get("label") or "").lower() not in BACK_LABELS]
                if not buttons:
                    return None
                self.picks.append(Pick(user_id, buttons[0]["label"], start, phase))
                result = await self.h.click(user_id, panel.id, custom_id=buttons[0]["custom_id"])
        self.phases.append((len(self.h.fake.requests), await self.phase()))
        return result

    async def play_turn(self, user_id: int, limit: int = 40) -> int:
        """Open the panel and act until this player has nothing left to do now."""
        panel = await self.open_panel(user_id)
        steps = 0
        while steps < limit:
            result = await self.act_once(user_id, panel)
            if result is None:
                return steps
            steps += 1
            panel = self.h.fake.messages[panel.id]
        raise AssertionError(f"user {user_id} still acting after {limit} steps")

    async def play_to_end(self, max_rounds: int = 400) -> None:
        for _ in range(max_rounds):
            info = await self.host.get(self.game_id)
            if info.status != "active":
                return
            users = [s.user_id for s in info.users_to_act()]
            assert users, f"nobody human to act: {info}"
            for user_id in users:
                await self.play_turn(user_id)
        raise AssertionError("the game did not end")


async def new_table(h: Harness, creator: int, joiners: list[int], key: str = "isle_of_skye",
                    **options) -> Table:
    """``/game new`` by ``creator``, the others press Join, the creator presses Start."""
    await h.slash(creator, "game new", game=key, **options)
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    game_id = int(h.find_component(lobby.id, "Join")["custom_id"].rsplit(":", 1)[1])
    for user in joiners:
        await h.click(user, lobby.id, "Join")
    info = await h.bot.host.get(game_id)
    if info.status == "lobby":
        await h.click(creator, lobby.id, "Start")
    return Table(h, game_id, thread.id, [creator, *joiners])


LEAVE_EARLY = re.compile(r"^(end participation|resign|concede)", re.I)  # players here play on to the end


def controls(panel_payload: dict) -> list[tuple[str, dict, str | None]]:
    """What a player can use on a panel: ("confirm"|"button"|"option", component, option value)."""
    comps = list(iter_components(panel_payload))
    confirm = [c for c in comps if c.get("label") == "Confirm"]
    if confirm:
        return [("confirm", confirm[0], None)]
    found = []
    for c in comps:
        if c.get("type") == 3 and not c.get("disabled"):
            found += [("option", c, o["value"]) for o in c["options"]]
        elif c.get("type") == 2 and not c.get("disabled") and c.get("custom_id", "").startswith("isle:act:"):
            found.append(("button", c, None))
    return found


def label_of(control: tuple[str, dict, str | None]) -> str:
    kind, comp, value = control
    if kind == "option":
        return next(o["label"] for o in comp["options"] if o["value"] == value)
    return comp.get("label") or ""


def selects(panel: Message) -> list[dict]:
    """A panel's select menus (My Island's: the whole placements, then the step's own choices)."""
    return [c for c in iter_components(panel.payload) if c.get("type") == 3]


async def placements_round(h: Harness, table: Table, users: list[int]) -> None:
    """My Island: everyone picks the first whole placement (a round played through the panels), or
    passes on a tile that fits nowhere on their island (a random game can deal one)."""
    for user in users:
        panel = await table.open_panel(user)
        if not selects(panel):
            await h.click(user, panel.id, next(c["label"] for c in iter_components(panel.payload)
                                               if c.get("label", "").startswith("Pass")))
            continue
        select = selects(panel)[0]
        await h.select(user, panel.id, [select["options"][0]["value"]], custom_id=select["custom_id"])


async def placing_panel(h: Harness, table: Table, user: int, users: list[int]) -> Message:
    """My Island: the user's panel once the tile dealt fits somewhere (rounds are played until it does)."""
    for _ in range(10):
        panel = await table.open_panel(user)
        if selects(panel):
            return panel
        await placements_round(h, table, users)
    raise AssertionError("ten tiles in a row fit nowhere")
