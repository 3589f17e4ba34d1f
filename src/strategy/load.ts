// Loading `--strategy` specs, plug-in files included. Plug-ins are ES modules (.js, .mjs) or TypeScript
// (.ts, .mts, loaded through tsx's tsImport) whose default export, or export named `strategy`,
// implements Strategy. Importing is asynchronous, so every caller (the CLI, a worker thread rebuilding
// a job from its specs, the tournament) awaits loadStrategies(specs) once before building its jobs;
// after that the synchronous parseStrategies(specs) finds the loaded plug-ins by path.
import { basename } from 'node:path';
import { PluginError, UserError } from '../errors.js';
import { findExport, importModule } from '../plugins/importModule.js';
import { isExecName, isIsolatedPlugin, isPluginPath, loadedPlugin, parseStrategies, pluginKey, registerPlugin, splitSpec, strategyFlag, type SpecLabel, type StrategyAssignment } from './registry.js';
import type { Decision, DecisionRequest, GameTag, Player, SpeechKind, Strategy } from './types.js';
import type { PlayerView } from '../views/view.js';
import type { Rng } from '../rng.js';
import type { Statement } from '../model/events.js';

export { PluginError };

/**
 * Imports every plug-in the specs name (once per path per process), then parses the specs. Errors name
 * `label(spec)`: `--strategy SPEC` unless the caller took the specs from another flag.
 */
export async function loadStrategies(specs: readonly string[], label: SpecLabel = strategyFlag): Promise<StrategyAssignment> {
  for (const spec of specs) {
    const { name } = splitSpec(spec, label);
    // An isolated plug-in is imported by its own process (src/protocol/pluginHost.ts), never here.
    if (!isExecName(name) && !isIsolatedPlugin(name) && isPluginPath(name) && !loadedPlugin(name)) registerPlugin(name, await importPlugin(name, spec, label));
  }
  return parseStrategies(specs, label);
}

async function importPlugin(name: string, spec: string, label: SpecLabel): Promise<Strategy> {
  const mod = await importModule(pluginKey(name), name);
  if ('problem' in mod) throw new UserError(`${label(spec)}: ${mod.problem}`);
  const s = findExport(mod.exports, ['default', 'strategy'], (x): x is Strategy => typeof x === 'object' && x !== null && typeof (x as Partial<Strategy>).createPlayer === 'function');
  if (!s) {
    throw new UserError(`${label(spec)}: ${name} must export a strategy (default export or \`strategy\`) with a createPlayer(seat) function`);
  }
  return guarded(s, name);
}

/**
 * Wraps a plug-in so that anything it throws becomes a PluginError naming the plug-in and the call;
 * the batch then records the game as failed instead of ending the run.
 */
function guarded(s: Strategy, file: string): Strategy {
  const label = `plug-in ${typeof s.name === 'string' && s.name ? s.name : basename(file)} (${file})`;
  const fail = (where: string, e: unknown): never => {
    throw new PluginError(`${label} threw in ${where}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  };
  const wrapPlayer = (p: Player): Player => {
    if (!p || typeof p.decide !== 'function') fail('createPlayer', new Error('it did not return a player with a decide() function'));
    const speak = p.speak;
    return {
      label,
      decide(view: PlayerView, request: DecisionRequest, rng: Rng): Decision | undefined {
        try {
          return p.decide(view, request, rng);
        } catch (e) {
          return fail(`decide (${request.kind})`, e);
        }
      },
      speak: speak
        ? (view: PlayerView, kind: SpeechKind, rng: Rng): readonly Statement[] | undefined => {
            try {
              return speak.call(p, view, kind, rng);
            } catch (e) {
              return fail(`speak (${kind})`, e);
            }
          }
        : undefined,
    };
  };
  const wrap = (inner: Strategy): Strategy => ({
    name: typeof inner.name === 'string' && inner.name ? inner.name : basename(file),
    description: typeof inner.description === 'string' ? inner.description : '',
    params: inner.params,
    usesHistory: inner.usesHistory,
    createPlayer(seat: number, game?: GameTag): Player {
      let p: Player;
      try {
        p = inner.createPlayer(seat, game);
      } catch (e) {
        return fail('createPlayer', e);
      }
      return wrapPlayer(p);
    },
    withParams: inner.withParams ? (params) => wrap(inner.withParams!(params)) : undefined,
  });
  return wrap(s);
}
