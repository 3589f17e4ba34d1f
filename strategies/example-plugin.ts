// A worked example of a plug-in strategy, "follower": it believes the first player who claims to be
// the investigator and votes, nominates and shoots as his reports say; without one it plays at random.
// Run it with:
//
//   mafia-sim run --strategy town=strategies/example-plugin.ts
//   mafia-sim run --strategy town=strategies/example-plugin.ts:trust=0.5 --strategy mafia=smart
//
// Outside this repository, import the types from the package instead:
//   import type { Strategy, Player, PlayerView, DecisionRequest } from 'mafia-sim';
import type { Decision, DecisionRequest, Player, PlayerView, Rng, Statement, Strategy, StrategyParamValue } from '../src/index.js';

interface Options {
  /** Chance of following the investigator's reports at each decision (else a random legal answer). */
  readonly trust: number;
}

/** One seat's bot for one game: everything it remembers lives here, and it is made fresh per game. */
class Follower implements Player {
  /** How many visible events this seat has read so far (view.events(from) gives only the new ones). */
  private seen = 0;
  /** The first seat that claimed an investigator role, and the seats it reported black / red. */
  private investigator = 0;
  private readonly black = new Set<number>();
  private readonly red = new Set<number>();

  constructor(private readonly options: Options) {}

  /** Reads the events that became visible since the last call (usesHistory must be true). */
  private catchUp(view: PlayerView): void {
    const fresh = view.events(this.seen);
    this.seen += fresh.length;
    for (const e of fresh) {
      if (e.t !== 'speech' && e.t !== 'lastWord') continue;
      for (const s of e.statements) {
        if (s.type === 'claim' && (s.role === 'commissar' || s.role === 'policeman') && this.investigator === 0) this.investigator = e.seat;
        if (s.type === 'check' && e.seat === this.investigator) (s.result === 'black' ? this.black : this.red).add(s.seat);
      }
    }
  }

  decide(view: PlayerView, request: DecisionRequest, rng: Rng): Decision | undefined {
    this.catchUp(view);
    const { kind, options, canPass } = request;
    if (options.length === 0) return null;
    const outsiders = options.filter((s) => !view.isKnownAlly(s));
    const reportedBlack = outsiders.filter((s) => this.black.has(s));
    const notRed = outsiders.filter((s) => !this.red.has(s) && s !== this.investigator);
    switch (kind) {
      case 'nominate':
      case 'vote':
      case 'revote':
      case 'maniacKill':
      case 'check':
        // Aim at a reported black if there is one, otherwise at anyone not cleared.
        if (rng.chance(this.options.trust) && reportedBlack.length > 0) return rng.pick(reportedBlack);
        if (notRed.length > 0) return rng.pick(notRed);
        return kind === 'nominate' && canPass ? null : rng.pick(options);
      case 'heal':
        // Protect the investigator we believe in, when the rules let us.
        if (this.investigator !== 0 && options.includes(this.investigator)) return this.investigator;
        return options.includes(view.seat) ? view.seat : null;
      case 'voteAll':
        return 0; // "all tied leave?": no (0 = no, 1 = yes)
      default:
        // Any other decision (including ones a future rule set adds): uniformly random, pass included.
        return rng.int(options.length + (canPass ? 1 : 0)) < options.length ? rng.pick(options) : null;
    }
  }

  speak(view: PlayerView): readonly Statement[] {
    this.catchUp(view);
    // The investigator himself: once a check came back black, claim the role and report every check.
    const checks = view.checks();
    if (checks.some((c) => c.result === 'black')) {
      const said: Statement[] = [{ type: 'claim', role: view.role }];
      for (const c of checks) said.push({ type: 'check', seat: c.target, result: c.result });
      return said;
    }
    // Anyone else: repeat the investigator's accusation while the accused is alive.
    for (const s of this.black) if (view.isAlive(s) && !view.isKnownAlly(s)) return [{ type: 'accuse', seat: s }];
    return [];
  }
}

function follower(options: Options): Strategy {
  return {
    name: 'follower',
    description: 'believes the first investigator claim and acts on his reports; random otherwise (example plug-in)',
    params: [{ key: 'trust', default: 0.9, min: 0, max: 1, description: 'chance of following the reports at each decision' }],
    usesHistory: true,
    createPlayer: () => new Follower(options),
    withParams: (values: Readonly<Record<string, StrategyParamValue>>) => follower({ trust: values.trust as number }),
  };
}

export default follower({ trust: 0.9 });
