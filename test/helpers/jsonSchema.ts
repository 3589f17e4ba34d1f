// A small JSON Schema validator for the keywords docs/protocol.schema.json uses (no validator package
// is installed): type, const, enum, properties, required, additionalProperties: false, items, oneOf,
// minimum and local $ref. Returns the problems found, each with the path of the value.
type Schema = Record<string, unknown>;

export function validate(root: Schema, value: unknown, schema: Schema = root, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((s, k) => (s as Schema)[k], root);
    return validate(root, value, target as Schema, path);
  }
  const problems: string[] = [];
  const types = schema.type === undefined ? null : ([] as string[]).concat(schema.type as string | string[]);
  if (types !== null && !types.some((t) => typeOk(t, value))) return [`${path}: expected ${types.join(' or ')}, got ${JSON.stringify(value)}`];
  if ('const' in schema && value !== schema.const) problems.push(`${path}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) problems.push(`${path}: ${value} is below ${schema.minimum}`);
  if (Array.isArray(schema.oneOf)) {
    const passing = (schema.oneOf as Schema[]).filter((s) => validate(root, value, s, path).length === 0).length;
    if (passing !== 1) problems.push(`${path}: matches ${passing} of the oneOf alternatives, not exactly 1`);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const k of (schema.required as string[] | undefined) ?? []) if (!(k in o)) problems.push(`${path}: missing ${k}`);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, v] of Object.entries(o)) {
      if (k in props) problems.push(...validate(root, v, props[k], `${path}.${k}`));
      else if (schema.additionalProperties === false) problems.push(`${path}: unexpected property ${k}`);
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => problems.push(...validate(root, v, schema.items as Schema, `${path}[${i}]`)));
  return problems;
}

function typeOk(t: string, v: unknown): boolean {
  switch (t) {
    case 'integer':
      return Number.isInteger(v);
    case 'array':
      return Array.isArray(v);
    case 'null':
      return v === null;
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return typeof v === t;
  }
}
