import { CustomersScreen } from '@/features/customers/components/customers-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function CustomersListRoute() {
  useDocumentTitle('Customers · Rampart');
  return <CustomersScreen />;
}
