// Narrates a game's event record as text: for `replay` an omniscient narrator (private events too,
// every seat's role), for `play` the events one seat may see, with only the roles it knows.
import type { ChalkInstance } from 'chalk';
import type { GameEvent, Statement } from '../model/events.js';
import type { Game } from '../engine/game.js';
import { displayWidth, labelled } from './fit.js';

const ACTION_VERBS: Record<string, string> = {
  freeze: 'freezes',
  heal: 'heals',
  mafiaKill: 'shoots (the mafia kill)',
  courtesanShot: 'shoots (last-resort shot)',
  maniacKill: 'kills',
  block: 'blocks',
  jail: 'jails',
  bail: 'tries to bail',
  killerShot: "shoots (the Killer's own shot)",
  duel: 'challenges',
};

const JOINT_KILL: Record<string, string> = {
  unanimous: 'agreed by all',
  boss: 'the Boss decides',
  split: 'split without an able Boss: no kill',
  'nobody able': 'nobody is able to act: no kill',
};

/**
 * Narrated lines laid out for `width` columns: a phase heading's blank line split off, and a line too
 * wide wrapped at its spaces, continuing four columns in from its own indentation (the deal of twenty
 * seats, a long speech).
 */
export function fitNarration(lines: readonly string[], width: number): string[] {
  return lines.flatMap((l) => l.split('\n')).flatMap((l) => {
    if (displayWidth(l) <= width) return [l];
    const lead = /^ */.exec(l)![0];
    return labelled(lead, l.slice(lead.length), width, `${lead}    `);
  });
}

/** A check's result as a coloured badge (` black `), or the word alone without colour. */
function badge(c: ChalkInstance, paint: (s: string) => string, word: string): string {
  return c.level > 0 ? paint(` ${word} `) : word;
}

/** The omniscient narration of a game's whole record (`replay`, `scenario -v`). */
export function narrate(g: Game, c: ChalkInstance): string[] {
  return narrateEvents(g.log ?? [], (s) => g.roles[s].name, c);
}

/**
 * Narrates some events; `label(seat)` is what is said of a seat after its number (its role, as the
 * reader knows it), or undefined to say nothing.
 */
