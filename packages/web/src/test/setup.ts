import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { errorModal } from '../api/errorModal';

// CI runs every suite at once on two cores: `findBy…` and `waitFor` get 5 s, not 1 s, before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The "Sorry," modal's state lives beside the HTTP client: a failure in one test leaves it closed for the next.
  errorModal.hide();
});
