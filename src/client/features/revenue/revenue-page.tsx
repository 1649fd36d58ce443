export function RevenuePage() { return <h1>RevenuePage</h1>; }
