// Parsing PostgREST's URL grammar (select, filters, logic trees, order) into a small tree, and
// compiling it to SQL with quoted identifiers and bound values. Nothing from the URL is ever
// interpolated into SQL except identifiers (always quoted) and casts (restricted to [A-Za-z0-9_]).
import { HttpError } from './http.ts';
import { LIMITS } from './limits.ts';

export interface ColRef {
  column: string;
  json: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'col'; ref: ColRef; alias: string; cast: string | null }
  | { kind: 'embed'; relation: string; alias: string; hint: string | null; inner: boolean; level: Level };

export type Cond =
  | { kind: 'op'; ref: ColRef; op: string; value: string; not: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; not: boolean; items: Cond[] };

export interface OrderTerm {
  ref: ColRef;
  desc: boolean;
  nulls: 'first' | 'last' | null;
}

export interface Level {
  items: SelectItem[];
  conds: Cond[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export function parseError(message: string, details: string | null = null): HttpError {
  return new HttpError(400, { code: 'PGRST100', message, details, hint: null });
}

/** A short form of a long query-string value, for error messages. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Splits on `sep` outside parentheses and double quotes. */
export function splitTop(text: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '\\' && i + 1 < text.length) {
        current += c + text[++i];
        continue;
      }
      if (c === '"') quoted = false;
      current += c;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0) throw parseError(`failed to parse "${excerpt(text)}"`, 'unbalanced parentheses');
    if (c === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  if (depth !== 0 || quoted) throw parseError(`failed to parse "${excerpt(text)}"`, 'unbalanced parentheses or quotes');
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

export function parseColRef(text: string): ColRef {
  const parts = text.split(/(->>|->)/);
  const column = unquote((parts[0] ?? '').trim());
  if (!column) throw parseError(`failed to parse column "${text}"`);
  const json: ColRef['json'] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '');
    if (!key) throw parseError(`failed to parse column "${text}"`, 'empty JSON key');
    json.push({ arrow: parts[i] as '->' | '->>', key });
  }
  return { column, json };
}

