import { Tag } from 'antd';
import { EMPTY } from '../utils/format';
import { findOption, type DictValue } from './dictionaries';
import { useDictionaries } from './useDictionaries';

export interface DictTagProps {
  typeCode: string;
  value: DictValue;
}

/** A value shown as its dictionary label in the item's tag colour; an unknown value shows as it is. */
export function DictTag({ typeCode, value }: DictTagProps) {
  const { groups } = useDictionaries();
  if (value === null || value === undefined || value === '') return <>{EMPTY}</>;
  const option = findOption(groups, typeCode, value);
  if (!option) return <>{String(value)}</>;
  return (
    <Tag color={option.color || undefined} data-testid={`dict-tag-${typeCode}-${option.value}`}>
      {option.label}
    </Tag>
  );
}
