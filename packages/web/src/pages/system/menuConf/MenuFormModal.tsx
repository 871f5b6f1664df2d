import { useEffect, useMemo } from 'react';
import { AutoComplete, Form, Input, InputNumber, Radio, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACCESS_SORT_MAX,
  MENU_CODE,
  MENU_SCOPES,
  MENU_NAME_EN_MAX,
  MENU_NAME_MAX,
  PERMISSION_CODE,
  ROUTE_NAME,
  type MenuConfNode,
  type MenuScope,
  type MenuType,
} from '@rd/contract';
import { saveMenu } from '../../../api/menuConf';
import { MENU_ICON_NAMES, MenuIcon } from '../../../app/layout/menuIcons';
import { ROUTE_TABLE } from '../../../app/routeTable';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';
import { findNode, parentChoices } from './menuTree';

export type MenuFormTarget = { kind: 'add'; parentCode: string | null } | { kind: 'edit'; node: MenuConfNode };

interface MenuFormValues {
  menuName: string;
  menuNameEn: string;
  menuCode: string;
  menuIcon?: string;
  sort: number;
  menuUrl?: string;
  type: MenuType;
  parentMenuCode?: string | null;
  isShow: '0' | '1';
  permission?: string;
  scope: MenuScope;
}

const FIELDS = ['menuName', 'menuNameEn', 'menuCode', 'menuIcon', 'sort', 'menuUrl', 'type', 'parentMenuCode', 'isShow', 'permission', 'scope'] as const;

export interface MenuFormModalProps {
  target: MenuFormTarget;
  tree: readonly MenuConfNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** Route names the client can render: a screen's url must name one of them to become a route. */
const ROUTE_NAMES = [...new Set(ROUTE_TABLE.flatMap((r) => (r.preview ? [r.name, r.preview.name] : [r.name])))].sort();

/** Add or edit one menu or button element. */
export function MenuFormModal({ target, tree, onClose, onSaved }: MenuFormModalProps) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const [form] = Form.useForm<MenuFormValues>();
  const editing = target.kind === 'edit' ? target.node : null;
  const type = Form.useWatch('type', form) ?? editing?.type ?? 'MENU';
  const parentCode = Form.useWatch('parentMenuCode', form);
  const parent = parentCode ? findNode(tree, (n) => n.menuCode === parentCode) : undefined;
  // Under a platform-only or company-only parent an element has the parent's scope.
  const inheritedScope = parent && parent.scope !== 'ALL' ? parent.scope : null;

  const initialValues: MenuFormValues = editing
    ? {
        menuName: editing.menuName,
        menuNameEn: editing.menuNameEn,
        menuCode: editing.menuCode,
        menuIcon: editing.menuIcon || undefined,
        sort: editing.sort,
        menuUrl: editing.menuUrl,
        type: editing.type,
        parentMenuCode: editing.parentMenuCode,
        isShow: editing.isShow,
        permission: editing.permission ?? '',
        scope: editing.scope,
      }
    : {
        menuName: '',
        menuNameEn: '',
        menuCode: '',
        sort: 0,
        type: 'MENU',
        parentMenuCode: target.kind === 'add' ? target.parentCode : null,
        isShow: '1',
        scope: 'ALL',
      };

  useEffect(() => {
    if (inheritedScope) form.setFieldValue('scope', inheritedScope);
  }, [form, inheritedScope]);

  const parentOptions = useMemo(() => parentChoices(tree, editing?.id ?? null, lang), [tree, editing, lang]);

  const save = useFormSave({
    form,
    fields: FIELDS,
    save: ({ scope, ...fields }: MenuFormValues) => {
      // the parent as submitted, not as last watched: a quick submit can come before the watch re-renders
      const parentScope = findNode(tree, (n) => n.menuCode === fields.parentMenuCode)?.scope ?? 'ALL';
      return saveMenu({
        ...fields,
        id: editing?.id,
        menuIcon: fields.menuIcon ?? '',
        menuUrl: fields.menuUrl ?? '',
        parentMenuCode: fields.parentMenuCode ?? '',
        permission: fields.permission ?? '',
        scope: parentScope !== 'ALL' ? parentScope : scope,
      });
    },
    onSaved,
  });

