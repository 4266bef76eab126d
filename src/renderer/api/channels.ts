// Whether this build's contract has a request channel: screens whose back end arrives later (the
// run history, the reference drives) ask before calling it.
import { requests } from '../../shared/contract';

/** History arrives with the store's `runs.list` channel; until then the ids are typed in. */
export const hasChannel = (name: string): boolean => Object.hasOwn(requests, name);
