import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCashflowTransaction } from '../api';
import { TransactionFormModal } from '../components/transaction-form-modal';
import { canChangeTransaction, toFormValues, type TransactionFormValues } from '../model/transaction-form';
import { TRANSACTIONS_BASE } from './transactions-page';

/** Back to where the form was opened from: the detail page (?from=detail) or the table with its URL state. */
function useCloseTo() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  return (id?: number) => {
    if (search.get('from') === 'detail' && id !== undefined) {
      void navigate(`${TRANSACTIONS_BASE}/${id}`);
      return;
    }
    const rest = new URLSearchParams(location.search);
    rest.delete('from');
    const query = rest.toString();
    void navigate(`${TRANSACTIONS_BASE}${query ? `?${query}` : ''}`);
  };
}

/** cash-flow/transactions/create: a new income by default, on the register the table is filtered by. */
export function CreateTransactionRoute() {
  const close = useCloseTo();
  const [search] = useSearchParams();
  const initial = useMemo<TransactionFormValues>(() => {
    const register = Number(search.get('cashbox_id'));
    return { kind: 'income', cashbox_id: Number.isInteger(register) && register > 0 ? register : undefined, operation_date: dayjs().format('YYYY-MM-DD HH:mm:ss') };
  }, [search]);
  return <TransactionFormModal initial={initial} onClose={() => close()} />;
}

/** cash-flow/transactions/{id}/update: the stored transaction in the form; its type stays. */
export function UpdateTransactionRoute() {
  const { id } = useParams();
  const transactionId = Number(id);
  const close = useCloseTo();
  const toast = useToast();
  const query = useCashflowTransaction(transactionId);
  const isRefused = query.data !== undefined && !canChangeTransaction(query.data);
  // spec §8: an edit dialog for a missing (or unchangeable) record says so and closes
  useEffect(() => {
    if (query.isError) {
      void toast.error(readErrorMessage(query.error));
      close(transactionId);
    } else if (isRefused) {
      void toast.error(t.foreignWorkflow);
      close(transactionId);
    }
  }, [query.isError, isRefused]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!query.data || isRefused) return null;
  return <TransactionFormModal initial={toFormValues(query.data)} editedId={transactionId} onClose={() => close(transactionId)} />;
}
