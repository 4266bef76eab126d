// The verdict's level in words, for the verdict screen, the PDF and the CLI.
import type { Verdict } from '../verdict/schema';

export const LEVEL_WORDS: Record<Verdict['recommendation']['level'], string> = {
  'worth-it': 'Worth it',
  marginal: 'Marginal',
  'not-worth-it': 'Not worth it',
  undecided: 'No verdict',
  'same-drive': 'Same drive',
};
