#!/usr/bin/env node
// An example bot for the mafia-sim bot protocol (docs/protocol.md), in plain Node with no imports from
// mafia-sim: it reads one JSON request per line on stdin and writes one answer per line on stdout.
// Run it with:  mafia-sim run --strategy town=exec:"node bots/node_bot.mjs" --games 100
//
// It plays "follow the accusations": it remembers who was accused in speeches, votes and nominates the
// most accused player it does not know to be an ally, reports its black checks if it investigates, and
// otherwise picks among the legal options with a random stream seeded from the request's `seed`, so the
// same game plays the same way every time (and on any number of threads).
import { createInterface } from 'node:readline';

/** A small seeded generator (mulberry32): one per seat per game, from the seed of its first request. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the bot remembers per seat per game: its table facts, accusations heard, its random stream. */
const seats = new Map();

function seatState(req) {
  const key = `${req.game}:${req.seat}`;
  let s = seats.get(key);
  if (!s) seats.set(key, (s = { random: generator(req.seed), table: null, accused: new Map() }));
  if (req.view.table) s.table = req.view.table;
  for (const e of req.view.events) {
    if (e.t !== 'speech' && e.t !== 'lastWord') continue;
    for (const st of e.statements) if (st.type === 'accuse' || (st.type === 'check' && st.result === 'black')) s.accused.set(st.seat, (s.accused.get(st.seat) ?? 0) + 1);
  }
  return s;
}

const pick = (s, list) => list[Math.floor(s.random() * list.length)];

function decide(req) {
  const s = seatState(req);
  const allies = new Set([req.seat, ...s.table.allies]);
  const outsiders = req.options.filter((x) => !allies.has(x));
  if (req.options.length === 0) return null;
  if (req.kind === 'voteAll' || req.kind === 'note' || req.kind === 'cancel') return s.random() < 0.5 ? 1 : 0;
  if (req.intent === 'protect' || req.kind === 'heal') return req.options.includes(req.seat) ? req.seat : pick(s, req.options);
  const most = [...outsiders].sort((a, b) => (s.accused.get(b) ?? 0) - (s.accused.get(a) ?? 0) || a - b)[0];
  if ((req.kind === 'vote' || req.kind === 'revote' || req.kind === 'nominate') && most !== undefined && (s.accused.get(most) ?? 0) > 0) return most;
  if (req.canPass && req.kind === 'nominate' && s.random() < 0.3) return null;
  return outsiders.length > 0 ? pick(s, outsiders) : pick(s, req.options);
}

function speak(req) {
  const s = seatState(req);
  const blacks = req.view.checks.filter((c) => c.result === 'black');
  if (blacks.length > 0) return [{ type: 'claim', role: s.table.role }, ...blacks.map((c) => ({ type: 'check', seat: c.target, result: 'black' }))];
  const [top] = [...s.accused.entries()].filter(([seat]) => seat !== req.seat && !s.table.allies.includes(seat) && req.view.alive.includes(seat)).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return top ? [{ type: 'accuse', seat: top[0] }] : [];
}

const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');

for await (const line of createInterface({ input: process.stdin })) {
  const req = JSON.parse(line);
  if (req.type === 'hello') send({ type: 'hello', protocol: 1, name: 'node-example' });
  else if (req.type === 'decide') send({ type: 'decision', id: req.id, answer: decide(req) });
  else if (req.type === 'speak') send({ type: 'statements', id: req.id, statements: speak(req) });
  else if (req.type === 'end') for (const key of seats.keys()) if (key.startsWith(`${req.game}:`)) seats.delete(key);
}
