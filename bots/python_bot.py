#!/usr/bin/env python3
"""An example bot for the mafia-sim bot protocol (docs/protocol.md), standard library only.

It reads one JSON request per line on stdin and writes one answer per line on stdout. Run it with:

    mafia-sim run --strategy town=exec:"python3 bots/python_bot.py" --games 100

It plays "follow the accusations", like bots/node_bot.mjs: it remembers who was accused in speeches,
votes and nominates the most accused player it does not know to be an ally, reports its black checks
if it investigates, and otherwise picks among the legal options with a random.Random seeded from the
request's `seed`, so the same game plays the same way every time (and on any number of threads).
"""
import json
import random
import sys

# Per (game, seat): the table facts of its first request, accusations heard, its random stream.
seats = {}


def seat_state(req):
    key = (req["game"], req["seat"])
    s = seats.get(key)
    if s is None:
        s = seats[key] = {"random": random.Random(req["seed"]), "table": None, "accused": {}}
    view = req["view"]
    if "table" in view:
        s["table"] = view["table"]
    for e in view["events"]:
        if e["t"] not in ("speech", "lastWord"):
            continue
        for st in e["statements"]:
            if st["type"] == "accuse" or (st["type"] == "check" and st["result"] == "black"):
                s["accused"][st["seat"]] = s["accused"].get(st["seat"], 0) + 1
    return s


def decide(req):
    s = seat_state(req)
    options = req["options"]
    if not options:
        return None
    allies = {req["seat"], *s["table"]["allies"]}
    outsiders = [x for x in options if x not in allies]
    kind = req["kind"]
    rng = s["random"]
    if kind in ("voteAll", "note", "cancel"):
        return 1 if rng.random() < 0.5 else 0
    if req["intent"] == "protect" or kind == "heal":
        return req["seat"] if req["seat"] in options else rng.choice(options)
    ranked = sorted(outsiders, key=lambda x: (-s["accused"].get(x, 0), x))
    if kind in ("vote", "revote", "nominate") and ranked and s["accused"].get(ranked[0], 0) > 0:
        return ranked[0]
    if req["canPass"] and kind == "nominate" and rng.random() < 0.3:
        return None
    return rng.choice(outsiders) if outsiders else rng.choice(options)


def speak(req):
    s = seat_state(req)
    view = req["view"]
    blacks = [c for c in view["checks"] if c["result"] == "black"]
    if blacks:
        return [{"type": "claim", "role": s["table"]["role"]}] + [{"type": "check", "seat": c["target"], "result": "black"} for c in blacks]
    candidates = [(n, seat) for seat, n in s["accused"].items() if seat != req["seat"] and seat not in s["table"]["allies"] and seat in view["alive"]]
    if not candidates:
        return []
    candidates.sort(key=lambda c: (-c[0], c[1]))
    return [{"type": "accuse", "seat": candidates[0][1]}]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        req = json.loads(line)
        if req["type"] == "hello":
            send({"type": "hello", "protocol": 1, "name": "python-example"})
        elif req["type"] == "decide":
            send({"type": "decision", "id": req["id"], "answer": decide(req)})
        elif req["type"] == "speak":
            send({"type": "statements", "id": req["id"], "statements": speak(req)})
        elif req["type"] == "end":
            for key in [k for k in seats if k[0] == req["game"]]:
                del seats[key]


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
