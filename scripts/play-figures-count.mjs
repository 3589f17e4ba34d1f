// The figures of "Play a Mafia player would recognise" (docs/strategies.md), counted from each game's
// full event record (a Game played with keepLog: its log, roles, eliminations, alive, winner). One
// game gives one row of counts (gameFigures); a Tally adds the rows of a setup's games; summarise
// turns a tally into rates and means with their 95% intervals. scripts/play-figures.mjs plays the
// games; test/play-figures.test.ts holds the counting to hand-built records.
//
// The figures, exactly (the investigator is the town role whose traits say it checks at night: the
// Commissar, U9; the Policeman, C12):
// - townWin: games the town won (G5), of all games.
// - outDay1: investigator seats that left by the day's vote on day 1 (cause `vote`, or `shootout`,
//   the club's tie-break, C4.2), of investigator seats dealt.
// - alive: investigator seats alive when the game ended, of investigator seats dealt.
// - noteLeft: games in which the investigator left his note (a `note` event, U9.2), of all games;
//   noteRead: games in which the note was read out at dawn (`noteAnnounced`: he died that night).
// - mafiaClaimants: per game, the mafia-team seats that claimed an investigator role or reported a
//   check (a speech or a last word), each seat counted once however often it claimed.
// - lonePassed: per game, the days with exactly one nominee on which no vote was cast and that
//   nominee left by the day's vote (U3.2: on a later day a single nominee leaves); loneTownPassed the
//   same where the nominee was a town player. Club tables have no nominations (C4): null there.
// - sameSeat: of the nights on which two or more town-team seats made a night choice of a target (an
//   action with a target — heal, kill, freeze, block, jail, duel, bail — or an investigator's check),
//   those on which every such choice named the same seat.
import { wilson, meanInterval, clusteredRatio } from '../dist/src/stats/intervals.js';
import { Distribution } from '../dist/src/stats/distribution.js';
import { Ratio } from '../dist/src/stats/metrics.js';

/** Causes by which a player leaves by the day's vote (the club's shoot-out settles a tied vote). */
const VOTED_OUT = new Set(['vote', 'shootout']);

/** One game's counts (see the figures above). `g.log` must be the full event record. */
export function gameFigures(g) {
  if (!g.log) throw new Error('play-figures: the game kept no event record (play it with keepLog)');
  const investigators = [];
  for (let s = 1; s <= g.n; s++) if (g.roles[s].team === 'town' && g.roles[s].traits.investigator) investigators.push(s);
  const votedOutDay1 = new Set(g.eliminations.filter((e) => e.phase === 'day' && e.n === 1 && VOTED_OUT.has(e.cause)).map((e) => e.seat));
  return {
    townWin: g.winner === 'town',
    investigators: investigators.map((s) => ({ outDay1: votedOutDay1.has(s), alive: g.alive[s] === 1 })),
    ...recordFigures(g),
  };
}

/** The figures read by walking the event record: claims, notes, lone nominees, the nights' choices. */
function recordFigures(g) {
  const { roles, n } = g;
  const investigatorRoles = new Set();
  for (let s = 1; s <= n; s++) if (roles[s].traits.investigator) investigatorRoles.add(roles[s].id);
  const claimants = new Set();
  const out = { noteLeft: false, noteRead: false, lonePassed: 0, loneTownPassed: 0, nights: [] };
  let day = null;
  let night = null;
  const endPhase = () => {
    if (day !== null) endDay(day, roles, out);
    if (night !== null && night.length >= 2) out.nights.push(night.every((t) => t === night[0]));
    day = night = null;
  };
  for (const e of g.log) {
    switch (e.t) {
      case 'phase':
        endPhase();
        if (e.phase === 'day') day = { nominees: [], votes: 0, votedOut: [] };
        else night = [];
        break;
      case 'speech':
      case 'lastWord':
        if (roles[e.seat].team === 'mafia' && e.statements.some((st) => st.type === 'check' || (st.type === 'claim' && investigatorRoles.has(st.role)))) claimants.add(e.seat);
        break;
      case 'nominate':
        if (day !== null) day.nominees.push(e.target);
        break;
      case 'vote':
      case 'voteAll':
        if (day !== null) day.votes++;
        break;
      case 'eliminated':
        if (day !== null && e.cause === 'vote') day.votedOut.push(e.seat);
        break;
      case 'action':
        if (night !== null && e.target !== null && roles[e.seat].team === 'town') night.push(e.target);
        break;
      case 'check':
        if (night !== null && roles[e.seat].team === 'town') night.push(e.target);
        break;
      case 'note':
        out.noteLeft = true;
        break;
      case 'noteAnnounced':
        out.noteRead = true;
        break;
      default:
        break;
    }
  }
  endPhase();
  return { ...out, mafiaClaimants: claimants.size };
}

