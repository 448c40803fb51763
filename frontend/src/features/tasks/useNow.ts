export { useNow } from '@/lib/time/useNow';
