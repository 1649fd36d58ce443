import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The button look, apart from the Button component so a light page (the landing page, DESIGN.md §10) can style a
 * plain link as a button without loading tailwind-merge and Radix Slot.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        // 95 %, not 90 %: white on primary/90 is 4.48:1, below WCAG AA's 4.5:1 while the pointer rests on the button.
        default: 'bg-primary text-primary-foreground hover:bg-primary/95',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        // 40 px tall on a phone, a finger's target (issue 12); 36 px from the sm breakpoint up, where a pointer is likely.
        sm: 'h-10 rounded-md px-3 sm:h-9',
        lg: 'h-11 rounded-md px-8',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
