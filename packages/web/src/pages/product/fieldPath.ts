/**
 * A server field name as a form name path: 'attrs.weight' → ['attrs', 'weight'],
 * 'farmingRecords.0.date' → ['farmingRecords', 0, 'date'] (list indexes as numbers, as Form.List names them).
 */
export function fieldPath(field: string): Array<string | number> {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
