/**
 * Why a stored document cannot open in the editor. The content field then shows these problems and
 * the raw text instead of an editor, so that saving can never replace content the editor could not
 * read.
 */
import { et } from './messages';

export type ContentProblem = {
  /** 1-based line of the source where the problem starts, when known. */
  line: number | null;
  message: string;
};

export class ContentParseError extends Error {
  override name = 'ContentParseError';
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}

/** `Line 3: Missing component definition for callout`; lines count from the start of the content. */
export function formatProblem(problem: ContentProblem): string {
  return problem.line === null ? problem.message : et('parse.line', { line: problem.line, message: problem.message });
}
