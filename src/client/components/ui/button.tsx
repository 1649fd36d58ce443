import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp className={cn(buttonVariants({ variant, size, className }))} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
