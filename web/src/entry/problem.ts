/** Why an entry's files cannot be read into a form, pointing at the file (and line) to fix. */

export type Problem = {
  path: string;
  /** 1-based position in the file, when the parser knows it. */
  line: number | null;
  column: number | null;
  /** The field key whose stored value is wrong, or null for the file as a whole. */
  field: string | null;
  message: string;
};

/** `path:line:column: message`, or `path: field: message`, as the server reports problems. */
export function formatProblem(problem: Problem): string {
  const position = problem.line === null ? '' : `:${problem.line}:${problem.column ?? 1}`;
  const field = problem.field === null ? '' : `${problem.field}: `;
  return `${problem.path}${position}: ${field}${problem.message}`;
}
