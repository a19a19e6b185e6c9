/**
 * Every user-visible string of the admin, in en-US. Validation messages are the ones of
 * vectors/README.md (the Rust gate answers with the same text).
 */
import type { Template } from './compile';

export const enUS = {
  // Values read from files
  'value.mustBeString': 'Must be a string',
  'value.mustBeNumber': 'Must be a number',
  'value.mustBeBoolean': 'Must be a boolean',
  'value.mustBeObject': 'Must be an object',
  'value.mustBeStringOrDate': 'Must be a string or date',
  'value.unknownKey': 'Key on object value "{key}" is not allowed',
  'value.invalidOption': 'Must be a valid option',

  // Field validation
  'field.required': '{label} is required',
  'text.empty': '{label} must not be empty',
  'text.tooShort': '{label} must be at least {min} characters long',
  'text.tooLong': '{label} must be no longer than {max} characters',
  'text.pattern': '{label} must match the pattern /{regex}/',
  'slug.slashes': '{label} must not contain slashes',
  'slug.backslashes': '{label} must not contain backslashes',
  'slug.spaces': '{label} must not start or end with spaces',
  'slug.dotDot': '{label} must not be ..',
  'slug.dot': '{label} must not be .',
  'slug.unique': '{label} must be unique',
  'number.notWhole': '{label} must be a whole number',
  'number.notNumber': '{label} must be a number',
  'number.min': '{label} must be at least {min}',
  'number.max': '{label} must be at most {max}',
  'number.step': '{label} must be a multiple of {step}',
  'date.invalid': '{label} is not a valid date',
  'datetime.invalid': '{label} is not a valid datetime',
  'date.min': '{label} must be after {min}',
  'date.max': '{label} must be no later than {max}',
  'url.invalid': '{label} is not a valid URL',

  // Field widgets
  'slug.regenerate': 'Regenerate',
  'unsupported.notice': 'The "{kind}" field kind cannot be edited here yet. Its stored value is kept as it is.',
  'content.hint': 'Raw {format} text, saved exactly as written.',
  'checkbox.yes': 'Yes',
  'checkbox.no': 'No',

  // Shell
  'nav.dashboard': 'Dashboard',
  'nav.collections': 'Collections',
  'nav.singletons': 'Singletons',
  'nav.label': 'Main navigation',
  'nav.open': 'Open navigation',
  'nav.close': 'Close navigation',
  'theme.label': 'Theme',
  'theme.auto': 'System',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'shell.loadFailed': 'Failed to load shell',
  'shell.loading': 'Loading',
  'shell.retry': 'Try again',

  // Dashboard
  'dashboard.entries': { plural: 'count', one: '{count} entry', other: '{count} entries' },
  'dashboard.add': 'Add',
  'dashboard.notCreated': 'Not created yet',

  // Collection list
  'list.search': 'Search',
  'list.clearSearch': 'Clear search',
  'list.add': 'Add',
  'list.name': 'Name',
  'list.loading': 'Loading Entries',
  'list.loadFailed': 'Unable to load collection',
  'list.empty': 'Empty collection',
  'list.emptyMessage': "There aren't any entries yet. Create the first entry to see it here.",
  'list.noResults': 'No results',
  'list.noResultsMessage': 'No items matching "{term}" were found.',
  'list.problem': 'This entry has a problem: {problem}',

  // Entry forms
  'entry.create': 'Create',
  'entry.save': 'Save',
  'entry.add': 'Add',
  'entry.unsaved': 'Unsaved',
  'entry.reset': 'Reset changes',
  'entry.delete': 'Delete entry…',
  'entry.preview': 'Preview',
  'entry.breadcrumbs': 'Breadcrumbs',
  'entry.loading': 'Loading entry',
  'entry.notFound': 'Entry not found.',
  'entry.created': 'Entry created',
  'entry.unreadable': 'This entry cannot be opened',
  'entry.unreadableMessage': 'Fix the file below by hand; saving is disabled so that nothing is lost.',
  'delete.title': 'Delete entry',
  'delete.message': 'Are you sure? This action cannot be undone.',
  'delete.cancel': 'Cancel',
  'delete.confirm': 'Yes, delete',

  // Save errors
  'save.conflict': 'Not saved: these files changed since this entry was opened. Reload to see the current version.',
  'save.invalid': 'Not saved: the server found problems in the content.',
  'save.forbidden': 'Not saved: the server refused to write these files.',
  'save.failed': 'Not saved: {message}',
  'delete.failed': 'Not deleted: {message}',
  'error.network': 'The server could not be reached.',

  // Not found
  'notFound.title': 'Not found',
  'notFound.message': 'This page could not be found.',
} satisfies Record<string, Template>;

export type MessageKey = keyof typeof enUS;
