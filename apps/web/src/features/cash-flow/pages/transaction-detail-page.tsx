import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { CASHFLOW_OPERATION, CASHFLOW_STATUS, type CashflowRow } from '@app/contract/cashflow';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Button, Card, Col, Descriptions, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { Fragment } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useCashflowTransaction } from '../api';
import { useCancelTransaction } from '../components/use-cancel-transaction';
import { canCancelCashflow, canWriteCashflow } from '../model/cashflow-access';
import { canChangeTransaction, categoryLabel, formatMoney } from '../model/transaction-form';
import { TRANSACTIONS_BASE } from './transactions-page';

const operationText = (row: CashflowRow) => (row.transfer ? t.transferType : row.operation === CASHFLOW_OPERATION.income ? t.income : t.expense);
const transferCategory = (row: CashflowRow) => [row.transfer_category_name_parent, row.transfer_category_name].filter(Boolean).join(' - ');

/**
 * spec §2 "Cash flow" detail: 'Tranzaksiya - {id}' with back, edit and delete
 * ('Tranzaksiyanı silməyə əminsiniz?'); general info, account, previous balance, amount,
 * operation, category, status; source and target cards for a transfer; the note or 'Qeyd olunmayıb'.
 */
export function TransactionDetailPage() {
  const { id } = useParams();
  const transactionId = Number(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useCashflowTransaction(transactionId);
  const { confirmCancel, contextHolder } = useCancelTransaction();
  const row = query.data;

  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!row) return <Result status="warning" title={t.notFound} subTitle={query.error ? readErrorMessage(query.error) : undefined} extra={<Button onClick={() => void navigate(TRANSACTIONS_BASE)}>{t.back}</Button>} />;
  const isChangeable = canChangeTransaction(row);
  const isCancelled = row.state_id === CASHFLOW_STATUS.cancelled;

  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid="cashflow-detail">
      <Fragment key="cancel-confirm">{contextHolder}</Fragment>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void (window.history.state?.idx > 0 ? navigate(-1) : navigate(TRANSACTIONS_BASE))} aria-label={t.back}>{t.back}</Button>
          <Typography.Title level={4} style={{ margin: 0 }}>{t.detailTitle.replace('{ID}', String(row.id))}</Typography.Title>
        </Space>
        <Space>
          {canWriteCashflow(user) && (
            <Button icon={<EditOutlined />} disabled={!isChangeable} title={isChangeable ? undefined : t.foreignWorkflow}
              onClick={() => void navigate(`${TRANSACTIONS_BASE}/${row.id}/update?from=detail`)} data-testid="cashflow-detail-edit">{t.edit}</Button>
          )}
          {canCancelCashflow(user) && (
            <Button danger icon={<DeleteOutlined />} disabled={!isChangeable} title={isChangeable ? undefined : t.foreignWorkflow}
              onClick={() => confirmCancel(row.id)} data-testid="cashflow-detail-delete">{t.remove}</Button>
          )}
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t.generalInfo}>
            <Descriptions column={1} size="small" items={[
              { key: 'operation', label: t.operation, children: <Tag color={row.transfer ? 'blue' : row.operation === CASHFLOW_OPERATION.income ? 'green' : 'red'}>{operationText(row)}</Tag> },
              { key: 'amount', label: t.amount, children: formatMoney(row.amount, row.currency_code) },
              { key: 'category', label: t.category, children: categoryLabel(row) || '—' },
              { key: 'payment', label: t.paymentType, children: row.payment_type_name || '—' },
              { key: 'status', label: t.status, children: <Tag color={isCancelled ? 'red' : 'blue'}>{row.state_name}</Tag> },
              { key: 'reason', label: t.reason, children: t.reasons[row.reason] ?? row.reason },
              { key: 'date', label: t.operationDate, children: row.operation_date },
              { key: 'created', label: t.createdAt, children: row.created_at },
              { key: 'executor', label: t.executor, children: row.user_name || '—' },
            ]} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={row.transfer ? t.fromRegister : t.account} data-testid="cashflow-detail-source">
            <Descriptions column={1} size="small" items={[
              { key: 'register', label: t.cashRegister, children: row.cashbox_name },
              { key: 'currency', label: t.currency, children: row.currency_code },
              { key: 'before', label: t.previousBalance, children: formatMoney(row.before_balance, row.currency_code) },
              { key: 'amount', label: t.amount, children: formatMoney(row.transfer || row.operation !== CASHFLOW_OPERATION.income ? -row.amount : row.amount, row.currency_code) },
            ]} />
          </Card>
          {row.transfer === 1 && (
            <Card size="small" title={t.toRegister} style={{ marginTop: 16 }} data-testid="cashflow-detail-target">
              <Descriptions column={1} size="small" items={[
                { key: 'register', label: t.cashRegister, children: row.cashbox_name_transfer },
                { key: 'currency', label: t.currency, children: row.transfer_cashbox_currency_code },
                { key: 'before', label: t.previousBalance, children: formatMoney(row.transfer_before_balance, row.transfer_cashbox_currency_code) },
                { key: 'amount', label: t.targetAmount, children: formatMoney(row.transfer_cashbox_amount, row.transfer_cashbox_currency_code) },
                ...(row.transfer_rate ? [{ key: 'rate', label: t.rateLabel, children: `1 ${row.currency_code} = ${row.transfer_rate} ${row.transfer_cashbox_currency_code}` }] : []),
                { key: 'category', label: t.incomeCategory, children: transferCategory(row) || '—' },
              ]} />
            </Card>
          )}
        </Col>
        <Col span={24}>
          <Card size="small" title={t.description}>
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} data-testid="cashflow-detail-description">{row.descr || t.noDescription}</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
