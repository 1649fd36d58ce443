export function FacilitiesPage() { return <h1>FacilitiesPage</h1>; }
