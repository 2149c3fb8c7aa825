import { BarChartOutlined } from '@ant-design/icons';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Card, Col, List, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { canOpenPath, toAppPath } from '../../../app/navigation';
import { STAT_PAGES, type StatPageGroup } from '../model/stat-pages';

const t = azStatistics.screens;
const GROUPS = Object.keys(t.groups) as StatPageGroup[];

/** statistics/pages: every statistics page the user may open, by group (issue 19 item 2). */
export function StatisticsIndexPage() {
  const { user } = useAuth();
  const allowed = STAT_PAGES.filter((page) => !user || canOpenPath(user, page.path) !== false);
  return (
    <Card size="small" data-testid="statistics-index">
      <Typography.Title level={4} style={{ marginTop: 0 }}>{t.indexTitle}</Typography.Title>
      <Row gutter={[16, 16]}>
        {GROUPS.map((group) => {
          const pages = allowed.filter((page) => page.group === group);
          if (pages.length === 0) return null;
          return (
            <Col xs={24} md={12} xl={8} key={group}>
              <Card size="small" title={t.groups[group]}>
                <List size="small" dataSource={pages} renderItem={(page) => (
                  <List.Item>
                    <Link to={toAppPath(page.path)} data-testid={`statistics-index-${page.path.replaceAll('/', '-')}`}>
                      <BarChartOutlined style={{ marginRight: 8 }} />{page.label}
                    </Link>
                    {page.isFrame && <Tag>{t.awaitingCouriers}</Tag>}
                  </List.Item>
                )} />
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
