/**
 * The current branch (git storage), and a card per collection (with its entry count, its changes
 * against the default branch and an add link) and per singleton (with a Changed badge).
 */
import { Link } from 'react-router';
import { t } from '../../lib/messages/format';
import { Badge } from '../../ui/Badge';
import { IconLink } from '../../ui/Button';
import { CurrentBranchCard } from '../branch/CurrentBranchCard';
import { useConfig, useUser } from '../data/ConfigProvider';
import { useSummary } from '../data/SummaryProvider';
import { useHrefs } from '../hrefs';
import { collectionChanges } from '../shell/changeCounts';
import { useScreenShown } from '../../lib/screenShown';
import { ScreenHeader } from '../shell/ScreenHeader';

export function Dashboard() {
  const config = useConfig();
  const user = useUser();
  const hrefs = useHrefs();
  // Counts are extras: the cards stand without them while loading or if the summary fails.
  const { summary: counts } = useSummary();
  useScreenShown(counts !== null);
  const collections = Object.entries(config.collections);
  const singletons = Object.entries(config.singletons);
  return (
    <>
      <ScreenHeader title={t('nav.dashboard')} />
      <div className="dashboard">
        {user !== null && <p className="dashboard-greeting">{t('dashboard.greeting', { name: user.name ?? user.login })}</p>}
        <CurrentBranchCard />
        {collections.length > 0 && (
          <section className="dashboard-section" aria-labelledby="dashboard-collections">
            <h2 className="dashboard-heading" id="dashboard-collections">
              {t('nav.collections')}
            </h2>
            <ul className="dashboard-grid">
              {collections.map(([key, collection]) => {
                const summary = counts?.collections[key];
                const changes = collectionChanges(summary);
                return (
                  <li className="dashboard-card" key={key}>
                    <div className="dashboard-card-text">
                      <Link className="dashboard-card-title" to={hrefs.collection(key)}>
                        {collection.label}
                      </Link>
                      {summary !== undefined && (
                        <span className="dashboard-card-meta">{t('dashboard.entries', { count: summary.count })}</span>
                      )}
                    </div>
                    {changes > 0 && <Badge>{t('status.changes', { count: changes })}</Badge>}
                    <IconLink href={hrefs.createEntry(key)} icon="plus" label={t('dashboard.add')} bordered />
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {singletons.length > 0 && (
          <section className="dashboard-section" aria-labelledby="dashboard-singletons">
            <h2 className="dashboard-heading" id="dashboard-singletons">
              {t('nav.singletons')}
            </h2>
            <ul className="dashboard-grid">
              {singletons.map(([key, singleton]) => (
                <li className="dashboard-card" key={key}>
                  <div className="dashboard-card-text">
                    <Link className="dashboard-card-title" to={hrefs.singleton(key)}>
                      {singleton.label}
                    </Link>
                    {counts?.singletons[key]?.exists === false && (
                      <span className="dashboard-card-meta">{t('dashboard.notCreated')}</span>
                    )}
                  </div>
                  {counts?.singletons[key]?.changed === true && <Badge>{t('status.changed')}</Badge>}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
