import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { DocumentOpenIcon, NewPersonIcon, PlusIcon, RefreshIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { ResidentNameMax } from '@/types/api.gen';
import { codesOf, labelOf, STATUS_FILTER_KEYS } from '@/lib/residents/residentLabels';
import { Select } from '@/components/Select';

export interface ResidentListFilter {
  name: string;
  status: string;
}

interface ResidentFilterBarProps {
  value: ResidentListFilter;
  onChange: (value: ResidentListFilter) => void;
  onQuery: () => void;
  onReset: () => void;
  /** Add resident, for owners and admins. */
  onAdd?: () => void;
  /** Move in a resident (the move-in wizard), for owners and admins. */
  onMoveIn?: () => void;
  /** Move residents in from their papers (smart setup), for owners and admins. */
  onMoveInFromPapers?: () => void;
}

/** Name search and status filter (current residents by default; moved-out and deceased on request). */
export function ResidentFilterBar({ value, onChange, onQuery, onReset, onAdd, onMoveIn, onMoveInFromPapers }: ResidentFilterBarProps) {
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
        aria-label={t('residents.list.search')}
        placeholder={t('residents.list.search')}
        leftIcon={<SearchIcon />}
        maxLength={ResidentNameMax}
        value={value.name}
        data-testid="resident-search"
        onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
      />
      <Select
        aria-label={t('residents.list.statusFilter')}
        value={value.status}
        data-testid="resident-status-filter"
        onChange={(e) => onChange({ ...value, status: e.currentTarget.value })}
        options={codesOf(STATUS_FILTER_KEYS).map((code) => ({ value: code, label: labelOf(t, STATUS_FILTER_KEYS, code) }))}
      />
      <Button icon={<RefreshIcon />} onClick={onReset}>
        {t('residents.list.reset')}
      </Button>
      <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />}>
        {t('residents.list.query')}
      </Button>
      {onAdd ? (
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={onAdd} data-testid="resident-add">
          {t('residents.list.add')}
        </Button>
      ) : null}
      {onMoveIn ? (
        <Button intent={Intent.SUCCESS} icon={<NewPersonIcon />} onClick={onMoveIn} data-testid="resident-move-in">
          {t('residents.moveIn.start')}
        </Button>
      ) : null}
      {onMoveInFromPapers ? (
        <Button icon={<DocumentOpenIcon />} onClick={onMoveInFromPapers} data-testid="resident-move-in-papers">
          {t('residents.moveIn.fromPapers')}
        </Button>
      ) : null}
    </form>
  );
}
