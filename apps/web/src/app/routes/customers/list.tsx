import { useEffect } from 'react';
import { CustomersScreen } from '@/features/customers/components/customers-screen';

export default function CustomersListRoute() {
  useEffect(() => {
    document.title = 'Customers · Rampart';
  }, []);
  return <CustomersScreen />;
}
