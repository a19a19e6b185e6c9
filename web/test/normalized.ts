/**
 * Fills the defaults the server fills when it normalizes `quire.yaml`, so that vectors can state only
 * the options a case is about (vectors/README.md).
 */
import type { CheckboxField, ContentComponent, ContentOptions, Field, Format, Schema, SelectField, TextValidation } from '../src/api/config';

type Fragment = Record<string, unknown>;

export function normalizeSchema(schema: Record<string, Fragment>): Schema {
  return Object.fromEntries(Object.entries(schema).map(([key, fragment]) => [key, normalizeField(fragment)]));
}

export function normalizeFormat(format: Partial<Format> | undefined): Format {
  return { data: format?.data ?? 'yaml', contentField: format?.contentField ?? null };
}

export function normalizeField(fragment: Fragment): Field {
  const kind = fragment.kind as Field['kind'];
  const common = { label: String(fragment.label ?? 'Field'), description: (fragment.description as string) ?? null };
  const validation = (fragment.validation ?? {}) as Fragment;
  const isRequired = validation.isRequired === true;
  const bounds = { min: (validation.min as number) ?? null, max: (validation.max as number) ?? null };
  switch (kind) {
    case 'text':
      return {
        ...common,
        kind,
        multiline: fragment.multiline === true,
        defaultValue: (fragment.defaultValue as string) ?? '',
        validation: textValidation(validation, 0),
      };
    case 'slug': {
      const name = (fragment.name ?? {}) as Fragment;
      const slug = (fragment.slug ?? {}) as Fragment;
      return {
        ...common,
        kind,
        name: {
          defaultValue: (name.defaultValue as string) ?? '',
          validation: textValidation((name.validation ?? {}) as Fragment, 0),
        },
        slug: {
          label: (slug.label as string) ?? 'Slug',
          description: (slug.description as string) ?? null,
          validation: textValidation((slug.validation ?? {}) as Fragment, 1),
        },
      };
    }
    case 'integer':
      return { ...common, kind, defaultValue: (fragment.defaultValue as number) ?? null, validation: { isRequired, ...bounds } };
    case 'number':
      return {
        ...common,
        kind,
        defaultValue: (fragment.defaultValue as number) ?? null,
        step: (fragment.step as number) ?? null,
        validation: { isRequired, ...bounds, step: validation.step === true },
      };
    case 'checkbox':
      return { ...common, kind, defaultValue: fragment.defaultValue === true };
    case 'select': {
      const options = fragment.options as { label: string; value: string }[];
      return { ...common, kind, options, defaultValue: (fragment.defaultValue as string) ?? options[0]?.value ?? '' };
    }
    case 'date':
    case 'datetime':
      return {
        ...common,
        kind,
        defaultValue: (fragment.defaultValue as null) ?? null,
        validation: { isRequired, min: (validation.min as string) ?? null, max: (validation.max as string) ?? null },
      };
    case 'url':
      return { ...common, kind, defaultValue: (fragment.defaultValue as string) ?? null, validation: { isRequired } };
    case 'markdoc':
    case 'mdx': {
      // Options pass as configured (`image: { directory }`), as the server sends them.
      const options = fragment.options === undefined ? {} : { options: fragment.options as ContentOptions };
      const components = fragment.components === undefined ? {} : { components: normalizeComponents(fragment.components as Record<string, Fragment>) };
      if (fragment.inline === true) return { ...common, kind, inline: true, multiline: fragment.multiline === true, ...options, ...components };
      const extension = (fragment.extension as 'mdoc') ?? (kind === 'markdoc' ? 'mdoc' : 'mdx');
      return { ...common, kind, extension, ...options, ...components };
    }
    case 'document': {
      // The server reads Keystatic's feature switches into editor options; tests of bytes let every
      // feature through (the layouts as configured), and crates/content checks the switches.
      const legacy = { underline: true, superscript: true, subscript: true, keyboard: true, alignment: true };
      const options = { ...legacy, layouts: fragment.layouts ?? [] };
      return { ...common, kind, extension: 'mdoc', options } as Field;
    }
    case 'multiselect':
      return {
        ...common,
        kind,
        options: fragment.options as { label: string; value: string }[],
        defaultValue: (fragment.defaultValue as string[]) ?? [],
      };
    case 'file':
    case 'image':
      return {
        ...common,
        kind,
        directory: (fragment.directory as string) ?? null,
        publicPath: (fragment.publicPath as string) ?? null,
        validation: { isRequired },
      };
    case 'cloudImage':
      return { ...common, kind, validation: { isRequired } };
    case 'relationship':
      return { ...common, kind, collection: fragment.collection as string, validation: { isRequired } };
    case 'multiRelationship':
      return { ...common, kind, collection: fragment.collection as string, validation: { length: lengthRule(validation) } };
    case 'pathReference':
      return { ...common, kind, pattern: (fragment.pattern as string) ?? null, validation: { isRequired } };
    case 'array':
      return {
        ...common,
        kind,
        element: normalizeField(fragment.element as Fragment),
        itemLabel: itemLabel(fragment.itemLabel),
        slugField: (fragment.slugField as string) ?? null,
        validation: { length: lengthRule(validation) },
      };
    case 'blocks': {
      const blocks = fragment.blocks as Record<string, Fragment>;
      return {
        ...common,
        kind,
        blocks: Object.fromEntries(
          Object.entries(blocks).map(([key, block]) => [
            key,
            { label: String(block.label), schema: normalizeField(block.schema as Fragment), itemLabel: itemLabel(block.itemLabel) },
          ]),
        ),
        validation: { length: lengthRule(validation) },
      };
    }
    case 'conditional':
      return {
        ...common,
        kind,
        discriminant: normalizeField(fragment.discriminant as Fragment) as SelectField | CheckboxField,
        values: normalizeSchema(fragment.values as Record<string, Fragment>),
      };
    case 'object':
      return {
        ...common,
        kind,
        fields: normalizeSchema(fragment.fields as Record<string, Fragment>),
        layout: (fragment.layout as number[]) ?? null,
      };
    case 'empty':
    case 'ignored':
      return { ...common, kind };
    case 'emptyContent':
    case 'emptyDocument':
    case 'child':
      return { ...common, kind, options: (fragment.options as Fragment) ?? {} };
  }
}

