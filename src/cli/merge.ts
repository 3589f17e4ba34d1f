// `mafia-sim merge`: combines `run --json` reports of contiguous, disjoint game ranges (shards) into
// exactly the report one run of all those games gives. Reports must agree on setup, options,
// strategies and seed; anything else is one clear error line.
import { readFileSync } from 'node:fs';
import { WINNERS } from '../engine/events.js';
import { UserError } from '../errors.js';
import { assembleReport, REPORT_FORMAT, tallyFromReport, type Report } from '../report/report.js';

interface Loaded {
  readonly file: string;
  readonly report: Report;
}

export function mergeCommand(files: readonly string[]): Report {
  const loaded = files.map(readReport);
  const base = loaded[0];
  for (const other of loaded.slice(1)) checkSameJob(base, other);

  const ordered = [...loaded].sort((a, b) => a.report.range.first - b.report.range.first || a.report.range.end - b.report.range.end);
  for (let i = 1; i < ordered.length; i++) checkAdjacent(ordered[i - 1], ordered[i]);

  const tally = tallyFromReport(ordered[0].report);
  for (const x of ordered.slice(1)) tally.merge(tallyFromReport(x.report));
  const { format, setup, seed, strategies } = base.report;
  return assembleReport({ format, setup, seed, strategies }, tally, {
    first: ordered[0].report.range.first,
    end: ordered[ordered.length - 1].report.range.end,
    partial: loaded.some((x) => x.report.partial),
  });
}

const games = (r: Report) => (r.range.end > r.range.first ? `games ${r.range.first}–${r.range.end - 1}` : `no games (at ${r.range.first})`);

function checkAdjacent(a: Loaded, b: Loaded): void {
  const ra = a.report.range;
  const rb = b.report.range;
  if (rb.first < ra.end) throw new UserError(`${b.file} (${games(b.report)}) overlaps ${a.file} (${games(a.report)}); merge reports of disjoint ranges, e.g. the shards of one --shard I/N fan-out`);
  if (rb.first > ra.end) throw new UserError(`games ${ra.end}–${rb.first - 1} are in none of the reports (${a.file} ends at game ${ra.end - 1}, ${b.file} starts at game ${rb.first}); the ranges must be contiguous`);
}

function checkSameJob(a: Loaded, b: Loaded): void {
  const x = a.report;
  const y = b.report;
  const differ = (what: string, p: unknown, q: unknown) =>
    new UserError(`${b.file}: ${what} ${show(q)} differs from ${a.file}'s ${show(p)}; only reports of the same setup, options, strategies and seed merge`);
  const same = (p: unknown, q: unknown) => JSON.stringify(p) === JSON.stringify(q);
  for (const key of ['name', 'source', 'rules', 'players', 'roles'] as const) {
    if (!same(x.setup[key], y.setup[key])) throw differ(key === 'name' ? 'setup' : `setup ${key}`, x.setup[key], y.setup[key]);
  }
  for (const group of ['options', 'params', 'scoring'] as const) {
    const keys = new Set([...Object.keys(x.setup[group]), ...Object.keys(y.setup[group])]);
    for (const k of keys) if (!same(x.setup[group][k], y.setup[group][k])) throw differ(`${group === 'scoring' ? 'scoring' : 'option'} ${k}`, x.setup[group][k], y.setup[group][k]);
  }
  if (x.seed !== y.seed) throw differ('seed', x.seed, y.seed);
  if (!same(x.strategies, y.strategies)) throw differ('strategies', x.strategies.join(' '), y.strategies.join(' '));
}

function show(v: unknown): string {
  return v === undefined ? '(unset)' : typeof v === 'string' ? v : JSON.stringify(v);
}

function readReport(file: string): Loaded {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${file}: cannot read report: ${(e as Error).message.split('\n')[0]}`);
  }
  const problem = reportProblem(data);
  if (problem) throw new UserError(`${file}: not a mafia-sim run --json report (format ${REPORT_FORMAT}): ${problem}`);
  return { file, report: data as Report };
}

/** What is wrong with the shape of a report, or null. Checks every field merging reads. */
function reportProblem(r: unknown): string | null {
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  const hist = (v: unknown) => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && count(p[1]));
  if (!obj(r)) return 'not a JSON object';
  if (r.format !== REPORT_FORMAT) return `format is ${JSON.stringify(r.format)}`;
  const setup = r.setup;
  if (!obj(setup) || !obj(setup.roles) || !obj(setup.options) || !obj(setup.params) || !obj(setup.scoring)) return 'setup: missing or incomplete';
  if (typeof r.seed !== 'string') return 'seed: missing';
  if (!Array.isArray(r.strategies) || !r.strategies.every((s) => typeof s === 'string')) return 'strategies: missing';
  const range = r.range;
  if (!obj(range) || !count(range.first) || !count(range.end) || (range.end as number) < (range.first as number)) return 'range: missing or invalid';
  if (typeof r.partial !== 'boolean') return 'partial: missing';
  for (const k of ['games', 'illegalDecisions', 'failedGames'] as const) if (!count(r[k])) return `${k}: missing`;
  if (!obj(r.outcomes) || !WINNERS.every((w) => count((r.outcomes as Record<string, unknown>)[w]))) return 'outcomes: missing';
  if (!obj(r.length) || !hist(r.length.histogram)) return 'length.histogram: missing';
  const roles = r.roles;
  if (!Array.isArray(roles) || !roles.every((x) => obj(x) && typeof x.role === 'string' && typeof x.team === 'string' && count(x.seats) && count(x.survived) && count(x.won))) return 'roles: missing or invalid';
  const points = r.points;
  const rows = (v: unknown) => Array.isArray(v) && v.every((x) => obj(x) && typeof x.group === 'string' && hist(x.histogram));
  if (!obj(points) || !rows(points.roles) || !rows(points.teams)) return 'points: missing or invalid';
  const pointRoles = new Set((points.roles as { group: string }[]).map((x) => x.group));
  const missing = (roles as { role: string }[]).find((x) => !pointRoles.has(x.role));
  if (missing) return `points.roles: no row for ${missing.role}`;
  if (!Array.isArray(r.failures) || !r.failures.every((f) => obj(f) && count(f.game) && typeof f.error === 'string' && typeof f.replay === 'string')) return 'failures: missing or invalid';
  return null;
}
