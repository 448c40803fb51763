// The task pages' viewer is the facility viewer every facility page shares (lib/session/viewer).
export { useFacilityViewer as useTaskViewer, type FacilityViewer as TaskViewer } from '@/lib/session/viewer';
