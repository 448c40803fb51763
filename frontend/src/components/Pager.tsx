import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { pageCount, pageWindow, SHORT_PAGE_SIZES } from './pager';
import { Select } from './Select';

interface PagerProps {
  current: number;
  size: number;
  total: number;
  sizes?: readonly number[];
  onChange: (current: number, size: number) => void;
}

/**
 * A table's pager: total label, page buttons and a page-size picker. Nothing while the list is loading or
 * empty (the table says so), rather than "Total 0".
 */
export function Pager({ current, size, total, sizes = SHORT_PAGE_SIZES, onChange }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, size);
  if (total <= 0) return null;
  return (
    <nav className="hearth-pager" aria-label={t('common.pager.label')}>
      <span className="hearth-muted" data-testid="pager-total">
        {t('common.pager.total', { total })}
      </span>
      <ButtonGroup variant="minimal">
        <Button
          icon={<ChevronLeftIcon />}
          aria-label={t('common.pager.previous')}
          disabled={current <= 1}
          onClick={() => onChange(current - 1, size)}
        />
        {pageWindow(current, pages).map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} className="hearth-pager-gap">
              …
            </span>
          ) : (
            <Button
              key={p}
              active={p === current}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => onChange(p, size)}
            >
              {p}
            </Button>
          ),
        )}
        <Button
          icon={<ChevronRightIcon />}
          aria-label={t('common.pager.next')}
          disabled={current >= pages}
          onClick={() => onChange(current + 1, size)}
        />
      </ButtonGroup>
      <Select
        aria-label={t('common.pager.size')}
        value={size}
        onChange={(e) => onChange(1, Number(e.currentTarget.value))}
        options={sizes.map((s) => ({ value: s, label: t('common.pager.perPage', { size: s }) }))}
      />
    </nav>
  );
}
