// The documents a clone has say what the code does: docs/rules.md has every clause of the rule
// specification (compared whenever the specification, ../shared/rules/RULES.md, is at hand: a fresh
// clone has no ../shared) and every clause, option and default the code's option specs name; the
// README's commands run as written after `npm install`; package.json ships what exists; the generated
// figures of docs/strategies.md (the equilibria, the play figures) and docs/balancing.md are those
// their data files hold, and current.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeValue, type OptionSpec } from '../src/rules/options.js';
import { RULE_SETS } from '../src/rules/registry.js';
import { BUILTIN_SETUPS } from '../src/setup/builtin.js';
import { optionSpecs } from '../src/setup/compile.js';
import { playJobGame } from '../src/runner/job.js';
import { ROOT } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const SPEC = process.env.MAFIA_RULES_SPEC ?? join(ROOT, '..', 'shared', 'rules', 'RULES.md');
const HAVE_SPEC = existsSync(SPEC);

/** A clause's ID where it is defined: the bold ID that opens its item (`**U3.4**`, `**G1 Deal.**`). */
const DEFINED = /\*\*([GVUC]\d+(?:\.\d+)?)[\s*]/g;

/** Clause ID → the text of its item, up to the next clause's definition (a parent's text stops at its first sub-clause). */
function clauses(text: string): Map<string, string> {
  const marks = [...text.matchAll(DEFINED)];
  const out = new Map<string, string>();
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].index : text.length;
    out.set(m[1], text.slice(m.index, end).replace(/\s+/g, ' '));
  });
  return out;
}

/** Every option and setup parameter of the code, with the clause it names. */
function codeOptions(): OptionSpec[] {
  const specs = [...RULE_SETS.values()].flatMap((r) => optionSpecs(r));
  for (const b of BUILTIN_SETUPS) specs.push(...b.params);
  const seen = new Set<string>();
  return specs.filter((o) => {
    const key = `${o.clause} ${o.key}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const NOT_YET = /Not yet in mafia-sim/;

describe('docs/rules.md', () => {
  const doc = clauses(read('docs/rules.md'));

  it.skipIf(!HAVE_SPEC)('has exactly the clause IDs of the rule specification (RULES.md), each defined once', () => {
    const spec = clauses(readFileSync(SPEC, 'utf8'));
    expect([...doc.keys()]).toEqual([...spec.keys()]);
  });

  it.skipIf(!HAVE_SPEC)('states every [choice] of the specification as a Choice, naming the same options', () => {
    const spec = clauses(readFileSync(SPEC, 'utf8'));
    for (const [id, text] of spec) {
      const mine = doc.get(id) ?? '';
      if (text.includes('[choice')) expect(mine, `${id} has a [choice] in RULES.md`).toMatch(/\*\*Choice/);
      for (const m of text.matchAll(/[Oo]ption `(\w+)/g)) expect(mine, `${id} names option ${m[1]} in RULES.md`).toContain(`\`${m[1]}\``);
    }
  });

  it('defines every clause the code names in its option specs (clause: fields)', () => {
    const missing = codeOptions().map((o) => o.clause).filter((c) => !doc.has(c));
    expect(missing, `clauses named in src/rules/** and src/setup/builtin.ts but not defined in docs/rules.md`).toEqual([]);
  });

  it('names every option and setup parameter of the code, with its default, in the clause it belongs to', () => {
    for (const o of codeOptions()) {
      const text = doc.get(o.clause) ?? '';
      expect(text, `${o.clause}: option ${o.key}`).toContain(`\`${o.key}\``);
      expect(text, `${o.clause}: option ${o.key}'s default ${describeValue(o.default)}`).toContain(`\`${describeValue(o.default)}\``);
    }
  });

  it('names no option the code lacks, unless its clause is marked as not played yet', () => {
    const known = new Set(codeOptions().map((o) => o.key));
    for (const [id, text] of doc) {
      for (const m of text.matchAll(/(?:option|parameter) `(\w+)`/g)) {
        if (!known.has(m[1])) expect(text, `${id} names option ${m[1]}, which the code does not have`).toMatch(NOT_YET);
      }
    }
  });

  it('is what the README, the help and the error messages point to', () => {
    const intro = read('README.md').split('## Quick start')[0];
    expect(intro).toContain('(docs/rules.md)');
    expect(intro, 'a clone has no ../shared: the README names docs/rules.md as the rules').not.toContain('../shared');
    expect(read('src/cli/main.ts')).toContain('docs/rules.md');
  });
});

