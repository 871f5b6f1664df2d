import type productTemplateZh from '../zh_CN/productTemplate';

/** Product template screens (English). */
const productTemplate: typeof productTemplateZh = {
  name: 'Template name',
  remark: 'Remark',
  status: 'Status',
  statuses: { ENABLED: 'Enabled', DISABLED: 'Disabled' },
  attributeCount: 'Attributes',
  productCount: 'Products using it',
  updatedAt: 'Updated at',
  add: 'Add template',
  edit: 'Edit',
  delete: 'Delete',
  inUse: 'Products use this template; it cannot be deleted',
  deleteTitle: 'Delete template',
  deleteConfirm: 'Deleting may break business data. Delete the template “{{name}}”?',
  addTitle: 'Add template',
  editTitle: 'Edit template',
  back: 'Back',
  save: 'Save',
  cancel: 'Cancel',
  notFound: 'The template does not exist or was deleted',
  attributes: 'Attributes',
  attributesHint: 'Attributes appear on the product form and the scan page in this order; the key names the value in each product.',
  usedWarning:
    '{{count}} products use this template: removing an attribute removes its values from them, and a new required attribute must be filled in at their next edit.',
  noAttributes: 'No attributes yet: click “Add attribute” to define one',
  addAttribute: 'Add attribute',
  attrKey: 'Key',
  label: 'Name',
  labelEn: 'English name',
  type: 'Type',
  required: 'Required',
  showOnScan: 'On scan page',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  types: { TEXT: 'Text', NUMBER: 'Number', DATE: 'Date', IMAGE: 'Image', RICH_TEXT: 'Rich text' },
};

export default productTemplate;
