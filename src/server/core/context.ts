// Audit events (DESIGN.md §5, §7): every read of a patient's details or records, every write, and every refusal.
// Details never carry patient data: the entity and its id are enough to trace who saw what.

export type Actor = { id: number; role: string; facilityId: number | null; ip: string | null };
