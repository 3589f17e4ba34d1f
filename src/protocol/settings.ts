// The limits every protocol bot plays under, and which plug-ins run isolated: settings of the command
// being run (--decision-timeout, --bot-memory, --isolate), the same on every thread (the main thread
// hands them to its workers: src/runner/parallel.ts).
export type IsolateMode = 'none' | 'foreign' | 'all';

export interface BotSettings {
  /** The longest a bot may take over one decision or speech, ms (`--decision-timeout`). */
  readonly decisionTimeoutMs: number;
  /** A bot process's memory limit, MB (`--bot-memory`): node's --max-old-space-size, or ulimit -v. */
  readonly memoryMb: number;
  /** Which JS/TS plug-ins run in a process of their own: none, those not shipped with mafia-sim (tournament's default), or all (`--isolate`). */
  readonly isolate: IsolateMode;
}

/** The longest line a protocol bot may write (one message): a decision or a speech's statements are far shorter. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** The most statements a protocol bot may make in one speech (a speech of the shipped bots has a handful). */
export const MAX_STATEMENTS_PER_SPEECH = 64;

export const DEFAULT_BOT_SETTINGS: BotSettings = Object.freeze({ decisionTimeoutMs: 1000, memoryMb: 1024, isolate: 'none' });

let current: BotSettings = DEFAULT_BOT_SETTINGS;

export function botSettings(): BotSettings {
  return current;
}

export function setBotSettings(s: BotSettings): void {
  current = s;
}

/** The flags that give these settings again (for a replay command): only those not at their default. */
export function botSettingFlags(s: BotSettings, isolated: boolean): string[] {
  const out: string[] = [];
  if (s.decisionTimeoutMs !== DEFAULT_BOT_SETTINGS.decisionTimeoutMs) out.push('--decision-timeout', String(s.decisionTimeoutMs));
  if (s.memoryMb !== DEFAULT_BOT_SETTINGS.memoryMb) out.push('--bot-memory', String(s.memoryMb));
  if (isolated) out.push('--isolate');
  return out;
}
