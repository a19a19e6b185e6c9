/**
 * Cloud images by URL: the URL (pasting JSON, Markdown image syntax or a bare URL fills what it
 * carries), alt text, and whole-number dimensions that a lock keeps in proportion.
 */
import { useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import type { CloudImageField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldGroup } from '../../ui/FieldGroup';
import { Icon } from '../../ui/icons';
import { TextInputField } from '../../ui/TextInputField';
import { WholeNumberField } from '../../ui/WholeNumberField';
import type { FieldProps } from '../FieldProps';
import { proportional, wholeDimension } from './dimensions';
import { parsePastedImage } from './paste';
import type { CloudImageState } from './schema';

export function CloudImageFieldView({ field, state, onChange, onBlur, error }: FieldProps<CloudImageField, CloudImageState>) {
  // Width ÷ height while the proportions are locked, else null.
  const [ratio, setRatio] = useState<number | null>(null);
  const set = (patch: Partial<CloudImageState>) => onChange({ ...state, ...patch });
  const setWidth = (value: number) => {
    const width = wholeDimension(value);
    set({ width, height: proportional(width, ratio, 'width') ?? state.height });
  };
  const setHeight = (value: number) => {
    const height = wholeDimension(value);
    set({ height, width: proportional(height, ratio, 'height') ?? state.width });
  };
  const lockedRatio = state.width !== null && state.height !== null && state.height > 0 ? state.width / state.height : null;
  return (
    <FieldGroup label={field.label} description={field.description}>
      <div className="cloud-image">
        <Preview src={state.src} />
        <div className="cloud-image-inputs">
          <TextInputField
            label={t('cloudImage.url')}
            type="url"
            value={state.src}
            onChange={(src) => set({ src })}
            onBlur={onBlur}
            error={error}
            isRequired={field.validation.isRequired}
            onPaste={(event) => {
              const pasted = parsePastedImage(event.clipboardData.getData('text/plain'));
              if (pasted === null) return;
              event.preventDefault();
              setRatio(null);
              set(pasted);
            }}
          />
          <TextInputField label={t('cloudImage.alt')} value={state.alt} onChange={(alt) => set({ alt })} onBlur={onBlur} />
          <div className="cloud-image-dimensions">
            <WholeNumberField label={t('cloudImage.width')} value={state.width} onChange={setWidth} onBlur={onBlur} />
            <ToggleButton
              className="icon-button lock-toggle"
              aria-label={t('cloudImage.keepProportions')}
              isSelected={ratio !== null}
              isDisabled={lockedRatio === null && ratio === null}
              onChange={(locked) => setRatio(locked ? lockedRatio : null)}
            >
              <Icon name={ratio === null ? 'unlock' : 'lock'} />
            </ToggleButton>
            <WholeNumberField label={t('cloudImage.height')} value={state.height} onChange={setHeight} onBlur={onBlur} />
          </div>
        </div>
      </div>
    </FieldGroup>
  );
}

/** The image at the URL, once it loads (nothing while the URL is empty, invalid or broken). */
function Preview({ src }: { src: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  if (src === '' || !URL.canParse(src)) return null;
  return (
    <img
      className="cloud-image-preview"
      src={src}
      alt=""
      hidden={loaded !== src}
      onLoad={() => setLoaded(src)}
      onError={() => setLoaded(null)}
    />
  );
}
