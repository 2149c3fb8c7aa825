import { useLocation, useNavigate } from 'react-router';
import { BalanceFormModal } from '../components/balance-form-modal';

/** transactions/create: the form over the list; closing returns to the list with its filters (URL state). */
export function CreateTransactionRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return <BalanceFormModal onClose={() => void navigate(`/@next/transactions${location.search}`)} />;
}
