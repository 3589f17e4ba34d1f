// mafia-sim play in a real terminal: a detached tmux session runs it, keys are sent as a person types
// them, and the screen is read back (capture-pane). Skipped where tmux is not installed, except in CI.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './helpers/cli.js';

const HAVE_TMUX = spawnSync('tmux', ['-V']).status === 0;
const sessions: string[] = [];

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Starts `mafia-sim ARGS` in a new detached session 100×50; the shell then prints its exit code and waits. */
function start(args: string[], env: Record<string, string> = {}): string {
  const name = `mafia-play-${process.pid}-${sessions.length}`;
  sessions.push(name);
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ');
  // NO_COLOR and FORCE_COLOR unset, unless given: the colours are the terminal's.
  tmux('new-session', '-d', '-s', name, '-x', '100', '-y', '50', '-c', ROOT, `env -u NO_COLOR -u FORCE_COLOR ${vars} ${process.execPath} ${BIN} ${args.join(' ')}; echo EXIT=$?; sleep 120`);
  return name;
}

const screen = (name: string, escapes = false) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name, '-S', '-200');
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Waits until the screen is as `ready` wants it (polling; a generous limit, as the machine may be loaded). */
function waitUntil(name: string, ready: (screen: string) => boolean, what = 'what was awaited'): string {
  for (let i = 0; i < 300; i++) {
    const s = screen(name);
    if (ready(s)) return s;
    Atomics.wait(pause, 0, 0, 100);
  }
  throw new Error(`the screen never showed ${what}; it shows:\n${screen(name)}`);
}

const waitFor = (name: string, text: string) => waitUntil(name, (s) => s.includes(text), JSON.stringify(text));

function type(name: string, ...lines: string[]): void {
  for (const l of lines) tmux('send-keys', '-t', name, l, 'Enter');
}

afterEach(() => {
  for (const s of sessions.splice(0)) spawnSync('tmux', ['kill-session', '-t', s]);
});

// In CI (.ci/run installs tmux) a missing tmux fails the suite instead of skipping it.
const CI = process.env.CI === 'true' || process.env.CI === '1';

describe.skipIf(!HAVE_TMUX && !CI)('mafia-sim play in a terminal (tmux)', () => {
  it('draws in colour, takes typed answers through the menus, re-prompts a bad one, and stops on Ctrl-C with the command that goes on (exit 130)', () => {
    const name = start(['play', '--seed', '5', '--seat', '3', '--strategy', 'smart']);
    waitFor(name, '? Your speech (day 1)');
    expect(screen(name, true)).toMatch(/\u001b\[[0-9;]*m/); // a terminal gets colours
    type(name, '99');
    waitFor(name, '"99" is not one of the choices: type 1 to 4 to add a statement, or 0 when done');
    type(name, '3');
    waitFor(name, '? Accuse whom?');
    type(name, '1');
    waitFor(name, 'so far you accuse #1');
    type(name, '0');
    waitFor(name, '#3 (you) speaks: accuses #1');
    waitFor(name, '? Nominate a player for the vote (day 1)');
    tmux('send-keys', '-t', name, 'C-c');
    const end = waitFor(name, 'EXIT=');
    expect(end).toContain('EXIT=130');
    expect(end).toContain('mafia-sim: interrupted (2 answer(s) given); to go on from here:');
    expect(end).toContain('mafia-sim play --setup ukrainian --strategy smart --seed 5 --seat 3 --answers accuse:1,done');
    expect(end).not.toContain('The roles');
  });

  it('plays to the reveal on a terminal, and NO_COLOR turns the colours off there', () => {
    const name = start(['play', '--setup', 'vanilla', '--option', 'players=5', '--option', 'mafia=1', '--seed', '3', '--seat', '2'], { NO_COLOR: '1' });
    // Answer every question with the first thing its menu offers (a speech: done) until the game ends.
    const prompts = (s: string) => s.split('\n').filter((l) => l === '>' || l.startsWith('> ')).length;
    let answered = 0;
    for (let i = 0; i < 100; i++) {
      const s = waitUntil(name, (x) => x.includes('EXIT=') || prompts(x) > answered);
      if (s.includes('EXIT=')) break;
      const question = s.slice(s.lastIndexOf('\n? ') + 1);
      const first = /\n {3}(?:#(\d+)|(\d+)\))/.exec(question);
      type(name, /^\? Your (speech|defence|last word)/.test(question) ? '0' : (first?.[1] ?? first?.[2] ?? '0'));
      answered = prompts(s);
    }
    const end = waitFor(name, 'EXIT=');
    expect(end).toContain('The roles');
    expect(end).toContain('EXIT=0');
    expect(end).toMatch(/Result: (town|mafia|draw|stalemate)/);
    expect(screen(name, true)).not.toMatch(/\u001b\[[0-9;]*m/);
  });
});
