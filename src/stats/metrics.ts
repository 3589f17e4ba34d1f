// Behaviour metrics (`run --metrics`): how the players of each strategy and side play, read from each
// game's event record — vote accuracy, votes on allies, investigator claims and the truth of check
// reports, doctor saves, the mafia's kills of revealed investigators, illegal decisions. Every metric
// is a ratio kept as sums over games (the count, its trials and the per-game products a clustered
// interval needs), so tallies of chunks, threads and shards add up to the whole run's.
import type { Game } from '../engine/game.js';
import { sideOf, type RoleDef, type Side } from '../model/roles.js';
import { Distribution, type DistributionData } from './distribution.js';
import type { RatioSums } from './intervals.js';

/** A ratio's sums over games, as the clustered interval reads them (stats/intervals.ts RatioSums). */
export type RatioData = RatioSums;

/** A ratio counted game by game: `hit` during a game, `endGame` folds the game's counts into the sums. */
export class Ratio implements RatioData {
  count = 0;
  of = 0;
  games = 0;
  xx = 0;
  xn = 0;
  nn = 0;
  #x = 0;
  #n = 0;

  hit(yes: boolean): void {
    this.#n++;
    if (yes) this.#x++;
  }

  endGame(): void {
    const x = this.#x;
    const n = this.#n;
    if (n === 0) return;
    this.count += x;
    this.of += n;
    this.games++;
    this.xx += x * x;
    this.xn += x * n;
    this.nn += n * n;
    this.#x = 0;
    this.#n = 0;
  }

  merge(o: RatioData): void {
    this.count += o.count;
    this.of += o.of;
    this.games += o.games;
    this.xx += o.xx;
    this.xn += o.xn;
    this.nn += o.nn;
  }

  toJSON(): RatioData {
    return { count: this.count, of: this.of, games: this.games, xx: this.xx, xn: this.xn, nn: this.nn };
  }
}

/** The ratios of one row, by name, in the order reports list them. */
export const METRIC_RATIOS = ['votesOnBlack', 'votesOnAllies', 'investigatorsClaimed', 'fakeClaims', 'reportsTrue', 'saves', 'killsOnClaimants', 'illegal'] as const;
export type MetricRatio = (typeof METRIC_RATIOS)[number];

/** The players of one side playing one strategy (its spec without the `WHO=` part). */
export interface MetricsRowData {
  readonly side: Side;
  readonly strategy: string;
  readonly seatGames: number;
  readonly ratios: Readonly<Record<MetricRatio, RatioData>>;
  /** The day of a real investigator's first claim (or check report). */
  readonly claimDay: DistributionData;
  readonly illegalDecisions: number;
}

class Row {
  seatGames = 0;
  illegalDecisions = 0;
  readonly claimDay = new Distribution();
  readonly ratios = Object.fromEntries(METRIC_RATIOS.map((k) => [k, new Ratio()])) as Record<MetricRatio, Ratio>;
  constructor(
    readonly side: Side,
    readonly strategy: string,
  ) {}

  endGame(): void {
    for (const k of METRIC_RATIOS) this.ratios[k].endGame();
  }

  toJSONRow(): MetricsRowData {
    const ratios = Object.fromEntries(METRIC_RATIOS.map((k) => [k, this.ratios[k].toJSON()])) as Record<MetricRatio, RatioData>;
    return { side: this.side, strategy: this.strategy, seatGames: this.seatGames, ratios, claimDay: this.claimDay.sorted(), illegalDecisions: this.illegalDecisions };
  }
}

/**
 * The seat whose strategy the team's kill counts for: the role that decides it (the Don, the Boss),
 * else the first mafia seat; 0 when there is no mafia seat.
 */
function killDecider(roles: Game['roles'], n: number): number {
  let decider = 0;
  for (let s = 1; s <= n; s++) {
    if (roles[s].team !== 'mafia') continue;
    if (roles[s].teamKill === 'decides') return s;
    if (decider === 0) decider = s;
  }
  return decider;
}

export class Metrics {
  readonly #rows = new Map<string, Row>();
  /** Role objects seen so far and their rows (a short list searched by identity, as the tally does). */
  #defs: RoleDef[] = [];
  #defRows: Row[] = [];

