// Run `onEvent` whenever the app announces something about this project (a generation stored,
// a variant scored, a thumbnail made), for as long as the component is mounted.
import { useAppEvent, type AppEvent } from "./useAppEvent";

export function useProjectEvent<T extends { project_id: string }>(event: AppEvent<T>, projectId: string, onEvent: (payload: T) => void): void {
  useAppEvent(event, (payload) => {
    if (payload.project_id === projectId) onEvent(payload);
  });
}
