// The engine's per-seat array helpers (src/engine/seatArrays.ts): copies of kept templates must never
// share storage with what they were made from; an option list is one array, rewritten in place.
import { describe, expect, it } from 'vitest';
import { OptionList, SeatList, seatArray, seatSlots, seatZeros, without } from '../src/engine/seatArrays.js';
import { runBatch } from '../src/runner/batch.js';
import { makeJob } from './helpers/job.js';

describe('seat arrays', () => {
  it('seatArray gives a fresh zeroed array per call, index 0 included', () => {
    const a = seatArray(12);
    a[3] = 7;
    const b = seatArray(12);
    expect(b).toEqual(new Array(13).fill(0));
    expect(b).not.toBe(a);
    expect(seatArray(5, 2)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('seatSlots gives fresh empty slots per call', () => {
    const a = seatSlots<string>(4);
    a[1] = 'x';
    expect(seatSlots<string>(4)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('an option list is rebuilt in place, shortened and lengthened', () => {
    const list = new OptionList();
    for (const s of [4, 9, 2, 7]) list.add(s);
    const first = list.done();
    expect(first).toEqual([4, 9, 2, 7]);
    list.clear();
    list.add(5);
    expect(list.done()).toEqual([5]);
    expect(list.done()).toBe(first); // the same array, rewritten
    list.clear();
    for (const s of [1, 2, 3, 6, 8]) list.add(s);
    expect(list.done()).toEqual([1, 2, 3, 6, 8]);
  });

  it('without drops the one seat and copies, or returns the list itself when the seat is absent', () => {
    const list = [4, 9, 2, 7];
    expect(without(list, 9)).toEqual([4, 2, 7]);
    expect(without(list, 4)).toEqual([9, 2, 7]);
    expect(without(list, 7)).toEqual([4, 9, 2]);
    expect(without(list, 5)).toBe(list);
    expect(without([3], 3)).toEqual([]);
    expect(list).toEqual([4, 9, 2, 7]);
  });

  it('a seat list leaves one seat out and puts it back where it was, the rest in their order', () => {
    const list = new SeatList();
    list.copy([4, 9, 2, 7]);
    const seats = list.seats;
    for (const [seat, at, rest] of [[4, 0, [9, 2, 7]], [2, 2, [4, 9, 7]], [7, 3, [4, 9, 2]]] as const) {
      expect(list.take(seat)).toBe(at);
      expect(list.seats).toEqual(rest);
      list.putBack(at, seat);
      expect(list.seats).toEqual([4, 9, 2, 7]);
    }
    expect(list.take(5)).toBe(-1);
    expect(list.seats).toEqual([4, 9, 2, 7]);
    expect(list.seats).toBe(seats); // one array, rewritten in place
    list.clear();
    list.add(3);
    expect(list.take(3)).toBe(0);
    expect(list.seats).toEqual([]);
  });

  it('the shared zeros a night and the fouls read before their first write stay zeros after games of every night ability and foul (U12)', () => {
    // club-20 deals the blocker, the judge, the oligarch, the guard, the sportsman and the lucky;
    // ukrainian the courtesan's freeze, the doctor and the note; both play the discipline model.
    const fouls = ['foulRate=0.3', 'nightFoulRate=0.05'];
    for (const [setup, n] of [['club-20', 20], ['ukrainian', 12]] as const) {
      const tally = runBatch(makeJob(setup, fouls), { from: 0, to: 300 });
      expect(tally.games).toBe(300);
      expect(seatZeros(n)).toEqual(new Array(n + 1).fill(0));
    }
  });
});
