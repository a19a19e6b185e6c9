// A Keystatic config, as `loader.mjs` evaluated it, walked into quire.yaml's structure: the same
// names and key order (quire.yaml takes Keystatic's vocabulary), functions translated where a rule
// exists (an `itemLabel` that reads one field), and everything YAML cannot hold left out with a
// comment naming it (previews, React components, other functions).

/** Comments above keys of an object, by key. */
export const COMMENTS = Symbol('comments');

/** Leaves `text` as a comment above `key` of `target`, and in the notes the command prints. */
function note(target, key, where, text, notes) {
  target[COMMENTS] ??= {};
  (target[COMMENTS][key] ??= []).push(text);
  notes.push({ text: `${where}: ${text}` });
}

const isReactElement = (value) => value !== null && typeof value === 'object' && typeof value.$$typeof === 'symbol';

/**
 * An `itemLabel` function as quire.yaml's template: the fields it reads (`props.fields.name.value`)
 * as `{name}` parts; null when it reads none or does more than put them in text (a field it reads
 * but does not show, as in a choice between labels, is more). `fallback` is what it shows when
 * those fields are empty, when that is not the template's empty text. `kindAt` names the kind of
 * the field at a path of the items, where it is known.
 */
export function translateItemLabel(fn, kindAt = () => undefined) {
  const run = (valueOf) => {
    const read = [];
    const leaf = (path) => {
      read.push(path.join('.'));
      return valueOf(path);
    };
    // Keystatic's preview props: an object's `fields` (each property a field), a value field's
    // `value`, and a conditional's `discriminant` and the `value` field it shows.
    const fields = (path) => new Proxy({}, { get: (_target, name) => (typeof name === 'symbol' ? undefined : props([...path, name])) });
    const props = (path) =>
      new Proxy(
        {},
        {
          get(_target, property) {
            const kind = kindAt(path);
            if (property === 'fields') return fields(path);
            if (property === 'discriminant' && (kind === undefined || kind === 'conditional')) return leaf([...path, 'discriminant']);
            if (property === 'value') return kind === 'conditional' ? props([...path, 'value']) : leaf(path);
            return undefined;
          },
        },
      );
    try {
      // `props.value` is an item that is a value of its own (`{}`), `props.fields.x.value` a field of it.
      return { result: fn(props([])), read };
    } catch {
      return { result: undefined, read };
    }
  };
  const marked = run((path) => `\u0000${path.join('.')}\u0000`);
  if (typeof marked.result !== 'string' || marked.read.length === 0) return null;
  const template = marked.result.replace(/\u0000([^\u0000]*)\u0000/g, (_, path) => `{${path}}`);
  if (template.includes('\u0000')) return null;
  if (!marked.read.every((path) => template.includes(`{${path}}`))) return null;
  const empty = run(() => '').result;
  const fallback = empty !== template.replace(/\{[^{}]*\}/g, '') ? empty : null;
  // A template that is one field alone is written as that field's path.
  return { label: /^\{[^{}]+\}$/.test(template) ? template.slice(1, -1) : template, fallback };
}

/**
 * An image `transformFilename` as quire.yaml's option: `slug` when it names an upload as Quire's
 * `slug` does (`My Photo 1.PNG` → `my-photo-1.png`), left as the default (no option) when it keeps
 * the name; null for anything else.
 */
export function translateTransformFilename(fn) {
  let named;
  try {
    named = fn('My Photo 1.PNG');
  } catch {
    return null;
  }
  if (named === 'my-photo-1.png') return { value: 'slug' };
  if (named === 'My Photo 1.PNG') return { value: undefined };
  return null;
}

/** Slug sorts quire.yaml can say, each with slugs to try a `parseSlugForSort` on and their keys. */
const SLUG_SORTS = [
  { pattern: '^(\\d+)', slugs: ['1-intro', '10-deploy', '002-setup'], keys: ['1', '10', '002'] },
  { pattern: '^(\\d{4}-\\d{2}-\\d{2})', slugs: ['2024-01-05-hello', '2023-12-31-bye'], keys: ['2024-01-05', '2023-12-31'] },
  { pattern: '(\\d+)$', slugs: ['intro-1', 'deploy-10', 'setup-002'], keys: ['1', '10', '002'] },
];

