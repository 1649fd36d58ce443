// What the server answers, one factory per record, with overrides (STYLE.md rule 9): a test says only what its
// story needs ("an overdue invoice for Mary Atieno"), the rest is a plausible Busia record of the contract's shape.
import type { AccessMatrix, AccessUser } from '../../shared/access';
import type { BillingRecord, BillingSummary } from '../../shared/billing';
import type { InventoryItem, InventoryStats } from '../../shared/inventory';
import type { Patient } from '../../shared/patients';
import type { Referral, ReferralStats, ReferringDoctor } from '../../shared/referrals';
import type { Report } from '../../shared/reports';
import type { RevenueFigure, RevenueRecord, RevenueSummary } from '../../shared/revenue';
import type { StaffMember, StaffStats } from '../../shared/staff';
import { SETTING_DEFAULTS, type SettingChange, type SystemSettings } from '../../shared/system';

const AT = '2026-03-16T06:30:00.000Z';

export function patient(overrides: Partial<Patient> & Pick<Patient, 'id' | 'firstName' | 'lastName'>): Patient {
  return {
    nationalId: String(30_000_000 + overrides.id),
    middleName: null,
    dateOfBirth: '1990-05-14',
    gender: 'female',
    phoneNumber: null,
    nextOfKin: null,
    nextOfKinPhone: null,
    subcounty: 'Matayos',
    ward: null,
    village: null,
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    lastVisitAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function invoice(overrides: Partial<BillingRecord> & Pick<BillingRecord, 'id'>): BillingRecord {
  return {
    invoiceNumber: `INV-2026-${String(overrides.id).padStart(5, '0')}`,
    patientId: 100 + overrides.id,
    patientName: 'Mary Atieno',
    nationalId: '30100200',
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    serviceType: 'consultation',
    amount: 1500,
    paymentMethod: 'cash',
    insuranceProvider: null,
    insuranceNumber: null,
    notes: null,
    status: 'pending',
    createdAt: AT,
    paidAt: null,
    insuranceCoveragePercent: 0,
    patientPayable: overrides.amount ?? 1500,
    amountPaid: 0,
    amountWaived: 0,
    claimStatus: null,
    dueDate: '2026-04-15',
    statusReason: null,
    updatedAt: AT,
    ...overrides,
  };
}

export function billingSummary(overrides: Partial<BillingSummary> = {}): BillingSummary {
  return {
    facilityId: 1,
    date: '2026-03-16',
    paidToday: { amount: 0, count: 0 },
    pending: { amount: 0, count: 0, overdueAmount: 0, overdueCount: 0 },
    insurance: { amount: 0, count: 0, approvedThisMonthAmount: 0, approvedThisMonthCount: 0 },
    mobileMoney: { amount: 0, count: 0 },
    ...overrides,
  };
}

export function referral(overrides: Partial<Referral> & Pick<Referral, 'id'>): Referral {
  return {
    patientId: 100 + overrides.id,
    patientName: 'Grace Nafula',
    patientNationalId: '28765432',
    fromFacilityId: 2,
    fromFacility: 'Alupe Sub-County Hospital',
    fromSubcounty: 'Teso South',
    toFacilityId: 1,
    toFacility: 'Busia County Referral Hospital',
    toSubcounty: 'Matayos',
    referralReason: 'Obstructed labour',
    urgencyLevel: 'urgent',
    status: 'pending',
    referringDoctor: 'Dr. Peter Ouma',
    referringDoctorId: 12,
    clinicalNotes: 'Prolonged second stage',
    referralDate: '2026-03-16',
    updatedAt: AT,
    ...overrides,
  };
}

export const referralStats = (overrides: Partial<ReferralStats> = {}): ReferralStats => ({ pending: 0, inTransit: 0, received: 0, emergency: 0, ...overrides });

export const referringDoctor = (overrides: Partial<ReferringDoctor> & Pick<ReferringDoctor, 'id' | 'name'>): ReferringDoctor => ({ role: 'clinical_officer', facilityId: 1, ...overrides });

export function inventoryItem(overrides: Partial<InventoryItem> & Pick<InventoryItem, 'id' | 'itemName'>): InventoryItem {
  const currentStock = overrides.currentStock ?? 450;
  const unitCost = overrides.unitCost ?? 5;
  return {
    category: 'pharmaceuticals',
    facilityId: 1,
    facility: 'Busia County Referral Hospital',
    currentStock,
    minimumStock: 100,
    unit: 'tablets',
    supplier: 'KEMSA',
    unitCost,
    totalValue: currentStock * unitCost,
    status: 'in_stock',
    lastRestocked: '2026-03-01',
    ...overrides,
  };
}

export const inventoryStats = (overrides: Partial<InventoryStats> = {}): InventoryStats => ({ totalItems: 0, lowStock: 0, outOfStock: 0, totalValue: 0, ...overrides });

export function staffMember(overrides: Partial<StaffMember> & Pick<StaffMember, 'id' | 'firstName' | 'lastName'>): StaffMember {
  return {
    email: `${overrides.firstName.toLowerCase()}.${overrides.lastName.toLowerCase()}@busia.go.ke`,
    role: 'nurse',
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    facilityLevel: 5,
    facilityLocation: 'Busia Town',
    maskedPhone: '0712•••678',
    isActive: true,
    joinedAt: '2021-07-01',
    createdAt: AT,
    canChangeStatus: false,
    awaitingConfirmation: false,
    pendingRole: null,
    awaitingFirstSignIn: false,
    canSendPassword: false,
    ...overrides,
  };
}

export const staffStats = (overrides: Partial<StaffStats> = {}): StaffStats => ({ total: 0, active: 0, medicalOfficers: 0, nurses: 0, onLeave: 0, ...overrides });

/** GET /api/system/settings as a fresh county has it: the defaults saved once by the seed. */
export function systemSettings(overrides: { county?: Partial<SystemSettings['county']> } = {}): SystemSettings {
  const meta = { version: 1, updatedAt: AT, updatedByName: 'Seed' };
  return {
    county: { value: { ...SETTING_DEFAULTS.county }, ...meta, ...overrides.county },
    sms: { value: { ...SETTING_DEFAULTS.sms }, ...meta },
    appointments: { value: { ...SETTING_DEFAULTS.appointments }, ...meta },
    supply: { value: { ...SETTING_DEFAULTS.supply }, ...meta },
    secrets: { 'sms.apiKey': { key: 'sms.apiKey', isSet: false, updatedAt: null, updatedByName: null } },
    status: {
      sms: {
        gateway: 'simulator',
        environment: null,
        source: null,
        username: null,
        senderId: null,
        remindersEnabled: true,
        lastMessageAt: null,
        sentLast30Days: 0,
        deliveryReportPath: null,
        failedLast30Days: 0,
      },
      payments: { mpesa: { mode: 'simulator' }, card: { mode: 'simulator' } },
      khis: { configured: false, url: null, username: null, forms: [] },
      fiscalYear: { label: '2025/26', start: '2025-07-01', end: '2026-06-30', status: 'open', months: [] },
      backups: { schedule: '02:00', keep: { daily: 7, weekly: 4, monthly: 12 }, offsite: false, lastRun: null, lastGoodAt: null, overdue: false },
    },
  };
}

export function settingChange(overrides: Partial<SettingChange> & Pick<SettingChange, 'id'>): SettingChange {
  return { section: 'county', target: '', version: 2, before: null, after: null, changedByName: 'Margaret Nekesa', changedAt: AT, ...overrides };
}

export function accessUser(overrides: Partial<AccessUser> & Pick<AccessUser, 'id' | 'name'>): AccessUser {
  return {
    email: `${overrides.name.toLowerCase().replace(/[^a-z]+/g, '.')}@busia.go.ke`,
    role: 'nurse',
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    subcounty: 'Matayos',
    isActive: true,
    isDemo: false,
    activeSessions: 0,
    lastSeenAt: null,
    passkeys: 0,
    canChange: true,
    pendingRole: null,
    ...overrides,
  };
}

export const accessMatrix = (overrides: Partial<AccessMatrix> = {}): AccessMatrix => ({ roles: [], permissions: [], grants: {}, ...overrides });

const figure = (overrides: Partial<RevenueFigure> = {}): RevenueFigure => ({ amount: 0, count: 0, previousAmount: 0, previousCount: 0, changePercent: null, ...overrides });

export function revenueSummary(
  overrides: Partial<Omit<RevenueSummary, 'totalRevenue' | 'shaClaims' | 'cashPayments' | 'pendingPayments'>> & {
    totalRevenue?: Partial<RevenueFigure>;
    shaClaims?: Partial<RevenueFigure>;
    cashPayments?: Partial<RevenueFigure>;
    pendingPayments?: Partial<RevenueSummary['pendingPayments']>;
  } = {},
): RevenueSummary {
  const { totalRevenue, shaClaims, cashPayments, pendingPayments, ...rest } = overrides;
  return {
    period: 'month',
    facilityId: 1,
    current: { start: '2026-03-01', end: '2026-03-16' },
    previous: { start: '2026-02-13', end: '2026-02-28' },
    totalRevenue: figure(totalRevenue),
    shaClaims: figure(shaClaims),
    cashPayments: figure(cashPayments),
    pendingPayments: { ...figure(pendingPayments), overdueAmount: 0, overdueCount: 0, ...pendingPayments },
    ...rest,
  };
}

export function revenueRecord(overrides: Partial<RevenueRecord> & Pick<RevenueRecord, 'id'>): RevenueRecord {
  return {
    invoiceNumber: `INV-2026-${String(overrides.id).padStart(5, '0')}`,
    createdAt: AT,
    patientId: 100 + overrides.id,
    patientName: 'Mary Atieno',
    nationalId: '30100200',
    serviceType: 'consultation',
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    amount: 1500,
    paymentMethod: 'cash',
    insuranceProvider: null,
    insuranceCoveragePercent: 0,
    patientPayable: overrides.amount ?? 1500,
    status: 'paid',
    statusReason: null,
    dueDate: null,
    paidAt: AT,
    ...overrides,
  };
}

/** A generated report as the list answers it: Butula's MOH 705A for February 2026, unless told otherwise. */
export function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 7,
    name: 'MOH 705A Outpatient Summary (under 5 years)',
    type: 'compliance',
    facilityId: null,
    facility: 'Butula Sub-county',
    generatedBy: 'Joseph Barasa',
    generatedAt: AT,
    status: 'completed',
    downloadUrl: '/api/reports/7/download',
    kind: 'moh705a',
    period: '2026-02',
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    changedSince: 0,
    ...overrides,
  };
}