/** A day with exactly one nominee, no vote cast, and that nominee gone by the day's vote. */
function endDay(day, roles, out) {
  if (day.nominees.length !== 1 || day.votes !== 0) return;
  const nominee = day.nominees[0];
  if (!day.votedOut.includes(nominee)) return;
  out.lonePassed++;
  if (roles[nominee].team === 'town') out.loneTownPassed++;
}

/** The rule sets whose day has nominations (U3) and whose investigator may leave a note (U9.2). */
const UKRAINIAN_DAY = new Set(['ukrainian']);

/** A setup's counts over its games, as plain sums and per-game distributions. */
export class Tally {
  /** Whether the rule set has nominations and the note; else those figures are null (not played). */
  ukrainianDay;
  games = 0;
  townWins = 0;
  investigatorSeats = 0;
  outDay1 = 0;
  alive = 0;
  noteLeft = 0;
  noteRead = 0;
  mafiaClaimants = new Distribution();
  lonePassed = new Distribution();
  loneTownPassed = new Distribution();
  sameSeat = new Ratio();

  /** `rulesId`: the rule set the setup plays (CompiledSetup.rules.id). */
  constructor(rulesId) {
    this.ukrainianDay = UKRAINIAN_DAY.has(rulesId);
  }

  add(g) {
    const f = gameFigures(g);
    this.games++;
    if (f.townWin) this.townWins++;
    for (const i of f.investigators) {
      this.investigatorSeats++;
      if (i.outDay1) this.outDay1++;
      if (i.alive) this.alive++;
    }
    if (f.noteLeft) this.noteLeft++;
    if (f.noteRead) this.noteRead++;
    this.mafiaClaimants.add(f.mafiaClaimants);
    this.lonePassed.add(f.lonePassed);
    this.loneTownPassed.add(f.loneTownPassed);
    for (const same of f.nights) this.sameSeat.hit(same);
    this.sameSeat.endGame();
  }
}

/** k of n with its Wilson 95% interval. */
export function rate(k, n) {
  const { low, high } = wilson(k, n);
  return { count: k, of: n, share: n === 0 ? 0 : k / n, low, high };
}

/** A per-game count's mean with its normal 95% interval (mean ± 1.96·sd/√games), and its histogram. */
export function mean(d) {
  const i = meanInterval(d);
  return { games: d.n, mean: d.mean, low: i === null ? null : i.low, high: i === null ? null : i.high, histogram: d.sorted() };
}

/** A tally's figures, each with its interval (the shape docs/play-figures.json keeps per setup). */
export function summarise(t) {
  const s = t.sameSeat;
  const { low, high } = clusteredRatio(s);
  const u = t.ukrainianDay;
  return {
    games: t.games,
    townWin: rate(t.townWins, t.games),
    outDay1: rate(t.outDay1, t.investigatorSeats),
    alive: rate(t.alive, t.investigatorSeats),
    noteLeft: u ? rate(t.noteLeft, t.games) : null,
    noteRead: u ? rate(t.noteRead, t.games) : null,
    mafiaClaimants: mean(t.mafiaClaimants),
    lonePassed: u ? mean(t.lonePassed) : null,
    loneTownPassed: u ? mean(t.loneTownPassed) : null,
    sameSeat: { ...s.toJSON(), share: s.of === 0 ? 0 : s.count / s.of, low, high },
  };
}
