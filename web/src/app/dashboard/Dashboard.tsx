/** A card per collection (with its entry count and an add link) and per singleton. */
import { Link } from 'react-router';
import { fetchSummary } from '../../api/client';
import type { Summary } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { IconLink } from '../../ui/Button';
import { useConfig } from '../data/ConfigProvider';
import { useAsync } from '../data/useAsync';
import { hrefs } from '../hrefs';
import { ScreenHeader } from '../shell/ScreenHeader';

export function Dashboard() {
  const config = useConfig();
  const [summary] = useAsync(fetchSummary);
  // Counts are extras: the cards stand without them while loading or if the summary fails.
  const counts: Summary | null = summary.kind === 'loaded' ? summary.value : null;
  const collections = Object.entries(config.collections);
  const singletons = Object.entries(config.singletons);
  return (
    <>
      <ScreenHeader title={t('nav.dashboard')} />
      <div className="dashboard">
        {collections.length > 0 && (
          <section className="dashboard-section" aria-labelledby="dashboard-collections">
            <h2 className="dashboard-heading" id="dashboard-collections">
              {t('nav.collections')}
            </h2>
            <ul className="dashboard-grid">
              {collections.map(([key, collection]) => {
                const count = counts?.collections[key]?.count;
                return (
                  <li className="dashboard-card" key={key}>
                    <div className="dashboard-card-text">
                      <Link className="dashboard-card-title" to={hrefs.collection(key)}>
                        {collection.label}
                      </Link>
                      {count !== undefined && <span className="dashboard-card-meta">{t('dashboard.entries', { count })}</span>}
                    </div>
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
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
