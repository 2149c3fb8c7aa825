import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../../shared/session/session-cookies';
import { forgetCachedUser } from '../../../shared/session/user-cache';
import { authKeys, currentUserQuery, describeSignInError, signIn, type SignInForm } from '../api';

/** spec §9: the sign-in card is 384 px wide. */
const CARD_WIDTH = 384;
/** The root sends the user on to statistics, or to the first section they may open. */
const HOME = '/@next';

function readReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/@next') ? from : HOME;
}

export function LoginPage() {
  const [form] = Form.useForm<SignInForm>();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // spec §2: the login screen clears the login cookies (and the cached user with them).
  useEffect(() => {
    clearSession();
    forgetCachedUser();
    queryClient.removeQueries({ queryKey: authKeys.all });
    document.title = `${az.auth.title} | ${az.app.brand}`;
  }, [queryClient]);

  const submit = async (values: SignInForm) => {
    setSubmitting(true);
    setError(null);
    try {
      await signIn(values);
      await queryClient.fetchQuery(currentUserQuery);
      void navigate(readReturnPath(location.state), { replace: true });
    } catch (failure) {
      clearSession();
      setError(describeSignInError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #0A4755 0%, #06323c 100%)' }}>
      {/* A plain panel rather than antd Card, which would bring Tabs into the login chunk. */}
      <section
        data-testid="login-card"
        style={{ width: CARD_WIDTH, maxWidth: '100%', background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 6px 24px rgba(0, 0, 0, 0.25)' }}
      >
        <Flex vertical align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0, color: '#0A4755' }}>
            {az.app.brand}
          </Typography.Title>
          <Typography.Text type="secondary">{az.auth.title}</Typography.Text>
        </Flex>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<SignInForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: '', password: '', rememberMe: false }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="email"
            label={az.auth.email}
            rules={[
              { required: true, message: az.auth.emailRequired },
              { type: 'email', message: az.errors.invalidEmail },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus inputMode="email" />
          </Form.Item>
          <Form.Item name="password" label={az.auth.password} rules={[{ required: true, message: az.auth.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>{az.auth.rememberMe}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            {az.auth.submit}
          </Button>
        </Form>
      </section>
    </Flex>
  );
}
