// Counts, from a played game's record, the reads issue 13 calls absurd (test/smart-reading.test.ts and
// the figures in docs/strategies.md): votes against a player a trusted real investigator reported red,
// believed reports that no night could have produced, a real investigator reported black who does not
// answer, and town votes that split when the town could have voted the last mafia out.
import type { Game } from '../../src/engine/game.js';

export interface Reads {
  /** Town votes, and those on a player a real, unrivalled (or night-killed) investigator had reported red. */
  townVotes: number;
  votesOnClearedRed: number;
  /** Check reports made before any night with actions (day 1 where night 0 is the introduction). */
  reportsBeforeAnyNight: number;
  /** Town votes on the target of such a report. */
  votesOnImpossibleReports: number;
  /** Real investigators reported black while alive, and those of them whose next speech made no claim. */
  investigatorsReportedBlack: number;
  silentAfterBlackReport: number;
  /** Town votes on the target of a fake claimant's black report after the real investigator died at night. */
  votesFollowingFakeAfterRealShot: number;
  /** Vote rounds with exactly one mafia player among the living and three or more town, and those the town split. */
  lastMafiaRounds: number;
  splitLastMafiaRounds: number;
}

export function emptyReads(): Reads {
  return { townVotes: 0, votesOnClearedRed: 0, reportsBeforeAnyNight: 0, votesOnImpossibleReports: 0, investigatorsReportedBlack: 0, silentAfterBlackReport: 0, votesFollowingFakeAfterRealShot: 0, lastMafiaRounds: 0, splitLastMafiaRounds: 0 };
}

export function countReads(g: Game, into: Reads = emptyReads()): Reads {
  const log = g.log!;
  const n = g.n;
  const roles = g.roles;
  const mafia = (s: number) => roles[s].team === 'mafia';
  const realInv = (s: number) => roles[s].traits.investigator && !mafia(s);
  const alive = new Array<number>(n + 1).fill(1);
  const claimed = new Array<number>(n + 1).fill(0);
  const diedAtNight = new Array<number>(n + 1).fill(0);
  /** Per target: reported red by a real investigator; reported black by a fake claimant; reported before any night. */
  const clearedBy = new Array<number>(n + 1).fill(0);
  const fakeBlack = new Array<number>(n + 1).fill(0);
  const impossible = new Array<number>(n + 1).fill(0);
  /** A real investigator reported black, waiting for his next speech. */
  const waiting = new Array<number>(n + 1).fill(0);
  let nights = 0;
  let realShot = false;
  let roundKey = '';
  let roundVotes: number[] = [];
  const claimants = () => claimed.reduce((k, c) => k + c, 0);
  const endRound = () => {
    if (roundVotes.length === 0) return;
    const livingMafia = [...alive.keys()].filter((s) => s >= 1 && alive[s] === 1 && mafia(s));
    const livingTown = [...alive.keys()].filter((s) => s >= 1 && alive[s] === 1 && !mafia(s));
    if (livingMafia.length === 1 && livingTown.length >= 3) {
      into.lastMafiaRounds++;
      const townTargets = new Set<number>();
      for (let i = 0; i < roundVotes.length; i += 2) if (!mafia(roundVotes[i])) townTargets.add(roundVotes[i + 1]);
      if (townTargets.size > 1) into.splitLastMafiaRounds++;
    }
    roundVotes = [];
  };
  for (const e of log) {
    if (e.t !== 'vote') endRound();
    switch (e.t) {
      case 'phase':
        if (e.phase === 'night' && e.n >= 1) nights++;
        break;
      case 'speech':
      case 'lastWord': {
        let claims = false;
        for (const st of e.statements) {
          if (st.type === 'claim' || st.type === 'check') claims = true;
          if (st.type !== 'check') continue;
          if (nights === 0) {
            into.reportsBeforeAnyNight++;
            impossible[st.seat] = 1;
          }
          if (realInv(e.seat) && st.result === 'red') clearedBy[st.seat] = e.seat;
          if (!realInv(e.seat) && st.result === 'black') fakeBlack[st.seat] = 1;
          if (st.result === 'black' && realInv(st.seat) && alive[st.seat] === 1 && claimed[st.seat] === 0 && waiting[st.seat] === 0) {
            waiting[st.seat] = 1;
            into.investigatorsReportedBlack++;
          }
        }
        if (claims) claimed[e.seat] = 1;
        if (waiting[e.seat] === 1 && e.statements !== undefined && !(e.t === 'speech' && e.statements.some((st) => st.type === 'check' && st.result === 'black' && st.seat === e.seat))) {
          // his first speech after the report (a report in this very speech does not count)
          const reportHere = e.statements.some((st) => st.type === 'check' && st.seat === e.seat);
          if (!reportHere) {
            if (!claims) into.silentAfterBlackReport++;
            waiting[e.seat] = 2;
          }
        }
        for (const st of e.statements) if (st.type === 'claim' || st.type === 'check') claimed[e.seat] = 1;
        break;
      }
      case 'vote': {
        const key = `${e.round}`;
        if (key !== roundKey) endRound();
        roundKey = key;
        roundVotes.push(e.seat, e.target);
        if (mafia(e.seat)) break;
        into.townVotes++;
        const inv = clearedBy[e.target];
        if (inv !== 0 && (claimants() === 1 || diedAtNight[inv] === 1)) into.votesOnClearedRed++;
        if (impossible[e.target] === 1) into.votesOnImpossibleReports++;
        if (realShot && fakeBlack[e.target] === 1 && !mafia(e.target)) into.votesFollowingFakeAfterRealShot++;
        break;
      }
      case 'eliminated':
        alive[e.seat] = 0;
        break;
      case 'died':
        alive[e.seat] = 0;
        diedAtNight[e.seat] = 1;
        if (realInv(e.seat) && claimed[e.seat] === 1) realShot = true;
        break;
      default:
        break;
    }
  }
  endRound();
  return into;
}
