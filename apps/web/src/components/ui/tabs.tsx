import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { slotted } from '@/components/ui/slotted';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

/** The tab bar; on a narrow screen it scrolls sideways (with a shadow on the side that has more) instead of clipping. */
export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <HorizontalScroll slot="tabs-scroll" className="w-fit max-w-full" viewportClassName="rounded-lg [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
      <TabsPrimitive.List
        data-slot="tabs-list"
        className={cn('inline-flex h-9 w-max min-w-full items-center justify-start rounded-lg bg-muted p-[3px] text-muted-foreground', className)}
        {...props}
      />
    </HorizontalScroll>
  );
}

export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-full flex-1 shrink-0 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap outline-none transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export const TabsContent = slotted(TabsPrimitive.Content, 'tabs-content', 'flex-1 outline-none');
