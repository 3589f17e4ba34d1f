// Per-seat arrays (index 0 unused, seats 1..n) and lists of seats. Made, cleared and searched with
// plain loops, which the compiler inlines into the engine's hot functions, where `includes` and `fill`
// are calls into builtins. Why, and which arrays are better cleared with `fill`: docs/performance.md,
// "Loops, fill and slice".

/** A packed per-seat array of `value` (0 unless given), index 0 included. */
export function seatArray(n: number, value = 0): number[] {
  // Zeros are a copy of a kept array: one allocation of the right size, where pushing grows the array
  // through the runtime (a game makes a dozen of these).
  return value === 0 ? (ZEROS[n] ??= filled(n, 0)).slice() : filled(n, value);
}

/**
 * The table size's kept array of zeros itself, for a per-seat array most games never write (a night's
 * rarer effects, fouls): it reads as zeros, and `writable` gives it a copy of its own before the first
 * write, so a game allocates only the arrays it uses. Never written itself.
 */
export function seatZeros(n: number): readonly number[] {
  return (ZEROS[n] ??= filled(n, 0));
}

/** A per-seat array about to be written: itself, or a fresh array of zeros while it is still the shared one (seatZeros). */
export function writable(a: readonly number[]): number[] {
  return a === ZEROS[a.length - 1] ? seatArray(a.length - 1) : (a as number[]);
}

/** clearSeats for an array that may still be the shared zeros (seatZeros), which stays as it is. */
export function clearWritten(a: readonly number[]): void {
  if (a !== ZEROS[a.length - 1]) clearSeats(a as number[]);
}

/** Per-seat slots, each empty until its seat first needs it. */
export function seatSlots<T>(n: number): (T | undefined)[] {
  return (EMPTY[n] ??= filled(n, undefined)).slice();
}

/** Kept per table size, never handed out: only copies leave this module. */
const ZEROS: number[][] = [];
const EMPTY: undefined[][] = [];

function filled<T>(n: number, value: T): T[] {
  const a: T[] = [];
  for (let i = 0; i <= n; i++) a.push(value);
  return a;
}

/** Sets every entry of a per-seat array back to `value` (0 unless given). */
export function clearSeats(a: number[], value = 0): void {
  for (let i = 0; i < a.length; i++) a[i] = value;
}

/** Whether a list of seats (or of yes/no answers) holds `x`: Array.prototype.includes, as a loop. */
export function contains(list: readonly number[], x: number): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
  return false;
}

/**
 * The list without `x` (held at most once): the list itself when it does not hold x, else a copy of
 * the right size (a slice, then the tail moved down: no callback per element, no growing), for a
 * list most of whose seats stay in it (club votes, where most voters are candidates).
 */
export function without(list: readonly number[], x: number): readonly number[] {
  let i = 0;
  while (i < list.length && list[i] !== x) i++;
  if (i === list.length) return list;
  const out = list.slice(0, list.length - 1);
  for (let j = i; j < out.length; j++) out[j] = list[j + 1];
  return out;
}

/**
 * The options of one question, built in one array kept for the game (Game.optionList): asking
 * allocates nothing. A list is good until the next is built, and a question's options never outlive
 * it: built-in bots read them only while deciding, any other bot gets a frozen copy (Game.askGuarded).
 * Shortened by `pop`, not by setting `length` (a runtime call).
 */
export class OptionList {
  private readonly seats: number[] = [];
  private count = 0;

  /** Starts a new list (the previous one is overwritten). */
  clear(): void {
    this.count = 0;
  }

  add(seat: number): void {
    const seats = this.seats;
    if (this.count < seats.length) seats[this.count] = seat;
    else seats.push(seat);
    this.count++;
  }

  /** The list as built. */
  done(): readonly number[] {
    const seats = this.seats;
    while (seats.length > this.count) seats.pop();
    return seats;
  }
}

/**
 * A list of seats kept in its order across several questions (a day's open nominees, a vote's
 * candidates), from which one seat can be left out for a single question and put back: no list is
 * built per question. Grown by `push`, shortened by `pop` (OptionList: setting `length` is a runtime
 * call). Like an OptionList, what a question was offered is good only until the list next changes.
 */
export class SeatList {
  readonly seats: number[] = [];

  clear(): void {
    const seats = this.seats;
    while (seats.length > 0) seats.pop();
  }

  add(seat: number): void {
    this.seats.push(seat);
  }

  /** The list becomes a copy of `from`. */
  copy(from: readonly number[]): void {
    this.clear();
    for (let i = 0; i < from.length; i++) this.seats.push(from[i]);
  }

  /** Takes the seat out, the others keeping their order; where it was, or -1 when it is not listed. */
  take(seat: number): number {
    const seats = this.seats;
    let i = 0;
    while (i < seats.length && seats[i] !== seat) i++;
    if (i === seats.length) return -1;
    for (let j = i + 1; j < seats.length; j++) seats[j - 1] = seats[j];
    seats.pop();
    return i;
  }

  /** Puts a seat back where `take` found it. */
  putBack(at: number, seat: number): void {
    const seats = this.seats;
    seats.push(seat);
    for (let j = seats.length - 1; j > at; j--) seats[j] = seats[j - 1];
    seats[at] = seat;
  }
}
