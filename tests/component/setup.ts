import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// React's act() warnings are meant for a test environment like this one.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Each test starts from an empty document (Testing Library unmounts after each test only when globals are on).
afterEach(cleanup)
