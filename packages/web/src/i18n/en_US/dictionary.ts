import type dictionary from '../zh_CN/dictionary';

/** Dictionaries screen (English); typed by the Chinese file. */
const dictionaryEn: typeof dictionary = {
  types: 'Dictionary types',
  items: 'Dictionary items',
  itemsOf: 'Items of {{name}} ({{code}})',
  pickType: 'Click "Items" on a dictionary type above to see its items',
  typeCode: 'Type code',
  typeName: 'Type name',
  typeNameEn: 'English name',
  itemCount: 'Items',
  dicCode: 'Value',
  dicName: 'Label',
  dicNameEn: 'English label',
  tagColor: 'Tag colour',
  noColor: 'Default',
  preview: 'Preview',
  sort: 'Sort',
  status: 'Status',
  remark: 'Remark',
  builtin: 'Built-in',
  builtinHint: 'Built-in data cannot be deleted; it can be edited or disabled',
  addType: 'Add type',
  editType: 'Edit type',
  addItem: 'Add item',
  editItem: 'Edit item',
  showItems: 'Items',
  edit: 'Edit',
  delete: 'Delete',
  deleteTypeTitle: 'Delete dictionary type',
  deleteTypeConfirm: 'Deleting may break business data. Delete dictionary type "{{name}}" and all of its items?',
  deleteItemTitle: 'Delete dictionary item',
  deleteItemConfirm: 'Deleting may break business data. Delete dictionary item "{{name}}"?',
};

export default dictionaryEn;
