"""Island Siege as text: the turn and stage, both islands (coins, colonists, cubes, forts, buildings,
ships), the attack in progress or the last one, the last move and (private) the viewer's hand,
draft offer, drawn cards or Spy Outpost peek, each card with what it does."""

from __future__ import annotations

from typing import Any

from render.island_siege import status_line
from render.summary.text import finish, indent, listing, names, viewer
from rules.island_siege import data
from rules.island_siege.text import FACE_WORD, attack_now, attack_outcome, card_name, colour, describe_action
from rules.text import T, Tn, join

COLOURS = ("white", "grey", "black")
MAX_LINES = 24
SECRET_MOVES = ("draft_give", "draw_give")


def lines(view: dict) -> list[str]:
    who = names(view, 2)
    me = viewer(view)
    out: list[Any] = [status_line(view, who)]  # the board's own headline, word for word
    out.append(T("Common bank: {cubes} · deck {deck} · discard {discard}", cubes=_cubes(view["common_bank"]),
                  deck=view["deck_size"], discard=len(view["discard"])))
    for seat, p in enumerate(view["players"]):
        out += _player(view, who, seat, p, me)
    out += _attack(view, who)
    last = view.get("last_move") or {}
    if isinstance(last.get("seat"), int) and last.get("type"):
        out.append(_last(view, who[last["seat"]], last))
    if me is not None and "hand" in view:
        public = finish(out)
        return public + finish(_private(view, me, MAX_LINES - len(public)))
    return finish(out)


def _last(view: dict, who: Any, last: dict) -> Any:
    """The last move in words; a move on a cube is told without the spot (its fort may be gone)."""
    kind = last["type"]
    if kind in SECRET_MOVES:
        return T("Last: {who} gave a card away (which one stays secret)", who=who)
    if kind == "place_cube":
        return T("Last: {who} placed a {color} cube on the fort being built", who=who, color=colour(last.get("color")))
    if kind == "wave1_attack_group":
        return T("Last: {who} struck a group of cubes (first wave)", who=who)
    if kind == "wave2_destroy":
        return T("Last: {who} destroyed a cube (second wave)", who=who)
    if kind == "repair":
        return T("Last: {who} repaired a fort", who=who)
    action = {k: v for k, v in last.items() if k not in ("seat", "stage")}
    return T("Last: {who} — {action}", who=who, action=describe_action(action, view))


def _cubes(bank: dict) -> Any:
    shown = [Tn("{n} {color}", "{n} {color}", bank[c], color=colour(c)) for c in COLOURS if bank.get(c, 0)]
    return listing(shown) if shown else T("no cubes")


def _player(view: dict, who: list, seat: int, p: dict, me: int | None) -> list:
    tags = [T("to act")] if seat in view.get("to_act", []) else []
    if seat == me:
        tags.append(T("you"))
    name = T("{name} ({tags})", name=who[seat], tags=listing(tags)) if tags else who[seat]
    coins = Tn("{n} coin", "{n} coins", p["coins"])
    out: list[Any] = [T("{name}: {coins} · imperial {n}/{total} · hand {hand} · own bank: {cubes}", name=name,
                        coins=coins, n=p["imperial"], total=data.COLONISTS,
                        hand=p["hand_size"], cubes=_cubes(p["bank"]))]
    forts = []
    for f in p["forts"]:
        held = {}
        for cell in f["cells"]:
            if cell["color"]:
                held[cell["color"]] = held.get(cell["color"], 0) + 1
        cubes = listing([Tn("{n} {color}", "{n} {color}", held[c], color=colour(c)) for c in COLOURS if held.get(c)])
        colonists = T("colonists {n}/{capacity}", n=f["colonists"], capacity=f["capacity"])
        fleet = [who[s] for s, q in enumerate(view["players"]) if q["fleet_at"] == f["id"]]
        bits = [colonists] + ([cubes] if held else []) + ([T("{who}'s fleet here", who=fleet[0])] if fleet else [])
        forts.append(T("{fort} ({details})", fort=T(f["name"]), details=join("; ", bits)))
    out.append(indent(T("Forts: {forts}", forts=join(" · ", forts)) if forts else
                      T("No fort: attacks on this island are made at sea.")))
    built = [T("{building} on {fort}", building=T(b["name"]), fort=T(f["name"])) for f in p["forts"]
             for b in f["buildings"]]
    ships = [T(s["name"]) for s in p["ships"]]
    if built or ships:
        parts = ([T("Buildings: {list}", list=listing(built))] if built else []) + \
                ([T("Ships: {list}", list=listing(ships))] if ships else [])
        out.append(indent(join(" · ", parts)))
    if "hand" in p and seat != me:
        out.append(indent(T("Open hand: {cards}", cards=listing([T(c["name"]) for c in p["hand"]]))))
    return out


