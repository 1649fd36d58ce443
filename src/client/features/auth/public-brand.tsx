import { HeartPulse } from 'lucide-react';
import { Link } from 'wouter';

/** The product name as a link home, at the top of every public screen (landing, demo portal, sign-in, 404). */
export function PublicBrand() {
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <HeartPulse aria-hidden="true" className="h-7 w-7 text-primary" />
      <span className="text-lg font-bold">AfyaKaunti</span>
    </Link>
  );
}
