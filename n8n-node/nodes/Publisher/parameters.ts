// Readers of one item's parameters, also the trigger's (pollParameters). Each checks its
// value, so that a bad value names its parameter and item before anything is sent.
import type { INode, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * What reading parameters needs of n8n: the node's execute functions (an item's
 * parameters), or a trigger's poll functions through pollParameters.
 */
export interface ParameterContext {
  getNode(): INode;
  getNodeParameter(name: string, itemIndex: number, fallback?: unknown): unknown;
  /** False when the parameters belong to no item (a poll): a refusal then names none. */
  readonly perItem?: boolean;
  /** The workflow's time zone (n8n's execute functions have it): a date without one is read in it. */
  getTimezone?(): string;
}

/**
 * A poll's parameters for the same readers. A trigger's parameters are the node's, not an
 * item's: the readers' item index is ignored, and a refusal carries none.
 */
export function pollParameters(ctx: Pick<IPollFunctions, 'getNodeParameter' | 'getNode'>): ParameterContext {
  return {
    getNode: () => ctx.getNode(),
    getNodeParameter: (name, _itemIndex, fallback) => ctx.getNodeParameter(name, fallback),
    perItem: false,
  };
}

/** Refuses the item (or the poll): a NodeOperationError naming it, thrown before anything is sent. */
export function invalidParameter(ctx: ParameterContext, itemIndex: number, message: string): never {
  // No "(item N)" in the text: n8n shows the item index beside the message.
  throw new NodeOperationError(ctx.getNode(), message, ctx.perItem === false ? {} : { itemIndex });
}

/** The parameter as n8n hands it over, expressions resolved. */
export function readRaw(ctx: ParameterContext, itemIndex: number, name: string, fallback?: unknown): unknown {
  return ctx.getNodeParameter(name, itemIndex, fallback);
}

/**
 * A whole number ≥ min; expressions may hand over numeric strings such as "42". IDs are
 * text fields that start empty (so that n8n shows a required one as missing), and older
 * workflows hold them as numbers: both are read.
 */
export function wholeNumber(ctx: ParameterContext, itemIndex: number, value: unknown, what: string, min: number): number {
  if (typeof value === 'string' && value.trim() === '') {
    return invalidParameter(ctx, itemIndex, `${what} is empty: it must be a whole number of at least ${min}`);
  }
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return invalidParameter(ctx, itemIndex, `${what} must be a whole number of at least ${min}, not ${shown}`);
  }
  return number;
}

/** The whole-number parameter `name`, shown as `label` in errors. */
export function readInteger(
  ctx: ParameterContext,
  itemIndex: number,
  name: string,
  label: string,
  min: number,
  fallback?: number,
): number {
  return wholeNumber(ctx, itemIndex, readRaw(ctx, itemIndex, name, fallback), `Parameter "${label}"`, min);
}

/** An ID parameter: a whole number ≥ 1. */
export function readId(ctx: ParameterContext, itemIndex: number, name: string, label: string): number {
  return readInteger(ctx, itemIndex, name, label, 1);
}

/** A text parameter; absent is empty. */
export function readText(ctx: ParameterContext, itemIndex: number, name: string): string {
  const value = readRaw(ctx, itemIndex, name, '');
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return invalidParameter(ctx, itemIndex, `Parameter "${name}" must be text`);
  return value;
}

/** A boolean parameter (a switch); `fallback` when the node has none (an older node version). */
export function readBoolean(ctx: ParameterContext, itemIndex: number, name: string, label: string, fallback: boolean): boolean {
  const value = readRaw(ctx, itemIndex, name, fallback);
  if (typeof value !== 'boolean') return invalidParameter(ctx, itemIndex, `Parameter "${label}" must be true or false`);
  return value;
}

/** An options parameter: one of `values`. */
export function readChoice<T extends string>(
  ctx: ParameterContext,
  itemIndex: number,
  name: string,
  label: string,
  values: readonly T[],
  fallback: T,
): T {
  const value = readRaw(ctx, itemIndex, name, fallback);
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return invalidParameter(ctx, itemIndex, `Parameter "${label}" must be one of ${values.map((v) => `"${v}"`).join(', ')}, not ${shown}`);
  }
  return value as T;
}

/**
 * A dateTime parameter as an instant, in ISO form (UTC). n8n's date picker gives a local
 * date and time without a zone ("2026-05-01T09:00:00"), read in the workflow's time zone;
 * a value with a zone ("…Z", "…+02:00"), a Date or a Luxon DateTime (from an expression)
 * is that instant. Anything else fails the item, naming the parameter.
 */
export function readDateTime(ctx: ParameterContext, itemIndex: number, name: string, label: string): string {
  const value = readRaw(ctx, itemIndex, name, '');
  const fail = (): never =>
    invalidParameter(ctx, itemIndex, `Parameter "${label}" must be a date and time (e.g. 2026-05-01T09:00:00), not ${JSON.stringify(value)}`);
  let millis: number;
  if (value instanceof Date) {
    millis = value.getTime();
  } else if (value !== null && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    millis = (value as { toMillis: () => number }).toMillis();
  } else if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/.exec(text);
    if (local) {
      const [year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = local.slice(1);
      const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, Number(fraction.padEnd(3, '0')));
      millis = inTimeZone(wall, ctx.getTimezone?.() ?? 'UTC');
    } else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
      millis = Date.parse(text.replace(' ', 'T'));
    } else {
      return fail();
    }
  } else {
    return fail();
  }
  if (!Number.isFinite(millis)) return fail();
  return new Date(millis).toISOString();
}

/** The instant at which the clock in `timeZone` shows `wall` (a wall time written as UTC millis). */
function inTimeZone(wall: number, timeZone: string): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
  } catch {
    return wall; // An unknown zone name: n8n falls back to UTC too.
  }
  const offsetAt = (instant: number): number => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const shown = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
    return shown - Math.floor(instant / 1000) * 1000;
  };
  // Two steps settle the offset across a change of summer time.
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
}