/**
 * A collection's `parseSlugForSort` as quire.yaml's `slugSort`: the first of `SLUG_SORTS` whose keys
 * it gives, as numbers or as text; null when it gives none of them.
 */
export function translateSlugSort(fn) {
  for (const { pattern, slugs, keys } of SLUG_SORTS) {
    let given;
    try {
      given = slugs.map((slug) => fn(slug));
    } catch {
      continue;
    }
    if (given.every((key, index) => key === Number(keys[index]))) return { pattern, as: 'number' };
    if (given.every((key, index) => key === keys[index])) return { pattern, as: 'text' };
  }
  return null;
}

/**
 * `ui.brand.mark` (a React component) as quire.yaml's image URL: the `src` of the `<img>` it draws;
 * null when it draws something else.
 */
export function translateBrandMark(Mark) {
  let drawn;
  try {
    drawn = Mark({ colorScheme: 'light' });
  } catch {
    return null;
  }
  return isReactElement(drawn) && drawn.type === 'img' && typeof drawn.props?.src === 'string' ? drawn.props.src : null;
}

/**
 * A GitHub repository as Keystatic takes it (`{ owner, name }` or `'owner/name'`) whose parts came
 * out empty: read from an environment that is not set, say (`undefined/undefined`).
 */
function emptyRepo(repo) {
  const part = (value) => typeof value !== 'string' || value === '' || value === 'undefined';
  if (typeof repo === 'string') {
    const [owner, name, ...rest] = repo.split('/');
    return rest.length > 0 || part(owner) || part(name);
  }
  return part(repo?.owner) || part(repo?.name);
}

/** Why a storage whose repo came out empty cannot be written, and the ways on. */
function emptyRepoMessage(kind, unsetEnv, chosen) {
  const listed = unsetEnv.length === 0 ? null : unsetEnv.map((key) => `${key}`).join(', ');
  const why =
    listed === null
      ? 'they come from outside the config (its environment), which is not here'
      : `the config reads ${listed} from the environment, and ${unsetEnv.length === 1 ? 'it is' : 'they are'} not set here`;
  const example = unsetEnv.find((key) => key !== 'NODE_ENV') ?? unsetEnv[0] ?? 'KEY';
  const ways = chosen
    ? `give them with --env ${example}=… (as the site's .env or its host sets them)`
    : `give them with --env ${example}=… (as the site's .env or its host sets them), or write the storage you want with --storage local|git|github`;
  return `storage: the config chose kind ${kind}, but its repo's owner and name came out empty: ${why}. To import it, ${ways}.`;
}

/**
 * `choices.storage`: the storage kind `--storage` writes, whatever the config chose;
 * `choices.unsetEnv`: the environment variables the config read that are not set.
 */
export function quireConfig(keystatic, made, notes, choices = {}) {
  const out = {};
  const walk = new Walker(made, notes, { storage: choices.storage, unsetEnv: choices.unsetEnv ?? [] });
  for (const [key, value] of Object.entries(keystatic)) {
    if (key === 'storage') out.storage = walk.storage(value, out);
    else if (key === 'ui') out.ui = walk.ui(value);
    // One of the admin's locales, as Keystatic's; quire.yaml's reader names any other.
    else if (key === 'locale') out.locale = value;
    else if (key === 'collections' || key === 'singletons') {
      out[key] = {};
      for (const [name, entry] of Object.entries(value ?? {})) out[key][name] = walk.entryKind(entry, `${key}.${name}`);
    } else if (key === 'cloud') {
      out.cloud = walk.cloud(value, out);
    } else {
      note(out, key, key, 'not carried over (Quire has no such setting)', notes);
    }
  }
  return out;
}

class Walker {
  constructor(made, notes, choices) {
    this.made = made;
    this.notes = notes;
    this.choices = choices;
  }

  /** Keystatic's `cloud: { project }`, kept: the site signs in with the same cloud. */
  cloud(cloud, parent) {
    const out = {};
    for (const [key, value] of Object.entries(cloud ?? {})) {
      if (key === 'project') out.project = value;
      else note(parent, 'cloud', `cloud.${key}`, 'not carried over (Quire\'s cloud takes project and url)', this.notes);
    }
    return out;
  }