function lengthRule(validation: Fragment): { min: number; max: number | null } {
  const length = (validation.length ?? {}) as Fragment;
  return { min: (length.min as number) ?? 0, max: (length.max as number) ?? null };
}

/** A bare field path (`caption`) is the template `{caption}`, as the server normalizes it. */
function itemLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value.includes('{') ? value : `{${value}}`;
}

/** `minimum` is the kind's own default (slugs must not be empty); isRequired raises it to 1. */
function textValidation(validation: Fragment, minimum: number): TextValidation {
  const length = (validation.length ?? {}) as Fragment;
  const pattern = validation.pattern as { regex: string; message?: string } | undefined;
  const min = (length.min as number) ?? minimum;
  return {
    isRequired: validation.isRequired === true,
    length: { min: validation.isRequired === true ? Math.max(min, 1) : min, max: (length.max as number) ?? null },
    pattern: pattern ? { regex: pattern.regex, message: pattern.message ?? null } : null,
  };
}

/** Content components with the defaults the server fills. */
export function normalizeComponents(components: Record<string, Fragment>): Record<string, ContentComponent> {
  return Object.fromEntries(
    Object.entries(components).map(([name, component]) => {
      const validation = (component.validation ?? {}) as { children?: { min?: number; max?: number } };
      const normalized: ContentComponent = {
        kind: component.kind as ContentComponent['kind'],
        label: String(component.label ?? name),
        description: (component.description as string) ?? null,
        schema: normalizeSchema((component.schema ?? {}) as Record<string, Fragment>),
        forSpecificLocations: component.forSpecificLocations === true,
        toolbar: component.toolbar === true,
        children: (component.children as string[]) ?? [],
        validation: { children: { min: validation.children?.min ?? 0, max: validation.children?.max ?? null } },
        placeholder: null,
        ...(typeof component.tag === 'string' ? { tag: component.tag } : {}),
        ...(typeof component.className === 'string' ? { className: component.className } : {}),
      };
      return [name, normalized];
    }),
  );
}
