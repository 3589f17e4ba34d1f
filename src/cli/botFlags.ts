// The flags of the commands that play bots in other processes (docs/protocol.md): the limits every
// protocol bot plays under and which plug-ins run isolated, parsed here (src/cli/commands/flags.ts
// declares them).
import { DEFAULT_BOT_SETTINGS, setBotSettings, type BotSettings, type IsolateMode } from '../protocol/settings.js';
import { parseCount } from './common.js';

export interface BotFlags {
  decisionTimeout?: string;
  botMemory?: string;
  isolate?: boolean;
}

/** Parses the flags and makes them this process's settings (the worker threads get them from it). */
export function applyBotFlags(flags: BotFlags, isolateDefault: IsolateMode = 'none'): BotSettings {
  const s: BotSettings = {
    decisionTimeoutMs: flags.decisionTimeout === undefined ? DEFAULT_BOT_SETTINGS.decisionTimeoutMs : parseCount('--decision-timeout', flags.decisionTimeout, 1, 3_600_000),
    memoryMb: flags.botMemory === undefined ? DEFAULT_BOT_SETTINGS.memoryMb : parseCount('--bot-memory', flags.botMemory, 16, 1_048_576),
    isolate: flags.isolate === true ? 'all' : flags.isolate === false ? 'none' : isolateDefault,
  };
  setBotSettings(s);
  return s;
}
