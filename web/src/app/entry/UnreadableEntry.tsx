/** Shown instead of a form when an entry's files do not parse: nothing can be saved over them. */
import type { Problem } from '../../entry/problem';
import { formatProblem } from '../../entry/problem';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';

export function UnreadableEntry({ problems }: { problems: Problem[] }) {
  return (
    <div className="entry-body">
      <Notice tone="critical" title={t('entry.unreadable')}>
        <p>{t('entry.unreadableMessage')}</p>
        <ul className="problem-list">
          {problems.map((problem) => {
            const text = formatProblem(problem);
            return <li key={text}>{text}</li>;
          })}
        </ul>
      </Notice>
    </div>
  );
}