  /** Counts one game; `labelOf` names the strategy that played a role. Needs the game's event record. */
  add(g: Game, labelOf: (role: RoleDef) => string): void {
    const log = g.log;
    if (log === null) throw new Error('metrics: the game kept no event record (play it with keepLog)');
    const n = g.n;
    const roles = g.roles;
    const rowOf: Row[] = [];
    const investigatorRoles = new Set<string>();
    for (let s = 1; s <= n; s++) {
      rowOf[s] = this.#row(roles[s], labelOf);
      rowOf[s].seatGames++;
      if (roles[s].traits.investigator) investigatorRoles.add(roles[s].id);
    }
    const claimedOn = new Array<number>(n + 1).fill(0);
    let day = 0;
    // Tonight's protections [protector, target] and the seats whose attack a protection stopped.
    let heals: number[] = [];
    const saved = new Set<number>();
    const endNight = () => {
      for (let i = 0; i < heals.length; i += 2) rowOf[heals[i]].ratios.saves.hit(saved.has(heals[i + 1]));
      heals = [];
      saved.clear();
    };
    for (const e of log) {
      switch (e.t) {
        case 'phase':
          endNight();
          if (e.phase === 'day') day = e.n;
          break;
        case 'speech':
        case 'lastWord':
          for (const st of e.statements) {
            const claims = st.type === 'check' || (st.type === 'claim' && investigatorRoles.has(st.role));
            if (claims && claimedOn[e.seat] === 0) claimedOn[e.seat] = Math.max(day, 1);
            if (st.type === 'check' && st.seat >= 1 && st.seat <= n) rowOf[e.seat].ratios.reportsTrue.hit(roles[st.seat].color === st.result);
          }
          break;
        case 'vote': {
          const ratios = rowOf[e.seat].ratios;
          const target = roles[e.target];
          ratios.votesOnBlack.hit(target.color === 'black');
          ratios.votesOnAllies.hit(e.target !== e.seat && target.team === roles[e.seat].team);
          break;
        }
        case 'action':
          if (e.target !== null && roles[e.seat].traits.protector) heals.push(e.seat, e.target);
          break;
        case 'saved':
          if (e.by !== 'sportsman') saved.add(e.seat);
          break;
        default:
          break;
      }
    }
    endNight();
    const decider = killDecider(roles, n);
    for (const el of g.eliminations) {
      // A claim on day d was made before night d's kill.
      if (el.cause === 'mafia' && decider !== 0) rowOf[decider].ratios.killsOnClaimants.hit(claimedOn[el.seat] !== 0 && claimedOn[el.seat] <= el.n);
    }
    for (let s = 1; s <= n; s++) {
      const r = rowOf[s].ratios;
      if (roles[s].traits.investigator) {
        r.investigatorsClaimed.hit(claimedOn[s] !== 0);
        if (claimedOn[s] !== 0) rowOf[s].claimDay.add(claimedOn[s]);
      } else r.fakeClaims.hit(claimedOn[s] !== 0);
      const illegal = g.illegalBySeat?.[s] ?? 0;
      r.illegal.hit(illegal > 0);
      rowOf[s].illegalDecisions += illegal;
    }
    for (const row of this.#rows.values()) row.endGame();
  }

  #row(role: RoleDef, labelOf: (role: RoleDef) => string): Row {
    const defs = this.#defs;
    for (let i = 0; i < defs.length; i++) if (defs[i] === role) return this.#defRows[i];
    const row = this.#rowFor(sideOf(role.team), labelOf(role));
    defs.push(role);
    this.#defRows.push(row);
    return row;
  }

  #rowFor(side: Side, strategy: string): Row {
    const key = `${side}\u0000${strategy}`;
    let row = this.#rows.get(key);
    if (!row) this.#rows.set(key, (row = new Row(side, strategy)));
    return row;
  }

  merge(o: Metrics): void {
    for (const r of o.#rows.values()) this.#mergeRow(r.toJSONRow());
  }

  #mergeRow(d: MetricsRowData): void {
    const row = this.#rowFor(d.side, d.strategy);
    row.seatGames += d.seatGames;
    row.illegalDecisions += d.illegalDecisions;
    row.claimDay.merge(Distribution.fromJSON(d.claimDay));
    for (const k of METRIC_RATIOS) row.ratios[k].merge(d.ratios[k]);
  }

  /** The rows, town first, then by strategy: the same order however the games were split. */
  toJSON(): MetricsRowData[] {
    return [...this.#rows.values()]
      .map((r) => r.toJSONRow())
      .sort((a, b) => (a.side === b.side ? (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0) : a.side === 'town' ? -1 : 1));
  }

  static fromJSON(rows: readonly MetricsRowData[]): Metrics {
    const m = new Metrics();
    for (const r of rows) m.#mergeRow(r);
    return m;
  }
}
