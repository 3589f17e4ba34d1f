// The deviation library: one-trick strategies, each `smart` with one behaviour changed, as data. A
// deviation is a preset of smart's parameters (strategies/smart/params.ts) played by one side against
// smart (`mafia-sim exploit`, docs/strategies.md): how much it gains that side measures how exploitable
// smart is. Play one yourself as `--strategy TEAM=smart:PARAMS`.
import type { Side } from '../src/model/roles.js';

export interface Deviation {
  readonly name: string;
  /** The side that plays it (the other side plays the strategy under test). */
  readonly side: Side;
  /** The strategy it changes, and the parameters it sets (`key=value,…`, on top of the side's own). */
  readonly strategy: 'smart';
  readonly params: string;
  readonly description: string;
}

export const DEVIATIONS: readonly Deviation[] = [
  {
    name: 'fake-investigator',
    side: 'mafia',
    strategy: 'smart',
    params: 'fakeClaim=1,fakeClaimDay=1,fakeReds=true',
    description: 'one mafia member claims the investigator role in his first speech and reports his allies red',
  },
  {
    name: 'fake-investigator-black',
    side: 'mafia',
    strategy: 'smart',
    params: 'fakeClaim=1,fakeClaimDay=1',
    description: 'one mafia member claims the investigator role in his first speech and reports a town player black',
  },
  {
    name: 'early-claimer',
    side: 'mafia',
    strategy: 'smart',
    params: 'fakeClaim=1,fakeClaimDay=1,claimer=first',
    description: 'the mafia member who speaks first on day 1 claims the investigator role (and reports a town player black): the first claimant is more often the liar',
  },
  {
    name: 'silent-mafia',
    side: 'mafia',
    strategy: 'smart',
    params: 'mafiaTalk=false,bloc=false',
    description: 'the mafia say nothing and do not vote as a bloc (each votes his own pick)',
  },
  {
    name: 'one-claim-mafia',
    side: 'mafia',
    strategy: 'smart',
    params: 'claimPlan=once',
    description: 'the mafia make one investigator claim a game (a fake or a counter-claim), not a new claimant each time the last is voted out',
  },
  {
    name: 'blending-mafia',
    side: 'mafia',
    strategy: 'smart',
    params: 'blend=true',
    description: 'the mafia accuse and nominate only players the table already suspects, so that no first accusation of a day is theirs',
  },
  {
    name: 'vouching-mafia',
    side: 'mafia',
    strategy: 'smart',
    params: 'vouch=true',
    description: 'the mafia vouch, as a red would, for the investigator claimant the table believes, and never accuse him',
  },
  {
    name: 'bus-a-partner',
    side: 'mafia',
    strategy: 'smart',
    params: 'bus=1,bloc=false',
    description: 'a mafia member votes out his partner when the table suspects that partner most on the block, and each votes his own pick',
  },
  {
    name: 'distancing-mafia',
    side: 'mafia',
    strategy: 'smart',
    params: 'distance=1',
    description: 'a mafia member nominates the partner the table suspects most',
  },
  {
    name: 'survivor-reader',
    side: 'town',
    strategy: 'smart',
    params: 'survivor=doubt',
    description: 'after a claim war the town doubts the claimant left standing once his rival was voted out (the mafia vote out the real one)',
  },
  {
    name: 'dead-liar',
    side: 'town',
    strategy: 'smart',
    params: 'deadReports=drop',
    description: "the town forgets a claimant's reports once it has voted him out",
  },
  {
    name: 'trust-first-claimant',
    side: 'town',
    strategy: 'smart',
    params: 'read=firstClaim',
    description: 'the town believes the first investigator claimant outright and takes later claimants for liars',
  },
  {
    name: 'doctor-shadows-mafia',
    side: 'town',
    strategy: 'smart',
    params: 'heal=mafiaTarget',
    description: "the doctor heals the seat smart's mafia would shoot (as the public record shows it)",
  },
  {
    name: 'vote-patterns',
    side: 'town',
    strategy: 'smart',
    params: 'read=votes',
    description: 'the town suspects by voting patterns only (votes against players shown red or killed at night)',
  },
];
