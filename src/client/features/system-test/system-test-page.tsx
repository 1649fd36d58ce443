export function SystemTestPage() { return <h1>SystemTestPage</h1>; }
