// Help text laid out for the terminal: commander wraps its own option lists to the width it is given;
// the paragraphs a command adds after them (what it does, Ctrl-C, the docs) are written as prose and
// reflowed here at word boundaries. Indented lines (options, examples) are kept as they are: an
// example is a command to copy.
import { wrapWords } from '../report/fit.js';

/** `text` with each paragraph of unindented lines rewrapped to `width` columns. */
export function reflowHelp(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(...wrapWords(paragraph.join(' '), width));
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '' || /^\s/.test(line) || /^Usage:/.test(line)) {
      flush();
      out.push(line);
    } else {
      paragraph.push(line.trim());
      // A line ending in a colon heads what follows (Examples:, Options:): it ends its paragraph.
      if (line.trimEnd().endsWith(':')) flush();
    }
  }
  flush();
  return out.join('\n');
}

/**
 * Commander's one-line error, as one line: its "did you mean" comes on a line of its own
 * (`unknown option '--gmaes'\n(Did you mean --games?)`).
 */
export function oneLineError(message: string): string {
  return message.trim().replace(/\s*\n\(Did you mean (.*)\?\)$/, ' (did you mean $1?)');
}
