/**
 * "Collection › current" at the top of entry screens. The site's words are isolated (`bdi`): in a
 * right-to-left admin, an English title keeps its punctuation where it belongs.
 */
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';

export function EntryBreadcrumbs({ parent, parentHref, current }: { parent: string; parentHref: string; current: string }) {
  return (
    <nav aria-label={t('entry.breadcrumbs')} className="breadcrumbs-nav">
      <Breadcrumbs className="breadcrumbs">
        <Breadcrumb className="breadcrumb" id="parent">
          <Link href={parentHref}>
            <bdi>{parent}</bdi>
          </Link>
          <Icon name="chevronRight" size={16} />
        </Breadcrumb>
        <Breadcrumb className="breadcrumb breadcrumb-current" id="current">
          <h1>
            <bdi>{current}</bdi>
          </h1>
        </Breadcrumb>
      </Breadcrumbs>
    </nav>
  );
}
