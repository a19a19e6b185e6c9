/**
 * `/setup#TOKEN`: the first owner, from the one-time link the cloud prints while it has no account.
 * The token stays in the address's fragment, which the browser never sends. The team's slug follows
 * its name until it is edited.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Notice } from '../ui/Notice';
import { TextInputField } from '../ui/TextInputField';
import { completeSetup } from './api';
import { ct } from './messages';
import { FormActions, Page, suggestSlug, useForm } from './Page';

export function SetupPage() {
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <Page title={ct('setup.title')}>
      {token === '' ? <Notice tone="critical" title={ct('setup.noToken')} /> : <SetupForm token={token} />}
    </Page>
  );
}

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  // Until it is typed, the slug follows the team's name.
  const [slugTyped, setSlugTyped] = useState(false);
  const form = useForm({ name: '', email: '', password: '', teamName: '', teamSlug: '' }, async (values) => {
    await completeSetup({ token, ...values });
    await navigate(`/teams/${encodeURIComponent(values.teamSlug)}`, { replace: true });
  });
  const teamName = form.field('teamName');
  const teamSlug = form.field('teamSlug');
  return (
    <>
      <p className="cloud-intro">{ct('setup.intro')}</p>
      <form className="cloud-form" noValidate onSubmit={form.submit}>
        <fieldset className="cloud-fieldset">
          <legend className="cloud-legend">{ct('setup.you')}</legend>
          <TextInputField label={ct('form.name')} autoComplete="name" {...form.field('name')} />
          <TextInputField label={ct('form.email')} type="email" autoComplete="email" {...form.field('email')} />
          <TextInputField
            label={ct('form.password')}
            description={ct('form.passwordRule')}
            type="password"
            autoComplete="new-password"
            {...form.field('password')}
          />
        </fieldset>
        <fieldset className="cloud-fieldset">
          <legend className="cloud-legend">{ct('setup.team')}</legend>
          <TextInputField
            label={ct('setup.teamName')}
            autoComplete="organization"
            {...teamName}
            onChange={(value) => {
              teamName.onChange(value);
              if (!slugTyped) form.set({ teamSlug: suggestSlug(value) });
            }}
          />
          <TextInputField
            label={ct('setup.teamSlug')}
            description={ct('setup.teamSlugHelp')}
            monospace
            {...teamSlug}
            onChange={(value) => {
              setSlugTyped(true);
              teamSlug.onChange(value);
            }}
          />
        </fieldset>
        <FormActions form={form}>{ct('setup.submit')}</FormActions>
      </form>
    </>
  );
}
