import * as RadixTabs from '@radix-ui/react-tabs'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { cn } from '@/lib/cn'

/** Radix tabs (arrow keys move between tabs): <Tabs defaultValue="content"><TabsList aria-label>…. */
export const Tabs = RadixTabs.Root

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.List>>(
  function TabsList({ className, ...p }, ref) {
    return <RadixTabs.List ref={ref} className={cn('tabs__list', className)} {...p} />
  },
)
export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof RadixTabs.Trigger>>(
  function TabsTrigger({ className, ...p }, ref) {
    return <RadixTabs.Trigger ref={ref} className={cn('tabs__trigger', className)} {...p} />
  },
)
export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.Content>>(
  function TabsContent({ className, ...p }, ref) {
    return <RadixTabs.Content ref={ref} className={cn('tabs__content', className)} {...p} />
  },
)
