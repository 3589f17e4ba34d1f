// The worked examples of a document: each is a `<!-- example -->` line, a ```sh block holding one
// `mafia-sim …` command, and the ```text block that follows it with what the command prints. Shared by
// scripts/balancing-examples.mjs (which reruns them) and the suite (which checks the document has them).

const EXAMPLE = /<!-- example -->\n```sh\n(mafia-sim [^\n]+)\n```\n\n```text\n([\s\S]*?)```/g;

/** Every example: its command, its arguments, the output the document shows, and where that output sits. */
export function examples(markdown) {
  return [...markdown.matchAll(EXAMPLE)].map((m) => {
    const start = m.index + m[0].indexOf('```text\n') + '```text\n'.length;
    return { command: m[1], args: splitArgs(m[1]).slice(1), shown: m[2], start, end: start + m[2].length };
  });
}

/** Words of a command line: spaces separate, single quotes group. */
export function splitArgs(line) {
  const out = [];
  for (const m of line.matchAll(/'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2]);
  return out;
}

/** Output as the document keeps it: no trailing spaces on a line, one final newline. */
export function normalise(text) {
  return text.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n*$/, '\n');
}
