// Kept apart from the billing constants, which every screen's chunk shares: only the billing desk reads it.
/** How many cash receipt numbers a device asks for at a time (issue 34): a busy dispensary's cash for a day or two without the link. */
export const RECEIPT_BLOCK_SIZE = 25;
