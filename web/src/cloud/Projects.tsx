/**
 * The projects of a team's page: each project's client ID, allowed admin origins and GitHub
 * repository, which every member sees, with a link to its image library while the team's images
 * are on; its admins and owners (`manager`) also rename a project, change its origins, connect its
 * repository and make new ones. Every change reloads the team.
 */
import { useState } from 'react';
import { Button, LinkButton } from '../ui/Button';
import { Icon } from '../ui/icons';
import { TextInputField } from '../ui/TextInputField';
import { createProject, renameProject, setOrigins } from './api';
import type { Project, Team } from './api';
import { ct } from './messages';
import { FormActions, suggestSlug, useAction, useForm } from './Page';
import { ProjectRepository } from './ProjectRepository';

/** Origins typed one per line, blank lines left out. */
export function originsFrom(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

type RowProps = { team: Team; manager: boolean; changed(): void };

export function Projects({ team, manager, changed }: RowProps) {
  return (
    <>
      {team.projects.length === 0 ? (
        <p className="cloud-muted">{ct('team.noProjects')}</p>
      ) : (
        <ul className="cloud-list">
          {team.projects.map((project) => (
            <ProjectRow key={project.id} team={team} manager={manager} project={project} changed={changed} />
          ))}
        </ul>
      )}
      {manager && <NewProject team={team} changed={changed} />}
    </>
  );
}

/** A project setting being changed: its name, or the admin origins allowed to sign in to it. */
type Editing = { field: 'name' | 'origins'; text: string };

function ProjectRow({ team, manager, project, changed }: RowProps & { project: Project }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <li className="cloud-project">
      <h3 className="cloud-project-name">
        <bdi>{project.name}</bdi>
      </h3>
      <dl className="cloud-facts">
        <dt>{ct('team.clientId')}</dt>
        <dd>
          <code>{project.id}</code>
        </dd>
        <dt>{ct('team.origins')}</dt>
        <dd>
          {project.origins.length === 0 ? (
            <span className="cloud-muted">{ct('team.noOrigins')}</span>
          ) : (
            <ul className="cloud-origins">
              {project.origins.map((origin) => (
                <li key={origin}>
                  <code>{origin}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        {manager ? (
          <>
            <dt>{ct('team.repository')}</dt>
            <dd>
              <ProjectRepository team={team} project={project} changed={changed} />
            </dd>
          </>
        ) : (
          project.repository != null && (
            <>
              <dt>{ct('team.repository')}</dt>
              <dd>
                <code>{project.repository}</code>
              </dd>
            </>
          )
        )}
      </dl>
      {(team.images || (manager && editing === null)) && (
        <div className="cloud-actions">
          {team.images && (
            <LinkButton href={`/teams/${encodeURIComponent(team.slug)}/project/${encodeURIComponent(project.slug)}/images`}>
              <Icon name="image" size={16} />
              {ct('team.imageLibrary')}
            </LinkButton>
          )}
          {manager && editing === null && (
            <>
              <Button onPress={() => setEditing({ field: 'name', text: project.name })}>{ct('team.rename')}</Button>
              <Button onPress={() => setEditing({ field: 'origins', text: project.origins.join('\n') })}>{ct('team.editOrigins')}</Button>
            </>
          )}
        </div>
      )}
      {manager && editing !== null && (
        <ProjectEdit
          team={team}
          project={project}
          editing={editing}
          done={(saved) => {
            setEditing(null);
            if (saved) changed();
          }}
        />
      )}
    </li>
  );
}

/** The form of one setting; a new one for each opening, so that no old failure shows. */
function ProjectEdit({ team, project, editing, done }: { team: Team; project: Project; editing: Editing; done(saved: boolean): void }) {
  const [text, setText] = useState(editing.text);
  const action = useAction();
  const origins = editing.field === 'origins';
  const save = () =>
    action.run(async () => {
      if (origins) await setOrigins(team.slug, project.slug, originsFrom(text));
      else await renameProject(team.slug, project.slug, text);
      done(true);
    });
  return (
    <form
      className="cloud-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextInputField
        label={origins ? ct('team.originsOf', { project: project.name }) : ct('team.projectNameOf', { project: project.name })}
        description={origins ? ct('team.originsHelp') : undefined}
        multiline={origins}
        isRequired={!origins}
        value={text}
        onChange={setText}
        error={action.error}
      />
      <div className="cloud-actions">
        <Button tone="primary" type="submit" isPending={action.isPending}>
          {origins ? ct('team.saveOrigins') : ct('team.saveName')}
        </Button>
        <Button onPress={() => done(false)} isDisabled={action.isPending}>
          {ct('form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function NewProject({ team, changed }: { team: Team; changed(): void }) {
  // Until it is typed, the slug follows the project's name.
  const [slugTyped, setSlugTyped] = useState(false);
  const form = useForm(
    { name: '', slug: '', origins: '' },
    async ({ name, slug, origins }, { reset }) => {
      await createProject(team.slug, { slug, name, origins: originsFrom(origins) });
      reset();
      setSlugTyped(false);
      changed();
    },
    { required: ['name', 'slug'] },
  );
  const name = form.field('name');
  const slug = form.field('slug');
  return (
    <form className="cloud-form cloud-new-project" noValidate onSubmit={form.submit} aria-labelledby="team-new-project">
      <h3 className="cloud-project-name" id="team-new-project">
        {ct('team.newProject')}
      </h3>
      <TextInputField
        label={ct('team.projectName')}
        autoComplete="off"
        {...name}
        onChange={(value) => {
          name.onChange(value);
          if (!slugTyped) form.set({ slug: suggestSlug(value) });
        }}
      />
      <TextInputField
        label={ct('team.projectSlug')}
        monospace
        autoComplete="off"
        {...slug}
        onChange={(value) => {
          setSlugTyped(true);
          slug.onChange(value);
        }}
      />
      <TextInputField label={ct('team.origins')} description={ct('team.originsHelp')} multiline {...form.field('origins')} />
      <FormActions form={form}>{ct('team.createProject')}</FormActions>
    </form>
  );
}

