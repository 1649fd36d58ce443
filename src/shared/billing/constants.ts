// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const PAYMENT_METHODS = ['cash', 'card', 'mpesa', 'nhif', 'insurance'] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** DESIGN.md §8: NHIF became SHA on 1 October 2024; the value stays, the label follows the facts. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  mpesa: 'M-Pesa',
  nhif: 'SHA (formerly NHIF)',
  insurance: 'Insurance',
};

export const SERVICE_TYPES = ['consultation', 'laboratory', 'radiology', 'pharmacy', 'emergency', 'surgery', 'maternity'] as const;

export const INSURANCE_PROVIDERS = ['nhif', 'madison', 'aap', 'jubilee', 'aar'] as const;

export const BILLING_STATUSES = ['paid', 'pending', 'overdue', 'processing', 'cancelled'] as const;

export type BillingStatus = (typeof BILLING_STATUSES)[number];