describe('README', () => {
  const readme = read('README.md');

  it('the quick start is exactly the two commands', () => {
    const block = /## Quick start\n\n```sh\n([\s\S]*?)```/.exec(readme);
    expect(block?.[1]).toBe('npm install && npx mafia-sim run\nnpm install && npm test\n');
  });

  it('runs mafia-sim through npx after the quick start, or says how to put it on the PATH', () => {
    const after = readme.slice(readme.indexOf('## Quick start'));
    // A command line in a code block or in backticks that starts with a bare `mafia-sim`.
    const bare = [...after.matchAll(/(^|`|\n)(mafia-sim (?:run|replay|scenario|setups|roles|strategies|tournament|merge)\b[^`\n]*)/g)].map((m) => m[2]);
    const onPath = /npm install -g \.|npm link/.test(readme);
    expect(onPath, 'the README says how to install mafia-sim globally').toBe(true);
    // Bare commands are allowed only after the section that assumes a global install.
    const globalFrom = after.indexOf('## Millions of games');
    const early = bare.filter((c) => after.indexOf(c) < globalFrom);
    expect(early, 'commands before the global-install section must use npx').toEqual([]);
  });
});

describe('links', () => {
  it('every file the README and docs/reports.md link to exists, the report screenshot among them', () => {
    for (const [doc, base] of [['README.md', ''], ['docs/reports.md', 'docs']] as const) {
      const targets = [...read(doc).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
      for (const t of targets) expect(existsSync(join(ROOT, base, t)), `${doc} links to ${t}`).toBe(true);
      if (doc === 'README.md') expect(targets).toContain('docs/images/report.png');
    }
  });
});

describe('package.json', () => {
  it('ships only folders that exist, the docs the messages point to among them', () => {
    const pkg = JSON.parse(read('package.json')) as { files: string[] };
    for (const f of pkg.files) expect(existsSync(join(ROOT, f)), `files: ${f}`).toBe(true);
    expect(pkg.files).toContain('docs');
  });
});

describe('docs/strategies.md', () => {
  it("holds the current table of shipped equilibria (scripts/equilibrium-table.mjs, from strategies/smart/equilibria.json)", async () => {
    const { currentTable, withTable, DOC } = await import('../scripts/equilibrium-table.mjs');
    const page = readFileSync(DOC, 'utf8');
    expect(withTable(page, currentTable()), 'run node scripts/equilibrium-table.mjs --write').toBe(page);
    expect(currentTable()).toMatch(/^\| ukrainian \| \d+\.\d% \(/m);
  });
});

describe('docs/balancing.md', () => {
  it('shows the outputs recorded for its examples (scripts/balancing-page.mjs, from docs/balancing-examples.json)', async () => {
    const { withOutputs, readData, DOC } = await import('../scripts/balancing-page.mjs');
    const page = readFileSync(DOC, 'utf8');
    expect(withOutputs(page, readData()), 'run node scripts/balancing-page.mjs --write').toBe(page);
  });

  it('its outputs were recorded on the games the code plays now (the fingerprint of the tables and bots they play)', async () => {
    const { gamesFingerprint, readData } = await import('../scripts/balancing-page.mjs');
    const fingerprint = gamesFingerprint((probe: { setup: string; options: string[]; strategies: string[] }) => {
      const job = makeJob(probe.setup, probe.options, '1', probe.strategies);
      return (k: number) => playJobGame(job, k);
    });
    expect(fingerprint, 'the games changed: npm run balancing-examples -- --write records the examples anew').toBe(readData().fingerprint);
  });
});

describe('docs/strategies.md: play a Mafia player would recognise', () => {
  it('shows the figures recorded in docs/play-figures.json (scripts/play-figures-page.mjs)', async () => {
    const { withTable, readData, DOC } = await import('../scripts/play-figures-page.mjs');
    const page = readFileSync(DOC, 'utf8');
    expect(withTable(page, readData()), 'run npm run play-figures -- --write').toBe(page);
  });

  it('its figures were counted on the games the default plays now (the fingerprint of each setup at the default)', async () => {
    const { gamesFingerprint, readData, STALE } = await import('../scripts/play-figures-page.mjs');
    const { seed, fingerprint } = readData();
    const now = gamesFingerprint((setup: string) => {
      const job = makeJob(setup, [], seed, []);
      return (k: number) => playJobGame(job, k);
    });
    expect(now, STALE).toBe(fingerprint);
  });
});
