import type { ShipmentRow } from '@rd/contract';

/** Tag colours of an order's status, the same on every screen that lists orders. */
export const SHIPMENT_STATUS_COLORS: Record<ShipmentRow['status'], string> = { OPEN: 'processing', COMPLETED: 'blue', RECEIVED: 'success', CANCELLED: 'default' };