export function emptyLevel(): Level {
  return { items: [{ kind: 'star' }], conds: [], order: [], limit: null, offset: null };
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EMBED = /^(?:([^:()!]+):)?([^:()!]+)((?:![A-Za-z0-9_]+)*)\((.*)\)$/s;

/** Counts what one request's query string asks for, so that no request can ask for without bound. */
export class Budget {
  private embeds = 0;
  private conditions = 0;

  embed(text: string): void {
    this.embeds += 1;
    if (this.embeds > LIMITS.embeds) throw parseError(`failed to parse select parameter (${excerpt(text)})`, `at most ${LIMITS.embeds} embedded resources may be requested at once`);
  }

  condition(raw: string): void {
    this.conditions += 1;
    if (this.conditions > LIMITS.conditions) throw parseError(`failed to parse filter (${excerpt(raw)})`, `at most ${LIMITS.conditions} conditions may be given at once`);
  }
}

export function parseSelect(text: string, budget: Budget = new Budget(), depth = 0): SelectItem[] {
  if (text.trim() === '') return [];
  return splitTop(text).map((raw): SelectItem => {
    const item = raw.trim();
    if (item === '*') return { kind: 'star' };
    if (item.startsWith('...')) throw parseError(`failed to parse select parameter (${excerpt(text)})`, 'spread embedding is not supported by the embedded backend');
    if (/^(?:[^(),]+\.)?(?:count|sum|avg|min|max)\(\)(?:::\w+)?$/.test(item)) {
      throw parseError(`failed to parse select parameter (${excerpt(text)})`, 'aggregate functions are not supported by the embedded backend');
    }
    const embed = EMBED.exec(item);
    if (embed) {
      budget.embed(text);
      if (depth >= LIMITS.embedDepth) {
        throw parseError(`failed to parse select parameter (${excerpt(text)})`, `embedded resources may be nested at most ${LIMITS.embedDepth} deep`);
      }
      const relation = (embed[2] ?? '').trim();
      const bangs = (embed[3] ?? '').split('!').filter(Boolean);
      const inner = bangs.includes('inner');
      const hints = bangs.filter((b) => b !== 'inner' && b !== 'left');
      return {
        kind: 'embed',
        relation,
        alias: (embed[1] ?? relation).trim(),
        hint: hints[0] ?? null,
        inner,
        level: { ...emptyLevel(), items: parseSelect(embed[4] ?? '', budget, depth + 1) },
      };
    }
    let rest = item;
    let alias: string | null = null;
    const aliasMatch = /^([A-Za-z0-9_ ]+|"[^"]+"):(?!:)(.*)$/s.exec(rest);
    if (aliasMatch) {
      alias = unquote(aliasMatch[1] ?? '');
      rest = aliasMatch[2] ?? '';
    }
    let cast: string | null = null;
    const castAt = rest.lastIndexOf('::');
    if (castAt >= 0) {
      cast = rest.slice(castAt + 2);
      rest = rest.slice(0, castAt);
      if (!CAST.test(cast)) throw parseError(`failed to parse select parameter (${text})`, `invalid cast "${cast}"`);
    }
    const ref = parseColRef(rest);
    const last = ref.json[ref.json.length - 1];
    return { kind: 'col', ref, alias: alias ?? (last ? last.key : ref.column), cast };
  });
}

const OPERATORS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov']);

function parseOpValue(ref: ColRef, text: string, raw: string, inLogic: boolean, budget: Budget): Cond {
  budget.condition(raw);
  let rest = text;
  let not = false;
  if (rest.startsWith('not.')) {
    not = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot >= 0 ? rest.slice(0, dot) : rest;
  if (dot < 0 || !OPERATORS.has(op)) {
    throw parseError(`failed to parse filter (${raw})`, `unknown or missing operator "${op}"`);
  }
  let value = rest.slice(dot + 1);
  if (inLogic && op !== 'in') value = unquote(value);
  if (['like', 'ilike', 'match', 'imatch'].includes(op) && value.length > LIMITS.patternChars) {
    throw parseError(`failed to parse filter (${op})`, `a pattern may be at most ${LIMITS.patternChars} characters long`);
  }
  return { kind: 'op', ref, op, value, not };
}

export function parseFilter(key: string, value: string, budget: Budget = new Budget()): Cond {
  const logic = /^(not\.)?(and|or)$/.exec(key);
  const raw = `${key}=${value}`;
  if (logic) return parseLogic(logic[2] as 'and' | 'or', !!logic[1], value, raw, budget, 1);
  return parseOpValue(parseColRef(key), value, raw, false, budget);
}

function parseLogic(op: 'and' | 'or', not: boolean, value: string, raw: string, budget: Budget, depth: number): Cond {
  if (depth > LIMITS.logicDepth) {
    throw parseError(`failed to parse logic tree (${excerpt(value)})`, `and=/or= groups may be nested at most ${LIMITS.logicDepth} deep`);
  }
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${excerpt(value)})`, 'expected "(" and ")" around the conditions');
  }
  const items = splitTop(value.slice(1, -1)).map((part): Cond => {
    const nested = /^(not\.)?(and|or)\(/.exec(part);
    if (nested && part.endsWith(')')) return parseLogic(nested[2] as 'and' | 'or', !!nested[1], part.slice(nested[0].length - 1), raw, budget, depth + 1);
    const dot = part.indexOf('.');
    if (dot <= 0) throw parseError(`failed to parse logic tree (${excerpt(value)})`, `"${excerpt(part)}" is not a condition`);
    return parseOpValue(parseColRef(part.slice(0, dot)), part.slice(dot + 1), raw, true, budget);
  });
  return { kind: 'logic', op, not, items };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTop(text).map((term) => {
    const parts = term.split('.');
    let nulls: OrderTerm['nulls'] = null;
    let desc = false;
    while (parts.length > 1) {
      const last = parts[parts.length - 1];
      if (last === 'nullsfirst' || last === 'nullslast') nulls = last === 'nullsfirst' ? 'first' : 'last';
      else if (last === 'asc' || last === 'desc') desc = last === 'desc';
      else break;
      parts.pop();
    }
    return { ref: parseColRef(parts.join('.')), desc, nulls };
  });
}

export function parseNonNegative(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw parseError(`failed to parse ${name} parameter (${text})`, 'expected a non-negative integer');
  return Number(text);
}

export function parseInList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`failed to parse filter (in.${value})`, 'expected a list like (a,b,c)');
  }
  const inner = value.slice(1, -1);
  const values = inner.trim() === '' ? [] : splitTop(inner).map(unquote);
  if (values.length > LIMITS.inListValues) throw parseError('failed to parse filter (in)', `an in.(...) list may hold at most ${LIMITS.inListValues} values`);
  return values;
}

/** Accumulates bound parameters and table aliases while one statement is compiled. */
export class Sql {
  readonly params: (string | null)[] = [];
  private aliases = 0;

  param(value: string | null): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `_t${this.aliases++}`;
  }

  col(alias: string, ref: ColRef): string {
    let out = `${alias}.${quoteIdent(ref.column)}`;
    for (const step of ref.json) {
      out += /^-?\d+$/.test(step.key) ? `${step.arrow}${this.param(step.key)}::int` : `${step.arrow}${this.param(step.key)}::text`;
    }
    return out;
  }

  cond(alias: string, c: Cond): string {
    if (c.kind === 'logic') {
      const body = c.items.length ? `(${c.items.map((i) => this.cond(alias, i)).join(c.op === 'and' ? ' and ' : ' or ')})` : c.op === 'and' ? 'true' : 'false';
      return c.not ? `not ${body}` : body;
    }
    const col = this.col(alias, c.ref);
    let expr: string;
    switch (c.op) {
      case 'eq':
      case 'neq':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const sqlOp = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[c.op];
        expr = `${col} ${sqlOp} ${this.param(c.value)}`;
        break;
      }
      case 'like':
      case 'ilike':
        expr = `${col} ${c.op} ${this.param(c.value.replace(/\*/g, '%'))}`;
        break;
      case 'match':
        expr = `${col} ~ ${this.param(c.value)}`;
        break;
      case 'imatch':
        expr = `${col} ~* ${this.param(c.value)}`;
        break;
      case 'is': {
        const word = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[c.value.toLowerCase()];
        if (!word) throw parseError(`failed to parse filter (is.${c.value})`, 'expected null, not_null, true, false or unknown');
        expr = `${col} is ${word}`;
        break;
      }
      case 'isdistinct':
        expr = `${col} is distinct from ${this.param(c.value)}`;
        break;
      case 'in': {
        const values = parseInList(c.value);
        expr = values.length ? `${col} in (${values.map((v) => this.param(v)).join(', ')})` : 'false';
        break;
      }
      case 'cs':
        expr = `${col} @> ${this.param(c.value)}`;
        break;
      case 'cd':
        expr = `${col} <@ ${this.param(c.value)}`;
        break;
      default:
        expr = `${col} && ${this.param(c.value)}`;
    }
    return c.not ? `not (${expr})` : expr;
  }

  order(alias: string, terms: OrderTerm[]): string {
    if (!terms.length) return '';
    const parts = terms.map(
      (t) => `${this.col(alias, t.ref)} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
    );
    return ` order by ${parts.join(', ')}`;
  }
}
