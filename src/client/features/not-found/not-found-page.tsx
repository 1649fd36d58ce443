export function NotFoundPage() { return <h1>NotFoundPage</h1>; }
