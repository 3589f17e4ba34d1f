// The report's tables (format 2): per role how players leave and when, per seat how a seat fares, and
// the counts of one table agreeing with the others; the text shows them; the JSON is what it draws.
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { ELIMINATION_CAUSES } from '../src/model/events.js';
import { buildReport, type GroupRow, type Report } from '../src/report/report.js';
import { renderReport } from '../src/report/text.js';
import { gameRecord, playJobGame } from '../src/runner/job.js';
import { runBatch } from '../src/runner/batch.js';
import { makeJob } from './helpers/job.js';

const GAMES = 1500;
const reportOf = (setup: string, options: string[] = []): Report => {
  const job = makeJob(setup, options, '12');
  return buildReport(job, runBatch(job, { from: 0, to: GAMES }), { first: 0, end: GAMES, partial: false });
};
const died = (x: GroupRow) => Object.values(x.deaths).reduce((n, k) => n + (k ?? 0), 0);

describe('report tables', () => {
  for (const setup of ['ukrainian', 'club-12', 'vanilla']) {
    it(`per role and team, survivors and deaths by cause add up to the seats; the teams are their roles summed (${setup})`, () => {
      const r = reportOf(setup);
      for (const x of [...r.roles, ...r.teams]) {
        expect(x.seats).toBe(x.perGame * GAMES);
        expect(died(x) + x.survival.count, x.group).toBe(x.seats);
        expect(x.survival.low).toBeLessThanOrEqual(x.survival.share);
        expect(x.survival.high).toBeGreaterThanOrEqual(x.survival.share);
        if (died(x) > 0) expect(x.meanDeathDay).toBeGreaterThanOrEqual(1);
      }
      for (const team of r.teams) {
        const roles = r.roles.filter((x) => x.team === team.group);
        expect(team.seats).toBe(roles.reduce((n, x) => n + x.seats, 0));
        expect(team.survival.count).toBe(roles.reduce((n, x) => n + x.survival.count, 0));
        for (const c of ELIMINATION_CAUSES) expect(team.deaths[c] ?? 0).toBe(roles.reduce((n, x) => n + (x.deaths[c] ?? 0), 0));
      }
    });

    it(`per seat: survivors and winners agree with the roles' and the outcomes' counts (${setup})`, () => {
      const r = reportOf(setup);
      expect(r.seats).toHaveLength(r.setup.players);
      expect(r.seats.map((x) => x.seat)).toEqual([...Array(r.setup.players).keys()].map((i) => i + 1));
      expect(r.seats.reduce((n, x) => n + x.survival.count, 0)).toBe(r.roles.reduce((n, x) => n + x.survival.count, 0));
      const teamSize = (t: string) => r.teams.find((x) => x.group === t)!.perGame;
      expect(r.seats.reduce((n, x) => n + x.win.count, 0)).toBe(r.outcomes.town * teamSize('town') + r.outcomes.mafia * teamSize('mafia'));
      for (const x of r.seats) expect(x.outDay1.count + x.killedNight1.count).toBeLessThanOrEqual(GAMES);
    });
  }

  it('deaths by cause name who killed: the Maniac and the mafia at a Ukrainian table, the Sportsman and the shoot-out at a club table', () => {
    const u = reportOf('ukrainian');
    const citizens = u.roles.find((x) => x.group === 'citizen')!;
    expect(citizens.deaths.mafia).toBeGreaterThan(0);
    expect(citizens.deaths.maniac).toBeGreaterThan(0);
    expect(citizens.deaths.vote).toBeGreaterThan(0);
    // The mafia do not kill their own at random play (they aim outside their known team).
    expect(u.roles.find((x) => x.group === 'don')!.deaths.mafia ?? 0).toBe(0);
    const c = reportOf('club-12');
    expect(c.roles.find((x) => x.group === 'mafia')!.deaths.sportsman).toBeGreaterThan(0);
    expect(c.teams.find((x) => x.group === 'town')!.deaths.shootout).toBeGreaterThan(0);
  });

  it('a game’s record and the tally agree on causes and days: the per-role death counts are the records’ counts', () => {
    const job = makeJob('ukrainian', [], '12');
    const counts = new Map<string, number>();
    let days = 0;
    for (let k = 0; k < 300; k++) {
      const g = playJobGame(job, k);
      for (const e of gameRecord(g, k).eliminations) counts.set(`${e.role}/${e.cause}`, (counts.get(`${e.role}/${e.cause}`) ?? 0) + 1);
      for (const e of g.eliminations) days += e.day;
    }
    const r = buildReport(job, runBatch(job, { from: 0, to: 300 }), { first: 0, end: 300, partial: false });
    for (const x of r.roles) for (const [cause, n] of Object.entries(x.deaths)) expect(counts.get(`${x.group}/${cause}`), `${x.group}/${cause}`).toBe(n);
    expect(r.roles.reduce((n, x) => n + x.deathDays, 0)).toBe(days);
  });

  it('the text shows the role, seat and points tables with intervals', () => {
    const text = renderReport(reportOf('ukrainian'), new Chalk({ level: 0 }));
    expect(text).toMatch(/│ role\s+│ team\s+│ seats\s+│ survival \(95% interval\)\s+│ leaves by\s+│ day\s+│/);
    expect(text).toMatch(/│ citizen\s+│ town\s+│ 5\s+│ \d+\.\d% \(\d+\.\d–\d+\.\d%\)\s+│ (mafia|vote|maniac) \d+%/);
    expect(text).toMatch(/│ seat │ survival\s+│ win\s+│ out on day 1\s+│ killed night 1\s+│/);
    for (let s = 1; s <= 12; s++) expect(text).toMatch(new RegExp(`│ ${s}\\s+│ \\d+\\.\\d% \\(`));
    expect(text).toMatch(/│ team town\s+│ 0\.\d\d \(0\.\d\d–0\.\d\d\)/);
    expect(text).not.toMatch(/0\.0% \(0\.0–0\.0%\)/);
  });
});
