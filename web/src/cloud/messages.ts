/**
 * Every user-visible string of Quire Cloud's pages, in en-US, formatted as the admin's catalogue is
 * (lib/messages): the cloud is a product apart, so it keeps a catalogue of its own and never loads
 * the admin's. Another locale's translations (`locales/{locale}.json`) are loaded by
 * `loadCloudMessages` before the pages first render. The server's own messages stay en-US.
 */
import type { LocalizedString, LocalizedStringFormatter, Variables } from '@internationalized/string';
import type { Template } from '../lib/messages/compile';
import { createFormatter } from '../lib/messages/formatter';
import { DEFAULT_LOCALE, intlLocale } from '../lib/messages/locale';
import type { Locale } from '../lib/messages/locale';

export const cloudEnUS = {
  // Every page
  'cloud.name': 'Quire Cloud',
  'page.loading': 'Loading…',
  'page.failed': 'This page could not be loaded',
  'page.retry': 'Try again',
  'page.account': 'Your account',
  'error.network': 'The cloud could not be reached. Check the connection and try again.',
  'form.required': 'Fill this in.',
  'form.email': 'Email',
  'form.password': 'Password',
  'form.newPassword': 'New password',
  'form.passwordRule': 'At least 10 characters, and not one of the most common passwords.',
  'form.name': 'Your name',
  'form.cancel': 'Cancel',
  'form.copy': 'Copy',
  'form.copied': 'Copied.',
  'form.currentPassword': 'Current password',
  'form.save': 'Save',
  'form.saved': 'Saved.',
  'notFound.title': 'Page not found',
  'notFound.message': 'There is nothing at this address.',

  // Roles
  'role.owner': 'Owner',
  'role.admin': 'Admin',
  'role.editor': 'Editor',
  'role.viewer': 'Viewer',

  // Signing in
  'signIn.title': 'Sign in',
  'signIn.intro': 'Sign in with the email and password of your Quire Cloud account.',
  'signIn.submit': 'Sign in',
  'signIn.noAccount': 'No account yet? Ask an admin of your team for an invitation.',
  'signIn.passkey': 'Sign in with a passkey',

  // The first owner
  'setup.title': 'Set up Quire Cloud',
  'setup.intro': 'Create the first account and its team. You will own the team; this link works only once.',
  'setup.you': 'You',
  'setup.team': 'Your team',
  'setup.teamName': 'Team name',
  'setup.teamSlug': 'Team slug',
  'setup.teamSlugHelp': "Lowercase letters, digits and dashes. It begins each of the team's client IDs.",
  'setup.submit': 'Create account and team',
  'setup.noToken': 'This set-up link is incomplete: open the whole address the cloud printed when it started.',

  // Making the cloud's GitHub App
  'githubApp.title': 'Make the GitHub App',
  'githubApp.intro':
    "Projects reach their GitHub repositories through the cloud's own GitHub App. Make it on GitHub: it reads and writes the contents of the repositories it is installed on, and reads their pull requests. This link works only once.",
  'githubApp.name': 'App name',
  'githubApp.nameHelp': 'Its name on GitHub, where no other app may have it.',
  'githubApp.organization': 'GitHub organization',
  'githubApp.organizationHelp': 'Leave it empty to make the app under your own GitHub account.',
  'githubApp.public': 'Other GitHub accounts may install it',
  'githubApp.publicHelp': "Needed when your projects' repositories belong to several accounts or organizations.",
  'githubApp.submit': 'Make the app on GitHub',
  'githubApp.noToken': 'This link is incomplete: open the whole address the cloud printed when it started.',
  'githubApp.failed': 'This link cannot make the app',
  'githubApp.madeTitle': 'The cloud has its GitHub App',
  'githubApp.made':
    "The cloud reaches repositories through the GitHub App {slug}. Install it on the repositories your projects edit, then connect each project to its repository on its team's page.",

  // Consent
  'authorize.title': 'Sign in to an admin',
  'authorize.consent': '{origin} wants to edit {project} as {name}.',
  'authorize.team': 'The project belongs to the team {team}.',
  'authorize.allow': 'Allow',
  'authorize.problem': 'This sign-in cannot go on',
  'authorize.notMember': 'You are not a member of {team}.',
  'authorize.signedInAs': 'You are signed in as {name} ({email}). Ask an admin of the team to invite you, or sign in with another account.',
  'authorize.otherAccount': 'Sign in as someone else',

  // Invitation and password links
  'link.title': 'Your link',
  'link.joinTitle': 'Join {team}',
  'link.passwordTitle': 'Choose a new password',
  'link.failed': 'This link cannot be used',
  'link.noToken': 'This link is incomplete: open the whole address you were given.',
  'link.invited': '{email} is invited to join {team} as {role}.',
  'link.createAccount': 'Create your account to join.',
  'link.submitAccount': 'Create account and join',
  'link.join': 'Join {team}',
  'link.signInFirst': 'This email has an account: sign in with it to join.',
  'link.signedInAsOther': 'You are signed in as {email}, not with the invited email.',
  'link.signIn': 'Sign in as {email}',
  'link.passwordFor': 'Choose a new password for {email}. Every other sign-in of this account will end.',
  'link.savePassword': 'Save password',

  // The account
  'account.teams': 'Your teams',
  'account.noTeams': 'You are not a member of any team yet.',
  'account.signOut': 'Sign out',
  'account.signOutEverywhere': 'Sign out everywhere',
  'account.everywhereTitle': 'Sign out everywhere?',
  'account.everywhereMessage': 'Every browser and every admin signed in with this account will have to sign in again.',
  'account.picture': 'Picture',
  'account.pictureHelp': 'PNG, JPEG, WebP or GIF, up to 5 MB. It is cut to a square from its middle.',
  'account.choosePicture': 'Choose a picture',
  'account.removePicture': 'Remove picture',
  'account.pictureTooLarge': 'This file is larger than 5 MB. Choose a smaller picture.',
  'account.pictureSaved': 'Picture saved.',
  'account.pictureRemoved': 'Picture removed.',
  'account.name': 'Name',
  'account.password': 'Change password',
  'account.passwordHelp': 'Every other browser signed in with this account will be signed out.',
  'account.sessions': 'Where you are signed in',
  'account.thisBrowser': 'This browser',
  'account.unknownBrowser': 'Unknown browser',
  'account.signedInAt': 'Signed in {date}',
  'account.passkeys': 'Passkeys',
  'account.passkeysHelp': "A passkey signs you in with your device's fingerprint, face or screen lock, or with a security key, instead of your password.",
  'account.noPasskeys': 'No passkeys yet.',
  'account.passkeyAdded': 'Added {date}',
  'account.passkeyLastUsed': 'Last used {date}',
  'account.passkeyNeverUsed': 'Never used',
  'account.removePasskey': 'Remove',
  'account.passkeyName': 'Passkey name',
  'account.passkeyNameHelp': 'To tell your passkeys apart, such as “Work laptop”.',
  'account.addPasskey': 'Add a passkey',
  'account.passkeySaved': 'Passkey added.',
  'account.passkeysUnavailable': 'Passkeys cannot be used here: this cloud is reached at an IP address, not a domain name.',
  'account.passkeysUnsupported': 'This browser cannot add passkeys.',

  // Passkeys, as the browser answers
  'passkey.notCreated': 'The browser made no passkey: it was cancelled or timed out.',
  'passkey.notUsed': 'No passkey was used: it was cancelled or timed out.',
  'passkey.exists': 'This passkey is already on your account.',

  // A team
  'team.title': 'Team',
  'team.members': 'Members',
  'team.you': 'You',
  'team.roleOf': 'Role of {name}',
  'team.remove': 'Remove',
  'team.removeTitle': 'Remove {name} from {team}?',
  'team.removeMessage': "They will no longer sign in to the team's projects.",
  'team.leave': 'Leave team',
  'team.leaveTitle': 'Leave {team}?',
  'team.leaveMessage': 'You will need a new invitation to come back.',
  'team.delete': 'Delete team',
  'team.deleteHelp': 'Deleting the team ends every sign-in to its projects. Its people keep their accounts.',
  'team.deleteTitle': 'Delete {team}?',
  'team.deleteMessage': 'Its projects, members, invitations and audit log are deleted, and every site admin signed in to its projects is signed out. This cannot be undone.',
  'team.passwordLink': 'Password link',
  'team.passwordLinkFor': 'Password link for {name}',
  'team.linkHelp': 'Send this link to them yourself. It works once, within 7 days.',
  'team.linkValidity': 'It works once, within 7 days.',
  'team.sentTo': 'Sent to {email}.',
  'team.mailFailed': 'The email could not be sent',
  'team.mailFailedHelp': 'Copy the link and send it yourself.',
  'team.invite': 'Invite someone',
  'team.role': 'Role',
  'team.inviteSubmit': 'Invite',
  'team.invitationLinkFor': 'Invitation link for {email}',
  'team.invitations': 'Invitations waiting',
  'team.noInvitations': 'No invitation is waiting.',
  'team.expires': 'Expires {date}',
  'team.withdraw': 'Withdraw',
  'team.features': 'Features',
  'team.images': 'Images',
  'team.imagesHelp': "The team's projects may use cloud images.",
  'team.multiplayer': 'Multiplayer',
  'team.multiplayerHelp': "The team's projects may use live collaboration.",
  'team.projects': 'Projects',
  'team.noProjects': 'No project yet.',
  'team.clientId': 'Client ID',
  'team.origins': 'Allowed admin origins',
  'team.originsHelp': 'One per line, such as https://cms.example.com.',
  'team.noOrigins': 'No admin may sign in yet.',
  'team.editOrigins': 'Edit origins',
  'team.originsOf': 'Allowed admin origins of {project}',
  'team.saveOrigins': 'Save origins',
  'team.rename': 'Rename',
  'team.projectNameOf': 'Name of {project}',
  'team.saveName': 'Save name',
  'team.repository': 'GitHub repository',
  'team.repositoryOf': 'GitHub repository of {project}',
  'team.repositoryPlaceholder': 'owner/name',
  'team.repositoryHelp': 'Leave it empty to disconnect the repository.',
  'team.noRepository': 'Connect a repository so that sites of this project can edit it.',
  'team.appInstalled': "The cloud's GitHub App is installed on this repository.",
  'team.appMissing': "The cloud's GitHub App is not installed on this repository",
  'team.appMissingHelp': 'Sites of this project cannot edit the repository until the app is installed on it.',
  'team.installApp': 'Install the GitHub App',
  'team.noApp': 'This cloud has no GitHub App yet: its operator makes it with the link the cloud prints when it starts.',
  'team.imageLibrary': 'Image library',
  'team.newProject': 'New project',
  'team.projectName': 'Project name',
  'team.projectSlug': 'Project slug',
  'team.createProject': 'Create project',
  'team.audit': 'Audit log',
  'team.noEvents': 'Nothing has happened yet.',

  // A project's image library
  'library.title': 'Images of {project}',
  'library.backToTeam': 'Back to {team}',
  'library.off': "This team's images are off",
  'library.offHelp': "An admin or owner of the team can turn them on in the team's features.",
  'library.noProject': 'The team has no project {project}.',
  'library.search': 'Search images',
  'library.searchHelp': 'By name or alt text.',
  'library.count': { plural: 'count', one: '{count} image', other: '{count} images' },
  'library.empty': 'No images yet.',
  'library.noMatch': 'No image matches “{query}”.',
  'library.loadMore': 'Load more',
  'library.dimensions': '{width} × {height}',
  'library.upload': 'Upload images',
  'library.uploadHelp': 'PNG, JPEG, GIF or WebP, smaller than 10 MB each. Choose several at once, or drop them on this page.',
  'library.drop': 'Drop images to upload them',
  'library.uploads': 'Uploads',
  'library.uploaded': 'Uploaded.',
  'library.tooLarge': 'Images must be smaller than 10MB',
  'library.wrongType': 'Invalid image type, only PNG, JPEG, GIF, and WebP are supported',
  'library.pixels': 'Dimensions',
  'library.fileSize': 'File size',
  'library.address': 'Address',
  'library.addressHelp': 'Pages show the image at this address.',
  'library.alt': 'Alt text',
  'library.altHelp': 'Describes the image to people who cannot see it.',
  'library.noAlt': 'No alt text yet.',
  'library.saveAlt': 'Save alt text',
  'library.delete': 'Delete image',
  'library.deleteTitle': 'Delete {name}?',
  'library.deleteMessage': 'Pages that use its address will show a broken image. This cannot be undone.',
  'library.deleted': '{name} deleted.',
  'library.close': 'Close',
} satisfies Record<string, Template>;

