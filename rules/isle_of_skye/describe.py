"""Player-facing texts: action labels (buttons/selects, <= 80 characters) and log lines."""

from __future__ import annotations

from rules.isle_of_skye.data import GOAL_NAMES, TILES, tile_label

MAX_LABEL = 80


def _tile(tile) -> str:
    return tile_label(tile) if isinstance(tile, str) and tile in TILES else str(tile)


def _name(names: list[str] | None, seat) -> str:
    if isinstance(seat, int) and names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Player {seat + 1}" if isinstance(seat, int) else "Someone"


def coins(n) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _turn(rot) -> str:
    return "upright" if rot == 0 else f"turned {90 * rot}°"


def where(at) -> str:
    """A cell relative to the castle in words: ``2 east, 1 north``."""
    x, y = at
    parts = []
    if y:
        parts.append(f"{abs(y)} {'south' if y > 0 else 'north'}")
    if x:
        parts.append(f"{abs(x)} {'east' if x > 0 else 'west'}")
    return ", ".join(parts) or "the castle"


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def describe_action(action: dict, view: dict | None = None) -> str:
    names = (view or {}).get("seat_names")
    kind = action.get("type") if isinstance(action, dict) else None
    phase = (view or {}).get("phase")
    if kind == "discard":
        return _clip(f"Discard {_tile(action['tile'])}")
    if kind == "price":
        return _clip(f"{coins(action['price'])} for {_tile(action['tile'])}")
    if kind == "prices":
        return f"Show prices {action['from']}–{action['to']} coins"
    if kind == "back":
        return "Start pricing again" if phase == "price" else "Back"
    if kind == "buy":
        return _clip(f"Buy {_tile(action['tile'])} from {_name(names, action['from'])} for {action['price']}")
    if kind == "pass":
        return "Pass (buy nothing)"
    if kind == "castle":
        return f"Castle {_turn(action['rot'])}"
    if kind == "pick":
        return _clip(f"Build {_tile(action['tile'])}")
    if kind == "spot":
        return f"Spot {action['spot']} ({where(action['at'])}), then choose the turn"
    if kind == "place":
        return f"Spot {action['spot']} ({where(action['at'])}), {_turn(action['rot'])}"
    return str(kind)


SINGULAR = {"farms": "farm", "brochs": "broch", "ships": "ship", "lighthouses": "lighthouse"}


def _count(n: int, kind: str) -> str:
    if kind == "whisky":
        return f"{n} whisky tile{'' if n == 1 else 's'}"
    return f"{n} {SINGULAR.get(kind, kind) if n == 1 else kind}"


def describe_event(event: dict, names: list[str]) -> str:
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "round":
        goals = " and ".join(event["goals"])
        verb = "goals {} score".format(goals) if len(event["goals"]) > 1 else f"goal {goals} scores"
        return f"Round {event['round']} begins: {verb}; {_name(names, event['first'])} goes first."
    if kind == "income":
        bits = [f"castle {event['castle']}"]
        if event["whisky"]:
            bits.append(f"whisky {event['whisky']}")
        if event["catch_up"]:
            bits.append(f"catch-up {event['catch_up']}")
        return f"{who} receives {coins(event['total'])} ({', '.join(bits)})."
    if kind == "draw":
        return f"{who} draws {', '.join(_tile(t) for t in event['tiles'])}."
    if kind == "discard_chosen":
        return f"You will discard {_tile(event['tile'])}."
    if kind == "price_chosen":
        return f"You priced {_tile(event['tile'])} at {coins(event['price'])}."
    if kind == "pricing_restarted":
        return "You started your pricing again."
    if kind == "prices_sealed":
        return f"{who} has set the prices."
    if kind == "reveal":
        offers = " and ".join(f"{_tile(o['tile'])} for {o['price']}" for o in event["offer"])
        head = f"{who} discards {_tile(event['discard'])}" if event.get("discard") else f"{who}"
        return f"{head} and offers {offers or 'nothing'}."
    if kind == "buy":
        return f"{who} bought {_tile(event['tile'])} from {_name(names, event['from'])} for {coins(event['price'])}."
    if kind == "pass":
        if event.get("forced"):
            return f"{who} cannot buy any offered tile and passes."
        return f"{who} passes."
    if kind == "unsold":
        return f"{_tile(event['tile'])} stays with {who}; the {event['price']}-coin stake goes to the bank."
    if kind == "castle_turned":
        return f"You turned your castle: {_turn(event['rot'])}."
    if kind == "castle":
        return f"{who} turned the castle: {_turn(event['rot'])}."
    if kind == "placed":
        return f"You placed {_tile(event['tile'])} at {where(event['at'])}, {_turn(event['rot'])}."
    if kind == "build_done":
        return f"{who} has finished building."
    if kind == "build":
        return f"{who} built {_tile(event['tile'])} at {where(event['at'])}, {_turn(event['rot'])}."
    if kind == "returned":
        return f"{_tile(event['tile'])} does not fit in {who}'s territory and goes back to the bag."
    if kind == "goal":
        pts = ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(event["points"]))
        return f"Goal {event['slot']} ({GOAL_NAMES.get(event['goal'], event['goal'])}): {pts}."
    if kind == "scroll":
        doubled = ", doubled in a completed area" if event["doubled"] else ""
        counted = _count(event["count"], event["kind"])
        return f"{who}'s {event['kind']} scroll on {event['tile']}: {event['vp']} VP ({counted}{doubled})."
    if kind == "coins_scored":
        return f"{who} turns {coins(event['coins'])} into {event['vp']} VP."
    if kind == "game_over":
        scores = ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(event["scores"]))
        return f"Game over: {scores}."
    return str(event.get("text") or kind)
