export * from './types';
export * from './fields';
export * from './money';
export * from './normalise';
export * from './custom';
export * from './field-groups';
export * from './entity-field-groups';
export * from './zod';
export * from './storage';
export type { EntityName } from './entity-names.generated';
export { menuGroups, screens, findScreen } from './groups';
export { entities, findEntity, getEntity } from './entities';
export { AUDIT_ACTIONS, CUSTOM_FIELD_KINDS, type AuditAction } from './administration';
export {
  ONLINE_ORDER_ACTIONS,
  ONLINE_ORDER_STATUSES,
  WEBHOOK_EVENTS,
  type OnlineOrderAction,
  type OnlineOrderStatus,
  type WebhookEvent,
} from './online';
export {
  DELIVERY_ORDER_ACTIONS,
  DELIVERY_ORDER_STATUSES,
  STOCK_ADJUSTMENT_STATUSES,
  STOCK_COUNT_ACTIONS,
  STOCK_COUNT_SCOPES,
  STOCK_COUNT_STATUSES,
  STOCK_MOVEMENT_KINDS,
  type DeliveryOrderAction,
  type DeliveryOrderStatus,
  type StockAdjustmentStatus,
  type StockCountAction,
  type StockCountScope,
  type StockCountStatus,
  type StockMovementKind,
} from './inventory';
export {
  GOODS_RECEIPT_KINDS,
  LANDED_COST_BASES,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  type GoodsReceiptKind,
  type LandedCostBasis,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from './purchasing';

/** Every list-value category is a menu item `listvalue/{code}` served by the shared `listvalue` screen. */
export const listValueRoute = (categoryCode: string) => `listvalue/${categoryCode.toLowerCase()}`;

/** A path containing listvalue but not listvaluecategory maps to the shared list-value screen. */
export const isListValuePath = (path: string) => path.includes('listvalue') && !path.includes('listvaluecategory');
export {
  DIFFERENCE_REASONS,
  SALE_CHANNELS,
  SALE_KINDS,
  SALE_VOUCHER_STATUSES,
  type DifferenceReason,
  type SaleKind,
} from './pos';
