/**
 * A project's GitHub repository as its team's admins and owners see it, beside the project's other
 * facts: the repository connected, whether the cloud's GitHub App is installed on it (asked when the
 * project shows) with a way to install it when it is not, and a field to connect, change or
 * disconnect it. What a save changes is read out; a refusal is said in the field.
 */
import { useCallback, useRef, useState } from 'react';
import { Input, TextField } from 'react-aria-components';
import { Button } from '../ui/Button';
import { FieldHeader, FieldMessage } from '../ui/FieldParts';
import { Icon } from '../ui/icons';
import { connectRepository, projectRepository } from './api';
import type { Project, RepositoryStatus, Team } from './api';
import { ct } from './messages';
import { ActionError, errorText, useAction, useLoaded } from './Page';

type Props = { team: Team; project: Project; changed(): void };

export function ProjectRepository({ team, project, changed }: Props) {
  const load = useCallback(() => projectRepository(team.slug, project.slug), [team.slug, project.slug]);
  const loaded = useLoaded(load);
  // The answer of the last save, newer than the one loaded.
  const [saved, setSaved] = useState<RepositoryStatus | null>(null);
  const status = saved ?? loaded.value;
  const repository = status === null ? (project.repository ?? null) : status.repository;
  const [text, setText] = useState(project.repository ?? '');
  const [justSaved, setJustSaved] = useState(false);
  const action = useAction();
  const field = useRef<HTMLInputElement>(null);
  const save = async () => {
    setJustSaved(false);
    const done = await action.run(async () => {
      const answer = await connectRepository(team.slug, project.slug, text.trim());
      setSaved(answer);
      setText(answer.repository ?? '');
      changed();
    });
    setJustSaved(done);
    // The field says why: it is read out with it.
    if (!done) field.current?.focus();
  };
  return (
    <div className="cloud-repository">
      {status === null ? (
        <div key="waiting" className="cloud-repository-state">
          {repository !== null && <code>{repository}</code>}
          {loaded.error === null ? <p className="cloud-muted">{ct('page.loading')}</p> : <ActionError error={errorText(loaded.error)} />}
        </div>
      ) : (
        // A new region once the status is known, so that only what a save changes is read out.
        <div key="known" className="cloud-repository-state" role="status">
          {repository !== null && <code>{repository}</code>}
          <AppStatus status={status} />
        </div>
      )}
      <form
        className="cloud-repository-form"
        aria-label={ct('team.repositoryOf', { project: project.name })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          className="field"
          value={text}
          onChange={(value) => {
            setText(value);
            setJustSaved(false);
          }}
          isInvalid={action.error !== null}
          validationBehavior="aria"
          autoComplete="off"
        >
          {/* The project's facts name it beside the field. */}
          <FieldHeader label={ct('team.repository')} isLabelHidden description={repository === null ? null : ct('team.repositoryHelp')} />
          <div className="field-row">
            <Input ref={field} className="input input-mono" placeholder={ct('team.repositoryPlaceholder')} spellCheck={false} />
            <Button tone="primary" type="submit" isPending={action.isPending}>
              {ct('form.save')}
            </Button>
          </div>
          <FieldMessage error={action.error} />
        </TextField>
        <p className="cloud-status" role="status">
          {justSaved ? ct('form.saved') : ''}
        </p>
      </form>
    </div>
  );
}

/** Whether the repository's sites can edit it through the cloud, and what to do when they cannot. */
function AppStatus({ status }: { status: RepositoryStatus }) {
  if (status.repository === null) return <p className="cloud-muted">{ct('team.noRepository')}</p>;
  switch (status.app) {
    case 'installed':
      return <p className="cloud-sent">{ct('team.appInstalled')}</p>;
    case 'none':
      return <p className="cloud-muted">{ct('team.noApp')}</p>;
    case null:
      return null;
    case 'missing':
      // A notice's look, inside the region that reads it out.
      return (
        <div className="notice notice-caution">
          <Icon name="warning" />
          <div className="notice-body">
            <p className="notice-title">{ct('team.appMissing')}</p>
            <p>{ct('team.appMissingHelp')}</p>
            {status.installUrl !== null && (
              <div className="notice-actions">
                {/* A plain link: the pages' router would take react-aria's for one of its own. */}
                <a className="button button-secondary" href={status.installUrl} target="_blank" rel="noopener noreferrer">
                  {ct('team.installApp')}
                  <Icon name="external" size={16} />
                </a>
              </div>
            )}
          </div>
        </div>
      );
  }
}
