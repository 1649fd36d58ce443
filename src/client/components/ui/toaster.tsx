import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { dismissToast, markToastDrawn, useToasts } from './use-toast';

/** SPEC.md §9: shown 5000 ms, swipe-to-dismiss at 50 px, F8 focuses the notification region. */
export function Toaster() {
  const items = useToasts();
  const { t } = useTranslation();
  useEffect(() => {
    for (const item of items) markToastDrawn(item.id);
  }, [items]);
  return (
    <ToastPrimitive.Provider duration={5000} swipeThreshold={50} label={t('common.notifications')}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            item.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100" aria-label={t('common.close')}>
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport label={t('common.notificationsRegion')} className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
