import * as RadixSwitch from '@radix-ui/react-switch'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { cn } from '@/lib/cn'

/** Radix switch (role="switch"); label it with <Label htmlFor={id}> or aria-label. */
export const Switch = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof RadixSwitch.Root>>(
  function Switch({ className, ...p }, ref) {
    return (
      <RadixSwitch.Root ref={ref} className={cn('switch', className)} {...p}>
        <RadixSwitch.Thumb className="switch__thumb" />
      </RadixSwitch.Root>
    )
  },
)
