/**
 * The SQL of a field path for filter-to-sql.ts: the path's validation, its value and JSON type expressions, and
 * what may be stored there (PathShape). Pure.
 */
export class InvalidFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFilterError';
  }
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export type Scalar = string | number | boolean | null;

const SEGMENT = '[A-Za-z_][A-Za-z0-9_]*';
const FIELD_PATH = new RegExp(`^${SEGMENT}(\\.${SEGMENT})*$`);
const MAX_PATH_LENGTH = 200;

export function isValidFieldPath(path: string): boolean {
  return path.length <= MAX_PATH_LENGTH && FIELD_PATH.test(path);
}

export function assertFieldPath(path: string): void {
  if (!isValidFieldPath(path)) throw new InvalidFilterError(`invalid field path: ${JSON.stringify(path)}`);
}

/** SQL expression for a field's value; `_id` and `_rev` are real columns. The path must be valid. */
export function valueExpression(path: string): string {
  assertFieldPath(path);
  if (path === '_id' || path === '_rev') return path;
  return `json_extract(doc, '$.${path}')`;
}

/** SQL expression for a field's JSON type ('text', 'integer', 'real', 'true', 'false', 'null', 'array', 'object'); NULL when missing. */
export function typeExpression(path: string): string {
  if (path === '_id') return `'text'`;
  if (path === '_rev') return `'integer'`;
  return `json_type(doc, '$.${path}')`;
}

/**
 * What may be stored at a field path, as far as the guards above care: `true` = some document holds (or held)
 * such a value there, `false` = none does. Only `false` lets the compiler leave a guard out, so an unknown path
 * is `ANY_SHAPE`. Named after the values `shapeKind` tells apart.
 */
export interface PathShape {
  /** an array or an object — or text that sorts where their JSON text does (`[…`, `{…`) */
  containers: boolean;
  /** JSON true / false (json_extract: 1 / 0) */
  booleans: boolean;
  /** the number 0 or 1 (json_extract cannot tell it from a boolean) */
  zeroOrOne: boolean;
  /** JSON null (json_extract: NULL, like a missing field) */
  nulls: boolean;
}

export type ShapeKind = keyof PathShape;
export const SHAPE_KINDS: readonly ShapeKind[] = ['containers', 'booleans', 'zeroOrOne', 'nulls'];
export const ANY_SHAPE: PathShape = { containers: true, booleans: true, zeroOrOne: true, nulls: true };

/**
 * SQL: the `ShapeKind` of the value at `path` in the JSON text `doc` (`doc`, `new.doc`), NULL for a value the
 * guards never need to look at twice (text, other numbers, a missing field). Cheap for those: it reads the
 * JSON type only when the value is NULL or 0/1.
 */
export function shapeKind(path: string, doc: string): string {
  assertFieldPath(path);
  const value = `json_extract(${doc}, '$.${path}')`;
  const type = `json_type(${doc}, '$.${path}')`;
  return `CASE
      WHEN ${value} IS NULL THEN CASE WHEN ${type} = 'null' THEN 'nulls' END
      WHEN ${value} IN (0, 1) THEN CASE WHEN ${type} IN ('true', 'false') THEN 'booleans' ELSE 'zeroOrOne' END
      WHEN typeof(${value}) = 'text' AND ${containerText(value)} THEN 'containers'
    END`;
}

/** SQL: the text value lies where the JSON text of an array (`[…`) or object (`{…`) would. */
export function containerText(value: string): string {
  return `((${value} >= '[' AND ${value} < '\\') OR (${value} >= '{' AND ${value} < '|'))`;
}
