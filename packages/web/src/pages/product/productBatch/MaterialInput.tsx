import { Cascader, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MaterialTypeNode } from '@rd/contract';
import { MATERIAL_TYPES_QUERY_KEY, fetchMaterialTypeTree } from '../../../api/materialType';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { withMaterialType } from './materialText';

interface MaterialOption {
  value: string;
  label: string;
  children?: MaterialOption[];
}

const toOptions = (nodes: MaterialTypeNode[]): MaterialOption[] =>
  nodes.map((n) => ({ value: n.typeCode, label: n.typeName, children: n.children.length ? toOptions(n.children) : undefined }));

const namesOf = (nodes: MaterialTypeNode[]): string[] => nodes.flatMap((n) => [n.typeName, ...namesOf(n.children)]);

/**
 * The material of a farming record: free text (what and how much: "复合肥 50kg/亩"), with the material
 * type tree beside it to start the text from a known type. Picking a type puts its name first and keeps
 * what was typed after an earlier pick.
 */
export function MaterialInput({ value, onChange, maxLength }: { value?: string; onChange?: (value: string) => void; maxLength: number }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const tree = useQuery({ queryKey: [...MATERIAL_TYPES_QUERY_KEY, lang], queryFn: fetchMaterialTypeTree, staleTime: 10 * 60_000 });
  const text = value ?? '';

  const pick = (_path: unknown, chosen: MaterialOption[] | undefined) => {
    const name = chosen?.[chosen.length - 1]?.label;
    if (name) onChange?.(withMaterialType(text, name, namesOf(tree.data ?? []), maxLength));
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Cascader<MaterialOption>
        options={toOptions(tree.data ?? [])}
        value={[]}
        onChange={pick as never}
        changeOnSelect
        showSearch={{ filter: (input, path) => path.some((o) => o.label.toLowerCase().includes(input.toLowerCase())) }}
        loading={tree.isLoading}
        placeholder={t('farmer.material.pick')}
        style={{ width: '45%' }}
        data-testid="material-type-pick"
      />
      <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={maxLength} placeholder={t('farmer.material.placeholder')} />
    </Space.Compact>
  );
}
