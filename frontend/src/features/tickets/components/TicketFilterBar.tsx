import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { PlusIcon, RefreshIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TicketListFilter } from '../api/listTicketsByPage';
import { TICKET_STATUSES, TICKET_TYPES, ticketStatusLabel, ticketTypeLabel } from '../ticketLabels';
import { Select } from '@/components/Select';

interface TicketFilterBarProps {
  value: TicketListFilter;
  onChange: (value: TicketListFilter) => void;
  onQuery: () => void;
  onReset: () => void;
  /** Create is for facility users (the platform answers tickets, it does not write them). */
  onCreate?: () => void;
}

/** Title, status and type; Reset, Query, Create. Enter in the title searches (spec 000 §2). */
export function TicketFilterBar({ value, onChange, onQuery, onReset, onCreate }: TicketFilterBarProps) {
  const { t } = useTranslation();
  return (
    <form
      className="hearth-filter-bar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onQuery();
      }}
    >
      <InputGroup
        aria-label={t('tickets.filter.title')}
        placeholder={t('tickets.filter.title')}
        leftIcon={<SearchIcon />}
        value={value.title ?? ''}
        onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
      />
      <Select
        aria-label={t('tickets.filter.status')}
        value={value.status ?? ''}
        onChange={(e) => onChange({ ...value, status: e.currentTarget.value })}
        options={[
          { value: '', label: t('tickets.filter.allStatuses') },
          ...TICKET_STATUSES.map((s) => ({ value: s, label: ticketStatusLabel(t, s) })),
        ]}
      />
      <Select
        aria-label={t('tickets.filter.type')}
        value={value.type ?? ''}
        onChange={(e) => onChange({ ...value, type: e.currentTarget.value })}
        options={[
          { value: '', label: t('tickets.filter.allTypes') },
          ...TICKET_TYPES.map((type) => ({ value: type, label: ticketTypeLabel(t, type) })),
        ]}
      />
      <Button icon={<RefreshIcon />} onClick={onReset}>
        {t('tickets.filter.reset')}
      </Button>
      <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />}>
        {t('tickets.filter.query')}
      </Button>
      {onCreate ? (
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={onCreate}>
          {t('tickets.filter.create')}
        </Button>
      ) : null}
    </form>
  );
}
