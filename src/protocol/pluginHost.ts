// The process an isolated JS/TS plug-in plays in (`--isolate`; runs from dist/): `node pluginHost.js
// SPEC` imports the plug-in as the in-process loader does, then serves the bot protocol on stdin and
// stdout. The plug-in is handed RemoteViews (./remoteView.ts) and each seat's own random stream, as
// in-process; whatever it patches — prototypes, globals, mafia-sim's own modules — it patches in this
// process only, which holds no game but the copies of what its seats were sent. An asynchronous
// decide or speak is awaited here; one that throws or rejects is answered with an error message, which
// fails that game with the plug-in named.
import { createInterface } from 'node:readline';
import { GameStreams, type Rng } from '../rng.js';
import { loadStrategies } from '../strategy/load.js';
import type { DecisionRequest, GameTag, Player, Strategy } from '../strategy/types.js';
import type { PlayerView } from '../views/view.js';
import { RemoteView } from './remoteView.js';
import { PROTOCOL_VERSION, type BotMessage, type EngineMessage } from './wire.js';

const spec = process.argv[2];

interface Seat {
  readonly player: Player;
  readonly view: RemoteView;
  readonly rng: Rng;
}

/** Per game id: its tag (one object per game, as in-process) and its seats. */
const games = new Map<number, { tag: GameTag; seats: Map<number, Seat> }>();

function send(m: BotMessage): void {
  process.stdout.write(JSON.stringify(m) + '\n');
}

function seatOf(strategy: Strategy, req: Extract<EngineMessage, { type: 'decide' | 'speak' }>): Seat {
  let game = games.get(req.game);
  if (!game) games.set(req.game, (game = { tag: { seed: req.view.table?.gameSeed ?? '' }, seats: new Map() }));
  let seat = game.seats.get(req.seat);
  if (!seat) {
    const view = new RemoteView(req.seat, req.view);
    const rng = new GameStreams(view.publicRecord.table.gameSeed).seat(req.seat);
    seat = { player: strategy.createPlayer(req.seat, game.tag), view, rng };
    game.seats.set(req.seat, seat);
  } else seat.view.update(req.view);
  return seat;
}

async function answer(strategy: Strategy, req: Extract<EngineMessage, { type: 'decide' | 'speak' }>): Promise<BotMessage> {
  const { player, view, rng } = seatOf(strategy, req);
  const asView = view as unknown as PlayerView;
  if (req.type === 'decide') {
    const request: DecisionRequest = { kind: req.kind, options: req.options, canPass: req.canPass, intent: req.intent };
    const answer = await player.decide(asView, request, rng);
    // No answer (undefined) travels as -1, never an option: illegal, as it would be in-process (G9).
    return { type: 'decision', id: req.id, answer: answer === undefined ? -1 : answer };
  }
  const said = player.speak ? await player.speak(asView, req.kind, rng) : [];
  return { type: 'statements', id: req.id, statements: Array.isArray(said) ? said : [] };
}

async function main(): Promise<void> {
  let strategy: Strategy | null = null;
  let problem: string | null = null;
  try {
    strategy = (await loadStrategies([spec])).everyone;
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  for await (const line of createInterface({ input: process.stdin })) {
    const req = JSON.parse(line) as EngineMessage;
    if (req.type === 'hello') {
      send(problem === null ? { type: 'hello', protocol: PROTOCOL_VERSION, name: strategy!.name } : { type: 'error', message: problem });
    } else if (req.type === 'end') games.delete(req.game);
    else {
      try {
        send(await answer(strategy!, req));
      } catch (e) {
        send({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
      }
    }
  }
}

void main();
