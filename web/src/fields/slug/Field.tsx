import { useEffect, useState } from 'react';
import type { SlugField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';
import { slugFromName, uniqueSlug } from './generate';
import { slugErrors } from './schema';
import type { SlugState } from './schema';

/**
 * Name and slug inputs. On a new entry the slug follows the name (made unique with -1, -2, …) until
 * it is edited by hand; Regenerate makes it follow again. Which slugs are taken is learnt from the
 * server as the slug changes: a slug that follows the name moves on to the first free one.
 */
export function SlugFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<SlugField, SlugState>) {
  const [followsName, setFollowsName] = useState(context.isNew);
  const generate = (name: string) => uniqueSlug(slugFromName(name), context.slugRules.slugs);
  // The form decides when errors show; this picks the input each message belongs under.
  const errors = error === null ? { name: null, slug: null } : slugErrors(field, state, context.slugRules);
  const taken = context.slugRules.slugs;
  useEffect(() => {
    // Only a slug made from the name moves on: one written by hand stays, with its message.
    const made = slugFromName(state.name);
    const suffix = state.slug.startsWith(`${made}-`) ? state.slug.slice(made.length + 1) : null;
    const follows = followsName && (state.slug === made || (suffix !== null && /^\d+$/.test(suffix)));
    if (follows && taken.has(state.slug)) onChange({ name: state.name, slug: uniqueSlug(made, taken) });
  }, [followsName, taken, state.name, state.slug, onChange]);
  return (
    <div className="field-group">
      <TextInputField
        label={field.label}
        description={field.description}
        value={state.name}
        onChange={(name) => onChange({ name, slug: followsName ? generate(name) : state.slug })}
        onBlur={onBlur}
        error={errors.name}
        isRequired={field.name.validation.length.min > 0}
      />
      <TextInputField
        label={field.slug.label}
        description={field.slug.description}
        value={state.slug}
        onChange={(slug) => {
          setFollowsName(false);
          onChange({ name: state.name, slug });
        }}
        onBlur={onBlur}
        error={errors.slug}
        isRequired={field.slug.validation.length.min > 0}
      />
      {/* Below the slug, so that the slug has the whole width even in a narrow side pane. */}
      <div className="slug-regenerate">
        <Button
          onPress={() => {
            setFollowsName(true);
            onChange({ name: state.name, slug: generate(state.name) });
          }}
        >
          {t('slug.regenerate')}
        </Button>
      </div>
    </div>
  );
}
