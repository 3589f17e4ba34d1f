// U5.2 / U8: "not the same player more than 2 nights in a row"; a night without an action breaks the run.
import { seatArray } from '../engine/seatArrays.js';

export const MAX_RUN = 2;

export class RunTracker {
  private readonly lastTarget: number[];
  private readonly lastNight: number[];
  private readonly length: number[];

  constructor(n: number) {
    this.lastTarget = seatArray(n);
    this.lastNight = seatArray(n, -10);
    this.length = seatArray(n);
  }

  /** Length of the seat's current run as of the night before `night` (0 if broken). */
  private runBefore(seat: number, night: number): number {
    return this.lastNight[seat] === night - 1 ? this.length[seat] : 0;
  }

  /** mode `any`: whether the seat may act at all tonight. */
  mayAct(seat: number, night: number, mode: 'target' | 'any'): boolean {
    return mode === 'target' || this.runBefore(seat, night) < MAX_RUN;
  }

  /** mode `target`: the one seat the actor may not pick tonight, or 0. */
  barredTarget(seat: number, night: number, mode: 'target' | 'any'): number {
    return mode === 'target' && this.runBefore(seat, night) >= MAX_RUN ? this.lastTarget[seat] : 0;
  }

  /** Records tonight's action (`target` null = no action, which breaks the run). */
  record(seat: number, night: number, target: number | null, mode: 'target' | 'any'): void {
    if (target === null) {
      this.length[seat] = 0;
      this.lastNight[seat] = night;
      return;
    }
    const continues = this.runBefore(seat, night) > 0 && (mode === 'any' || this.lastTarget[seat] === target);
    this.length[seat] = continues ? this.length[seat] + 1 : 1;
    this.lastTarget[seat] = target;
    this.lastNight[seat] = night;
  }
}
