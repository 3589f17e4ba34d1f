// What `play` shows the person, drawn from their seat's view only (G7): the roles they know, the events
// they may see (narrated as `replay` narrates, src/report/narrate.ts), their own checks, and the
// question as a menu. Only the reveal at the end reads the game itself.
import type { ChalkInstance } from 'chalk';
import type { Game } from '../engine/game.js';
import type { GameEvent, Statement } from '../model/events.js';
import type { SpeechKind } from '../model/decisions.js';
import { narrateEvents } from '../report/narrate.js';
import type { DecisionRequest } from '../strategy/types.js';
import type { PlayerView } from '../views/view.js';
import { DONE, isYesNo, PASS } from './answers.js';
import type { Question } from './human.js';

/** A role's name from its id, as the table's roles say (public). */
function roleName(view: PlayerView, id: string): string {
  return view.roleInfo(id)?.name ?? id;
}

/** What the seat knows of a seat, said after its number: `you`, or a role it knows (an ally's, a revealed one's). */
export function seatLabel(view: PlayerView, seat: number): string | undefined {
  if (seat === view.seat) return 'you';
  const id = view.knownRole(seat);
  return id === undefined ? undefined : roleName(view, id);
}

/** Events the seat has seen, narrated with the roles it knows. */
export function narrateSeen(view: PlayerView, events: readonly GameEvent[], c: ChalkInstance): string[] {
  return narrateEvents(events, (s) => seatLabel(view, s), c);
}

