export function RegisterPatientDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) { return null; }
