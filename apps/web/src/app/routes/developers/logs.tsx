import { RequestLogScreen } from '@/features/developers/components/request-log-screen';

export default function DevelopersLogsRoute() {
  return <RequestLogScreen />;
}
