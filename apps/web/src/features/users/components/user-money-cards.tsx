import { WarningFilled } from '@ant-design/icons';
import { CURRENCY_SIGN } from '@app/contract/countries';
import { az } from '@app/contract/texts/az';
import { MONTH_SPEND_WARNING_USD } from '@app/contract/users';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../shared/format/format-number';
import type { UserView } from '../model/user-view';

/** spec §9: above 300 USD of delivery this month the card warns. */
export function isMonthSpendHigh(spending: string | number): boolean {
  return Number(spending) > MONTH_SPEND_WARNING_USD;
}

function MoneyCard({ title, value, testId, extra }: { title: string; value: string; testId: string; extra?: ReactNode }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={<>{title} {extra}</>} value={value} />
    </Card>
  );
}

/** USD, TRY, debt, current-month spend and cashback (spec §2 details cards). */
export function UserMoneyCards({ user }: { user: UserView }) {
  const isHigh = isMonthSpendHigh(user.widget.this.usd);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={12} md={8} xl={4}>
        <MoneyCard testId="card-usd" title={az.usersUi.usdBalance} value={formatAmount(user.widget.balance.usd, CURRENCY_SIGN.USD)} />
      </Col>
      <Col xs={12} md={8} xl={5}>
        <MoneyCard testId="card-try" title={az.usersUi.tryBalance} value={formatAmount(user.widget.balance.try, CURRENCY_SIGN.TRY)} />
      </Col>
      <Col xs={12} md={8} xl={5}>
        <MoneyCard
          testId="card-debt"
          title={az.users.debt}
          value={`${formatAmount(user.credit_usd, CURRENCY_SIGN.USD)} / ${formatAmount(user.credit, CURRENCY_SIGN.AZN)}`}
        />
      </Col>
      <Col xs={12} md={12} xl={5}>
        <MoneyCard
          testId="card-month-spend"
          title={az.users.monthSpend}
          value={formatAmount(user.widget.this.usd, CURRENCY_SIGN.USD)}
          extra={
            isHigh && (
              <Tooltip title={az.users.monthSpendWarning}>
                <WarningFilled style={{ color: '#fa8c16' }} data-testid="month-spend-warning" aria-label={az.users.monthSpendWarning} />
              </Tooltip>
            )
          }
        />
      </Col>
      <Col xs={24} md={12} xl={5}>
        <MoneyCard testId="card-cashback" title={az.users.cashbackCurrent} value={formatAmount(user.cashback.currentCashback, CURRENCY_SIGN.AZN)} />
      </Col>
    </Row>
  );
}
