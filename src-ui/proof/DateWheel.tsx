/**
 * The birth date wheel: year, month and day columns from 1900-01-01 to today. Changing the year or the month
 * clamps the day (31 January to February gives the 28th or 29th) and nothing after today can be chosen.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../src-shared/domain/settings.ts';
import { INTL_LOCALES } from '../i18n/format.ts';
import { type CalendarDate, clampDate, dayOptions, monthOptions, yearOptions } from './age.ts';
import styles from './DateWheel.module.css';
import { WheelColumn } from './WheelColumn.tsx';

export interface DateWheelProps {
  value: CalendarDate;
  today: CalendarDate;
  onChange: (next: CalendarDate) => void;
  /** Translated name of the whole wheel, e.g. the sheet's title. */
  label: string;
}

const plain = (n: number) => String(n);

export function DateWheel({ value, today, onChange, label }: DateWheelProps) {
  const { t, i18n } = useTranslation();
  const locale = INTL_LOCALES[i18n.language as Language] ?? INTL_LOCALES.en;
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(Date.UTC(2000, month - 1, 1));
  }, [locale]);

  const years = useMemo(() => yearOptions(today), [today]);
  const months = useMemo(() => monthOptions(value.year, today), [value.year, today]);
  const days = useMemo(() => dayOptions(value.year, value.month, today), [value.year, value.month, today]);
  const change = (part: Partial<CalendarDate>) => onChange(clampDate({ ...value, ...part }, today));

  const columns = [
    { key: 'year', label: t('ageVerification.year'), items: years, value: value.year, format: plain },
    { key: 'month', label: t('ageVerification.month'), items: months, value: value.month, format: monthName },
    { key: 'day', label: t('ageVerification.day'), items: days, value: value.day, format: plain },
  ] as const;

  return (
    <fieldset className={styles.wheel}>
      <legend className="visually-hidden">{label}</legend>
      {columns.map((column) => (
        <div key={column.key} className={styles[column.key]}>
          <span className={styles.caption} aria-hidden="true">
            {column.label}
          </span>
          <WheelColumn
            label={column.label}
            items={column.items}
            value={column.value}
            format={column.format}
            onChange={(item) => change({ [column.key]: item })}
          />
        </div>
      ))}
    </fieldset>
  );
}
