export function PatientsPage() { return <h1>PatientsPage</h1>; }
