// The information rule (G7) as fuzz checks it: what every seat's view holds, against the event record
// itself — not against the view's own code. A seat may know its own role, the roles of the team it was
// shown on night 0 (the `team` event addressed to it), and, when roles are revealed, the dead's; its
// events are exactly the public ones and those addressed to it; its check results are its own.
import type { Game } from '../engine/game.js';
import type { GameEvent } from '../model/events.js';
import type { KnownCheck } from '../views/view.js';

/** What the check reads of a seat's view (a PlayerView; tests hand it a doctored one). */
export interface SeatView {
  knownRole(seat: number): string | undefined;
  events(): readonly GameEvent[];
  checks(): readonly KnownCheck[];
}

/** The first way a seat's view breaks G7, in one line, or null. Needs the event record (keepLog). */
export function informationProblem(g: Game, viewOf: (seat: number) => SeatView = (s) => g.view(s)): string | null {
  const log = g.log;
  if (log === null) return null;
  for (let s = 1; s <= g.n; s++) {
    const v = viewOf(s);
    const shown = new Set<number>([s]);
    for (const e of log) if (e.t === 'team' && e.to?.includes(s)) for (const t of e.seats) shown.add(t);
    for (let t = 1; t <= g.n; t++) {
      const known = v.knownRole(t);
      if (known === undefined) continue;
      const revealed = g.config.revealRoles && g.alive[t] === 0;
      if (!shown.has(t) && !revealed) return `seat ${s}'s view holds seat ${t}'s role (${known}), which it was never shown (G7)`;
      if (known !== g.roles[t].id) return `seat ${s}'s view says seat ${t} is ${known}; it is ${g.roles[t].id} (G7)`;
    }
    const events = v.events();
    const visible = log.filter((e) => e.to === undefined || e.to.includes(s));
    const foreign = events.find((e) => e.to !== undefined && !e.to.includes(s));
    if (foreign) return `seat ${s}'s view holds a ${foreign.t} event addressed to seats ${foreign.to!.join(', ')} (G7)`;
    if (events.length !== visible.length) return `seat ${s}'s view holds ${events.length} events; ${visible.length} are public or its own (G7)`;
    const own = log.filter((e) => e.t === 'check' && e.seat === s);
    for (const c of v.checks()) {
      if (!own.some((e) => e.t === 'check' && e.target === c.target && e.result === c.result)) return `seat ${s}'s view holds a check of seat ${c.target} it never made (G7)`;
    }
  }
  return null;
}
