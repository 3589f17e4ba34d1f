// The behaviour metrics of a report (`run --metrics`): per side and strategy, each ratio of
// src/stats/metrics.ts as a rate with its 95% interval, plus the sums it came from so that shard
// reports merge back exactly (tallyFromReport).
import { meanInterval, clusteredRatio } from '../stats/intervals.js';
import { Distribution, type DistributionData } from '../stats/distribution.js';
import { METRIC_RATIOS, Metrics, type MetricRatio, type MetricsRowData, type RatioData } from '../stats/metrics.js';
import type { Side } from '../model/roles.js';

/** A ratio: count of `of`, its share and the share's 95% interval (clustered by game), and its sums. */
export interface MetricRate extends RatioData {
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

export interface MetricsRow extends Readonly<Record<MetricRatio, MetricRate>> {
  readonly side: Side;
  readonly strategy: string;
  /** Seat-games of this side played by this strategy. */
  readonly seatGames: number;
  /** The day of a real investigator's first claim; `low`/`high` bound the mean (null below two). */
  readonly claimDay: { readonly n: number; readonly mean: number; readonly low: number | null; readonly high: number | null; readonly histogram: DistributionData };
  readonly illegalDecisions: number;
}

export function metricsRows(m: Metrics): MetricsRow[] {
  return m.toJSON().map((r) => {
    const rates = Object.fromEntries(METRIC_RATIOS.map((k) => [k, metricRate(r.ratios[k])])) as Record<MetricRatio, MetricRate>;
    const days = Distribution.fromJSON(r.claimDay);
    const mean = meanInterval(days);
    return {
      side: r.side,
      strategy: r.strategy,
      seatGames: r.seatGames,
      ...rates,
      claimDay: { n: days.n, mean: days.mean, low: mean && mean.low, high: mean && mean.high, histogram: days.sorted() },
      illegalDecisions: r.illegalDecisions,
    };
  });
}

export function metricsFromRows(rows: readonly MetricsRow[]): Metrics {
  return Metrics.fromJSON(rows.map((r): MetricsRowData => ({
    side: r.side,
    strategy: r.strategy,
    seatGames: r.seatGames,
    ratios: Object.fromEntries(METRIC_RATIOS.map((k) => [k, sums(r[k])])) as Record<MetricRatio, RatioData>,
    claimDay: r.claimDay.histogram,
    illegalDecisions: r.illegalDecisions,
  })));
}

function metricRate(d: RatioData): MetricRate {
  const { low, high } = clusteredRatio(d);
  return { ...d, share: d.of === 0 ? 0 : d.count / d.of, low, high };
}

function sums(r: RatioData): RatioData {
  return { count: r.count, of: r.of, games: r.games, xx: r.xx, xn: r.xn, nn: r.nn };
}

/** What each ratio counts, for the text table and the docs' wording. */
export const METRIC_LABELS: Readonly<Record<MetricRatio, string>> = {
  votesOnBlack: 'votes on black players (town: vote accuracy)',
  votesOnAllies: "votes on the voter's own team",
  investigatorsClaimed: 'real investigators who claimed',
  fakeClaims: 'non-investigators who claimed an investigator',
  reportsTrue: 'check reports that were true',
  saves: "protections that stopped a night's attack",
  killsOnClaimants: "the mafia's kills on revealed investigators",
  illegal: 'seat-games with an illegal decision',
};
