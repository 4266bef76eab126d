import type { ProfileChoice } from '../wizard-store';

export const PROFILES: { id: ProfileChoice; title: string; blurb: string }[] = [
  {
    id: 'quick',
    title: 'Quick',
    blurb: 'The key figures and the tasks you wait for; time from the estimate.',
  },
  { id: 'full', title: 'Full', blurb: 'Every test with larger files; time from the estimate.' },
  { id: 'custom', title: 'Custom', blurb: 'Pick the tests and repetitions yourself.' },
];
