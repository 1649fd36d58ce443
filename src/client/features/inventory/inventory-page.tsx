export function InventoryPage() { return <h1>InventoryPage</h1>; }
