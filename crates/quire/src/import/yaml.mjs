// quire.yaml's text for the walked config: block style, strings quoted only where YAML would read
// them as something else, and the walk's comments above the keys they concern.
import { COMMENTS } from './walk.mjs';

const PLAIN = /^[A-Za-z_/.][A-Za-z0-9 _./@()-]*$/;
const SPECIAL = /^(true|false|yes|no|on|off|null|~|y|n)$/i;

function scalar(value) {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = String(value);
  return PLAIN.test(text) && !SPECIAL.test(text) && !text.endsWith(' ') ? text : JSON.stringify(text);
}

const isScalar = (value) => value === null || typeof value !== 'object';
/** Lists of scalars (and lists of those, as layouts are) are written on one line. */
const isFlow = (value) => isScalar(value) || (Array.isArray(value) && value.length > 0 && value.every(isFlow));
const flow = (value) => (isScalar(value) ? scalar(value) : `[${value.map(flow).join(', ')}]`);

function lines(value, indent, out) {
  const pad = '  '.repeat(indent);
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isFlow(item)) out.push(`${pad}- ${flow(item)}`);
      else if (Array.isArray(item)) {
        out.push(`${pad}-`);
        lines(item, indent + 1, out);
      } else {
        const nested = [];
        lines(item, indent + 1, nested);
        // The item's first key goes on the dash's line.
        out.push(`${pad}- ${nested[0]?.trimStart() ?? '{}'}`, ...nested.slice(1));
      }
    }
    return;
  }
  const comments = value[COMMENTS] ?? {};
  for (const [key, item] of Object.entries(value)) {
    for (const comment of comments[key] ?? []) out.push(`${pad}# ${comment}`);
    const name = scalar(key);
    if (isScalar(item)) out.push(`${pad}${name}: ${scalar(item)}`);
    else if (Array.isArray(item) && item.length === 0) out.push(`${pad}${name}: []`);
    else if (isFlow(item)) out.push(`${pad}${name}: ${flow(item)}`);
    else if (!Array.isArray(item) && Object.keys(item).length === 0) out.push(`${pad}${name}: {}`);
    else {
      out.push(`${pad}${name}:`);
      lines(item, indent + 1, out);
    }
  }
  // Comments about keys that were left out.
  for (const [key, texts] of Object.entries(comments)) {
    if (!(key in value)) for (const comment of texts) out.push(`${pad}# ${key}: ${comment}`);
  }
}

export function toYaml(config) {
  const out = ['# Imported from a Keystatic config by quire import.'];
  lines(config, 0, out);
  return `${out.join('\n')}\n`;
}
