export function DemoPage() { return <h1>DemoPage</h1>; }
