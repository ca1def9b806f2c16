import {
  type TicketCategoryDefinition,
  type TicketCategoryId,
  canSubmitCategory,
  findCategory,
  hasSubcategory,
  submittableCategories,
} from '@domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../lib/router';
import { lazyComponent } from '../../lib/lazy-component';
import { useAuth } from '../../lib/auth/auth-context';
import type { CategoryForm } from './category-form';
import { CategoryIcon } from './category-icon';
import { loadCategoryForm } from './forms';
import { TicketForm } from './ticket-form';
import { Button, buttonClassName } from '../../components/ui/button';
import { ArrowLeftOutlined } from '../../components/ui/icons';
import { ResultPanel } from '../../components/ui/result-panel';
import { Spinner } from '../../components/ui/spinner';
import { Typography } from '../../components/ui/typography';
import './new-ticket-pages.css';

// The app-wide not-found page uses antd Result; only a mistyped address shows it here, so it loads
// when needed instead of with every new-ticket screen.
const { Component: NotFoundPage } = lazyComponent(() =>
  import('../../components/not-found-page').then((module) => module.NotFoundPage),
);

function PageHeader({ title, backTo, backLabel }: { title: ReactNode; backTo?: string; backLabel?: string }) {
  return (
    <header className="new-ticket-header">
      {backTo && (
        <Link to={backTo}>
          <Button variant="link" icon={<ArrowLeftOutlined />} className="new-ticket-back">
            {backLabel}
          </Button>
        </Link>
      )}
      <Typography.Title level={2} className="new-ticket-title">
        {title}
      </Typography.Title>
    </header>
  );
}

function Tiles({ children, label }: { children: ReactNode; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="category-tiles">{children}</ul>
    </nav>
  );
}

/** /new-ticket: the categories this user may file. */
export function CategorySelectPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const categories = submittableCategories(user, rules);
  return (
    <div className="page-narrow">
      <PageHeader title={t('tickets.new.title')} />
      <Typography.Paragraph>{t('tickets.new.chooseCategory')}</Typography.Paragraph>
      {categories.length === 0 ? (
        <ResultPanel status="info" title={t('tickets.new.noCategories')} />
      ) : (
        <Tiles label={t('tickets.new.categoriesLabel')}>
          {categories.map((category) => (
            <li key={category.id}>
              <Link className="category-tile" to={`/new-ticket/${category.id}`}>
                <CategoryIcon icon={category.icon} />
                <span>{t(`tickets.categories.${category.id}.name`)}</span>
              </Link>
            </li>
          ))}
        </Tiles>
      )}
    </div>
  );
}

/** The category of the route when the user may file it; otherwise the page to show instead. */
function useRouteCategory(): { category?: TicketCategoryDefinition; fallback?: ReactNode } {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const { category: categoryId = '' } = useParams();
  const category = findCategory(categoryId);
  if (!category) return { fallback: <NotFoundPage /> };
  if (!canSubmitCategory(user, category, rules)) {
    return {
      fallback: (
        <ResultPanel
          status="forbidden"
          title={t('tickets.new.forbiddenTitle')}
          subTitle={t('tickets.errors.forbidden')}
          extra={
            <Link to="/new-ticket" className={buttonClassName({ variant: 'primary' })}>
              {t('tickets.new.backToCategories')}
            </Link>
          }
        />
      ),
    };
  }
  return { category };
}

/** /new-ticket/{category}: its subcategories. */
export function SubcategorySelectPage() {
  const { t } = useTranslation();
  const { category, fallback } = useRouteCategory();
  if (!category) return fallback;
  return (
    <div className="page-narrow">
      <PageHeader
        title={t(`tickets.categories.${category.id}.name`)}
        backTo="/new-ticket"
        backLabel={t('tickets.new.backToCategories')}
      />
      <Typography.Paragraph>{t('tickets.new.chooseSubcategory')}</Typography.Paragraph>
      <Tiles label={t('tickets.new.subcategoriesLabel')}>
        {category.subcategories.map((subcategory) => (
          <li key={subcategory}>
            <Link className="category-tile" to={`/new-ticket/${category.id}/${subcategory}`}>
              <CategoryIcon icon={category.icon} />
              <span>{t(`tickets.categories.${category.id}.sub.${subcategory}`)}</span>
            </Link>
          </li>
        ))}
      </Tiles>
    </div>
  );
}

/** /new-ticket/{category}/{subcategory}: the category's form. */
export function NewTicketFormPage() {
  const { t } = useTranslation();
  const { subcategory = '' } = useParams();
  const { category, fallback } = useRouteCategory();
  const [form, setForm] = useState<{ id: string; form: CategoryForm } | null>(null);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const categoryId = category?.id as TicketCategoryId | undefined;

  useEffect(() => {
    if (!categoryId) return;
    let isCurrent = true;
    loadCategoryForm(categoryId).then(
      (loaded) => isCurrent && setForm({ id: categoryId, form: loaded }),
      () => isCurrent && setHasLoadFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [categoryId]);

  if (!category || !categoryId) return fallback;
  if (!hasSubcategory(category, subcategory)) return <NotFoundPage />;
  const title = (
    <>
      {t(`tickets.categories.${category.id}.name`)}
      <Typography.Text type="secondary" className="new-ticket-subtitle">
        {t(`tickets.categories.${category.id}.sub.${subcategory}`)}
      </Typography.Text>
    </>
  );
  return (
    <div className="page-narrow">
      <PageHeader title={title} backTo={`/new-ticket/${category.id}`} backLabel={t('tickets.new.back')} />
      {hasLoadFailed ? (
        <ResultPanel
          status="error"
          title={t('tickets.new.loadFailed')}
          extra={<Button onClick={() => window.location.reload()}>{t('errorBoundary.reload')}</Button>}
        />
      ) : form?.id === categoryId ? (
        <TicketForm
          key={`${categoryId}/${subcategory}`}
          category={categoryId}
          subcategory={subcategory}
          form={form.form}
        />
      ) : (
        <Spinner isBlock label={t('common.loading')} />
      )}
    </div>
  );
}
