// The human's seat as a Player. The engine asks synchronously (Player.decide), while a person answers
// asynchronously (readline), so the seat never waits: it answers from the words given so far, and
// when they run out it stops the game by throwing NeedAnswer with the question. The session
// (./session.ts) gets the answer and plays the game again from its seed with one word more: the same
// seed and words give the same game up to that question (G10), a game takes well under a millisecond,
// and the engine and the bots stay exactly as every other command runs them.
import { UserError } from '../errors.js';
import type { Statement } from '../model/events.js';
import type { Decision, DecisionRequest, Player, SpeechKind } from '../strategy/types.js';
import type { PlayerView } from '../views/view.js';
import { decisionOf, DONE, statementOf } from './answers.js';

/** A question to the human: a decision, or the next statement of a speech (or `done`). */
export type Question =
  | { readonly type: 'decision'; readonly view: PlayerView; readonly request: DecisionRequest }
  | { readonly type: 'speech'; readonly view: PlayerView; readonly speech: SpeechKind; readonly said: readonly Statement[] };

/** Thrown out of the game when the human has to answer a question no word answers yet. */
export class NeedAnswer extends Error {
  override readonly name = 'NeedAnswer';
  constructor(readonly question: Question) {
    super('the human seat needs an answer');
  }
}

/** What the seat calls on each word it takes: the question, the word, and the word's index. */
export type OnAnswer = (question: Question, word: string, index: number) => void;

/**
 * A question as the seat is asked it — what is asked, and how many events the seat has seen by then —
 * to tell that a game played again went the same way up to it (G10).
 */
function signature(q: Question): string {
  const seen = q.view.events().length;
  return q.type === 'decision' ? `${seen}:${q.request.kind}:${q.request.options.join(' ')}:${q.request.canPass}` : `${seen}:${q.speech}:${q.said.length}`;
}

export class HumanSeat implements Player {
  private next = 0;

  /**
   * `words`: the answers so far, in order; `asked`: the signature of the question each answered when
   * it was given (filled in as questions are answered: a game played again must ask the same).
   */
  constructor(
    private readonly words: readonly string[],
    private readonly asked: string[],
    private readonly onAnswer: OnAnswer,
  ) {}

  /** How many words this game took. */
  get used(): number {
    return this.next;
  }

  decide(view: PlayerView, request: DecisionRequest): Decision {
    const q: Question = { type: 'decision', view, request };
    const word = this.take(q);
    const d = decisionOf(request, word);
    if ('problem' in d) throw this.badWord(word, d.problem);
    return d.decision;
  }

  speak(view: PlayerView, speech: SpeechKind): readonly Statement[] {
    const said: Statement[] = [];
    for (;;) {
      const word = this.take({ type: 'speech', view, speech, said: said.slice() });
      if (word === DONE) return said;
      const st = statementOf(word, view.seat, view.players, view.tableRoles);
      if ('problem' in st) throw this.badWord(word, st.problem);
      said.push(st.statement);
    }
  }

  private take(q: Question): string {
    const i = this.next;
    if (i >= this.words.length) throw new NeedAnswer(q);
    const sig = signature(q);
    if (i < this.asked.length && this.asked[i] !== sig) {
      throw new UserError(`the game did not play the same way again before answer ${i + 1}: a strategy is not deterministic (G10)`);
    }
    this.asked[i] = sig;
    this.next++;
    this.onAnswer(q, this.words[i], i);
    return this.words[i];
  }

  private badWord(word: string, problem: string): UserError {
    return new UserError(`--answers: answer ${this.next} (${word}): ${problem}`);
  }
}
