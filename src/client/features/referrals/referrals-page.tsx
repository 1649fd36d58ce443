export function ReferralsPage() { return <h1>ReferralsPage</h1>; }
