import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from '@/components/crash-screen';
import { reportError } from '@/lib/error-reporting';

interface Props {
  children: ReactNode;
}

/** The root error boundary: any uncaught render error outside the router shows the crash screen. */
export class RootErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    if (this.state.error) return <CrashScreen />;
    return this.props.children;
  }
}
