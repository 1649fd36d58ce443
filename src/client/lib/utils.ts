import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge';

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Two-letter initials for the avatar. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || 'U';
}
