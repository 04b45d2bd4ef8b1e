/**
 * Shape checks the kinds' argument checks share. Their messages name the argument: they reach a student
 * only through a page that built a wrong call, and then tell its author what to fix.
 */

type Args = Readonly<Record<string, unknown>>;

export function missingText(args: Args, name: string): string | null {
  const value = args[name];
  return typeof value === 'string' && value.trim() !== '' ? null : `${name} is missing`;
}

export function notWholeNumber(args: Args, name: string): string | null {
  return Number.isSafeInteger(args[name]) ? null : `${name} must be a whole number`;
}

export function notTrueOrFalse(args: Args, name: string): string | null {
  return typeof args[name] === 'boolean' ? null : `${name} must be true or false`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A lower-case UUID, as crypto.randomUUID() makes the ids the portal issues (runs, devices). */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

/** The first problem found, or null. */
export function firstProblem(...problems: (string | null)[]): string | null {
  return problems.find((problem) => problem !== null) ?? null;
}

/** A string argument as text for the status panel, or null. */
export function textArg(args: Args, name: string): string | null {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : null;
}