/** Who the person is, once, at the start. */
export function introduction(view: PlayerView, setupName: string, seed: string, c: ChalkInstance): string[] {
  const allies = view.knownAllies();
  const roles = view.tableRoles.map((r) => (r.seats === 1 ? r.name : `${r.name} ×${r.seats}`)).join(', ');
  return [
    c.bold(`You are seat #${view.seat} of ${view.players}`) + ` (${setupName}, ${view.rules} rules, seed ${seed}).`,
    `Your role: ${c.bold(roleName(view, view.role))}, team ${teamText(view.team, c)}.` + (allies.length > 0 ? ` Your team: ${allies.map((s) => `#${s} ${roleName(view, view.knownRole(s)!)}`).join(', ')}.` : ''),
    c.dim(`Roles at this table: ${roles}.`),
  ];
}

function teamText(team: string, c: ChalkInstance): string {
  return team === 'mafia' ? c.red(team) : c.green(team);
}

/** One line of what the seat knows now: role, team, allies, who lives, own checks. */
export function status(view: PlayerView, c: ChalkInstance): string {
  const parts = [`#${view.seat} ${roleName(view, view.role)} (${view.team})`];
  if (!view.isAlive(view.seat)) parts.push(c.red('you are out'));
  const allies = view.knownAllies();
  if (allies.length > 0) parts.push(`team: ${allies.map((s) => (view.isAlive(s) ? `#${s}` : c.strikethrough(`#${s}`))).join(' ')}`);
  const living = view.livingSeats();
  parts.push(`alive (${living.length}): ${living.map((s) => `#${s}`).join(' ')}`);
  const checks = view.checks();
  if (checks.length > 0) parts.push(`your checks: ${checks.map((k) => `#${k.target} ${k.result}`).join(', ')}`);
  return c.dim('» ') + parts.join(c.dim(' · '));
}

/** The question's title: what is being decided. */
const DECISION_TITLES: Record<string, string> = {
  nominate: 'Nominate a player for the vote',
  vote: 'Vote: who should leave the table?',
  revote: 'Vote again among the tied: who should leave?',
  voteAll: 'Should all the tied players leave?',
  propose: "Propose the mafia's target tonight",
  mafiaKill: "The mafia's shot tonight: whom?",
  courtesanShot: 'Your last-resort shot: whom?',
  freeze: 'Whom do you freeze tonight?',
  heal: 'Whom do you heal tonight?',
  check: 'Whom do you check tonight?',
  note: 'Leave a note with your last check?',
  maniacKill: 'Whom do you kill tonight?',
  block: 'Whom do you block tonight?',
  jail: 'Whom do you jail?',
  bail: 'Whom do you bail out?',
  killerShot: 'Your own shot tonight: whom?',
  duel: 'Whom do you challenge to a duel?',
  cancel: "Cancel today's execution?",
  yield: 'Yield part of your time to a jailed player?',
};

const SPEECH_TITLES: Record<SpeechKind, string> = {
  speech: 'Your speech',
  defence: 'Your defence speech',
  tieSpeech: 'Your speech as one of the tied',
  lastWord: 'Your last word',
};

function phaseText(view: PlayerView): string {
  return view.phase === 'day' ? `day ${view.day}` : `night ${view.night}`;
}

export function title(q: Question): string {
  if (q.type === 'speech') return `${SPEECH_TITLES[q.speech]} (${phaseText(q.view)})`;
  const r = q.request;
  return `${DECISION_TITLES[r.kind] ?? `${r.kind}${r.intent ? ` (${r.intent})` : ''}`} (${phaseText(q.view)})${notYourself(q.view, r)}`;
}

/** The clause that keeps a voter off his own ballot, per rule set. */
const OWN_VOTE_CLAUSE: Record<string, string> = { ukrainian: 'U3.3', vanilla: 'V4', club: 'C4.1' };

/**
 * Why a vote's list leaves the person out when he is a candidate himself (on the block, or at a table
 * where every living player is one): nobody votes for himself. Empty otherwise.
 */
function notYourself(view: PlayerView, r: DecisionRequest): string {
  if ((r.kind !== 'vote' && r.kind !== 'revote') || r.options.includes(view.seat)) return '';
  const clause = OWN_VOTE_CLAUSE[view.rules];
  if (clause === undefined || (view.rules === 'ukrainian' && !view.nominees().includes(view.seat))) return '';
  return ` — not yourself: nobody votes for themself (${clause})`;
}

/** An entry of a menu: what is typed (`key`, or one of `aliases`), what is shown, and what it leads to. */
export interface Entry {
  readonly key: string;
  readonly aliases: readonly string[];
  readonly shown: string;
  /** The answer word, or the menu that follows (a statement's parts). */
  readonly then: string | (() => Menu);
}

export interface Menu {
  readonly title: string;
  readonly entries: readonly Entry[];
  /** How to answer, in words. */
  readonly hint: string;
}

const BACK = 'back';

/** The menu of a question. */
export function menuOf(q: Question, c: ChalkInstance): Menu {
  return q.type === 'decision' ? decisionMenu(q.view, q.request, title(q), c) : speechMenu(q.view, q.said, title(q), c);
}

function decisionMenu(view: PlayerView, r: DecisionRequest, heading: string, c: ChalkInstance): Menu {
  const entries: Entry[] = [];
  if (isYesNo(r)) {
    for (const o of r.options) {
      const word = o === 1 ? 'yes' : 'no';
      entries.push({ key: o === 1 ? '1' : '2', aliases: [word, word[0]], shown: `${c.bold(o === 1 ? '1' : '2')}) ${word}`, then: word });
    }
  } else {
    for (const s of r.options) {
      const label = seatLabel(view, s);
      entries.push({ key: String(s), aliases: [`#${s}`], shown: c.bold(`#${s}`) + (label === undefined ? '' : c.dim(` (${label})`)), then: String(s) });
    }
  }
  if (r.canPass) entries.push({ key: '0', aliases: [PASS, 'p'], shown: `${c.bold('0')}) pass`, then: PASS });
  const keys = isYesNo(r) ? '1 or 2' : 'a seat number';
  return { title: heading, entries, hint: `type ${keys}${r.canPass ? ', or 0 to pass' : ''}` };
}

/** A speech: statements one at a time from a small menu, then done. */
function speechMenu(view: PlayerView, said: readonly Statement[], heading: string, c: ChalkInstance): Menu {
  const top = () => speechMenu(view, said, heading, c);
  const back: Entry = { key: '0', aliases: [BACK, 'b'], shown: `${c.bold('0')}) back`, then: top };
  const others = (living: boolean) => {
    const out: number[] = [];
    for (let s = 1; s <= view.players; s++) if (s !== view.seat && (!living || view.isAlive(s))) out.push(s);
    return out;
  };
  const seatMenu = (what: string, seats: number[], word: (s: number) => string | (() => Menu)): Menu => ({
    title: what,
    entries: [...seats.map((s): Entry => {
      const label = seatLabel(view, s);
      return { key: String(s), aliases: [`#${s}`], shown: c.bold(`#${s}`) + (label === undefined ? '' : c.dim(` (${label})`)), then: word(s) };
    }), back],
    hint: 'type a seat number, or 0 to go back',
  });
  const numbered = (what: string, items: readonly { shown: string; word: string }[]): Menu => ({
    title: what,
    entries: [...items.map((it, i): Entry => ({ key: String(i + 1), aliases: [], shown: `${c.bold(String(i + 1))}) ${it.shown}`, then: it.word })), back],
    hint: `type 1 to ${items.length}, or 0 to go back`,
  });
  const entries: Entry[] = [
    { key: '1', aliases: ['claim'], shown: `${c.bold('1')}) claim a role`, then: () => numbered('Claim which role?', view.tableRoles.map((r) => ({ shown: r.name, word: `claim:${r.id}` }))) },
    {
      key: '2', aliases: ['check'], shown: `${c.bold('2')}) report a check`,
      then: () => seatMenu('Report a check on whom?', others(false), (s) => () => numbered(`#${s} is…`, [{ shown: 'red (town)', word: `check:${s}:red` }, { shown: 'black (mafia)', word: `check:${s}:black` }])),
    },
    { key: '3', aliases: ['accuse'], shown: `${c.bold('3')}) accuse a player`, then: () => seatMenu('Accuse whom?', others(true), (s) => `accuse:${s}`) },
    { key: '4', aliases: ['vouch'], shown: `${c.bold('4')}) vouch for a player`, then: () => seatMenu('Vouch for whom?', others(true), (s) => `vouch:${s}`) },
    { key: '0', aliases: [DONE, 'd'], shown: `${c.bold('0')}) done${said.length === 0 ? ' (say nothing)' : ''}`, then: DONE },
  ];
  const so = said.length === 0 ? '' : ` — so far you ${said.map((st) => statementText(st)).join('; ')}`;
  return { title: heading + so, entries, hint: 'type 1 to 4 to add a statement, or 0 when done' };
}

/** A statement as the narration says it (you claim…). */
function statementText(st: Statement): string {
  switch (st.type) {
    case 'claim': return `claim to be ${st.role}`;
    case 'check': return `report #${st.seat} is ${st.result}`;
    case 'accuse': return `accuse #${st.seat}`;
    case 'vouch': return `vouch for #${st.seat}`;
  }
}

/** The entry a typed line picks, or null. */
export function pick(menu: Menu, typed: string): Entry | null {
  const t = typed.trim().toLowerCase();
  if (t === '') return null;
  return menu.entries.find((e) => e.key === t || e.aliases.includes(t)) ?? null;
}

/** The menu as lines: its title, its entries (wrapped to `width`), the hint. */
export function renderMenu(menu: Menu, width: number, c: ChalkInstance): string[] {
  const lines = [c.yellow.bold(`? ${menu.title}`)];
  let row = ' ';
  let rowWidth = 1;
  for (const e of menu.entries) {
    const w = visibleLength(e.shown) + 3;
    if (rowWidth + w > width && rowWidth > 1) {
      lines.push(row);
      row = ' ';
      rowWidth = 1;
    }
    row += `  ${e.shown} `;
    rowWidth += w;
  }
  if (rowWidth > 1) lines.push(row);
  for (let i = 1; i < lines.length; i++) lines[i] = lines[i].trimEnd();
  lines.push(c.dim(`  (${menu.hint})`));
  return lines;
}

const SGR = /\u001b\[[0-9;]*m/g;

function visibleLength(s: string): number {
  return s.replace(SGR, '').length;
}

/** What the person said or chose, as the record of the turn (an answer given with --answers). */
export function answerText(q: Question, word: string): string {
  if (q.type === 'speech') return word === DONE ? 'done' : word;
  return word === PASS ? 'pass' : isYesNo(q.request) ? word : `#${word}`;
}

/** The end: every seat's role, the outcome, the person's result. */
export function reveal(g: Game, seat: number, c: ChalkInstance): string[] {
  const winner = g.winner!;
  const mine = g.roles[seat].team;
  const lines = ['', c.bold.underline('The roles')];
  for (let s = 1; s <= g.n; s++) {
    const r = g.roles[s];
    const fate = g.eliminations.find((e) => e.seat === s);
    const how = fate === undefined ? c.green('survived') : c.dim(`out ${fate.phase} ${fate.n} (${fate.cause})`);
    lines.push(`  ${c.bold(`#${s}`.padEnd(3))} ${r.name.padEnd(14)} ${teamText(r.team, c)}${' '.repeat(Math.max(0, 5 - r.team.length))}  ${how}${s === seat ? c.bold('  ← you') : ''}`);
  }
  const result = winner === 'draw' || winner === 'stalemate' ? `a ${winner}` : winner === mine ? c.green.bold('you win') : c.red.bold('you lose');
  lines.push('', `${c.bold(`Result: ${winner}`)} after ${g.day} day(s) — ${result} (${mine}); your points: ${g.points[seat]}.`);
  return lines;
}
