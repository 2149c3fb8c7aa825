import { PlayCircleOutlined } from '@ant-design/icons';
import type { PackageRun } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { fetchFlightPackages, useFlightDetail } from '../api';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';
import { PackageRunsTable } from '../components/package-runs';

const t = az.flightsUi;
const ALL_PAGE = 100;

/** Every run of the flight (the table shows one page; "execute all" needs the rest too). */
async function fetchAllRuns(flightId: number): Promise<PackageRun[]> {
  const fetchPage = fetchFlightPackages(flightId);
  const runs: PackageRun[] = [];
  for (let page = 1; page < 1000; page += 1) {
    const reply = await fetchPage({ page, per_page: ALL_PAGE }, new AbortController().signal);
    runs.push(...reply.data);
    if (reply.data.length < ALL_PAGE || runs.length >= reply.total) break;
  }
  return runs;
}

/** flights/{id}/packages (packaging process): the flight's package runs, executed one by one or all. */
export function FlightPackagesPage() {
  const flightId = useFlightIdParam();
  const flight = useFlightDetail(flightId);
  const toast = useToast();
  const [isCollecting, setCollecting] = useState(false);

  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  const data = flight.data;
  const pending = data.package_runs - data.package_runs_executed;

  return (
    <FlightPageCard title={fill(t.packagesTitle, { NAME: data.name })} flight={data} backTo={`/@next/flights/${flightId}`} testId="flight-packages-page">
      <Flex vertical gap={8}>
        {data.package_runs === 0 && <Alert type="info" showIcon title={t.noRuns} />}
        <PackageRunsTable
          flightId={flightId}
          tableId="flight-package-runs"
          toolbar={(_rows, execution) => (
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={pending <= 0 || execution.isRunning}
              loading={isCollecting}
              onClick={async () => {
                setCollecting(true);
                try {
                  execution.confirmRuns(await fetchAllRuns(flightId));
                } catch (error) {
                  void toast.error(readErrorMessage(error));
                } finally {
                  setCollecting(false);
                }
              }}
              data-testid="runs-execute-all"
            >
              {t.executeAll}{pending > 0 ? ` (${pending})` : ''}
            </Button>
          )}
        />
      </Flex>
    </FlightPageCard>
  );
}
