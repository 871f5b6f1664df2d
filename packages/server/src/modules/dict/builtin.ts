import { BUILTIN_DICTIONARIES } from '../../seed/builtinDictionaries.js';

const BUILTIN_TYPES = new Set(BUILTIN_DICTIONARIES.map((t) => t.typeCode));
const BUILTIN_ITEMS = new Set(BUILTIN_DICTIONARIES.flatMap((t) => t.items.map((i) => `${t.typeCode}\u0000${i.code}`)));

/**
 * Delivered dictionaries cannot be deleted: the seed would bring them back at the next start, and the
 * product's own screens rely on them. They can be edited and disabled.
 */
export const isBuiltinType = (typeCode: string): boolean => BUILTIN_TYPES.has(typeCode);
export const isBuiltinItem = (typeCode: string, dicCode: string): boolean => BUILTIN_ITEMS.has(`${typeCode}\u0000${dicCode}`);