export type CloudMessageKey = keyof typeof cloudEnUS;

/** Each locale's translated catalogue, a chunk of its own loaded only for the locale shown. */
const catalogues = import.meta.glob<unknown>('./locales/*.json', { import: 'default' });

let formatter: LocalizedStringFormatter<CloudMessageKey, LocalizedString>;
let dateTimeFormat: Intl.DateTimeFormat;
let tag: string;

function switchTo(locale: Locale, translated: unknown): void {
  tag = intlLocale(locale);
  formatter = createFormatter(tag, cloudEnUS, translated);
  // The reader's own time zone: an audit event happened at a moment, not at a wall-clock time.
  dateTimeFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
}

switchTo(DEFAULT_LOCALE, {});

/** Makes the pages' messages and dates those of `locale`; keys it does not translate keep their en-US text. */
export async function loadCloudMessages(locale: Locale): Promise<void> {
  const load = catalogues[`./locales/${locale}.json`];
  switchTo(locale, load === undefined ? {} : await load());
}

/** The cloud message `key` with `variables` filled in. */
export function ct(key: CloudMessageKey, variables?: Variables): string {
  return formatter.format(key, variables);
}

/** A moment given in Unix seconds (as the API gives them), as a date and time of the page's locale. */
export function formatMoment(seconds: number): string {
  return dateTimeFormat.format(new Date(seconds * 1000));
}

/** A file's size in bytes, in kilobytes or megabytes of the page's locale (1 KB: 1024 bytes). */
export function formatBytes(bytes: number): string {
  const kilobytes = bytes / 1024;
  const [value, unit] = kilobytes < 1024 ? [kilobytes, 'kilobyte'] : [kilobytes / 1024, 'megabyte'];
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
