import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  HealthMetricInfo,
  HealthMonitorFilter,
  HealthReading,
  HealthSeries,
  HealthSeriesRequest,
  Page,
  PageRequest,
  SaveHealthReadingsRequest,
  SaveHealthReadingsResult,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { healthKey } from './keys';

/** GET /api/care/healthMonitor/listMetrics: every metric with unit, plausible bounds and the resident's normal range. */
export function listMetrics(residentId: string, signal?: AbortSignal): Promise<HealthMetricInfo[]> {
  return api.get<HealthMetricInfo[] | null>('/care/healthMonitor/listMetrics', { query: { residentId }, signal }).then((m) => m ?? []);
}

export function useMetrics(residentId: string) {
  return useQuery({ queryKey: [...healthKey, 'metrics', residentId], queryFn: ({ signal }) => listMetrics(residentId, signal), staleTime: 300_000 });
}

/** POST /api/care/healthMonitor/listSeries: one resident's readings per metric over a range, oldest first. */
export function listSeries(req: HealthSeriesRequest, signal?: AbortSignal): Promise<HealthSeries> {
  return api.post<HealthSeries>('/care/healthMonitor/listSeries', req, { signal });
}

export function useSeries(req: HealthSeriesRequest, enabled: boolean) {
  return useQuery({ queryKey: [...healthKey, 'series', req], queryFn: ({ signal }) => listSeries(req, signal), placeholderData: keepPreviousData, enabled });
}

/** POST /api/care/healthMonitor/listHealthMonitorByPage: readings, newest first. */
export function listReadings(req: PageRequest<HealthMonitorFilter>, signal?: AbortSignal): Promise<Page<HealthReading>> {
  return api
    .post<Page<HealthReading> | null>('/care/healthMonitor/listHealthMonitorByPage', req, { signal })
    .then((p) => p ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useReadings(req: PageRequest<HealthMonitorFilter>, enabled: boolean) {
  return useQuery({ queryKey: [...healthKey, 'list', req], queryFn: ({ signal }) => listReadings(req, signal), placeholderData: keepPreviousData, enabled });
}

/** POST /api/care/healthMonitor/save: several metrics taken at one time, all stored or none. */
export function saveReadings(req: SaveHealthReadingsRequest): Promise<SaveHealthReadingsResult> {
  return api.post<SaveHealthReadingsResult>('/care/healthMonitor/save', req);
}
