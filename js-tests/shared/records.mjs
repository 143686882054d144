// assertRecord: checks a record against its declaration in publisher-core/src/records (through
// records.generated.mjs), so the scenarios assert the same shapes the client checks and
// the .d.ts declares. Runs unchanged in Node, Deno and a browser page.
import { AssertionError } from './assert.mjs';
import { RECORDS } from './records.generated.mjs';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function assertType(value, type, where) {
  const fail = (expected) => {
    throw new AssertionError(`${where} is ${JSON.stringify(value)?.slice(0, 60)}, expected ${expected}`);
  };
  if (type === 'string') {
    if (typeof value !== 'string') fail('a string');
  } else if (type === 'integer') {
    if (!Number.isSafeInteger(value)) fail('an integer');
  } else if (type === 'number') {
    if (!Number.isFinite(value)) fail('a number');
  } else if (type === 'boolean') {
    if (typeof value !== 'boolean') fail('a boolean');
  } else if (type === 'object') {
    if (!isObject(value)) fail('an object');
  } else if (type === 'array') {
    if (!Array.isArray(value)) fail('an array');
  } else if (type.oneOf) {
    if (!type.oneOf.includes(value)) fail(`one of ${type.oneOf.join(', ')}`);
  } else if (type.record) {
    assertRecord(value, type.record, where);
  } else if (type.list) {
    if (!Array.isArray(value)) fail('an array');
    value.forEach((item, index) => assertRecord(item, type.list, `${where}[${index}]`));
  } else {
    throw new Error(`records.generated.mjs has a type this file does not know: ${JSON.stringify(type)}`);
  }
}

/** Asserts that `value` is the record `name` as declared: every field present when it must be, of its type. */
export function assertRecord(value, name, where = name) {
  const record = RECORDS[name];
  if (!record) throw new Error(`no record ${name} is declared`);
  if (!isObject(value)) throw new AssertionError(`${where} is not an object (${name})`);
  if (record.extends) assertRecord(value, record.extends, where);
  for (const field of record.fields) {
    const member = value[field.name];
    const at = `${where}.${field.name}`;
    const mayBeAbsent = field.presence === 'optional' || field.presence === 'derived-optional';
    const mayBeNull = field.presence === 'optional' || field.presence === 'derived-nullable';
    if (member === undefined) {
      if (!mayBeAbsent) throw new AssertionError(`${at} is missing (${name})`);
    } else if (member === null) {
      if (!mayBeNull) throw new AssertionError(`${at} is null (${name})`);
    } else {
      assertType(member, field.type, at);
    }
  }
  if (!record.open && !record.extends) {
    const declared = new Set(record.fields.map((field) => field.name));
    const extra = Object.keys(value).filter((key) => !declared.has(key));
    if (extra.length > 0) throw new AssertionError(`${where} has fields ${name} does not declare: ${extra.join(', ')}`);
  }
}
