/**
 * The image dialog's Alt text and Title inputs as a Markdoc field's `image.schema` describes them
 * (Keystatic's option: text fields with their own labels, descriptions and validation). The field
 * layer makes them from the field kinds; the editor only shows and checks them.
 */
export type ImageTextInput = {
  label: string;
  description: string | null;
  isRequired: boolean;
  /** The message for `value`, or null when it may be saved. */
  validate(value: string): string | null;
};

/** null: the editor's own input (its label, no check). */
export type ImageText = { alt: ImageTextInput | null; title: ImageTextInput | null };

export const defaultImageText: ImageText = { alt: null, title: null };
