import type { RecallState } from '@rd/contract';

/** Tag colours: the most serious class in red; an active recall stands out, a closed one is quiet. */
export const RECALL_LEVEL_COLORS: Record<1 | 2 | 3, string> = { 1: 'red', 2: 'orange', 3: 'gold' };
export const RECALL_STATE_COLORS: Record<RecallState, string> = { DRAFT: 'default', ACTIVE: 'red', CLOSED: 'green' };
