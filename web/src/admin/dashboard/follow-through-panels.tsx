import type { FollowThroughFigures } from '@domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The dashboard's follow-through figures over the last 30 days: how long staff took to first answer
 * each category (median, 90th percentile) and the share answered by the answer day; and the 👍/👎
 * answers to "Did this solve it?" per category and per member of staff.
 */

export function FollowThroughPanels({ figures }: { figures: FollowThroughFigures }) {
  const { t, i18n } = useTranslation();
  const firstId = useId();
  const ratingsId = useId();
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const category = (id: string) => t(`tickets.categories.${id}.name`, { defaultValue: id });
  const inHours = (value: number | null) =>
    value === null ? '—' : t('admin.dashboard.followThrough.hours', { value: hours.format(value) });
  const ratingRows = [
    ...figures.ratingsByCategory.map((row) => ({
      key: `c-${row.category}`,
      label: category(row.category),
      ...row,
    })),
    ...figures.ratingsByStaff.map((row) => ({
      key: `s-${row.uid}`,
      label: t('admin.dashboard.followThrough.staffRow', { name: row.name }),
      ...row,
    })),
  ];
  return (
    <>
      <section className="admin-dash-panel admin-dash-panel--wide" aria-labelledby={firstId}>
        <div className="admin-dash-panel-head">
          <h3 id={firstId}>{t('admin.dashboard.followThrough.firstTitle')}</h3>
        </div>
        {figures.firstResponseByCategory.length === 0 ? (
          <p className="admin-dash-muted">{t('admin.dashboard.followThrough.noAnswers')}</p>
        ) : (
          <table className="admin-dash-table" aria-labelledby={firstId}>
            <thead>
              <tr>
                <th scope="col">{t('admin.dashboard.followThrough.category')}</th>
                <th scope="col">{t('admin.dashboard.followThrough.median')}</th>
                <th scope="col">{t('admin.dashboard.followThrough.p90')}</th>
                <th scope="col">{t('admin.dashboard.followThrough.withinTarget')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.firstResponseByCategory.map((row) => (
                <tr key={row.category}>
                  <th scope="row">{category(row.category)}</th>
                  <td>{inHours(row.medianHours)}</td>
                  <td>{inHours(row.p90Hours)}</td>
                  <td>
                    {row.withinTarget === null
                      ? '—'
                      : t('admin.dashboard.followThrough.share', {
                          share: percent.format(row.withinTarget),
                          count: row.counted,
                        })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="admin-dash-panel admin-dash-panel--wide" aria-labelledby={ratingsId}>
        <div className="admin-dash-panel-head">
          <h3 id={ratingsId}>{t('admin.dashboard.followThrough.ratingsTitle')}</h3>
        </div>
        {ratingRows.length === 0 ? (
          <p className="admin-dash-muted">{t('admin.dashboard.followThrough.noRatings')}</p>
        ) : (
          <table className="admin-dash-table" aria-labelledby={ratingsId}>
            <thead>
              <tr>
                <th scope="col">{t('admin.dashboard.followThrough.ratedWhat')}</th>
                <th scope="col">{t('admin.dashboard.followThrough.up')}</th>
                <th scope="col">{t('admin.dashboard.followThrough.down')}</th>
              </tr>
            </thead>
            <tbody>
              {ratingRows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.up}</td>
                  <td>{row.down}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