  return (
    <FormModal title={t(editing ? 'menuConf.editTitle' : 'menuConf.addTitle')} form={form} saving={save.isPending} onClose={onClose} width={640}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={(values) => save.mutate(values)}
        data-testid="menu-form"
      >
        <Form.Item name="type" label={t('menuConf.type')}>
          <Radio.Group
            options={[
              { value: 'MENU', label: t('menuConf.typeMENU') },
              { value: 'BUTTON', label: t('menuConf.typeBUTTON') },
            ]}
          />
        </Form.Item>
        <Form.Item name="parentMenuCode" label={t('menuConf.parentMenuCode')}>
          <TreeSelect
            allowClear
            showSearch
            treeDefaultExpandAll
            placeholder={t('menuConf.topLevel')}
            treeData={parentOptions}
            treeNodeFilterProp="title"
            data-testid="menu-parent"
          />
        </Form.Item>
        <Form.Item name="menuName" label={t('menuConf.menuName')} rules={[rules.required(t('menuConf.menuName')), { max: MENU_NAME_MAX, message: t('menuConf.tooLong', { max: MENU_NAME_MAX }) }]}>
          <Input maxLength={MENU_NAME_MAX} data-testid="menu-name" />
        </Form.Item>
        <Form.Item name="menuNameEn" label={t('menuConf.menuNameEn')} rules={[rules.required(t('menuConf.menuNameEn')), { max: MENU_NAME_EN_MAX, message: t('menuConf.tooLong', { max: MENU_NAME_EN_MAX }) }]}>
          <Input maxLength={MENU_NAME_EN_MAX} data-testid="menu-name-en" />
        </Form.Item>
        <Form.Item
          name="menuCode"
          label={t('menuConf.menuCode')}
          rules={[rules.required(t('menuConf.menuCode')), { pattern: MENU_CODE, message: t('menuConf.menuCodeRule') }]}
        >
          <Input maxLength={64} data-testid="menu-code" />
        </Form.Item>
        <Form.Item
          name="permission"
          label={t('menuConf.permission')}
          dependencies={['type']}
          rules={[
            // Read at validation time: the type may have just changed.
            ({ getFieldValue }) => ({ ...rules.required(t('menuConf.permission')), required: getFieldValue('type') === 'BUTTON' }),
            { pattern: PERMISSION_CODE, message: t('menuConf.permissionRule') },
          ]}
        >
          <Input maxLength={100} placeholder="system:user:add" data-testid="menu-permission" />
        </Form.Item>
        {type === 'MENU' && (
          <>
            <Form.Item name="menuUrl" label={t('menuConf.menuUrl')} rules={[{ pattern: ROUTE_NAME, message: t('menuConf.identifierRule') }]}>
              <AutoComplete
                allowClear
                options={ROUTE_NAMES.map((name) => ({ value: name }))}
                filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
                data-testid="menu-url"
              />
            </Form.Item>
            <Form.Item name="menuIcon" label={t('menuConf.menuIcon')}>
              <Select
                allowClear
                showSearch
                options={MENU_ICON_NAMES.map((name) => ({
                  value: name,
                  label: (
                    <Space>
                      <MenuIcon name={name} />
                      {name}
                    </Space>
                  ),
                }))}
                filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
                data-testid="menu-icon"
              />
            </Form.Item>
            <Form.Item name="isShow" label={t('menuConf.isShow')}>
              <Radio.Group
                options={[
                  { value: '1', label: t('menuConf.shown') },
                  { value: '0', label: t('menuConf.hidden') },
                ]}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sort" label={t('menuConf.sort')}>
          <InputNumber min={0} max={ACCESS_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="scope" label={t('menuConf.scope')} extra={t('menuConf.scopeHelp')}>
          <Radio.Group
            disabled={inheritedScope !== null}
            options={MENU_SCOPES.map((value) => ({ value, label: t(`menuConf.scope${value}`) }))}
            data-testid="menu-scope"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