def _attack(view: dict, who: list) -> list:
    att = view.get("attack")
    live = att is not None
    att = att or view.get("last_attack")
    if not att:
        return []
    attacker = who[att["attacker"]]
    if att["target"] == "sea":
        title = (T("Attack in progress: {attacker} attacks at sea", attacker=attacker) if live else
                 T("Last attack: {attacker} attacks at sea", attacker=attacker))
    else:
        defender, fort = who[att["defender"]], card_name(att.get("target_card"))
        title = (T("Attack in progress: {attacker} attacks {defender}'s {fort}", attacker=attacker,
                   defender=defender, fort=fort) if live else
                 T("Last attack: {attacker} attacks {defender}'s {fort}", attacker=attacker, defender=defender,
                   fort=fort))
    faces = list(att.get("dice") or []) + list(att.get("added") or [])
    extra = [T("dice: {faces}", faces=listing([FACE_WORD.get(f, f) for f in faces]))] if faces else []
    extra += attack_outcome(att, listing)
    if live:
        extra.append(attack_now(att))
    return [title] + ([indent(join(" · ", extra))] if extra else [])


def _gist(card: dict) -> Any:
    """What a card is: its kind, cost and coins (the same facts as its picture)."""
    if card["kind"] == "fort":
        info = [T("Fort"), Tn("{n} slot", "{n} slots", len(card["slots"])),
                Tn("{n} colonist", "{n} colonists", card["capacity"])]
    elif card["kind"] == "building":
        info = [T("Building"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"])]
        if card.get("repair"):
            info.append(T("fix {color}", color=colour(card["repair"])))
    else:
        info = [T("Ship"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"])]
    return join(", ", info)


def _short_gist(card: dict) -> Any:
    if card["kind"] == "fort":
        return T("fort")
    if card["kind"] == "building":
        return T("building, cost {n}", n=card["cost"])
    return T("ship, cost {n}", n=card["cost"])


def _cards(cards: list[dict], room: int) -> list:
    """A line per card with what it does, as many as ``room`` lines allow; the rest named together."""
    full = [indent(T("{card} ({gist}): {text}", card=T(c["name"]), gist=_gist(c), text=T(c["text"]))) for c in cards]
    sizes = [len(finish([line])) for line in full]
    for k in range(len(cards), -1, -1):
        rest = [T("{card} ({gist})", card=T(c["name"]), gist=_short_gist(c)) for c in cards[k:]]
        tail = [indent(T("also: {cards}", cards=listing(rest)) if k else listing(rest))] if rest else []
        if k == 0 or sum(sizes[:k]) + len(finish(tail)) <= room:
            return full[:k] + tail
    return full


def _private(view: dict, me: int, room: int) -> list:
    out: list[Any] = []
    pend = view.get("pending")
    if pend and pend.get("kind") == "fort_cubes":
        fort_name = pend["preview"]["name"]  # a name given to T() as a literal subscript would be extracted
        out.append(Tn("Building {fort}: own cubes placed so far earn {n} coin.",
                      "Building {fort}: own cubes placed so far earn {n} coins.", pend["coins"],
                      fort=T(fort_name)))
    mine = view["players"][me]
    observatory = any(b["card"] == "B08" for f in mine["forts"] for b in f["buildings"])
    drawn = (T("Drawn: choose the card to discard (Observatory); you keep the others") if observatory else
             T("Drawn: choose the card to give to your opponent; you keep the others"))
    draft = view.get("draft") or {}
    sections = [(drawn, view.get("draw_choice")),
                (T("Opening draft: choose the card to give away"), draft.get("offer") if draft.get("gift") is None
                 else None),
                (T("Spy Outpost: the defender's hand"), view.get("peek"))]
    for title, cards in sections:
        if cards:
            out.append(title)
            out += _cards(cards, max(1, room - len(finish(out)) - 2))
    if draft.get("gift"):
        gift = next((T(c["name"]) for c in draft["offer"] if c["id"] == draft["gift"]), draft["gift"])
        out.append(T("You give away {card}; waiting for the other player.", card=gift))
    if draft:
        hand = [c for c in view.get("hand", []) if c["id"] not in {o["id"] for o in draft["offer"]}]
        if not hand:
            return out  # the offered cards are the whole hand
    else:
        hand = view.get("hand", [])
    out.append(Tn("Your hand ({n} card)", "Your hand ({n} cards)", len(hand)) if hand else T("Your hand is empty."))
    if hand:
        out += _cards(hand, max(1, room - len(finish(out))))
    return out