  storage(storage, parent) {
    const chosen = this.choices.storage;
    if (chosen !== undefined && chosen !== storage?.kind) {
      note(parent, 'storage', 'storage', `written as kind ${chosen} (--storage); the config chose ${storage?.kind ?? 'none'}`, this.notes);
      if (chosen !== 'github') return { kind: chosen };
      return this.repoStorage({ ...storage, kind: 'github' }, true);
    }
    if (storage?.kind === 'local') {
      // Keystatic's local storage ignores what its other kinds take (a repo chosen by an
      // environment variable, say); quire.yaml's takes nothing.
      for (const [key, value] of Object.entries(storage).filter(([key]) => key !== 'kind')) {
        const shown = key === 'repo' && typeof value === 'object' ? `${value?.owner}/${value?.name}` : JSON.stringify(value);
        note(parent, 'storage', `storage.${key}`, `${key} ${shown} is left out: local storage takes none (kind: github takes it)`, this.notes);
      }
      return { kind: 'local' };
    }
    return this.repoStorage(storage, chosen !== undefined);
  }

  /** GitHub's (or the cloud's) storage, whose repo must have come out whole. */
  repoStorage(storage, chosen) {
    if (storage?.kind === 'github' && emptyRepo(storage.repo)) throw new Error(emptyRepoMessage(storage.kind, this.choices.unsetEnv, chosen));
    return this.options(storage, 'storage');
  }

  ui(ui) {
    const mark = (Mark, out) => {
      if (typeof Mark !== 'function') return this.value(Mark, 'ui.brand.mark', out, 'mark');
      const src = translateBrandMark(Mark);
      if (src === null) note(out, 'mark', 'ui.brand.mark', 'a React component that draws no <img>; left out (quire.yaml takes an image URL)', this.notes);
      return src ?? undefined;
    };
    return this.options(ui, 'ui', { brand: (brand) => this.options(brand, 'ui.brand', { mark }) });
  }

  /** A collection or singleton: its options, with its schema's fields. */
  entryKind(entry, where) {
    const slugSort = (fn, out) => {
      if (fn === undefined) return undefined;
      const translated = typeof fn === 'function' ? translateSlugSort(fn) : null;
      if (translated !== null) out.slugSort = translated;
      else note(out, 'slugSort', `${where}.parseSlugForSort`, 'a function that no slugSort pattern gives; left out (slugs sort as text)', this.notes);
      return undefined;
    };
    return this.options(entry, where, { schema: (value) => this.fields(value, `${where}.schema`), parseSlugForSort: slugSort });
  }

  /** A field the config made, as quire.yaml writes it; undefined (with a comment) when it cannot be. */
  field(field, where, parent, key) {
    const made = this.made.get(field);
    if (made === undefined) {
      note(parent, key, where, 'not a field of @keystatic/core; left out', this.notes);
      return undefined;
    }
    const [first, second] = made.args;
    switch (made.kind) {
      case 'array': {
        const itemLabel = (fn, out) => this.itemLabel(fn, `${where}.itemLabel`, out, first);
        return { kind: 'array', ...this.options(second, where, { itemLabel }), element: this.field(first, `${where}.element`, {}, 'element') };
      }
      case 'object':
        return { kind: 'object', ...this.options(second, where), fields: this.fields(first, `${where}.fields`) };
      case 'conditional':
        return {
          kind: 'conditional',
          discriminant: this.field(first, `${where}.discriminant`, {}, 'discriminant'),
          values: this.fields(second, `${where}.values`),
        };
      case 'blocks': {
        const blocks = {};
        for (const [name, block] of Object.entries(first ?? {})) {
          const at = `${where}.blocks.${name}`;
          blocks[name] = this.options(block, at, { schema: (value, out) => this.field(value, `${at}.schema`, out, 'schema') });
        }
        return { kind: 'blocks', ...this.options(second, where), blocks };
      }
      case 'markdoc.inline':
      case 'mdx.inline':
        return { kind: made.kind.split('.')[0], inline: true, ...this.options(first, where) };
      case 'child': {
        const { kind, ...rest } = first ?? {};
        return { kind: 'child', content: kind, ...this.options(rest, where) };
      }
      default:
        return { kind: made.kind, ...this.options(first, where) };
    }
  }

