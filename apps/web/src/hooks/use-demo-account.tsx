import { createContext, useContext, type ReactNode } from 'react';

const DemoAccountContext = createContext(false);

/** The shell says whether the selected account is demo data (Account.isDemo); screens of figures label themselves. */
export function DemoAccountProvider({ isDemo, children }: { isDemo: boolean; children: ReactNode }) {
  return <DemoAccountContext.Provider value={isDemo}>{children}</DemoAccountContext.Provider>;
}

export function useIsDemoAccount(): boolean {
  return useContext(DemoAccountContext);
}
