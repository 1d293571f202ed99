import { HomeService, type HomeState } from '../../core/catalogue/home-service';
import { useObservable } from './use-observable';
import { useService } from './use-service';

export function useHome(): HomeState {
  return useObservable(useService(HomeService));
}
