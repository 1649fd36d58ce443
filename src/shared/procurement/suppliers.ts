// Suppliers and the county's item catalogue (issue 28 item 1; PROCUREMENT.md "Suppliers of health commodities"):
// SPEC.md §3's supplier (name, category, contact, phone, location, rating, payment terms, status, total orders and
// value) with what a Kenyan public buyer must hold — KRA PIN, tax compliance certificate expiry, AGPO category and
// certificate expiry, bank details — and a type: a commercial firm, a public entity (KEMSA), a faith-based supplier
// (MEDS) or a donor or programme. The rating is worked out from deliveries, inspections and invoices, never typed.
import { z } from 'zod';
import { optionalEnumQuery, optionalIdQuery, optionalIsoDate, optionalText, requiredId, requiredNumber, requiredText, searchQuery, hasNoNul, NUL_MESSAGE } from '../validation.js';

export const SUPPLIER_TYPES = ['commercial', 'public_entity', 'faith_based', 'donor'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];
export const SUPPLIER_CATEGORIES = ['pharmaceuticals', 'medical_supplies', 'laboratory', 'equipment', 'nutrition', 'services', 'other'] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];
/** SPEC.md §4's sample status 'Approved'; a supplier is also pending its documents, or suspended. */
export const SUPPLIER_STATUSES = ['approved', 'pending', 'suspended'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
/** Access to Government Procurement Opportunities: youth, women, persons with disability (PROCUREMENT.md). */
export const AGPO_CATEGORIES = ['none', 'youth', 'women', 'pwd'] as const;
export type AgpoCategory = (typeof AGPO_CATEGORIES)[number];

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;
const PHONE = /^(?:\+254|0)[17]\d{8}$/;
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optional = (inner: z.ZodType<string>) => z.preprocess(blankToNull, inner.nullish()).transform((v) => v ?? null);

const supplierFields = {
  name: requiredText('Supplier name is required', 120, 'Supplier name must be at most 120 characters'),
  type: z.enum(SUPPLIER_TYPES, { error: 'Type is commercial, public entity, faith-based or donor' }),
  category: z.enum(SUPPLIER_CATEGORIES, { error: 'Category is required' }),
  contact: requiredText('Contact person is required', 80, 'Contact person must be at most 80 characters'),
  phone: z
    .string({ error: 'Phone is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(PHONE, 'Phone is a Kenyan number (0712345678 or +254712345678)')),
  email: optional(z.string().trim().max(120, 'Email must be at most 120 characters').email('Email is not an email address')),
  location: requiredText('Location is required', 120, 'Location must be at most 120 characters'),
  kraPin: optional(z.string().trim().toUpperCase().regex(KRA_PIN, 'KRA PIN is a letter A or P, nine digits and a letter (P051234567X)')),
  taxComplianceExpiry: optionalIsoDate(),
  agpoCategory: z.enum(AGPO_CATEGORIES, { error: 'AGPO category is none, youth, women or pwd' }),
  agpoExpiry: optionalIsoDate(),
  bankName: optional(z.string().trim().max(80, 'Bank must be at most 80 characters').refine(hasNoNul, NUL_MESSAGE)),
  bankBranch: optional(z.string().trim().max(80, 'Branch must be at most 80 characters').refine(hasNoNul, NUL_MESSAGE)),
  bankAccount: optional(z.string().trim().regex(/^\d{6,20}$/, 'Account number is 6 to 20 digits')),
  paymentTermsDays: requiredNumber('Payment terms are required').pipe(z.number().int('Payment terms are whole days').min(0, 'Payment terms cannot be negative').max(365, 'Payment terms are at most 365 days')),
  status: z.enum(SUPPLIER_STATUSES, { error: 'Status is approved, pending or suspended' }),
  notes: optionalText(500, 'Notes must be at most 500 characters'),
};

/** What a commercial supplier must show before an order (a KRA PIN); an AGPO category needs its certificate's expiry. */
export function supplierIssues(v: { type?: SupplierType; kraPin?: string | null; agpoCategory?: AgpoCategory; agpoExpiry?: string | null }): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.type === 'commercial' && !v.kraPin) issues.push({ path: 'kraPin', message: 'A commercial supplier needs a KRA PIN' });
  if (v.agpoCategory !== undefined && v.agpoCategory !== 'none' && !v.agpoExpiry) issues.push({ path: 'agpoExpiry', message: 'Give the AGPO certificate’s expiry date' });
  return issues;
}
const supplierRules = (v: Parameters<typeof supplierIssues>[0], ctx: z.RefinementCtx) => {
  for (const issue of supplierIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** POST /api/procurement/suppliers: a new supplier waits for its documents (pending) unless said otherwise. */
export const createSupplierBody = z
  .object({ ...supplierFields, agpoCategory: supplierFields.agpoCategory.default('none'), status: supplierFields.status.default('pending') })
  .superRefine(supplierRules);
export type CreateSupplierBody = z.infer<typeof createSupplierBody>;
/** PATCH /api/procurement/suppliers/:id: the fields sent (no defaults: what is not sent is kept), checked with those kept. */
export const updateSupplierBody = z
  .object(supplierFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSupplierBody = z.infer<typeof updateSupplierBody>;

export const listSuppliersQuery = z.object({
  search: searchQuery,
  type: optionalEnumQuery(SUPPLIER_TYPES, 'Type is commercial, public_entity, faith_based or donor'),
  status: optionalEnumQuery(SUPPLIER_STATUSES, 'Status is approved, pending or suspended'),
});

export const supplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(SUPPLIER_TYPES),
  category: z.enum(SUPPLIER_CATEGORIES),
  contact: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  location: z.string(),
  kraPin: z.string().nullable(),
  taxComplianceExpiry: z.string().nullable(),
  /** Whether the tax compliance certificate is in force today (a public entity or donor needs none). */
  taxCompliant: z.boolean(),
  agpoCategory: z.enum(AGPO_CATEGORIES),
  agpoExpiry: z.string().nullable(),
  bankName: z.string().nullable(),
  bankBranch: z.string().nullable(),
  bankAccount: z.string().nullable(),
  paymentTermsDays: z.number(),
  status: z.enum(SUPPLIER_STATUSES),
  notes: z.string().nullable(),
  /** Out of 5, from performance; null until the supplier has delivered. */
  rating: z.number().nullable(),
  performance: z.object({ onTimePercent: z.number().nullable(), rejectedPercent: z.number().nullable(), invoiceAccuracyPercent: z.number().nullable() }),
  totalOrders: z.number(),
  totalValue: z.number(),
  catalogItems: z.number(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/**
 * The rating from performance (PROCUREMENT.md): on-time deliveries, quantities accepted at inspection and invoices
 * that matched, each out of 100, weighed 40/40/20, as 0–5 to one decimal; null while none is known.
 */
export function supplierRating(p: { onTimePercent: number | null; rejectedPercent: number | null; invoiceAccuracyPercent: number | null }): number | null {
  const parts: [number, number][] = [];
  if (p.onTimePercent !== null) parts.push([p.onTimePercent, 0.4]);
  if (p.rejectedPercent !== null) parts.push([100 - p.rejectedPercent, 0.4]);
  if (p.invoiceAccuracyPercent !== null) parts.push([p.invoiceAccuracyPercent, 0.2]);
  if (parts.length === 0) return null;
  const weight = parts.reduce((n, [, w]) => n + w, 0);
  return Math.round((parts.reduce((n, [v, w]) => n + v * w, 0) / weight / 20) * 10) / 10;
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue

/** Import Catalog: a supplier's price list or the KEMSA product list (code, name, category, unit, pack size, price). */
export const CATALOG_COLUMNS = ['code', 'name', 'category', 'unit', 'pack_size', 'unit_price'] as const;
export const MAX_CATALOG_CSV = 2_000_000;
export const importCatalogBody = z.object({
  supplierId: requiredId('Supplier is required'),
  csv: z.string({ error: 'The CSV file is required' }).min(1, 'The CSV file is required').max(MAX_CATALOG_CSV, 'The CSV file is too large (at most 2 MB)').refine(hasNoNul, NUL_MESSAGE),
  /** The date the prices hold from (today when not given). */
  effectiveFrom: optionalIsoDate(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type ImportCatalogBody = z.infer<typeof importCatalogBody>;

export const catalogImportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(z.object({ line: z.number(), code: z.string(), name: z.string(), category: z.string(), unit: z.string(), packSize: z.number(), unitPrice: z.number(), isNew: z.boolean() })),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type CatalogImport = z.infer<typeof catalogImportSchema>;

export const listCatalogQuery = z.object({ search: searchQuery, supplierId: optionalIdQuery });
export const catalogItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  packSize: z.number(),
  /** Each supplier's price in force today. */
  prices: z.array(z.object({ supplierId: z.number(), supplierName: z.string(), unitPrice: z.number(), effectiveFrom: z.string() })),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;
