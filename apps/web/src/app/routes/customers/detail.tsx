import { useParams } from 'react-router';
import { CustomerProfile } from '@/features/customers/components/customer-profile';

export default function CustomerDetailRoute() {
  const { id = '' } = useParams();
  return <CustomerProfile key={id} customerId={id} />;
}