export function narrateEvents(events: readonly GameEvent[], label: (seat: number) => string | undefined, c: ChalkInstance): string[] {
  const who = (s: number) => {
    const l = label(s);
    return l === undefined ? c.bold(`#${s}`) : `${c.bold(`#${s}`)} ${c.dim(`(${l})`)}`;
  };
  const statement = (x: Statement): string => {
    switch (x.type) {
      case 'claim': return `claims to be ${x.role}`;
      case 'check': return `reports #${x.seat} is ${x.result}`;
      case 'accuse': return `accuses #${x.seat}`;
      case 'vouch': return `vouches for #${x.seat}`;
    }
  };
  const said = (xs: readonly Statement[]) => (xs.length === 0 ? c.dim('says nothing of note') : xs.map(statement).join('; '));
  const line = (e: GameEvent): string | null => {
    switch (e.t) {
      case 'deal': return `${c.bold('Deal')}: ${e.roles.map((r, i) => `#${i + 1} ${r}`).join(', ')}`;
      case 'team': return `Night 0: the team ${e.seats.map((s) => `#${s}`).join(', ')} meet (${e.seats.map((s) => label(s) ?? '?').join(', ')})`;
      case 'phase': return `\n${c.bold.underline(`${e.phase === 'day' ? 'Day' : 'Night'} ${e.n}`)}`;
      case 'speech': return `  ${who(e.seat)} ${e.again ? 'speaks again' : e.defence ? 'speaks in defence' : 'speaks'}: ${said(e.statements)}`;
      case 'skipSpeech': return `  ${who(e.seat)} skips the speech (3 fouls)`;
      case 'nominate': return `  ${who(e.seat)} nominates #${e.target}`;
      case 'vote': return `    ${e.round > 1 ? 'revote' : 'vote'}: #${e.seat} → #${e.target}`;
      case 'voteAll': return `    all tied leave? #${e.seat} ${e.yes ? 'yes' : 'no'}`;
      case 'tie': return `  ${c.yellow(`tie between ${e.seats.map((s) => `#${s}`).join(', ')}`)}`;
      case 'noElimination': return `  nobody leaves (${e.reason})`;
      case 'eliminated': return `  ${c.red(`${who(e.seat)} is eliminated (${e.cause})`)}`;
      case 'lastWord': return `  ${who(e.seat)} last word: ${said(e.statements)}`;
      case 'action':
        if (e.kind === 'cancel') return e.target === null ? `  ${who(e.seat)} lets the execution stand` : null; // a cancellation has its own line
        return `  ${who(e.seat)} ${e.target === null ? `does not act (${e.kind})` : `${ACTION_VERBS[e.kind] ?? e.kind} #${e.target}`}`;
      case 'propose': return `  ${who(e.seat)} proposes ${e.target === null ? 'nobody' : `#${e.target}`}`;
      case 'frozen': return `  ${c.cyan(`${who(e.seat)} is frozen and cannot act`)}`;
      case 'blocked': return `  ${c.cyan(`${who(e.seat)} is blocked`)}`;
      // The padding is the badge's, on a terminal; in plain text (piped) the word alone.
      case 'check': return `  ${who(e.seat)} checks #${e.target}: ${badge(c, e.result === 'black' ? c.bgBlack.white : c.bgRed.white, e.result)}`;
      case 'note': return `  ${who(e.seat)} leaves a note: #${e.target} is ${e.result}`;
      case 'noteAnnounced': return `  ${c.magenta(`The commissar's note is read: #${e.target} is ${e.result}`)}`;
      case 'saved': return `  ${c.green(`${who(e.seat)} was attacked but saved (${e.by})`)}`;
      case 'died': return `  ${c.red(`Dawn: ${who(e.seat)} was killed`)}`;
      case 'noDeaths': return '  Dawn: nobody died';
      case 'foul': return `  ${c.yellow(`#${e.seat} gets a foul (${e.value}), ${e.total} in all`)}`;
      case 'effect': return `  #${e.seat}: ${e.what}`;
      case 'outcome': {
        const line = `\n${c.bold(`Outcome: ${e.winner}`)} after ${e.day} day(s)`;
        // A neutral team's seats that won alongside the result (RoleDef.win): named after it.
        return e.neutral === undefined ? line : `${line}; ${e.neutral.map((s) => who(s)).join(', ')} ${e.neutral.length === 1 ? 'wins' : 'win'} too (neutral)`;
      }
      case 'jointKill': return `  Mafia joint kill: ${e.target === null ? 'nobody' : `#${e.target}`} (${JOINT_KILL[e.how]})`;
      case 'shootout': return `  ${c.yellow(`Shoot-out between ${e.seats.map((s) => `#${s}`).join(', ')}: fate picks #${e.executed}`)}`;
      case 'cancelled': return `  ${c.magenta(`${who(e.seat)} cancels the execution of #${e.condemned}: nobody leaves`)}`;
      case 'jailed': return `  ${c.cyan(`${who(e.seat)} is jailed${e.reason === 'bail' ? ' (bailed a mafia-team player)' : ''}`)}`;
      case 'yield': return `  ${who(e.seat)} yields time to the jailed #${e.target}`;
      case 'released': return `  ${c.cyan(`${who(e.seat)} is released (${e.reason === 'bail' ? 'bailed out' : 'the Judge died'})`)}`;
      case 'immunity': return e.fired
        ? `  ${c.green(`${who(e.seat)} is saved by the ${e.kind} immunity`)}`
        : `  ${who(e.seat)} holds the ${e.kind} immunity`;
      case 'luck': return `  ${c.green(`${who(e.seat)} is shot at for the first time: the luck holds, and is spent`)}`;
      case 'duel': return `  ${who(e.seat)} duels #${e.target}: ${e.hit ? c.red('mafia — both die') : 'town — nothing happens'}`;
    }
  };
  const out: string[] = [];
  for (const e of events) {
    const l = line(e);
    if (l !== null) out.push(l);
  }
  return out;
}
