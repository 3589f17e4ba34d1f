// Club roles at a Ukrainian table (mixed setups, see docs/club.md): the Sportsman (C13) acts after
// the Ukrainian night order and cannot be killed at night; Lucky (C14) survives the first night shot at.
// The Ukrainian night calls these three hooks; at a table without these roles they cost a seat scan.
import type { Game } from '../../engine/game.js';
import { seatArray } from '../../engine/seatArrays.js';

interface GuestState {
  /** Sportsman → tonight's target (0 = none). */
  readonly duel: number[];
  readonly luckSpent: number[];
}

const states = new WeakMap<Game, GuestState>();

function stateOf(g: Game): GuestState {
  let st = states.get(g);
  if (!st) {
    st = { duel: seatArray(g.n), luckSpent: seatArray(g.n) };
    states.set(g, st);
  }
  return st;
}

/** C13 at the end of the night: each living Sportsman who is not frozen (U5.3) picks a target. */
export function guestNight(g: Game): void {
  for (let seat = 1; seat <= g.n; seat++) {
    if (g.roles[seat].ability !== 'duel' || g.alive[seat] !== 1) continue;
    const st = stateOf(g);
    st.duel[seat] = 0;
    if (g.frozen[seat] === 1 && g.healed[seat] === 0) {
      g.log?.push({ t: 'frozen', seat, to: [seat] });
      continue;
    }
    const options: number[] = [];
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && s !== seat) options.push(s);
    const target = g.ask(seat, 'duel', options, true, null);
    g.log?.push({ t: 'action', kind: 'duel', seat, target, to: [seat] });
    if (target !== null) st.duel[seat] = target;
  }
}

/** At dawn, for a living seat shot at tonight: whether a guest role survives it (C13, C14). */
export function guestSurvives(g: Game, seat: number): boolean {
  const ability = g.roles[seat].ability;
  if (ability === 'duel') {
    g.log?.push({ t: 'saved', seat, by: 'sportsman', to: [] }); // C13: cannot be killed at night
    return true;
  }
  if (ability === 'luck') {
    const st = stateOf(g);
    if (st.luckSpent[seat] === 1) return false;
    st.luckSpent[seat] = 1; // C14: the first night shot at, even if healed as well
    g.log?.push({ t: 'luck', seat, to: [] });
    return true;
  }
  return false;
}

/** At dawn, after the kills: a Sportsman whose target is black kills it and dies too, healed or not (C13). Returns the deaths. */
export function resolveDuels(g: Game): number {
  const st = states.get(g);
  if (!st) return 0;
  let deaths = 0;
  for (let seat = 1; seat <= g.n; seat++) {
    const target = st.duel[seat];
    if (target === 0) continue;
    st.duel[seat] = 0;
    const hit = g.roles[target].team === 'mafia';
    g.log?.push({ t: 'duel', seat, target, hit, to: [seat] });
    if (!hit) continue;
    for (const s of [target, seat]) {
      if (g.alive[s] !== 1) continue;
      g.eliminate(s, 'sportsman');
      deaths++;
      g.log?.push({ t: 'died', seat: s, role: g.revealedRole(s) });
    }
  }
  return deaths;
}
