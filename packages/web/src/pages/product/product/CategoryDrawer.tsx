import { useState } from 'react';
import { App, Button, Drawer, Empty, Form, Input, InputNumber, Space, Tree, TreeSelect, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORY_NAME_MAX, CATEGORY_SORT_MAX, PERMISSIONS, type CategoryNode } from '@rd/contract';
import { CATEGORIES_QUERY_KEY, PRODUCTS_QUERY_KEY, addCategory, deleteCategory, editCategory } from '../../../api/product';
import { FormModal } from '../../../components/FormModal';
import { PermissionButton } from '../../../components/PermissionButton';
import { useFieldRules } from '../../../components/fieldRules';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { useFormSave } from '../../../components/useFormSave';
import { categoryIds, toCategoryOptions } from './categoryOptions';

type CategoryTarget = { mode: 'add'; parentId: string | null } | { mode: 'edit'; node: CategoryNode };

interface CategoryFormValues {
  parentId?: string | null;
  name: string;
  sort: number;
}

const FIELDS = ['parentId', 'name', 'sort'] as const;

interface TreeNode {
  key: string;
  title: string;
  node: CategoryNode;
  children: TreeNode[];
}

const toTreeNodes = (nodes: readonly CategoryNode[]): TreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, node, children: toTreeNodes(node.children) }));

function CategoryFormModal({ target, tree, onClose }: { target: CategoryTarget; tree: readonly CategoryNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CategoryFormValues>();
  const initialValues: Partial<CategoryFormValues> =
    target.mode === 'add'
      ? { parentId: target.parentId ?? undefined, sort: 0 }
      : { parentId: target.node.parentId ?? undefined, name: target.node.name, sort: target.node.sort };
  const save = useFormSave<CategoryFormValues>({
    form,
    fields: FIELDS,
    save: (values) => {
      const body = { parentId: values.parentId ?? null, name: values.name, sort: values.sort };
      return target.mode === 'add' ? addCategory(body) : editCategory({ id: target.node.id, ...body });
    },
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      onClose();
    },
  });
  return (
    <FormModal
      title={target.mode === 'add' ? t('product.categories.addTitle') : t('product.categories.editTitle')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form<CategoryFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => save.mutate(values)} data-testid="category-form">
        <Form.Item name="parentId" label={t('product.categories.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('product.categories.topLevel')}
            treeData={toCategoryOptions(tree, target.mode === 'edit' ? target.node.id : undefined)}
          />
        </Form.Item>
        <Form.Item name="name" label={t('product.categories.name')} rules={[rules.required(t('product.categories.name')), rules.maxLength(CATEGORY_NAME_MAX)]}>
          <Input maxLength={CATEGORY_NAME_MAX} data-testid="category-form-name" />
        </Form.Item>
        <Form.Item name="sort" label={t('product.categories.sort')} rules={[rules.requiredValue(t('product.categories.sort')), rules.integerRange(0, CATEGORY_SORT_MAX)]}>
          <InputNumber min={0} max={CATEGORY_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The company's product categories as a tree: add at the top or below a category, rename, move, delete. */
export function CategoryDrawer({ tree, onClose }: { tree: readonly CategoryNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [target, setTarget] = useState<CategoryTarget | null>(null);

  const removal = useMutation({
    mutationFn: (node: CategoryNode) => deleteCategory(node.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
    },
  });

  return (
    <Drawer open title={t('product.categories.title')} size={480} onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <PermissionButton code={PERMISSIONS.productEdit} type="primary" onClick={() => setTarget({ mode: 'add', parentId: null })} data-testid="category-add">
          {t('product.categories.add')}
        </PermissionButton>
        {tree.length === 0 ? (
          <Empty description={t('product.categories.empty')} />
        ) : (
          <Tree<TreeNode>
            blockNode
            defaultExpandedKeys={categoryIds(tree)}
            treeData={toTreeNodes(tree)}
            selectable={false}
            titleRender={(item) => (
              <Space size={4} wrap data-testid={`category-${item.node.id}`}>
                <span>{item.node.name}</span>
                <Typography.Text type="secondary">{t('product.categories.productCount', { count: item.node.productCount })}</Typography.Text>
                <Button type="link" size="small" onClick={() => setTarget({ mode: 'add', parentId: item.node.id })}>
                  {t('product.categories.addChild')}
                </Button>
                <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', node: item.node })}>
                  {t('product.categories.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    confirmAction({
                      title: t('product.categories.deleteTitle'),
                      content: t('product.categories.deleteConfirm', { name: item.node.name }),
                      action: () => removal.mutateAsync(item.node),
                    })
                  }
                >
                  {t('product.categories.delete')}
                </Button>
              </Space>
            )}
          />
        )}
      </Space>
      {target && <CategoryFormModal target={target} tree={tree} onClose={() => setTarget(null)} />}
    </Drawer>
  );
}