  fields(fields, where) {
    const out = {};
    for (const [name, field] of Object.entries(fields ?? {})) {
      const walked = this.field(field, `${where}.${name}`, out, name);
      if (walked !== undefined) out[name] = walked;
    }
    return out;
  }

  /**
   * An options object: each value as YAML can hold it, in its order; `special` walks the keys it
   * names itself (`(value, out) => walked`, undefined to leave the key out).
   */
  options(options, where, special = {}) {
    const out = {};
    for (const [key, value] of Object.entries(options ?? {})) {
      const walked = Object.hasOwn(special, key) ? special[key](value, out) : this.value(value, `${where}.${key}`, out, key);
      if (walked !== undefined) out[key] = walked;
    }
    return out;
  }

  value(value, where, parent, key) {
    if (value === undefined) return undefined;
    if (typeof value === 'function') {
      if (key === 'transformFilename') {
        const translated = translateTransformFilename(value);
        if (translated !== null) return translated.value;
      }
      if (key === 'itemLabel') return this.itemLabel(value, where, parent);
      note(parent, key, where, `a function (${key}); left out`, this.notes);
      return undefined;
    }
    if (isReactElement(value)) {
      note(parent, key, where, `a React element (${key}); left out`, this.notes);
      return undefined;
    }
    if (value instanceof RegExp) {
      if (value.flags !== '') note(parent, key, where, `the flags /${value.flags} of this pattern are left out`, this.notes);
      return value.source;
    }
    if (value === null || typeof value !== 'object') return value;
    const made = this.made.get(value);
    if (made !== undefined) {
      if (made.kind === 'component:cloudImage') return this.cloudImageComponent(made, where);
      if (['block', 'wrapper', 'inline', 'mark', 'repeating', 'component'].includes(made.kind)) return this.component(made, where);
      return this.field(value, where, parent, key);
    }
    if (Array.isArray(value)) return value.map((item, index) => this.value(item, `${where}.${index}`, {}, String(index))).filter((item) => item !== undefined);
    return this.options(value, where);
  }

  /** An `itemLabel` function as a template, read against `element` (the items' field) when known. */
  itemLabel(fn, where, parent, element) {
    if (typeof fn !== 'function') return this.value(fn, where, parent, 'itemLabel');
    const translated = translateItemLabel(fn, (path) => this.kindAt(element, path));
    if (translated === null) {
      note(parent, 'itemLabel', where, 'a function (itemLabel) that does more than show fields; left out', this.notes);
      return undefined;
    }
    if (translated.fallback !== null) {
      note(parent, 'itemLabel', where, `shown as ${JSON.stringify(translated.fallback)} when empty in Keystatic; Quire shows "Item N" then`, this.notes);
    }
    return translated.label;
  }

  /** The kind of the field at `path` (names of object fields) inside `field`. */
  kindAt(field, path) {
    let made = this.made.get(field);
    for (const name of path) made = made?.kind === 'object' ? this.made.get(made.args[0]?.[name]) : undefined;
    return made?.kind;
  }

  /**
   * Keystatic's built-in cloud image component: `kind: cloudImage`, whose props (src, alt, height,
   * width) and toolbar button quire.yaml implies.
   */
  cloudImageComponent(made, where) {
    return { kind: 'cloudImage', ...this.options(made.args[0], where, { icon: () => undefined }) };
  }

  /** A content component (markdoc, mdx) or a document field's component block. */
  component(made, where) {
    // Keystatic puts a component with an icon on the toolbar; quire.yaml says so as data. (Marks
    // always have one, and Quire always shows marks with the toolbar's others.)
    const icon = (key) => (value, out) => {
      if (!isReactElement(value)) return this.value(value, `${where}.${key}`, out, key);
      if (made.kind === 'mark') {
        note(out, 'label', `${where}.${key}`, `its ${key} (a React element) is left out; its toolbar button shows its label`, this.notes);
        return undefined;
      }
      out.toolbar = true;
      note(out, 'toolbar', `${where}.${key}`, `its ${key} (a React element) is left out; the toolbar button shows its label`, this.notes);
      return undefined;
    };
    const options = this.options(made.args[0], where, {
      schema: (value) => this.fields(value, `${where}.schema`),
      icon: icon('icon'),
      toolbarIcon: icon('toolbarIcon'),
    });
    return made.kind === 'component' ? options : { kind: made.kind, ...options };
  }
}
