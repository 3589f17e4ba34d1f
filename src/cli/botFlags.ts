// The flags of the commands that play bots in other processes (docs/protocol.md): the limits every
// protocol bot plays under and which plug-ins run isolated. One place registers and parses them.
import type { Command } from 'commander';
import { DEFAULT_BOT_SETTINGS, setBotSettings, type BotSettings, type IsolateMode } from '../protocol/settings.js';
import { once, parseCount } from './common.js';

export interface BotFlags {
  decisionTimeout?: string;
  botMemory?: string;
  isolate?: boolean;
}

export function botOptions(cmd: Command, isolateHelp = 'run JS/TS plug-ins in a process of their own, behind the bot protocol'): Command {
  return cmd
    .option('--decision-timeout <ms>', `the longest a protocol bot may take over one decision or speech (default ${DEFAULT_BOT_SETTINGS.decisionTimeoutMs})`, once('--decision-timeout'))
    .option('--bot-memory <mb>', `memory limit of each bot process, MB (default ${DEFAULT_BOT_SETTINGS.memoryMb})`, once('--bot-memory'))
    .option('--isolate', isolateHelp);
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
