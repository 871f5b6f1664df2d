/** Labels of the dealer's fields in refusals. */
export const DEALER_MESSAGES = {
  codeLabel: { zh_CN: '经销商编码', en_US: 'Dealer code' },
} as const;
