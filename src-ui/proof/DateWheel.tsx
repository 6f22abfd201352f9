/**
 * The birth date wheel: year, month and day columns from 1900-01-01 to today. Changing the year or the month
 * clamps the day (31 January to February gives the 28th or 29th) and nothing after today can be chosen.
 */
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDate } from '../../src-shared/domain/age.ts';
import type { Language } from '../../src-shared/domain/settings.ts';
import { INTL_LOCALES } from '../i18n/format.ts';
import { clampDate, dayOptions, monthOptions, yearOptions } from './age.ts';
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
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
/** Room left beside the widest name, px: the selected item is bold, and the band has its border. */
const MONTH_MARGIN_PX = 12;

/** Month names in the locale: `long` ("September"), or `short` ("Sep") where the long ones do not fit. */
function monthNames(locale: string, month: 'long' | 'short') {
  const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
  return (n: number) => format.format(Date.UTC(2000, n - 1, 1));
}

/**
 * Whether every full month name fits the month column, measured in the items' own font (bold, as the selected one is)
 * and again when the column's width changes: at 200% text on a narrow phone they do not.
 */
function useNamesFit(column: RefObject<HTMLDivElement | null>, names: readonly string[]): boolean {
  const [fit, setFit] = useState(true);
  useLayoutEffect(() => {
    const element = column.current;
    const context = document.createElement('canvas').getContext('2d');
    if (!element || !context || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(element);
      context.font = `700 ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(...names.map((name) => context.measureText(name).width));
      setFit(widest + MONTH_MARGIN_PX <= element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [column, names]);
  return fit;
}

export function DateWheel({ value, today, onChange, label }: DateWheelProps) {
  const { t, i18n } = useTranslation();
  const locale = INTL_LOCALES[i18n.language as Language] ?? INTL_LOCALES.en;
  const longName = useMemo(() => monthNames(locale, 'long'), [locale]);
  const shortName = useMemo(() => monthNames(locale, 'short'), [locale]);
  const monthColumn = useRef<HTMLDivElement>(null);
  const longNames = useMemo(() => MONTHS.map(longName), [longName]);
  const monthName = useNamesFit(monthColumn, longNames) ? longName : shortName;

  const years = useMemo(() => yearOptions(today), [today]);
  const months = useMemo(() => monthOptions(value.year, today), [value.year, today]);
  const days = useMemo(() => dayOptions(value.year, value.month, today), [value.year, value.month, today]);
  const change = (part: Partial<CalendarDate>) => onChange(clampDate({ ...value, ...part }, today));

  const columns = [
    { key: 'year', label: t('ageVerification.year'), items: years, value: value.year, format: plain },
    {
      key: 'month',
      label: t('ageVerification.month'),
      items: months,
      value: value.month,
      format: monthName,
      // A screen reader hears the full name, whatever fits on screen.
      spoken: longName,
    },
    { key: 'day', label: t('ageVerification.day'), items: days, value: value.day, format: plain },
  ] as const;

  return (
    <fieldset className={styles.wheel}>
      <legend className="visually-hidden">{label}</legend>
      {columns.map((column) => (
        <div key={column.key} className={styles[column.key]} ref={column.key === 'month' ? monthColumn : undefined}>
          <span className={styles.caption} aria-hidden="true">
            {column.label}
          </span>
          <WheelColumn
            label={column.label}
            items={column.items}
            value={column.value}
            format={column.format}
            spoken={'spoken' in column ? column.spoken : undefined}
            onChange={(item) => change({ [column.key]: item })}
          />
        </div>
      ))}
    </fieldset>
  );
}
