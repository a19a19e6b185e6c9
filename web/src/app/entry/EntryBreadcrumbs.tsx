/** "Collection › current" at the top of entry screens. */
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';

export function EntryBreadcrumbs({ parent, parentHref, current }: { parent: string; parentHref: string; current: string }) {
  return (
    <nav aria-label={t('entry.breadcrumbs')} className="breadcrumbs-nav">
      <Breadcrumbs className="breadcrumbs">
        <Breadcrumb className="breadcrumb" id="parent">
          <Link href={parentHref}>{parent}</Link>
          <Icon name="chevronRight" size={16} />
        </Breadcrumb>
        <Breadcrumb className="breadcrumb breadcrumb-current" id="current">
          <h1>{current}</h1>
        </Breadcrumb>
      </Breadcrumbs>
    </nav>
  );
}
